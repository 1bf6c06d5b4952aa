// @vitest-environment jsdom
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { ApiError } from './api-error.ts';
import { errorMessage, showErrorDialog } from './error-dialog.ts';
import { setBusinessTimeZone } from './format.ts';
import { i18next } from './i18n.ts';
import { responsibleErrorText } from './responsible-error.ts';
import { noteSelfExclusion, selfExclusionNoted } from './self-exclusion-note.ts';
import { useDialogStore } from '../stores/dialog-store.ts';

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: { en: { translation: en } } });
  setBusinessTimeZone('Asia/Ho_Chi_Minh');
});

beforeEach(() => useDialogStore.setState({ dialogs: [] }));

describe('responsible-gaming refusals (issue 22)', () => {
  it('say the limit, what is used and when it resets', () => {
    const value = { kind: 'deposit', period: 'day', limit: 50_000, used: 30_000, resetsAt: '2026-03-01T17:00:00Z' };
    expect(errorMessage(new ApiError('rg_deposit_limit', 'x', 409, value))).toBe(
      'This deposit would take you over your deposit limit for the day: 500.00 VND, of which 300.00 VND is used. The limit resets 2026-03-02 00:00 GMT+7.',
    );
    expect(responsibleErrorText('rg_loss_limit', { ...value, kind: 'loss', period: 'week' })).toContain('loss limit for the week: 500.00 VND');
  });

  it('say until when a break or self-exclusion lasts, in a warning dialog', () => {
    showErrorDialog(new ApiError('rg_self_excluded', 'x', 403, { until: '2026-09-01T03:00:00Z' }));
    const dialog = useDialogStore.getState().dialogs.at(-1);
    expect(dialog).toMatchObject({ icon: 'warning', title: 'Responsible gaming', text: 'Your account is self-excluded until 2026-09-01 10:00 GMT+7. You cannot log in or play until then.' });
    expect(responsibleErrorText('rg_on_break', { until: '2026-03-08T03:00:00Z' })).toContain('on a break until 2026-03-08 10:00 GMT+7');
  });

  it('fall back to the catalogue message without figures', () => {
    expect(errorMessage(new ApiError('rg_on_break', 'x', 403, null))).toBe(en.error.rg_on_break);
    expect(responsibleErrorText('insufficient_balance', { until: '2026-03-08T03:00:00Z' })).toBeNull();
  });

  it('keep a self-exclusion note for the other tabs only while it lasts', () => {
    noteSelfExclusion('2026-09-01T03:00:00Z');
    expect(selfExclusionNoted(Date.parse('2026-08-31T00:00:00Z'))).toBe('2026-09-01T03:00:00Z');
    expect(selfExclusionNoted(Date.parse('2026-09-02T00:00:00Z'))).toBeNull();
  });
});
