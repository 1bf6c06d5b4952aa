import { describe, expect, it } from 'vitest';
import { STAKES } from '../stakes.ts';
import { BACCARAT_BETS, BACCARAT_LIMITS, BACCARAT_RTP, baccaratGame, baccaratOdds, baccaratSideOdds, betReturn, dealRound, factsOf, type TBaccaratBet, type TBaccaratInput } from './baccarat.ts';
import { titleOfEngine } from './catalog.ts';
import { FairStream, type RandomSource } from './fair.ts';
import { HouseGameInputError } from './house-game.ts';
import { fastSource, nearestDouble, scriptedSource, wordFor } from './test-support.ts';

/** Issue 21's side bets of baccarat: judgments, limits, exact returns and a 1,000,000-coup simulation. */

const SHOE = 416;
const RANKS = 'A23456789TJQK';
const SUITS = 'shdc';
const K = STAKES.minStake;

const card = (name: string, deck = 0): number => deck * 52 + RANKS.indexOf(name[0] as string) * 4 + SUITS.indexOf(name[1] as string);

/** A source under which `dealRound` deals exactly these cards (P1, B1, P2, B2, P3?, B3?), the i-th from deck i mod 8. */
function shoeDealing(names: string[]): RandomSource & { left(): number } {
  const swapped = new Map<number, number>();
  const at = (p: number): number => swapped.get(p) ?? p;
  const words = names.map((n, i) => {
    const c = card(n, i % 8);
    let j = i;
    while (at(j) !== c) j += 1;
    const word = wordFor(j - i, SHOE - i);
    const top = at(i);
    swapped.set(i, at(j));
    swapped.set(j, top);
    return word;
  });
  return scriptedSource(words);
}

const paid = (bets: TBaccaratInput, cards: string[]) => {
  const source = shoeDealing(cards);
  const outcome = baccaratGame.play(bets, source);
  expect(source.left()).toBe(0);
  return Object.fromEntries(outcome.detail.bets.map((b) => [b.bet, b.payout]));
};

describe('baccarat side bets', () => {
  it('either pair 5:1 on a pair in either hand', () => {
    expect(paid({ eitherPair: K }, ['8s', 'Qs', '8h', '9h'])).toEqual({ eitherPair: 6 * K });
    expect(paid({ eitherPair: K, bankerPair: K }, ['9s', 'Qs', 'Kh', 'Qd'])).toEqual({ eitherPair: 6 * K, bankerPair: 12 * K });
    expect(paid({ eitherPair: K }, ['9s', 'Qs', 'Kh', 'Jd'])).toEqual({ eitherPair: 0 });
  });

  it('perfect pair 25:1 on one suited pair, 200:1 on both; a pair of one rank in two suits loses', () => {
    expect(paid({ perfectPair: K }, ['8s', 'Qs', '8s', '9h'])).toEqual({ perfectPair: 26 * K });
    expect(paid({ perfectPair: K }, ['8s', '9h', '8s', '9h'])).toEqual({ perfectPair: 201 * K });
    expect(paid({ perfectPair: K, playerPair: K }, ['8s', 'Qs', '8h', '9h'])).toEqual({ perfectPair: 0, playerPair: 12 * K });
  });

  it('player and banker bonus: a natural win 1:1, a natural tie pushes, a win without a natural by its margin', () => {
    expect(paid({ playerBonus: K, bankerBonus: K }, ['9s', '5h', 'Kd', '2c'])).toEqual({ playerBonus: 2 * K, bankerBonus: 0 });
    const tie = baccaratGame.play({ playerBonus: K, bankerBonus: K }, shoeDealing(['9s', '9h', 'Kd', 'Kc']));
    expect(tie.detail.bets.map((b) => b.outcome)).toEqual(['push', 'push']);
    expect(tie).toMatchObject({ payout: 2 * K, validBet: 0 });
    // Player 9 on three cards against the banker's 0 on three: a margin of 9 pays 30:1.
    expect(paid({ playerBonus: K }, ['Ts', '4s', '2h', '6h', '7d', 'Ks'])).toEqual({ playerBonus: 31 * K });
    // 7 against 4 (margin 3) loses; 7 against 3 (margin 4) pays 1:1.
    expect(paid({ playerBonus: K }, ['Ts', '4s', '2h', '6h', '5d', '4c'])).toEqual({ playerBonus: 0 });
    expect(paid({ playerBonus: K }, ['Ts', '4s', '2h', '6h', '5d', '3c'])).toEqual({ playerBonus: 2 * K });
    for (const [margin, ret] of [[4, 200], [5, 300], [6, 500], [7, 700], [8, 1100], [9, 3100]] as const) {
      expect(betReturn('bankerBonus', { playerTotal: 0, bankerTotal: margin, playerCards: 3, bankerCards: 3, playerPair: false, bankerPair: false, playerPerfect: false, bankerPerfect: false })).toBe(ret);
    }
  });

  it('lucky 6: the banker wins with 6, 12:1 on two cards and 20:1 on three', () => {
    expect(paid({ lucky6: K }, ['Ts', '4s', 'Kh', '2h', '4d'])).toEqual({ lucky6: 13 * K });
    expect(paid({ lucky6: K }, ['Ts', '2s', 'Kh', '2h', '5d', '2c'])).toEqual({ lucky6: 21 * K });
    // The banker's 6 that only ties is no win.
    expect(paid({ lucky6: K }, ['6s', '6h', 'Kh', 'Kd'])).toEqual({ lucky6: 0 });
  });

  it('big 0.54:1 on five or six cards, small 1.5:1 on four', () => {
    expect(paid({ big: K, small: K }, ['9s', '5h', 'Kd', '2c'])).toEqual({ big: 0, small: 2.5 * K });
    expect(paid({ big: K + 1, small: K }, ['Ts', '4s', 'Kh', '2h', '4d'])).toEqual({ big: Math.floor(((K + 1) * 154) / 100), small: 0 });
    expect(paid({ big: K }, ['Ts', '2s', 'Kh', '2h', '5d', '2c'])).toEqual({ big: 1.54 * K });
  });

  it('keeps every bet inside its table limits and refuses unknown bets', () => {
    const source = () => new FairStream({ serverSeed: 'ef'.repeat(32), clientSeed: 'limits', nonce: 3 });
    const code = (input: unknown) => {
      try {
        baccaratGame.play(input as TBaccaratInput, source());
        return 'accepted';
      } catch (err) {
        return err instanceof HouseGameInputError ? err.code : 'other';
      }
    };
    for (const bet of BACCARAT_BETS) {
      const { min, max } = BACCARAT_LIMITS[bet];
      expect([code({ [bet]: min - 1 }), code({ [bet]: min }), code({ [bet]: max }), code({ [bet]: max + 1 })], bet).toEqual(['bad_amount', 'accepted', 'accepted', 'bad_amount']);
    }
    expect(code({ superSix: K })).toBe('unknown_option');
  });
});

describe('baccarat RTP of every bet', () => {
  const exact = baccaratSideOdds();

  it('enumerates the shoe exactly and agrees with issue 5’s edges and the published table', () => {
    const odds = baccaratOdds();
    for (const bet of ['player', 'banker', 'tie', 'playerPair', 'bankerPair'] as const) {
      expect(exact[bet].numerator * odds.edge[bet].denominator).toBe((odds.edge[bet].denominator - odds.edge[bet].numerator) * exact[bet].denominator);
    }
    for (const bet of BACCARAT_BETS) expect(exact[bet].value, bet).toBeCloseTo(BACCARAT_RTP[bet], 6);
    // Known figures of the 8-deck game: either pair 13.71 %, player bonus 2.65 %, banker bonus 9.37 %, big 4.35 %, small 5.28 % edge.
    expect(1 - exact.eitherPair.value).toBeCloseTo(0.1371, 4);
    expect(1 - exact.playerBonus.value).toBeCloseTo(0.0265, 4);
    expect(1 - exact.bankerBonus.value).toBeCloseTo(0.0937, 4);
    expect(1 - exact.big.value).toBeCloseTo(0.0435, 4);
    expect(1 - exact.small.value).toBeCloseTo(0.0528, 3);
  });

  it('the catalogue publishes Banker, the best bet, as its exact fraction (the info panel shows 98.94 %)', () => {
    expect(titleOfEngine('HOUSE_BACCARAT')?.rtp).toBe(nearestDouble(exact.banker.numerator, exact.banker.denominator));
    for (const bet of BACCARAT_BETS) expect(exact[bet].value, bet).toBeLessThanOrEqual(exact.banker.value);
  });

  it('simulates 1,000,000 coups: every bet within the 99 % bound of its exact RTP', () => {
    const n = 1_000_000;
    const source = fastSource('ba5ca7a1ba5ca7a1ba5ca7a1ba5ca7a1');
    const count = BACCARAT_BETS.length;
    const sum = new Float64Array(count);
    const squares = new Float64Array(count);
    const hits = new Float64Array(count);
    const started = performance.now();
    for (let i = 0; i < n; i += 1) {
      const facts = factsOf(dealRound(source));
      for (let b = 0; b < count; b += 1) {
        const r = betReturn(BACCARAT_BETS[b] as TBaccaratBet, facts) / 100;
        sum[b] = (sum[b] as number) + r;
        squares[b] = (squares[b] as number) + r * r;
        if (r > 1) hits[b] = (hits[b] as number) + 1;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    for (let b = 0; b < count; b += 1) {
      const bet = BACCARAT_BETS[b] as TBaccaratBet;
      const measured = (sum[b] as number) / n;
      // The volatility (standard deviation of the return per unit staked) as measured: a million coups pin it well.
      const sigma = Math.sqrt((squares[b] as number) / n - measured * measured);
      const bound = (2.576 * sigma) / Math.sqrt(n);
      const rtp = exact[bet].value;
      // eslint-disable-next-line no-console -- the figures are the point of this test
      console.log(`baccarat ${bet}: RTP exact ${(rtp * 100).toFixed(4)} %, simulated ${(measured * 100).toFixed(4)} % (±${(bound * 100).toFixed(3)}), hit ${(((hits[b] as number) / n) * 100).toFixed(2)} %, volatility ${sigma.toFixed(3)}`);
      expect(Math.abs(measured - rtp), bet).toBeLessThanOrEqual(bound);
    }
    // eslint-disable-next-line no-console -- the figures are the point of this test
    console.log(`baccarat: ${n} coups × ${count} bets in ${seconds.toFixed(2)} s`);
  }, 60_000);
});
