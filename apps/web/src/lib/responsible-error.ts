import type { TRgPeriod } from '@playhall/contract/calls/responsible';
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
  const v = (value ?? {}) as { period?: unknown; limit?: unknown; used?: unknown; resetsAt?: unknown; until?: unknown };
  if (code === 'rg_deposit_limit' || code === 'rg_loss_limit') {
    const resetsAt = when(v.resetsAt);
    if (typeof v.limit !== 'number' || typeof v.used !== 'number' || resetsAt === null) return null;
    // The periods by name, not RG_PERIODS: this file is in the home page's script, the contract's calls are not.
    const period: TRgPeriod = v.period === 'week' || v.period === 'month' ? v.period : 'day';
    return i18next.t(code === 'rg_loss_limit' ? 'rg.lossLimitHit' : 'rg.depositLimitHit', {
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
