import type { TContractTerms, TTier } from '@playhall/contract/calls/agent';
import { CONTRACT_PERIODS } from '@playhall/contract/constants';
import { RATE_SCALE } from './formulas.ts';
import { contractPeriodUnit, DEFAULT_TIME_ZONE, periodWindow } from './periods.ts';
import { applicableTier } from './tiers.ts';

/** Rules of signing, accepting and replacing contracts (agent-contracts.md, "The differential rule", "Lifecycles"). */

/** The rate a tier ladder pays at some figures, 0 when no tier holds. */
const rateAt = (tiers: readonly TTier[], tier: TTier): number =>
  applicableTier(tiers, { validBet: tier.minValidBet ?? 0, netLoss: tier.minNetLoss ?? 0, activeMembers: tier.minActiveMembers })?.rate ?? 0;

/**
 * Where a downline's terms pay more than its upline's own terms of the same kind, as field paths
 * ('tiers.1.rate', 'profitRate', 'lossRate', 'minBetAmount'); empty when they stay within.
 * - Tiers compare at equal figures: each downline tier's rate must not exceed the upline's rate at that tier's
 *   minimums. Then at any figures the downline's rate is at most the upline's (the upline's ladder only rises with
 *   the figures). Comparing only the highest rates would let a downline reach 60 where its upline is still at 50.
 *   For salaries a team's valid bet and active members never fall below a sub-team's, so the upline's rate is at
 *   least the downline's in every period; net loss has no such order, so a dividend margin can still be negative
 *   in a period (differential reports it).
 * - Real-time: profitRate and lossRate each at most the upline's, and minBetAmount at least the upline's (on a bet
 *   between the two minimums the upline receives nothing and would pay the downline).
 * - upline null: the member has no contract of this kind from above, so it receives nothing of it; any positive
 *   rate exceeds. A top agent's contract with the platform is its own contract here.
 * Throws a RangeError when the two terms are of different kinds.
 */
export function rateExcess(downline: TContractTerms, upline: TContractTerms | null): string[] {
  if (upline && upline.kind !== downline.kind) throw new RangeError(`cannot compare ${downline.kind} with ${upline.kind}`);
  if (downline.kind === 'realtimeSalary') {
    const cap = upline?.kind === 'realtimeSalary' ? upline : { profitRate: 0, lossRate: 0, minBetAmount: 0 };
    const out: string[] = [];
    if (downline.profitRate > cap.profitRate) out.push('profitRate');
    if (downline.lossRate > cap.lossRate) out.push('lossRate');
    if (downline.minBetAmount < cap.minBetAmount && (downline.profitRate > 0 || downline.lossRate > 0)) out.push('minBetAmount');
    return out;
  }
  const capTiers = upline && upline.kind !== 'realtimeSalary' ? upline.tiers : [];
  return downline.tiers.flatMap((tier, i) => (tier.rate > rateAt(capTiers, tier) ? [`tiers.${i}.rate`] : []));
}

/** contract_rate_exceeds_upline when the proposed terms pay more than the upline's own (see rateExcess), else null. */
export function rateProblem(downline: TContractTerms, upline: TContractTerms | null): 'contract_rate_exceeds_upline' | null {
  return rateExcess(downline, upline).length > 0 ? 'contract_rate_exceeds_upline' : null;
}

/**
 * The member's contracts with its downlines that its new own terms no longer cover (rateExcess not empty), in the
 * order given: accepting the new terms terminates them after confirmation (contract_auto_terminate). Contracts of
 * another kind are left alone.
 */
export function autoTerminations<T extends { contractId: number; terms: TContractTerms }>(newOwnTerms: TContractTerms, downlineContracts: readonly T[]): T[] {
  return downlineContracts.filter((c) => c.terms.kind === newOwnTerms.kind && rateExcess(c.terms, newOwnTerms).length > 0);
}

/**
 * The start of the first period a contract accepted at `acceptedAt` pays: the end of the period containing that
 * instant (next day, next hour, next 5-minute window, next dividend period), so a period is never paid under two
 * contracts. An instant exactly at a period's start belongs to that period, so the contract starts at the next one.
 * A terminated contract becomes invalid at the same instant computed from the termination time.
 */
export function effectiveFrom(terms: TContractTerms, acceptedAt: Date, tz: string = DEFAULT_TIME_ZONE): Date {
  return periodWindow(contractPeriodUnit(terms), acceptedAt, tz).end;
}

const isRate = (rate: number): boolean => Number.isInteger(rate) && rate >= 0 && rate <= RATE_SCALE;
const isMinor = (value: number | undefined): boolean => value === undefined || (Number.isSafeInteger(value) && value >= 0);

/**
 * Why terms cannot be signed; empty when they can. Beyond the contract's schemas:
 * - 1 to 20 tiers, rates strictly ascending (so no two tiers share a rate and the ladder reads in order);
 * - each tier's minimums at least the previous tier's and one of them higher, so every tier can apply;
 * - salaries set minValidBet, never minNetLoss; a dividend sets minNetLoss, never minValidBet (the figures the
 *   settlement computes for the kind);
 * - rates 0 to 10,000 basis points; minimums and minBetAmount non-negative integers; a dividend period of
 *   CONTRACT_PERIODS.
 */
export function validateTerms(terms: TContractTerms): string[] {
  if (terms.kind === 'realtimeSalary') {
    const out: string[] = [];
    if (!isRate(terms.profitRate)) out.push('profitRate must be 0 to 10000');
    if (!isRate(terms.lossRate)) out.push('lossRate must be 0 to 10000');
    if (!isMinor(terms.minBetAmount)) out.push('minBetAmount must be a non-negative integer');
    return out;
  }
  const out: string[] = [];
  if (terms.kind === 'dividend' && !CONTRACT_PERIODS.includes(terms.period)) out.push(`period must be one of ${CONTRACT_PERIODS.join(', ')}`);
  if (terms.tiers.length < 1 || terms.tiers.length > 20) out.push('1 to 20 tiers');
  const foreign = terms.kind === 'dividend' ? 'minValidBet' : 'minNetLoss';
  const own = terms.kind === 'dividend' ? 'minNetLoss' : 'minValidBet';
  terms.tiers.forEach((tier, i) => {
    if (!isRate(tier.rate)) out.push(`tiers.${i}.rate must be 0 to 10000`);
    if (!isMinor(tier.minActiveMembers) || !isMinor(tier.minValidBet) || !isMinor(tier.minNetLoss)) out.push(`tiers.${i} minimums must be non-negative integers`);
    if (tier[foreign] !== undefined) out.push(`tiers.${i}.${foreign} does not apply to ${terms.kind}`);
    const prev = terms.tiers[i - 1];
    if (!prev) return;
    if (tier.rate <= prev.rate) out.push(`tiers.${i}.rate must be above tiers.${i - 1}.rate`);
    const mins = (t: TTier): [number, number] => [t.minActiveMembers, t[own] ?? 0];
    const [members, amount] = mins(tier);
    const [prevMembers, prevAmount] = mins(prev);
    if (members < prevMembers || amount < prevAmount || (members === prevMembers && amount === prevAmount)) {
      out.push(`tiers.${i} must require more than tiers.${i - 1} (no lower minimum, one higher)`);
    }
  });
  return out;
}
