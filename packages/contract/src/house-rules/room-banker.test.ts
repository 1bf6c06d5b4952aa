import { describe, expect, it } from 'vitest';
import { commitOf, FairStream } from './fair.ts';
import { recheckRound } from './registry.ts';
import { bankCovers, bankerRake, bankerWorstCase, bankLimits, outcomeCount, recheckBankerRound, settleBanker } from './room-banker.ts';
import { BAUCUA_ROOM_ENGINE, XOCDIA_ROOM_ENGINE } from './rules-vietnam.ts';
import { XOCDIA_LIMITS, xocDiaGame } from './xocdia.ts';
import { bauCuaGame } from './baucua.ts';

/** 1,000 ₫ in minor units. */
const K = XOCDIA_LIMITS.min;

describe('member banker seat: coverage, settlement and re-check', () => {
  it('exposes 5 xóc đĩa results and 56 bầu cua multisets', () => {
    expect(outcomeCount('HOUSE_XOCDIA')).toBe(5);
    expect(outcomeCount('HOUSE_BAUCUA')).toBe(56);
    expect(bankLimits(K)).toEqual({ min: 50 * K, max: 5000 * K });
  });

  it('xóc đĩa worst case: max over 0–4 reds of payouts − stakes, exact with the floors', () => {
    expect(bankerWorstCase('HOUSE_XOCDIA', [])).toBe(0);
    // chẵn 10K alone: the banker loses 9,600 on an even result.
    expect(bankerWorstCase('HOUSE_XOCDIA', [{ chan: 10 * K }])).toBe(9.6 * K);
    // chẵn and lẻ of equal stakes hedge each other: the banker wins 4 % of one side whatever comes.
    expect(bankerWorstCase('HOUSE_XOCDIA', [{ chan: 10 * K }, { le: 10 * K }])).toBe(-0.4 * K);
    // 4 đỏ 1K (pays 15.5 back) with chẵn 10K on the same slip: 4 reds pays 19,600 + 15,500 on 11K staked.
    expect(bankerWorstCase('HOUSE_XOCDIA', [{ chan: 10 * K, red4: K }])).toBe(19.6 * K + 15.5 * K - 11 * K);
    // Rounding down per bet: K + 3 on chẵn returns floor((K + 3) × 1.96) = 1.96 K + 5.
    expect(bankerWorstCase('HOUSE_XOCDIA', [{ chan: K + 3 }])).toBe(0.96 * K + 2);
    // … per bet of each slip: two slips of K + 3 lose 2 × (0.96 K + 2), not floor(2 × (K + 3) × 0.96).
    expect(bankerWorstCase('HOUSE_XOCDIA', [{ chan: K + 3 }, { chan: K + 3 }])).toBe(1.92 * K + 4);
    expect(bankCovers('HOUSE_XOCDIA', 9.6 * K, [{ chan: 10 * K }])).toBe(true);
    expect(bankCovers('HOUSE_XOCDIA', 9.6 * K - 1, [{ chan: 10 * K }])).toBe(false);
  });

  it('bầu cua worst case over the 56 multisets', () => {
    // One animal 1K: a triple pays 4K back, the banker loses 3K.
    expect(bankerWorstCase('HOUSE_BAUCUA', [{ cua: K }])).toBe(3 * K);
    // Cua 1K and tôm 1K: cua-cua-tôm pays 3K + 2K on 2K staked (a triple only 4K).
    expect(bankerWorstCase('HOUSE_BAUCUA', [{ cua: K }, { tom: K }])).toBe(3 * K);
    // Every animal 1K: any throw pays 3 × 2K = 6K, or a pair 3K + 2K, or a triple 4K; on 6K staked the banker never loses.
    expect(bankerWorstCase('HOUSE_BAUCUA', [{ bau: K, cua: K, tom: K, ca: K, ga: K, nai: K }])).toBe(0);
  });

  it('settles the banker: net, 5 % rake on a win, bank after', () => {
    expect(bankerRake(999)).toBe(49);
    expect(bankerRake(-500)).toBe(0);
    const win = settleBanker('HOUSE_XOCDIA', 50 * K, [{ chan: 10 * K }, { le: 4 * K }], { discs: [true, false, false, false], reds: 1 });
    expect(win).toMatchObject({ stakes: 14 * K, payouts: 7.84 * K, net: 6.16 * K, rake: 0.308 * K, bankBefore: 50 * K, bankAfter: 50 * K + 6.16 * K - 0.308 * K });
    const loss = settleBanker('HOUSE_BAUCUA', 50 * K, [{ nai: 5 * K }], { dice: ['nai', 'nai', 'ga'] });
    expect(loss).toMatchObject({ stakes: 5 * K, payouts: 15 * K, net: -10 * K, rake: 0, bankAfter: 40 * K });
  });

  it('re-checks a banker round from the room seeds, through the registry, and catches a changed outcome', () => {
    for (const [engine, roomEngine, slips, game] of [
      ['HOUSE_XOCDIA', XOCDIA_ROOM_ENGINE, [{ chan: 20 * K, red4: K }, { le: 30 * K }], xocDiaGame],
      ['HOUSE_BAUCUA', BAUCUA_ROOM_ENGINE, [{ cua: 5 * K }, { ga: 2 * K, nai: K }], bauCuaGame],
    ] as const) {
      const serverSeed = 'ab'.repeat(32);
      const seed = { serverSeed, serverSeedHash: commitOf(serverSeed), clientSeed: 'room:test-1', nonce: 7 };
      const detailOf = (g: typeof game) => g.play(slips[0] as never, new FairStream(seed)).detail as unknown as Record<string, unknown>;
      const d = detailOf(game);
      const draw = 'dice' in d ? { dice: d.dice as never } : { discs: d.discs as boolean[], reds: d.reds as number };
      const outcome = settleBanker(engine, 80 * K, slips as never, draw);
      const detail = { room: 'test-1', roundNo: 7, seed, banker: { engine, bankBefore: 80 * K, slips }, outcome: JSON.parse(JSON.stringify(outcome)) as unknown };
      expect(recheckBankerRound({ detail, fairness: null })).toEqual({ commitMatches: true, outcomeMatches: true });
      expect(recheckRound(roomEngine, { detail, fairness: null })).toEqual({ commitMatches: true, outcomeMatches: true });
      const forged = { ...detail, outcome: { ...outcome, bankAfter: outcome.bankAfter + 1 } };
      expect(recheckRound(roomEngine, { detail: forged, fairness: null })).toEqual({ commitMatches: true, outcomeMatches: false });
      const otherSeed = { ...detail, seed: { ...seed, serverSeed: 'cd'.repeat(32) } };
      expect(recheckRound(roomEngine, { detail: otherSeed, fairness: null })?.commitMatches).toBe(false);
    }
  });
});
