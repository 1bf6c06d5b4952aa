import { describe, expect, it } from 'vitest';
import { commitOf, HOUSE_GAMES, HouseGameInputError, MAX_STAKE, newServerSeed, playRound, verifyRound } from './index.ts';
import { HOUSE_TITLES } from '@playhall/contract/house-rules/catalog';
import { OCEAN_HUNTER } from '@playhall/contract/house-rules/fishing';
import { luckyCrown } from '@playhall/contract/house-rules/slot';

const seeds = { serverSeed: newServerSeed(), clientSeed: 'lucky-me', nonce: 12 };
const inputs: Record<string, unknown> = {
  HOUSE_SLOT_LUCKY_CROWN: { betPerLine: 10 },
  HOUSE_BACCARAT: { player: 500_000, tie: 100_000, playerPair: 100_000, lucky6: 100_000 },
  HOUSE_DRAGON_TIGER: { dragon: 500_000, tie: 100_000, tigerRed: 100_000 },
  HOUSE_FISHING_OCEAN_HUNTER: { bet: 20, target: 'turtle' },
  HOUSE_PVP_DICE_DUEL: { ante: 1000, players: ['m1', 'm2', 'm3'] },
};

describe('house games registry', () => {
  it('offers every solo title of the catalogue, and the rooms’ engines, through one interface', () => {
    for (const title of HOUSE_TITLES.filter((t) => t.kind === 'solo')) expect(HOUSE_GAMES.has(title.engine), title.houseGame).toBe(true);
    for (const code of Object.keys(inputs)) expect(HOUSE_GAMES.has(code), code).toBe(true);
    for (const [code, game] of HOUSE_GAMES) {
      expect(game.code).toBe(code);
      expect(game.name).not.toBe('');
    }
  });

  it('plays each game from the seeds, the same way twice, with a sane settlement', () => {
    for (const [code, input] of Object.entries(inputs)) {
      const outcome = playRound(code, input, seeds);
      expect(outcome).toEqual(playRound(code, input, seeds));
      expect(outcome!.stake).toBeGreaterThan(0);
      expect(outcome!.payout).toBeGreaterThanOrEqual(0);
      expect(outcome!.validBet).toBeLessThanOrEqual(outcome!.stake);
      // The record's detail must survive JSON storage.
      expect(JSON.parse(JSON.stringify(outcome!.detail))).toEqual(outcome!.detail);
    }
  });

  it('refuses an input that is not an object with a game error, for every game', () => {
    for (const code of Object.keys(inputs)) {
      for (const input of [null, 5, 'x', []]) expect(() => playRound(code, input, seeds), code).toThrow(HouseGameInputError);
    }
  });

  it('answers null for an unknown game', () => {
    expect(playRound('NOPE', {}, seeds)).toBeNull();
    expect(verifyRound('NOPE', {}, { ...seeds, serverSeedHash: commitOf(seeds.serverSeed) }, {})).toBeNull();
  });

  it('verifies a recorded round from the revealed seed, even when storage reordered its keys', () => {
    const serverSeedHash = commitOf(seeds.serverSeed);
    for (const [code, input] of Object.entries(inputs)) {
      const recorded = playRound(code, input, seeds)!.detail as Record<string, unknown>;
      const reordered = Object.fromEntries(Object.entries(recorded).reverse());
      expect(verifyRound(code, input, { ...seeds, serverSeedHash }, reordered)).toMatchObject({ commitMatches: true, outcomeMatches: true });
      const [firstKey] = Object.keys(recorded);
      const tampered = { ...recorded, [firstKey as string]: 'tampered' };
      expect(verifyRound(code, input, { ...seeds, serverSeedHash }, tampered)?.outcomeMatches, code).toBe(false);
      expect(verifyRound(code, input, { ...seeds, serverSeedHash: commitOf(newServerSeed()) }, recorded)?.commitMatches).toBe(false);
    }
  });

  it('keeps the largest possible payout of a maximum stake inside the ledger’s posting limit (10^13)', () => {
    const LEDGER_LIMIT = 10_000_000_000_000;
    expect(MAX_STAKE * luckyCrown.maxMultiplier).toBeLessThan(LEDGER_LIMIT);
    expect(MAX_STAKE * 5 * 12).toBeLessThan(LEDGER_LIMIT); // five baccarat bets, the best pays 12 for 1
    expect(MAX_STAKE * Math.max(...OCEAN_HUNTER.fish.map((f) => f.multiplier))).toBeLessThan(LEDGER_LIMIT);
    expect(MAX_STAKE * 6).toBeLessThan(LEDGER_LIMIT); // a full dice room's pot
  });
});
