import { describe, expect, it } from 'vitest';
import { STAKES } from '../stakes.ts';
import { titleOfEngine } from './catalog.ts';
import { DEFAULT_RAKE_BASIS_POINTS, diceRoomGame, MAX_PLAYERS, MIN_PLAYERS, playDiceRoom, type DiceRoomInput } from './dice-room.ts';
import { commitOf, FairStream } from './fair.ts';
import { HouseGameInputError, ratio } from './house-game.ts';
import { recheckRound } from './registry.ts';
import { fastSource, scriptedSource, wordFor } from './test-support.ts';

/** A source rolling these dice, two per seat in seat order. */
const dice = (faces: number[]) => scriptedSource(faces.map((f) => wordFor(f - 1, 6)));

describe('PVP dice room', () => {
  it('gives the pot (antes less 5 % rake) to the highest total', () => {
    const source = dice([3, 4, 6, 6, 1, 2]);
    const outcome = playDiceRoom({ ante: 1000, players: ['ann', 'bob', 'cy'] }, source);
    expect(source.left()).toBe(0);
    expect(outcome).toMatchObject({ stake: 3000, payout: 2850, validBet: 3000, detail: { pot: 2850, houseTake: 150, rakeBasisPoints: 500 } });
    expect(outcome.detail.seats.map((s) => [s.player, s.dice, s.total, s.payout])).toEqual([
      ['ann', [3, 4], 7, 0],
      ['bob', [6, 6], 12, 2850],
      ['cy', [1, 2], 3, 0],
    ]);
  });

  it('splits the pot among tied winners and gives the remainder of the split to the house', () => {
    // 3 × 333 = 999; pot = floor(999 × 0.95) = 949; three winners get 316 each, the house 999 − 948 = 51.
    const outcome = playDiceRoom({ ante: 333, players: ['a', 'b', 'c'] }, dice([5, 5, 4, 6, 6, 4]));
    expect(outcome.detail.seats.map((s) => s.payout)).toEqual([316, 316, 316]);
    expect(outcome.detail).toMatchObject({ pot: 949, houseTake: 51 });
    const two = playDiceRoom({ ante: 1000, players: ['a', 'b', 'c'] }, dice([6, 5, 1, 1, 5, 6]));
    expect(two.detail.seats.map((s) => s.payout)).toEqual([1425, 0, 1425]);
  });

  it('counts every seat’s ante as its stake and valid bet, winners and losers alike', () => {
    const outcome = playDiceRoom({ ante: 500, players: ['a', 'b'] }, dice([1, 1, 2, 2]));
    expect(outcome.detail.seats.map((s) => [s.stake, s.validBet])).toEqual([[500, 500], [500, 500]]);
  });

  it('conserves money: seat payouts + house take = antes, never a negative payout (5,000 random rooms)', () => {
    const source = fastSource();
    const broken: unknown[] = [];
    for (let i = 0; i < 5_000; i += 1) {
      const seats = 2 + (source.nextUint32() % 5);
      const input: DiceRoomInput = {
        ante: 1 + (source.nextUint32() % 100_000),
        players: Array.from({ length: seats }, (_, k) => `p${k}`),
        rakeBasisPoints: source.nextUint32() % 2_000,
      };
      const { stake, payout, detail } = playDiceRoom(input, source);
      const seatPaid = detail.seats.reduce((s, seat) => s + seat.payout, 0);
      const seatStaked = detail.seats.reduce((s, seat) => s + seat.stake, 0);
      const ok = seatPaid === payout && seatStaked === stake && payout + detail.houseTake === stake
        && detail.seats.every((seat) => seat.payout >= 0 && seat.dice.every((d) => d >= 1 && d <= 6))
        && detail.houseTake >= stake - detail.pot && detail.seats.some((seat) => seat.winner);
      if (!ok) broken.push({ input, detail });
    }
    expect(broken).toEqual([]);
  });

  it('refuses rooms with too few, too many or repeated players, and bad antes or rakes', () => {
    const stream = new FairStream({ serverSeed: 'ef'.repeat(32), clientSeed: 'room-1', nonce: 0 });
    const play = (input: Partial<DiceRoomInput>) => () => diceRoomGame.play({ ante: 100, players: ['a', 'b'], ...input }, stream);
    expect(play({ players: ['a'] })).toThrow(HouseGameInputError);
    expect(play({ players: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] })).toThrow(/2 to 6/);
    expect(play({ players: ['a', 'a'] })).toThrow(/different/);
    expect(play({ ante: 0 })).toThrow(/ante/);
    expect(play({ rakeBasisPoints: 10_000 })).toThrow(/rake/);
    expect(play({})).not.toThrow();
  });

  it('replays a fixed room round from the fair stream', () => {
    const seeds = { serverSeed: '0123456789abcdef'.repeat(4), clientSeed: 'room-42', nonce: 9 };
    const input = { ante: 2000, players: ['m1', 'm2', 'm3', 'm4'] };
    const first = diceRoomGame.play(input, new FairStream(seeds));
    expect(diceRoomGame.play(input, new FairStream(seeds))).toEqual(first);
    expect(first.detail.seats.map((s) => `${s.player}:${s.dice.join('+')}=${s.payout}`)).toMatchInlineSnapshot(`
      [
        "m1:4+3=0",
        "m2:1+6=0",
        "m3:6+2=7600",
        "m4:3+4=0",
      ]
    `);
  });

  it('returns 95 % of every ante over 1,000,000 rooms of three (the rake), printing hit frequency and volatility', () => {
    // Ante 1,000 × 3: the pot 2,850 splits evenly between one, two or three winners, so a seat's return is exactly 0.95.
    const source = fastSource('446963654475656c2d314d2d726f6f6d');
    const rooms = 1_000_000;
    const input: DiceRoomInput = { ante: 1000, players: ['a', 'b', 'c'] };
    let returned = 0;
    let squares = 0;
    let hits = 0;
    for (let i = 0; i < rooms; i += 1) {
      for (const seat of playDiceRoom(input, source).detail.seats) {
        const r = seat.payout / seat.stake;
        returned += r;
        squares += r * r;
        if (seat.payout > 0) hits += 1;
      }
    }
    const n = rooms * 3;
    const rtp = returned / n;
    const sigma = Math.sqrt(squares / n - rtp * rtp);
    // Every room returns exactly 95 % of its antes; a seat's share varies (the bound is on the seat's return).
    // eslint-disable-next-line no-console -- the issue asks for the figures to be printed
    console.log(`Dice Duel: RTP per seat ${(rtp * 100).toFixed(3)} % (exact 95 %), hit ${((hits / n) * 100).toFixed(1)} %, volatility σ ${sigma.toFixed(3)}, ${rooms} rooms of 3`);
    expect(Math.abs(rtp - 0.95)).toBeLessThanOrEqual(1e-9);
  }, 120_000);

  it('re-checks a round from the record the room service writes: the seeds in the detail, the seats in the outcome', () => {
    const seed = { serverSeed: 'c'.repeat(64), clientSeed: 'room:dice-1', nonce: 4 };
    const outcome = diceRoomGame.play({ ante: 500_000, players: ['member01', 'member02'] }, new FairStream(seed)).detail;
    const detail = JSON.parse(JSON.stringify({ room: 'dice-1', roundNo: 4, seed: { ...seed, serverSeedHash: commitOf(seed.serverSeed) }, outcome })) as Record<string, unknown>;
    const engine = diceRoomGame.code;
    expect(recheckRound(engine, { detail, fairness: null })).toEqual({ commitMatches: true, outcomeMatches: true });
    const [first, ...rest] = outcome.seats;
    const other = first && { ...first, dice: [first.dice[0] === 6 ? 1 : 6, first.dice[1]] };
    expect(recheckRound(engine, { detail: { ...detail, outcome: { ...outcome, seats: [other, ...rest] } }, fairness: null })).toEqual({ commitMatches: true, outcomeMatches: false });
    expect(recheckRound(engine, { detail: { ...detail, seed: { ...seed, serverSeed: 'd'.repeat(64), serverSeedHash: commitOf(seed.serverSeed) } }, fairness: null })?.commitMatches).toBe(false);
    expect(recheckRound(engine, { detail: { ...detail, outcome: null }, fairness: null })).toEqual({ commitMatches: false, outcomeMatches: false });
    expect(recheckRound(engine, { detail: { ...detail, seed: undefined }, fairness: null })).toBeNull();
  });

  it('publishes 95 %, the antes less the rake: exact to that figure in every room of the site, by the 36^seats rolls', () => {
    expect(titleOfEngine(diceRoomGame.code)?.rtp).toBe((10_000 - DEFAULT_RAKE_BASIS_POINTS) / 10_000);
    // The ways (of 36) two dice make each total 2..12, and the ways to roll below it.
    const ways = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1].map(BigInt);
    const below = ways.map((_, i) => ways.slice(0, i).reduce((a, b) => a + b, 0n));
    const choose = (n: number, k: number): bigint => (k === 0 ? 1n : (choose(n - 1, k - 1) * BigInt(n)) / BigInt(k));
    for (const ante of STAKES.diceAntes) {
      for (let seats = MIN_PLAYERS; seats <= MAX_PLAYERS; seats += 1) {
        const players = Array.from({ length: seats }, (_, i) => `p${i}`);
        let paid = 0n;
        let rolls = 0n;
        for (let winners = 1; winners <= seats; winners += 1) {
          // What the engine pays when `winners` seats share the highest total (the first ones roll 6+6, the rest 1+1).
          const faces = players.flatMap((_, i) => (i < winners ? [6, 6] : [1, 1]));
          const pays = BigInt(playDiceRoom({ ante, players }, dice(faces)).payout);
          for (let t = 0; t < ways.length; t += 1) {
            const n = choose(seats, winners) * (ways[t] as bigint) ** BigInt(winners) * (below[t] as bigint) ** BigInt(seats - winners);
            rolls += n;
            paid += n * pays;
          }
        }
        expect(rolls).toBe(36n ** BigInt(seats));
        const rtp = ratio(paid, rolls * BigInt(ante * seats)).value;
        // Below 95 % only by a split pot's remainder (under one minor unit per winner), so 95.00 % to the published figure.
        expect(rtp, `ante ${ante}, ${seats} seats`).toBeLessThanOrEqual(0.95);
        expect((rtp * 100).toFixed(2), `ante ${ante}, ${seats} seats`).toBe('95.00');
      }
    }
  });
});
