// @vitest-environment jsdom
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en.json';
import { ApiError } from '../../lib/api-error.ts';
import { i18next } from '../../lib/i18n.ts';
import { useDialogStore } from '../../stores/dialog-store.ts';
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

  it('shows any other refusal in the generic error dialog, translated', () => {
    showMoneyError(new ApiError('insufficient_balance', 'Insufficient balance', 409));
    expect(last()).toMatchObject({ icon: 'error', text: en.error.insufficient_balance });
  });
});
