import { z } from 'zod';
import { ZContract, ZContractTerms, type TContract, type TContractKind, type TContractTerms } from '@playhall/contract/calls/agent';
import type { CONTRACT_PERIODS } from '@playhall/contract/constants';
import { ApiError } from '../../lib/api-error.ts';
import { parseMoney, toMoneyInput } from '../../lib/money-input.ts';

export type TPeriod = (typeof CONTRACT_PERIODS)[number];

/** A tier as the editor holds it: text fields, rates in percent ("0.8" = 80 per 10,000). */
export interface TTierDraft {
  rate: string;
  minActiveMembers: string;
  /** Team valid bet (salaries) or team net loss (dividend), in major units. */
  threshold: string;
}

export interface TTermsDraft {
  kind: TContractKind;
  period: TPeriod;
  tiers: TTierDraft[];
  profitRate: string;
  lossRate: string;
  minBetAmount: string;
}

export const MAX_TIERS = 20;

/** Rates travel as integer basis points (per 10,000); people read them as percent. */
export function formatRate(bp: number): string {
  return `${(bp / 100).toFixed(2)}%`;
}

/** "0.8" or "0.80%" → 80; null for anything outside 0–100 % with at most two decimals. */
export function parseRate(text: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/%$/, '').trim());
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp <= 10_000 ? bp : null;
}

const rateText = (bp: number) => (bp / 100).toFixed(2).replace(/\.?0+$/, '') || '0';

export function emptyTier(): TTierDraft {
  return { rate: '', minActiveMembers: '0', threshold: '0' };
}

export function newDraft(kind: TContractKind): TTermsDraft {
  return { kind, period: 'monthly', tiers: [emptyTier()], profitRate: '', lossRate: '', minBetAmount: '0' };
}

/** A draft holding the terms of an existing contract (to offer a change from what is in force). */
export function draftOf(terms: TContractTerms): TTermsDraft {
  const draft = newDraft(terms.kind);
  if (terms.kind === 'realtimeSalary') {
    return { ...draft, profitRate: rateText(terms.profitRate), lossRate: rateText(terms.lossRate), minBetAmount: toMoneyInput(terms.minBetAmount) };
  }
  const tiers = terms.tiers.map((t) => ({
    rate: rateText(t.rate),
    minActiveMembers: String(t.minActiveMembers),
    threshold: toMoneyInput((terms.kind === 'dividend' ? t.minNetLoss : t.minValidBet) ?? 0),
  }));
  return { ...draft, tiers, ...(terms.kind === 'dividend' ? { period: terms.period } : {}) };
}

/** An amount field that may be zero (a threshold): "0" and "" are 0. */
function parseThreshold(text: string): number | null {
  const clean = text.trim();
  if (clean === '' || /^0+(\.0{1,2})?$/.test(clean)) return 0;
  return parseMoney(clean);
}

export type TDraftErrors = Partial<Record<string, 'rate' | 'count' | 'amount'>>;

/**
 * The contract terms a draft describes, checked by the contract's own schema, or the fields in error
 * (keys `tiers.<i>.rate`, `profitRate`…). Tiers are sent in the order of their thresholds.
 */
export function termsOf(draft: TTermsDraft): { terms: TContractTerms } | { errors: TDraftErrors } {
  const errors: TDraftErrors = {};
  if (draft.kind === 'realtimeSalary') {
    const profitRate = parseRate(draft.profitRate);
    const lossRate = parseRate(draft.lossRate);
    const minBetAmount = parseThreshold(draft.minBetAmount);
    if (profitRate === null) errors.profitRate = 'rate';
    if (lossRate === null) errors.lossRate = 'rate';
    if (minBetAmount === null) errors.minBetAmount = 'amount';
    if (profitRate === null || lossRate === null || minBetAmount === null) return { errors };
    return { terms: ZContractTerms.parse({ kind: 'realtimeSalary', profitRate, lossRate, minBetAmount }) };
  }
  const tiers = draft.tiers.map((tier, i) => {
    const rate = parseRate(tier.rate);
    const members = /^\d{1,7}$/.test(tier.minActiveMembers.trim()) ? Number(tier.minActiveMembers.trim()) : null;
    const threshold = parseThreshold(tier.threshold);
    if (rate === null) errors[`tiers.${i}.rate`] = 'rate';
    if (members === null) errors[`tiers.${i}.minActiveMembers`] = 'count';
    if (threshold === null) errors[`tiers.${i}.threshold`] = 'amount';
    return { rate: rate ?? 0, minActiveMembers: members ?? 0, threshold: threshold ?? 0 };
  });
  if (Object.keys(errors).length) return { errors };
  const sorted = [...tiers].sort((a, b) => a.threshold - b.threshold || a.minActiveMembers - b.minActiveMembers);
  if (draft.kind === 'dividend') {
    const list = sorted.map((t) => ({ rate: t.rate, minActiveMembers: t.minActiveMembers, minNetLoss: t.threshold }));
    return { terms: ZContractTerms.parse({ kind: 'dividend', period: draft.period, tiers: list }) };
  }
  const list = sorted.map((t) => ({ rate: t.rate, minActiveMembers: t.minActiveMembers, minValidBet: t.threshold }));
  return { terms: ZContractTerms.parse({ kind: draft.kind, tiers: list }) };
}

/** The highest rate a contract's terms can pay (what a downline's offer must not exceed). */
export function topRate(terms: TContractTerms): number {
  if (terms.kind === 'realtimeSalary') return Math.max(terms.profitRate, terms.lossRate);
  return Math.max(...terms.tiers.map((t) => t.rate));
}

/** The downline contracts a 409 contract_auto_terminate says accepting would end (spec §4, §6). */
export function autoTerminated(error: unknown): TContract[] | null {
  if (!(error instanceof ApiError) || error.code !== 'contract_auto_terminate') return null;
  const parsed = z.object({ contracts: z.array(ZContract) }).safeParse(error.value);
  return parsed.success ? parsed.data.contracts : [];
}
