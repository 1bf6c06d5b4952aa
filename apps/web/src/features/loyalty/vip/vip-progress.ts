import type { TVipLevel, TVipProgress } from '@playhall/contract/calls/loyalty';

/** Done as a whole percentage of required, 0–100; nothing required counts as done. */
export function progressPercent(done: number, required: number): number {
  if (required <= 0) return 100;
  return Math.max(0, Math.min(100, Math.floor((done / required) * 100)));
}

/** A rate in basis points (10,000 = 100 %) as a percentage with up to two decimals: 40 → "0.4%". */
export function basisPointsText(bp: number): string {
  return `${Number((bp / 100).toFixed(2))}%`;
}

export interface TNextLevelBars {
  name: string;
  validBet: { done: number; required: number; percent: number };
  /** Null when the next level asks no deposit. */
  deposit: { done: number; required: number; percent: number } | null;
}

/**
 * The bars towards the next level: what the member has against the next level's thresholds. The server's
 * `next.…Needed` is what is left; the table gives the threshold itself.
 */
export function nextLevelBars(me: TVipProgress, levels: readonly TVipLevel[]): TNextLevelBars | null {
  if (!me.next) return null;
  const target = levels.find((l) => l.level === me.next?.level);
  const betRequired = target?.validBetRequired ?? me.validBet + me.next.validBetNeeded;
  const depositRequired = target?.depositRequired ?? me.deposit + me.next.depositNeeded;
  return {
    name: me.next.name,
    validBet: { done: me.validBet, required: betRequired, percent: progressPercent(me.validBet, betRequired) },
    deposit: depositRequired > 0 ? { done: me.deposit, required: depositRequired, percent: progressPercent(me.deposit, depositRequired) } : null,
  };
}

/** Whole years between a yyyy-MM-dd birthday and a day (both calendar days, no time zone involved). */
export function ageOn(birthday: string, today: string): number | null {
  const b = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday);
  const t = /^(\d{4})-(\d{2})-(\d{2})$/.exec(today);
  if (!b || !t) return null;
  const [by, bm, bd] = [Number(b[1]), Number(b[2]), Number(b[3])];
  const [ty, tm, td] = [Number(t[1]), Number(t[2]), Number(t[3])];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** Spec §9: a birthday is confirmed at 21 or older. */
export const BIRTHDAY_MIN_AGE = 21;

/** The last moment before an end (`monthEnds` is the first instant of the next month): its day is the month's last. */
export function lastDayOf(end: string): Date {
  return new Date(Date.parse(end) - 1);
}
