import { betTypeConfigs, type TOddsTable, type TPrizeMode } from './odds.ts';
import { expectedHits, toNumber } from './probability.ts';
import { chargeMultiplier, type TLotteryBetType } from './rules.ts';
import type { TStructure } from './structures.ts';

/**
 * Return to player of a bet type under given odds: expected payout / amount charged, for a fair draw.
 * Every bet type of lottery.md has a closed form (probability.ts), so the method is always 'exact'; a bet type
 * without one would be simulated over at least 10^6 draws (lottery.md) and say how many.
 */
export interface TRtp {
  rtp: number;
  method: 'exact' | 'simulated';
  draws?: number;
}

/** RTP = (oddsX1000 / 1000) × E[hits] / chargeMultiplier. Throws when the bet type is not offered on the structure. */
export function rtp(code: TLotteryBetType, structure: TStructure, oddsX1000: number): TRtp {
  const hits = expectedHits(code, structure);
  const charge = BigInt(chargeMultiplier(code, structure));
  return { rtp: toNumber({ num: hits.num * BigInt(oddsX1000), den: hits.den * 1000n * charge }), method: 'exact' };
}

export interface TRtpRow {
  code: TLotteryBetType;
  name: string;
  oddsX1000: number;
  chargeMultiplier: number;
  rtp: number;
  method: 'exact' | 'simulated';
}

/**
 * The RTP of every bet type a prize mode's odds table prices and the structure offers, in the contract's order.
 * `odds` overrides single entries of the default table (`defaultOdds`: what an operator configured).
 */
export function rtpTable(prizeMode: TPrizeMode, structure: TStructure, odds: TOddsTable = {}): TRtpRow[] {
  return betTypeConfigs(prizeMode, structure, odds).map((config) => ({
    code: config.code,
    name: config.name,
    oddsX1000: config.oddsX1000,
    chargeMultiplier: config.chargeMultiplier,
    ...rtp(config.code, structure, config.oddsX1000),
  }));
}

/** The table as aligned text lines, for a terminal (`ops lottery odds`) or a test log. */
export function formatRtpTable(rows: readonly TRtpRow[]): string {
  const header = ['bet', 'code', 'odds', 'charged', 'RTP', 'method'];
  const lines = rows.map((r) => [r.name, r.code, `1:${r.oddsX1000 / 1000}`, `×${r.chargeMultiplier}`, `${(r.rtp * 100).toFixed(3)} %`, r.method]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] as string).length)));
  return [header, ...lines].map((cells) => cells.map((c, i) => c.padEnd(widths[i] as number)).join('  ').trimEnd()).join('\n');
}
