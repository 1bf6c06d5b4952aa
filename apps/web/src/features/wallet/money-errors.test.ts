// @vitest-environment jsdom
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en.json';
import { ApiError } from '../../lib/api-error.ts';
import { i18next } from '../../lib/i18n.ts';
import { useDialogStore } from '../../stores/dialog-store.ts';
import { useUiStore } from '../../stores/ui-store.ts';
import { showMoneyError } from './money-errors.ts';

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: { en: { translation: en } } });
});

beforeEach(() => useDialogStore.setState({ dialogs: [] }));

const last = () => useDialogStore.getState().dialogs.at(-1);

describe('showMoneyError', () => {
  it('tells how many payment-password attempts are left', () => {
    showMoneyError(new ApiError('payment_password_wrong', 'Incorrect transaction password', 400, { attemptsLeft: 1 }));
    expect(last()?.text).toBe('Incorrect transaction password 1 attempt left.');
    showMoneyError(new ApiError('payment_password_wrong', 'Incorrect transaction password', 400, { attemptsLeft: 3 }));
    expect(last()?.text).toBe('Incorrect transaction password 3 attempts left.');
  });

  it('offers to set a missing payment password', () => {
    const onSet = vi.fn();
    showMoneyError(new ApiError('payment_password_required', 'Transaction password required', 400), onSet);
    const dialog = last();
    expect(dialog?.text).toBe(en.wallet.paymentPasswordNeeded);
    dialog?.buttons?.at(-1)?.onClick?.();
    expect(onSet).toHaveBeenCalledOnce();
  });

  it('says how much turnover a withdrawal still needs and opens the reward centre (issue 17)', () => {
    showMoneyError(new ApiError('turnover_open', 'Withdrawal is not possible until the bonus turnover is met', 409, { remaining: 12_345_600 }));
    const dialog = last();
    expect(dialog?.text).toBe('Your bonus still needs 123,456.00 VND of valid bets before you can withdraw.');
    dialog?.buttons?.at(-1)?.onClick?.();
    expect(useUiStore.getState().modal).toEqual({ name: 'memberCentre', page: 'rewardCenter' });
  });

  it('shows any other refusal in the generic error dialog, translated', () => {
    showMoneyError(new ApiError('insufficient_balance', 'Insufficient balance', 409));
    expect(last()).toMatchObject({ icon: 'error', text: en.error.insufficient_balance });
  });
});

describe('a refused field (issue 15)', () => {
  it('says which rule the value broke, as the register rules word it', () => {
    showMoneyError(
      new ApiError('validation_failed', 'Input is invalid', 400, { issues: [{ path: 'newPaymentPassword', message: 'pattern_6', params: { patternId: 6, min: 6, max: 6 } }] }),
    );
    expect(last()?.text).toBe(`${en.error.validation_failed}: ${en.pattern['6'].replace(/\(min\)\s*-\s*\(max\)/g, '6').replace(/\((min|max)\)/g, '6')}`);
    showMoneyError(new ApiError('validation_failed', 'Input is invalid', 400, { issues: [{ path: 'nickname', message: 'name_characters' }] }));
    expect(last()?.text).toBe(`${en.error.validation_failed}: ${en.error.name_characters}`);
  });
});
