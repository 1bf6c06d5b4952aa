import type { TRgLimitKind, TRgPeriod } from '@playhall/contract/calls/responsible';
import { RG_LIMIT_KINDS, RG_PERIODS } from '@playhall/contract/calls/responsible';
import { formatDateTime, formatMoney } from './format.ts';
import { i18next } from './i18n.ts';

/** The responsible-gaming refusals (issue 22) whose `value` carries figures the member should read. */
export const RG_REFUSALS = ['rg_deposit_limit', 'rg_loss_limit', 'rg_on_break', 'rg_self_excluded'] as const;

const when = (value: unknown): string | null => (typeof value === 'string' ? formatDateTime(value, { offset: true }) : null);

/**
 * The sentence of a responsible-gaming refusal with its figures (a limit: the limit, what the period has used, when
 * it resets; a break or self-exclusion: until when), or null when the code is another or the figures are missing
 * (the caller then shows the catalogue's plain message).
 */
export function responsibleErrorText(code: string, value: unknown): string | null {
  const v = (value ?? {}) as { kind?: unknown; period?: unknown; limit?: unknown; used?: unknown; resetsAt?: unknown; until?: unknown };
  if (code === 'rg_deposit_limit' || code === 'rg_loss_limit') {
    const resetsAt = when(v.resetsAt);
    if (typeof v.limit !== 'number' || typeof v.used !== 'number' || resetsAt === null) return null;
    const period = RG_PERIODS.includes(v.period as TRgPeriod) ? (v.period as TRgPeriod) : 'day';
    const kind: TRgLimitKind = code === 'rg_loss_limit' ? 'loss' : RG_LIMIT_KINDS.includes(v.kind as TRgLimitKind) ? (v.kind as TRgLimitKind) : 'deposit';
    return i18next.t(kind === 'loss' ? 'rg.lossLimitHit' : 'rg.depositLimitHit', {
      period: i18next.t(`rg.periodName.${period}`),
      limit: formatMoney(v.limit, true),
      used: formatMoney(v.used, true),
      left: formatMoney(Math.max(0, v.limit - v.used), true),
      resetsAt,
    });
  }
  if (code === 'rg_on_break' || code === 'rg_self_excluded') {
    const until = when(v.until);
    if (until === null) return null;
    return i18next.t(code === 'rg_on_break' ? 'rg.onBreakUntil' : 'rg.excludedUntil', { until });
  }
  return null;
}

/** Not a spec storage key: shared by the browser's tabs so that a tab whose session ends can say why. */
const EXCLUSION_NOTE = 'playhall.selfExcludedUntil';

/** The tab that self-excluded notes until when, for the member's other tabs in this browser. */
export function noteSelfExclusion(until: string): void {
  try {
    window.localStorage.setItem(EXCLUSION_NOTE, until);
  } catch {
    // No storage: the other tabs say only that the session ended.
  }
}

/** Until when this browser's member self-excluded, while that is still ahead; else null. */
export function selfExclusionNoted(now = Date.now()): string | null {
  let until: string | null = null;
  try {
    until = window.localStorage.getItem(EXCLUSION_NOTE);
  } catch {
    return null;
  }
  return until !== null && Date.parse(until) > now ? until : null;
}
