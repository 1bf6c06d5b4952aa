import { formatMoney } from '../../../lib/format.ts';

/** The invitation link the member shares: the page's own origin and the path the server gives. */
export function invitationUrl(link: string, origin: string): string {
  return new URL(link, origin).toString();
}

export interface TReferralTerms {
  firstDeposit: number;
  validBet: number;
  days: number;
  reward: { form: 'points' | 'bonus' | 'cash'; amount: number };
}

type TTermKey = 'referral.termDeposit' | 'referral.termFirstDeposit' | 'referral.termBet' | 'referral.termDays';

/**
 * What a friend must do to qualify, one line each: a first deposit (of at least the amount, when there is one), a
 * valid bet when one is asked, and the days it must happen within.
 */
export function termLines(terms: TReferralTerms, t: (key: TTermKey, options?: Record<string, unknown>) => string): string[] {
  const lines = [terms.firstDeposit > 0 ? t('referral.termDeposit', { amount: formatMoney(terms.firstDeposit, true) }) : t('referral.termFirstDeposit')];
  if (terms.validBet > 0) lines.push(t('referral.termBet', { amount: formatMoney(terms.validBet, true) }));
  lines.push(t('referral.termDays', { count: terms.days }));
  return lines;
}
