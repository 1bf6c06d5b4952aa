import type { TActivityStatus, TRewardRule } from '@playhall/contract/calls/promotions';
import { formatMoney } from '../../lib/format.ts';

/** A rate in basis points as a percentage: 5000 → "50", 1250 → "12.5". */
export function percentOf(basisPoints: number): string {
  return String(Math.round(basisPoints) / 100);
}

type TRewardKey = `promotions.reward.${'fixed' | 'percent' | 'percentCap' | 'points' | 'turnover' | 'cash'}`;
type TTranslate = (key: TRewardKey, options?: Record<string, unknown>) => string;

/**
 * An activity's reward in one line, as the card and the detail page show it: "50 % up to 500,000.00 VND, turnover ×5".
 * `t` is i18next's (keys promotions.reward.*).
 */
export function rewardLine(reward: TRewardRule, turnoverMultiple: number, t: TTranslate): string {
  const what =
    reward.type === 'fixed'
      ? t('promotions.reward.fixed', { amount: formatMoney(reward.amount, true) })
      : reward.type === 'points'
        ? t('promotions.reward.points', { count: reward.points })
        : reward.cap === null
          ? t('promotions.reward.percent', { rate: percentOf(reward.rate) })
          : t('promotions.reward.percentCap', { rate: percentOf(reward.rate), cap: formatMoney(reward.cap, true) });
  if (reward.type === 'points') return what;
  return `${what}, ${turnoverMultiple > 0 ? t('promotions.reward.turnover', { multiple: turnoverMultiple }) : t('promotions.reward.cash')}`;
}

export type TStatusTone = 'action' | 'pending' | 'ok' | 'bad' | 'neutral';

/** How a status badge is coloured: something to do (gold), waiting, done, refused, or over. */
export const STATUS_TONE: Record<TActivityStatus, TStatusTone> = {
  join: 'action',
  claim: 'action',
  applying: 'pending',
  inProcess: 'pending',
  signed: 'ok',
  issued: 'ok',
  claimed: 'ok',
  rejected: 'bad',
  comingSoon: 'neutral',
  closed: 'neutral',
};

/** Turnover progress in whole per cent, 0–100 (a met requirement is 100 even if the bets went past it). */
export function turnoverPercent(done: number, required: number): number {
  if (required <= 0) return 100;
  return Math.min(100, Math.floor((Math.max(0, done) * 100) / required));
}

export type TCheckInDay = 'done' | 'next' | 'later';

/**
 * The check-in calendar of a cycle of `days` days: which days of the current cycle are signed, which is next.
 * After the last day the cycle starts again at day 1 (docs/decisions.md, "Promotions engine").
 */
export function checkInDays(streak: number, signedToday: boolean, days: number): TCheckInDay[] {
  if (days <= 0) return [];
  let done = streak <= 0 ? 0 : ((streak - 1) % days) + 1;
  // Yesterday closed a cycle: today opens the next one at day 1.
  if (!signedToday && done === days) done = 0;
  return Array.from({ length: days }, (_, i) => (i < done ? 'done' : i === done && !signedToday ? 'next' : 'later'));
}
