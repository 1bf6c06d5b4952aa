import type { BILL_STATUSES, TContractTerms, TTier } from '@playhall/contract/calls/agent';
import { applicableTier } from './tiers.ts';

/**
 * What each contract pays for one period (agent-contracts.md). Money is integer minor units, rates integer basis
 * points (per 10,000); every share is floor(base × rate / 10,000), the remainder staying with the payer. Inputs
 * that are not safe integers (or negative where they cannot be) throw a RangeError: they are a bug upstream.
 */

export const RATE_SCALE = 10_000;

export type TRealtimeTerms = Omit<Extract<TContractTerms, { kind: 'realtimeSalary' }>, 'kind'>;
/** What a negative dividend period does to the next ones (merchant configuration). */
export type TCarryOver = 'none' | 'previous' | 'permanent';
/** A computed bill is issued, or notReached when it pays nothing; review, payment and refusal come later. */
export type TComputedBillStatus = Extract<(typeof BILL_STATUSES)[number], 'issued' | 'notReached'>;

export interface TTierPayout {
  /** The applicable tier, null when none holds. */
  tier: TTier | null;
  /** The tier's rate, 0 when none holds. */
  rate: number;
  /** What the rate applies to: team valid bet (salaries), team net loss after carry-over (dividend). */
  base: number;
  amount: number;
  /** notReached whenever amount is 0: no tier holds, or a tier holds on a base of 0 (a period with no activity). */
  status: TComputedBillStatus;
}

function checkMinor(name: string, value: number, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): void {
  if (!Number.isSafeInteger(value) || value < min || value > max) throw new RangeError(`${name} must be an integer in [${min}, ${max}], got ${value}`);
}

/** floor(base × rate / 10,000), exact even where base × rate passes 2^53 (BigInt; both non-negative). */
export function share(base: number, rate: number): number {
  checkMinor('base', base, 0);
  checkMinor('rate', rate, 0, RATE_SCALE);
  return Number((BigInt(base) * BigInt(rate)) / BigInt(RATE_SCALE));
}

function tierPayout(tier: TTier | null, base: number): TTierPayout {
  const rate = tier?.rate ?? 0;
  const amount = base > 0 ? share(base, rate) : 0;
  return { tier, rate, base, amount, status: amount > 0 ? 'issued' : 'notReached' };
}

/** Daily or hourly salary: the applicable tier's rate × the team valid bet of the period. */
export function salaryAmount(tiers: readonly TTier[], figures: { validBet: number; activeMembers: number }): TTierPayout {
  checkMinor('validBet', figures.validBet, 0);
  checkMinor('activeMembers', figures.activeMembers, 0);
  return tierPayout(applicableTier(tiers, figures), figures.validBet);
}

export interface TSettledBet {
  stake: number;
  payout: number;
}

/**
 * Real-time salary of one window: each settled bet with stake ≥ minBetAmount pays floor(stake × profitRate / 10,000)
 * when it won (payout > stake) and floor(stake × lossRate / 10,000) when it lost (payout < stake); a push
 * (payout = stake) is not a valid bet and pays nothing. Rounded per bet, then summed, so a bet's share does not
 * depend on which window or batch it is settled in. counted: the bets that paid a share (pushes and bets under the
 * minimum excluded); base: the sum of their stakes.
 */
export function realtimeSalary(terms: TRealtimeTerms, bets: readonly TSettledBet[]): { amount: number; counted: number; base: number } {
  checkMinor('minBetAmount', terms.minBetAmount, 0);
  let amount = 0;
  let counted = 0;
  let base = 0;
  for (const { stake, payout } of bets) {
    checkMinor('stake', stake, 0);
    checkMinor('payout', payout, 0);
    if (stake < terms.minBetAmount || payout === stake) continue;
    amount += share(stake, payout > stake ? terms.profitRate : terms.lossRate);
    counted += 1;
    base += stake;
  }
  return { amount, counted, base };
}

/**
 * Dividend of one period. `carry` is the previous period's carryOut (≤ 0; 0 for a first period).
 * - base = netLoss + carry ('none' ignores carry); the tier is chosen on this base, the base it is paid on.
 * - base > 0 pays the tier's rate × base and carries nothing on: the negative was absorbed.
 * - base ≤ 0 pays nothing and carries out, under 'none': 0; 'previous': this period's own net loss if negative
 *   (a negative period offsets the next one only, never accumulating); 'permanent': the base itself, so losses
 *   accumulate until positive periods have made them up.
 * E.g. net losses −500, +300, +1,000 give bases −500, 300, 1,000 (none); −500, −200, 1,000 (previous);
 * −500, −200, 800 (permanent).
 */
export function dividendAmount(
  tiers: readonly TTier[],
  figures: { netLoss: number; activeMembers: number; carry: number },
  carryOver: TCarryOver,
): TTierPayout & { carryOut: number } {
  checkMinor('netLoss', figures.netLoss);
  checkMinor('activeMembers', figures.activeMembers, 0);
  checkMinor('carry', figures.carry, Number.MIN_SAFE_INTEGER, 0);
  const base = figures.netLoss + (carryOver === 'none' ? 0 : figures.carry);
  checkMinor('base', base);
  if (base > 0) return { ...tierPayout(applicableTier(tiers, { netLoss: base, activeMembers: figures.activeMembers }), base), carryOut: 0 };
  const carryOut = carryOver === 'none' ? 0 : carryOver === 'previous' ? Math.min(figures.netLoss, 0) : base;
  return { ...tierPayout(null, base), carryOut };
}

/** One contract of a kind, with the rate that applies for the period (the tier already chosen). */
export interface TContractLink {
  contractId: number;
  /** null: the platform (the contract of a top agent). */
  uplineId: number | null;
  downlineId: number;
  rate: number;
}

export interface TContractPayment {
  contractId: number;
  /** null: the platform pays. */
  payerId: number | null;
  payeeId: number;
  rate: number;
  base: number;
  amount: number;
}

/**
 * The differential rule: every contract pays its downline rate × base(team of the downline), from the upline's own
 * balance (or the platform's for a top agent), so an agent A with downline B keeps
 * floor(rate_A × base(A)) − floor(rate_B × base(B)) — (rate_A − rate_B) × base when both teams have the same base.
 * `links` is a chain from the top down to a member, or any set of contracts of one kind (a whole tree);
 * `baseOfTeam` maps each downline to its team's base. kept: per member, what it receives minus what it pays in
 * these links (negative when a downline's rate for the period is above its upline's).
 */
export function differential(
  links: readonly TContractLink[],
  baseOfTeam: ReadonlyMap<number, number>,
): { payments: TContractPayment[]; platformPays: number; kept: Map<number, number> } {
  const seen = new Set<number>();
  const kept = new Map<number, number>();
  const add = (member: number, amount: number): void => void kept.set(member, (kept.get(member) ?? 0) + amount);
  let platformPays = 0;
  const payments = links.map(({ contractId, uplineId, downlineId, rate }): TContractPayment => {
    if (seen.has(downlineId)) throw new RangeError(`member ${downlineId} has two contracts of one kind`);
    seen.add(downlineId);
    const base = baseOfTeam.get(downlineId);
    if (base === undefined) throw new RangeError(`no base for the team of ${downlineId}`);
    const amount = share(base, rate);
    add(downlineId, amount);
    if (uplineId === null) platformPays += amount;
    else add(uplineId, -amount);
    return { contractId, payerId: uplineId, payeeId: downlineId, rate, base, amount };
  });
  return { payments, platformPays, kept };
}
