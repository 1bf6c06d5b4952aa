import { describe, expect, it } from 'vitest';
import { STAKES } from '../stakes.ts';
import { titleOfEngine } from './catalog.ts';
import { FairStream } from './fair.ts';
import { DT_BETS, DT_LIMITS, DT_RTP, dealDragonTiger, dragonTigerGame, dragonTigerOdds, dtReturn, rankOf, type TDtBet, type TDtInput } from './dragon-tiger.ts';
import { HouseGameInputError } from './house-game.ts';
import { fastSource, nearestDouble, scriptedSource, wordFor } from './test-support.ts';

const SHOE = 416;
const RANKS = 'A23456789TJQK';
const SUITS = 'shdc';
const K = STAKES.minStake;

/** Card id of a name such as "9s" in deck 0..7. */
const card = (name: string, deck = 0): number => deck * 52 + RANKS.indexOf(name[0] as string) * 4 + SUITS.indexOf(name[1] as string);

/** The words under which the shoe deals exactly these two cards (the Dragon's, then the Tiger's). */
function dealing(dragonName: string, tigerName: string) {
  const dragon = card(dragonName);
  let tiger = card(tigerName);
  if (tiger === dragon) tiger = card(tigerName, 1);
  // After the first draw position `dragon` holds card 0; every other position p ≥ 1 holds card p.
  const position = tiger === 0 ? dragon : tiger;
  return scriptedSource([wordFor(dragon, SHOE), wordFor(position - 1, SHOE - 1)]);
}

const play = (bets: TDtInput, dragon: string, tiger: string) => {
  const source = dealing(dragon, tiger);
  const outcome = dragonTigerGame.play(bets, source);
  expect(source.left()).toBe(0);
  return outcome;
};
const outcomes = (o: ReturnType<typeof play>) => Object.fromEntries(o.detail.bets.map((b) => [b.bet, [b.outcome, b.payout]]));

describe('dragon tiger dealing', () => {
  it('deals the scripted cards, the Dragon first', () => {
    expect(play({ dragon: K }, 'Ks', '7h').detail).toMatchObject({ dragon: 'Ks', tiger: '7h', result: 'dragon', suited: false });
    expect(play({ dragon: K }, '2d', 'As').detail).toMatchObject({ dragon: '2d', tiger: 'As', result: 'dragon' });
    // The Tiger may take the shoe's first card once the Dragon's draw moved it.
    expect(play({ tiger: K }, '5c', 'As').detail).toMatchObject({ dragon: '5c', tiger: 'As', result: 'dragon' });
  });

  it('always deals two distinct cards of the shoe, each face about as often (100,000 deals)', () => {
    const source = fastSource('0badc0de0badc0de0badc0de0badc0de');
    const faces = new Array<number>(52).fill(0);
    let broken = 0;
    for (let i = 0; i < 100_000; i += 1) {
      const { dragon, tiger } = dealDragonTiger(source);
      if (dragon === tiger || dragon < 0 || tiger < 0 || dragon >= SHOE || tiger >= SHOE) broken += 1;
      faces[tiger % 52] = (faces[tiger % 52] ?? 0) + 1;
    }
    expect(broken).toBe(0);
    // Each face 1/52: 1,923 expected, σ ≈ 43; 5σ either side.
    for (const n of faces) expect(Math.abs(n - 100_000 / 52)).toBeLessThan(5 * 43);
  });
});

describe('dragon tiger settlement', () => {
  it('pays the higher card 1:1, aces low', () => {
    const o = play({ dragon: 2 * K, tiger: K }, 'Ks', 'Qh');
    expect(outcomes(o)).toEqual({ dragon: ['win', 4 * K], tiger: ['lose', 0] });
    expect(o).toMatchObject({ stake: 3 * K, payout: 4 * K, validBet: 3 * K });
    expect(outcomes(play({ dragon: K, tiger: K }, 'As', '2h'))).toEqual({ dragon: ['lose', 0], tiger: ['win', 2 * K] });
  });

  it('loses half of the Dragon and Tiger bets on a tie (the half rounded down) and pays the tie 11:1', () => {
    const o = play({ dragon: K + 1, tiger: K, tie: K }, '9s', '9h');
    expect(outcomes(o)).toEqual({ dragon: ['half', Math.floor((K + 1) / 2)], tiger: ['half', K / 2], tie: ['win', 12 * K] });
    expect(o.detail).toMatchObject({ result: 'tie', suited: false });
    // The half handed back is no turnover.
    expect(o.validBet).toBe(K + 1 - Math.floor((K + 1) / 2) + K / 2 + K);
  });

  it('pays the suited tie 50:1 only on the same rank and suit (another deck’s copy of the card)', () => {
    const suited = play({ tie: K, suitedTie: K }, 'Qd', 'Qd');
    expect(suited.detail).toMatchObject({ result: 'tie', suited: true });
    expect(outcomes(suited)).toEqual({ tie: ['win', 12 * K], suitedTie: ['win', 51 * K] });
    expect(outcomes(play({ suitedTie: K }, 'Qd', 'Qh'))).toEqual({ suitedTie: ['lose', 0] });
    expect(outcomes(play({ suitedTie: K, tie: K }, 'Qd', 'Kd'))).toEqual({ tie: ['lose', 0], suitedTie: ['lose', 0] });
  });

  it('judges each side’s big/small, odd/even and red/black on its own card', () => {
    const all = Object.fromEntries(DT_BETS.filter((b) => b.startsWith('dragon') || b.startsWith('tiger')).filter((b) => b !== 'dragon' && b !== 'tiger').map((b) => [b, K]));
    const o = play(all, '8h', 'Ac');
    const won = o.detail.bets.filter((b) => b.outcome === 'win').map((b) => b.bet).sort();
    expect(won).toEqual(['dragonBig', 'dragonEven', 'dragonRed', 'tigerBlack', 'tigerOdd', 'tigerSmall']);
    expect(o.detail.bets.find((b) => b.bet === 'dragonBig')?.payout).toBe(2 * K);
    const high = play(all, 'Kd', '6s').detail.bets.filter((b) => b.outcome === 'win').map((b) => b.bet).sort();
    expect(high).toEqual(['dragonBig', 'dragonOdd', 'dragonRed', 'tigerBlack', 'tigerEven', 'tigerSmall']);
  });

  it('loses every side bet of a side whose card is a 7', () => {
    const sides = ['dragonBig', 'dragonSmall', 'dragonOdd', 'dragonEven', 'dragonRed', 'dragonBlack'] as const;
    const o = play(Object.fromEntries(sides.map((b) => [b, K])), '7h', '2c');
    expect(o.detail.bets.map((b) => b.outcome)).toEqual(sides.map(() => 'lose'));
    expect(o.payout).toBe(0);
  });
});

describe('dragon tiger table limits and bad bets', () => {
  const source = () => new FairStream({ serverSeed: 'cd'.repeat(32), clientSeed: 'dt', nonce: 1 });
  const refusal = (input: unknown) => {
    try {
      dragonTigerGame.play(input as TDtInput, source());
    } catch (err) {
      return err instanceof HouseGameInputError ? err.code : 'other';
    }
    return 'accepted';
  };

  it('refuses an unknown bet, an empty bet and stakes outside each bet’s limits', () => {
    expect(refusal({ phoenix: K })).toBe('unknown_option');
    expect(refusal({})).toBe('bad_amount');
    expect(refusal(null)).toBe('bad_input');
    for (const bet of DT_BETS) {
      const { min, max } = DT_LIMITS[bet];
      expect(refusal({ [bet]: min - 1 }), bet).toBe('bad_amount');
      expect(refusal({ [bet]: max + 1 }), bet).toBe('bad_amount');
      expect(refusal({ [bet]: min }), bet).toBe('accepted');
      expect(refusal({ [bet]: max }), bet).toBe('accepted');
    }
    expect(refusal({ dragon: K + 0.5 })).toBe('bad_amount');
    expect(refusal({ dragon: String(K) })).toBe('bad_amount');
  });

  it('replays a round from the fair stream exactly', () => {
    const input = { dragon: K, tie: K, tigerRed: K };
    expect(dragonTigerGame.play(input, source())).toEqual(dragonTigerGame.play(input, source()));
  });
});

describe('dragon tiger return to player', () => {
  const odds = dragonTigerOdds();

  it('enumerates the shoe exactly: Dragon 192/415, tie 31/415, suited tie 7/415; the published figures match', () => {
    expect(odds.dragon.numerator * 415n).toBe(192n * odds.dragon.denominator);
    expect(odds.tie.numerator * 415n).toBe(31n * odds.tie.denominator);
    expect(odds.suitedTie.numerator * 415n).toBe(7n * odds.suitedTie.denominator);
    // Dragon: 192/415 · 2 + 31/415 · ½ = 399.5/415; tie 12 · 31/415; suited 51 · 7/415; a side bet 2 · 6/13.
    expect(odds.rtp.dragon.numerator * 830n).toBe(799n * odds.rtp.dragon.denominator);
    expect(odds.rtp.tie.numerator * 415n).toBe(372n * odds.rtp.tie.denominator);
    expect(odds.rtp.suitedTie.numerator * 415n).toBe(357n * odds.rtp.suitedTie.denominator);
    expect(odds.rtp.tigerRed.numerator * 13n).toBe(12n * odds.rtp.tigerRed.denominator);
    for (const bet of DT_BETS) expect(odds.rtp[bet].value, bet).toBeCloseTo(DT_RTP[bet], 6);
  });

  it('the catalogue publishes Dragon / Tiger, the best bets, as their exact fraction 399.5/415', () => {
    expect(titleOfEngine('HOUSE_DRAGON_TIGER')?.rtp).toBe(nearestDouble(odds.rtp.dragon.numerator, odds.rtp.dragon.denominator));
    expect(titleOfEngine('HOUSE_DRAGON_TIGER')?.rtp).toBe(799 / 830);
    for (const bet of DT_BETS) expect(odds.rtp[bet].value, bet).toBeLessThanOrEqual(odds.rtp.dragon.value);
  });

  it('simulates 1,000,000 rounds: every bet within the 99 % bound of its exact RTP', () => {
    const n = 1_000_000;
    const source = fastSource('5eed00d7a9017e4e5eed00d7a9017e4e');
    const bets = DT_BETS.length;
    const sum = new Float64Array(bets);
    const hits = new Float64Array(bets);
    const started = performance.now();
    for (let i = 0; i < n; i += 1) {
      const { dragon, tiger } = dealDragonTiger(source);
      for (let b = 0; b < bets; b += 1) {
        const r = dtReturn(DT_BETS[b] as TDtBet, dragon, tiger);
        sum[b] = (sum[b] as number) + r;
        if (r > 100) hits[b] = (hits[b] as number) + 1;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    for (let b = 0; b < bets; b += 1) {
      const bet = DT_BETS[b] as TDtBet;
      // The exact standard deviation of the return per unit staked, from the same enumeration.
      let m2 = 0;
      for (let x = 0; x < 52; x += 1) for (let y = 0; y < 52; y += 1) m2 += (8 * (x === y ? 7 : 8) * (dtReturn(bet, x, y) / 100) ** 2) / (SHOE * (SHOE - 1));
      const rtp = odds.rtp[bet].value;
      const sigma = Math.sqrt(m2 - rtp * rtp);
      const measured = (sum[b] as number) / 100 / n;
      const bound = (2.576 * sigma) / Math.sqrt(n);
      // eslint-disable-next-line no-console -- the figures are the point of this test
      console.log(`dragon tiger ${bet}: RTP exact ${(rtp * 100).toFixed(4)} %, simulated ${(measured * 100).toFixed(4)} % (±${(bound * 100).toFixed(3)}), hit ${(((hits[b] as number) / n) * 100).toFixed(2)} %, volatility ${sigma.toFixed(3)}`);
      expect(Math.abs(measured - rtp), bet).toBeLessThanOrEqual(bound);
    }
    // eslint-disable-next-line no-console -- the figures are the point of this test
    console.log(`dragon tiger: ${n} rounds × ${bets} bets in ${seconds.toFixed(2)} s`);
    expect(rankOf(0)).toBe(1);
  }, 60_000);
});
