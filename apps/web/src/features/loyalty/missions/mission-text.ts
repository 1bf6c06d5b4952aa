import type { TMission, TMissionKind } from '@playhall/contract/calls/loyalty';
import { formatMoney } from '../../../lib/format.ts';

/** Kinds whose target and progress are money in minor units; the others count (bets, games, days, wins). */
const MONEY_KINDS: ReadonlySet<TMissionKind> = new Set(['validBet', 'deposit']);

export const isMoneyKind = (kind: TMissionKind): boolean => MONEY_KINDS.has(kind);

/** Kinds that count the bets of one category (or of all games); deposits, log-ins and lottery wins have none. */
export const hasCategory = (kind: TMissionKind): boolean => kind === 'validBet' || kind === 'betCount' || kind === 'distinctGames';

/** A mission's figure as the card shows it: money with two decimals, a count as a whole number with separators. */
export function missionFigure(kind: TMissionKind, value: number): string {
  return isMoneyKind(kind) ? formatMoney(value) : Math.max(0, Math.trunc(value)).toLocaleString('en-US');
}

/** "1,000.00 / 5,000.00" or "3 / 5": progress past the target shows as the target (the mission is done). */
export function progressText(mission: Pick<TMission, 'kind' | 'progress' | 'target'>): string {
  return `${missionFigure(mission.kind, Math.min(mission.progress, mission.target))} / ${missionFigure(mission.kind, mission.target)}`;
}

/** Progress in whole per cent, 0–100; a claimable or claimed mission is full. */
export function progressPercent(mission: Pick<TMission, 'progress' | 'target' | 'status'>): number {
  if (mission.status !== 'inProgress' || mission.target <= 0) return 100;
  return Math.min(100, Math.floor((Math.max(0, mission.progress) * 100) / mission.target));
}

/** Time left until a moment, split for display: whole days and the rest as h:mm:ss (hours always two digits). */
export function timeLeft(endsAt: string, now: number): { days: number; clock: string; over: boolean } {
  const ms = new Date(endsAt).getTime() - now;
  const total = Number.isNaN(ms) ? 0 : Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const rest = total % 86_400;
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`;
  return { days, clock, over: total === 0 };
}

/**
 * The order the cards are shown in: something to claim first, then unfinished ones by how close they are, claimed
 * last; daily before weekly within a status. Stable for equal missions (by id).
 */
export function sortMissions<M extends Pick<TMission, 'id' | 'status' | 'period' | 'progress' | 'target'>>(missions: readonly M[]): M[] {
  const rank = { claimable: 0, inProgress: 1, claimed: 2 } as const;
  const near = (m: M) => (m.target > 0 ? m.progress / m.target : 0);
  return [...missions].sort(
    (a, b) =>
      rank[a.status] - rank[b.status] ||
      (a.period === b.period ? 0 : a.period === 'daily' ? -1 : 1) ||
      (a.status === 'inProgress' ? near(b) - near(a) : 0) ||
      a.id - b.id,
  );
}

type TRewardKey = 'promotions.reward.points' | 'missions.rewardBonus' | 'missions.rewardCash';

/** A mission's or an invitation's reward in words: "50 points", "20.00 VND bonus", "20.00 VND cash". */
export function rewardText(reward: { form: 'points' | 'bonus' | 'cash'; amount: number }, t: (key: TRewardKey, options: Record<string, unknown>) => string): string {
  if (reward.form === 'points') return t('promotions.reward.points', { count: reward.amount });
  return t(reward.form === 'bonus' ? 'missions.rewardBonus' : 'missions.rewardCash', { amount: formatMoney(reward.amount, true) });
}
