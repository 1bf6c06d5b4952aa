import { describe, expect, it } from 'vitest';
import { LOTTERY_BET_TYPES, PRIZE_MODES, ZBetTypeConfig } from '@playhall/contract/calls/games';
import { betTypeConfigs, DEFAULT_LIMITS, DEFAULT_ODDS, defaultOdds } from './odds.ts';
import { formatRtpTable, rtp, rtpTable } from './rtp.ts';
import { BET_RULES, chargeMultiplier, indexResult, isOffered, settleTicket, type TLotteryBetType } from './rules.ts';
import type { TStructure } from './structures.ts';
import { randomDigits, randomTable, testRandom, type TTestRandom } from './test-support.ts';
import { STAKES } from '@playhall/contract/stakes';

const value = (code: TLotteryBetType, structure: TStructure, oddsX1000: number): number => rtp(code, structure, oddsX1000).rtp;

describe('rtp (exact)', () => {
  it('gives lottery.md’s worked figure: lô 2 at 99 on the north draw returns exactly 99 %', () => {
    expect(rtp('lo2', 'north', 99_000)).toEqual({ rtp: 0.99, method: 'exact' });
    expect(value('lo2', 'southCentral', 99_000)).toBe(0.99);
  });

  it('gives the closed forms of lottery.md’s defaults', () => {
    expect(value('lo3', 'north', 980_000)).toBe(0.98);
    expect(value('lo4', 'southCentral', 9_800_000)).toBe(0.98);
    expect(value('de', 'north', 95_000)).toBe(0.95);
    expect(value('deHead', 'north', 9_500)).toBe(0.95);
    expect(value('deFirst', 'north', 95_000)).toBe(0.95);
    expect(value('threeCang', 'southCentral', 960_000)).toBe(0.96);
    expect(value('sea3Top', 'sea', 900_000)).toBe(0.9);
    expect(value('sea3Tod', 'sea', 150_000)).toBe(0.9); // 6 orders of three different digits
    expect(value('sea2Bottom', 'sea', 90_000)).toBe(0.9);
    expect(value('seaRunTop', 'sea', 3_200)).toBeCloseTo(3.2 * 0.271, 12);
    expect(value('seaRunBottom', 'sea', 4_200)).toBeCloseTo(4.2 * 0.19, 12);
    // xiên 2 north: 1 − 2·0.99^27 + 0.98^27.
    expect(value('xien2', 'north', 17_000)).toBeCloseTo(17 * (1 - 2 * 0.99 ** 27 + 0.98 ** 27), 12);
    expect(value('xien4', 'southCentral', 250_000)).toBeCloseTo(250 * (1 - 4 * 0.99 ** 18 + 6 * 0.98 ** 18 - 4 * 0.97 ** 18 + 0.96 ** 18), 12);
    expect(value('loTruot10', 'north', 1000)).toBeCloseTo(0.9 ** 27, 12);
    expect(() => rtp('lo2', 'sea', 99_000)).toThrow(RangeError);
  });

  it('prices lô trượt for ≈ 95 % on the north draw, rounded to 0.1', () => {
    for (const code of ['loTruot4', 'loTruot8', 'loTruot10'] as const) {
      const odds = DEFAULT_ODDS.Lott[code] ?? 0;
      expect(odds % 100).toBe(0);
      const r = value(code, 'north', odds);
      // Within half a 0.1 step of the odds from 95 %.
      expect(Math.abs(r - 0.95)).toBeLessThanOrEqual(value(code, 'north', 50) + 1e-12);
    }
    expect([DEFAULT_ODDS.Lott.loTruot4, DEFAULT_ODDS.Lott.loTruot8, DEFAULT_ODDS.Lott.loTruot10]).toEqual([2_900, 9_000, 16_300]);
    const south = defaultOdds('Lott', 'southCentral');
    expect([south.loTruot4, south.loTruot8, south.loTruot10]).toEqual([2_000, 4_300, 6_300]);
    for (const code of ['loTruot4', 'loTruot8', 'loTruot10'] as const) expect(Math.abs(value(code, 'southCentral', south[code] ?? 0) - 0.95)).toBeLessThan(0.01);
    expect(defaultOdds('Lott', 'north')).toEqual(DEFAULT_ODDS.Lott);
  });

  it('limits stakes to the currency’s smallest (1,000 ₫) … 1,000,000.00, lower where one hit at default odds would pay over 100,000,000.00', () => {
    for (const code of LOTTERY_BET_TYPES) {
      const maxOdds = Math.max(...PRIZE_MODES.map((m) => DEFAULT_ODDS[m][code] ?? 0));
      const cap = Math.min(100_000_000, (10_000_000_000 * 1000) / maxOdds);
      const oneDigit = 10 ** Math.floor(Math.log10(cap));
      expect(DEFAULT_LIMITS[code], code).toEqual({ minStake: STAKES.minStake, maxStake: Math.floor(cap / oneDigit) * oneDigit });
      expect(DEFAULT_LIMITS[code].maxStake, code).toBeGreaterThanOrEqual(STAKES.minStake);
    }
  });

  it('describes each game’s bet types in the contract’s shape', () => {
    const north = betTypeConfigs('Lott', 'north', { de: 98_000 });
    expect(north.map((c) => c.code)).toEqual(LOTTERY_BET_TYPES.filter((c) => !c.startsWith('sea')));
    for (const config of [...north, ...betTypeConfigs('SEA', 'sea')]) expect(ZBetTypeConfig.parse(config)).toEqual(config);
    expect(north.find((c) => c.code === 'de')).toMatchObject({ oddsX1000: 98_000, chargeMultiplier: 1, combo: false, minStake: 100_000 });
    expect(north.find((c) => c.code === 'lo2')).toMatchObject({ chargeMultiplier: 27, digits: 2, maxNumbers: 100 });
    expect(betTypeConfigs('Lott', 'southCentral').some((c) => c.code === 'deFirst')).toBe(false);
    expect(betTypeConfigs('SEA', 'north')).toEqual([]);
  });

  it('prints the RTP table of each prize mode', () => {
    const lines: string[] = [];
    for (const mode of PRIZE_MODES) {
      for (const structure of mode === 'SEA' ? (['sea'] as const) : (['north', 'southCentral'] as const)) {
        if (mode === 'Elott' && structure !== 'north') continue;
        const rows = rtpTable(mode, structure);
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) expect(row.rtp).toBeLessThan(1);
        lines.push(`${mode} · ${structure}`, formatRtpTable(rows), '');
      }
    }
    // eslint-disable-next-line no-console -- the operator reads these figures (lottery.md)
    console.log(lines.join('\n'));
    expect(rtpTable('Lott', 'north', { lo2: 95_000 }).find((r) => r.code === 'lo2')?.rtp).toBe(0.95);
    expect(rtpTable('Lott', 'sea')).toEqual([]);
    expect(rtpTable('Lott', 'southCentral').some((r) => r.code === 'deFirst')).toBe(false);
  });
});

/** A random ticket of the bet type: uniform picks; 3 tod with three different digits (the case `rtp` prices). */
function randomTicket(random: TTestRandom, code: TLotteryBetType): string[] {
  const { digits, combo, minNumbers } = BET_RULES[code];
  if (!combo) {
    if (code !== 'sea3Tod') return [randomDigits(random, digits)];
    const a = random.int(10);
    const b = (a + 1 + random.int(9)) % 10;
    let c = random.int(10);
    while (c === a || c === b) c = random.int(10);
    return [`${a}${b}${c}`];
  }
  const picks = new Set<string>();
  while (picks.size < minNumbers) picks.add(randomDigits(random, 2));
  return [...picks];
}

describe('rtp (Monte Carlo)', () => {
  const simulate = (structure: TStructure, draws: number, oddsOf: (code: TLotteryBetType) => number) => {
    const random = testRandom();
    const codes = LOTTERY_BET_TYPES.filter((c) => isOffered(c, structure));
    const sums = codes.map(() => 0);
    const squares = codes.map(() => 0);
    const odds = codes.map(oddsOf);
    const charged = codes.map((code) => 1000 * chargeMultiplier(code, structure));
    for (let d = 0; d < draws; d += 1) {
      const index = indexResult(structure, randomTable(structure, random));
      for (let i = 0; i < codes.length; i += 1) {
        const betType = codes[i] as TLotteryBetType;
        const { payout } = settleTicket(index, { betType, numbers: randomTicket(random, betType), stake: 1000, oddsX1000: odds[i] ?? 0 });
        const r = payout / (charged[i] ?? 1);
        sums[i] = (sums[i] ?? 0) + r;
        squares[i] = (squares[i] ?? 0) + r * r;
      }
    }
    return codes.map((code, i) => {
      const mean = (sums[i] ?? 0) / draws;
      const sd = Math.sqrt(Math.max(0, (squares[i] ?? 0) / draws - mean * mean));
      return { code, mean, exact: value(code, structure, oddsOf(code)), tolerance: (5 * sd) / Math.sqrt(draws) + 1e-9, seed: random.seedHex };
    });
  };

  for (const [structure, draws, mode] of [
    // One random ticket per bet type and draw. The tolerance is 5 standard errors of the measured returns: wide
    // for the rare bets (3 càng, lô 4), tight where a wrong rule would show (lô 2, đầu/đuôi, lô trượt, run).
    ['north', 100_000, 'Lott'],
    ['southCentral', 50_000, 'Lott'],
    ['sea', 100_000, 'SEA'],
  ] as const) {
    it(`lands every bet type within 5 standard errors of its exact RTP: ${draws} random ${structure} draws`, () => {
      const odds = defaultOdds(mode, structure);
      const results = simulate(structure, draws, (code) => odds[code] ?? 0);
      // eslint-disable-next-line no-console -- the figures are the point of this test
      console.log(results.map((r) => `${structure} ${r.code}: exact ${(r.exact * 100).toFixed(3)} %, simulated ${(r.mean * 100).toFixed(3)} % (±${(r.tolerance * 100).toFixed(3)})`).join('\n') + `\nseed ${results[0]?.seed}`);
      for (const r of results) expect(Math.abs(r.mean - r.exact), `${r.code} (seed ${r.seed})`).toBeLessThan(r.tolerance);
    }, 60_000);
  }
});
