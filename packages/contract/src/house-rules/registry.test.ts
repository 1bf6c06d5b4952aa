import { describe, expect, it } from 'vitest';
import { HOUSE_TITLES, titleOfEngine } from './catalog.ts';
import { commitOf, FairStream } from './fair.ts';
import { HouseGameInputError } from './house-game.ts';
import { ENGINES, recheckRound, type AnyHouseGame, type TRecordedRound } from './registry.ts';

/**
 * The browser's re-check (the betting record's "Re-check in the browser"): every engine of the registry replays a
 * round recorded from fixed seeds and passes; a tampered record or seed fails; every title of the catalogue can be
 * re-checked (an engine of the `HouseGame` shape or a family's own re-check).
 */

const SEEDS = { serverSeed: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08', clientSeed: 'registry-test', nonce: 7 };

/** Inputs tried in turn for an engine without its own sample: the first one it accepts is played. */
const CANDIDATES: readonly unknown[] = [
  { betPerLine: 100 },
  { bet: 10_000 },
  { bet: 10_000, target: null },
  { player: 10_000 },
  { bets: { player: 10_000 } },
  { bets: [{ type: 'red', amount: 10_000 }] },
  { bets: [{ kind: 'red', amount: 10_000 }] },
];

/** Inputs that exercise a draw (a shot at water draws nothing). */
const SAMPLES: Readonly<Record<string, unknown>> = {
  HOUSE_SLOT_LUCKY_CROWN: { betPerLine: 100 },
  HOUSE_BACCARAT: { player: 1_000_000, tie: 1_000_000 },
  HOUSE_ROULETTE_EU: { bets: [{ type: 'red', amount: 1_000_000 }, { type: 'straight', selection: [17], amount: 1_000_000 }] },
  HOUSE_SICBO: { bets: [{ type: 'big', amount: 1_000_000 }, { type: 'single', selection: 4, amount: 1_000_000 }] },
  HOUSE_DRAGON_TIGER: { dragon: 1_000_000, tie: 1_000_000 },
  HOUSE_PVP_DICE_DUEL: { ante: 1_000_000, players: ['a', 'b', 'c'] },
  HOUSE_XOCDIA: { chan: 1_000_000, red4: 1_000_000 },
  HOUSE_BAUCUA: { bau: 1_000_000, cua: 1_000_000 },
  HOUSE_PLINKO: { amount: 1_000_000, rows: 12, risk: 'medium' },
  HOUSE_KENO: { amount: 1_000_000, picks: [1, 7, 19, 33, 40] },
  HOUSE_FISHING_OCEAN_HUNTER: { bet: 10_000, target: 'clownfish' },
  HOUSE_FISHING_DRAGON: { bet: 10_000, weapon: 'lightning', level: 2, targets: ['koi', 'whale', 'golden-dragon'] },
};

function record(game: AnyHouseGame): TRecordedRound | null {
  // The data-driven slot titles (slot-engine.ts) carry their page's first bet.
  const slotBet = (game as { config?: { bet?: { default?: number } } }).config?.bet?.default;
  const inputs = game.code in SAMPLES ? [SAMPLES[game.code]] : slotBet ? [{ bet: slotBet }] : CANDIDATES;
  for (const input of inputs) {
    try {
      const outcome = game.play(input, new FairStream(SEEDS));
      const fairness = { serverSeedHash: commitOf(SEEDS.serverSeed), serverSeed: SEEDS.serverSeed, clientSeed: SEEDS.clientSeed, nonce: SEEDS.nonce };
      // The dice room's record (dice-room.service.ts): the room round's seeds in the detail, the seats in the outcome.
      if (titleOfEngine(game.code)?.kind === 'room') return { detail: JSON.parse(JSON.stringify({ seed: fairness, outcome: outcome.detail })) as Record<string, unknown>, fairness: null };
      return {
        // As the betting record holds it: read back from jsonb, so no undefined fields and keys in any order.
        detail: JSON.parse(JSON.stringify({ outcome: outcome.detail, input })) as Record<string, unknown>,
        fairness,
      };
    } catch (err) {
      if (!(err instanceof HouseGameInputError)) throw err;
    }
  }
  return null;
}

/** A copy of the outcome with one number or flag changed (the first one found, depth first). */
function tamper(value: unknown): [unknown, boolean] {
  if (typeof value === 'number') return [value + 1, true];
  if (typeof value === 'boolean') return [!value, true];
  if (typeof value === 'string') return [`${value}x`, true];
  if (Array.isArray(value)) {
    const copy = [...value];
    for (let i = 0; i < copy.length; i += 1) {
      const [changed, done] = tamper(copy[i]);
      if (done) {
        copy[i] = changed;
        return [copy, true];
      }
    }
    return [copy, false];
  }
  if (value && typeof value === 'object') {
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const key of Object.keys(copy)) {
      const [changed, done] = tamper(copy[key]);
      if (done) {
        copy[key] = changed;
        return [copy, true];
      }
    }
    return [copy, false];
  }
  return [value, false];
}

describe('house-rules registry: the browser re-check', () => {
  const engines = [...ENGINES.values()];

  it('has the engines of issue 5 and Dragon Fishing', () => {
    for (const code of ['HOUSE_SLOT_LUCKY_CROWN', 'HOUSE_BACCARAT', 'HOUSE_FISHING_OCEAN_HUNTER', 'HOUSE_FISHING_DRAGON']) expect(ENGINES.has(code), code).toBe(true);
  });

  it('replays a round of every registered engine from fixed seeds, and the re-check passes', () => {
    const unplayable: string[] = [];
    for (const game of engines) {
      const round = record(game);
      if (!round) {
        unplayable.push(game.code);
        continue;
      }
      expect(recheckRound(game.code, round), game.code).toEqual({ commitMatches: true, outcomeMatches: true });
    }
    // An engine none of the sample inputs fits needs its sample in SAMPLES.
    expect(unplayable, `engines without a sample input: ${unplayable.join(', ')}`).toEqual([]);
  });

  it('fails a tampered outcome, a tampered seed, and waits for an unrevealed seed', () => {
    for (const game of engines) {
      const round = record(game);
      if (!round?.fairness) continue;
      const [outcome, changed] = tamper(round.detail.outcome);
      if (changed) expect(recheckRound(game.code, { ...round, detail: { ...round.detail, outcome } })?.outcomeMatches, game.code).toBe(false);
      const otherSeed = `${round.fairness.serverSeed?.slice(0, 63)}${round.fairness.serverSeed?.endsWith('0') ? '1' : '0'}`;
      expect(recheckRound(game.code, { ...round, fairness: { ...round.fairness, serverSeed: otherSeed } })?.commitMatches, game.code).toBe(false);
      expect(recheckRound(game.code, { ...round, fairness: { ...round.fairness, serverSeed: null } }), game.code).toBeNull();
    }
  });

  it('knows no engine it was not given', () => {
    expect(recheckRound('NO_SUCH_ENGINE', { detail: {}, fairness: null })).toBeNull();
  });

  it('can re-check every title of the catalogue (an engine or a family re-check for each)', () => {
    // A family's own re-check answers something other than "unknown engine" for a round without seeds only when it
    // exists, so the registry's engines and the re-checks are both looked up.
    const missing = HOUSE_TITLES.filter((t) => !ENGINES.has(t.engine) && !hasRecheck(t.engine)).map((t) => `${t.houseGame} (${t.engine})`);
    expect(missing, `titles without an engine or re-check: ${missing.join(', ')}`).toEqual([]);
  });
});

/** Whether a family registered its own re-check for the engine: it is called (a throw counts as present). */
function hasRecheck(engine: string): boolean {
  let called = false;
  const probe: TRecordedRound = {
    get detail(): Record<string, unknown> {
      called = true;
      return {};
    },
    get fairness() {
      called = true;
      return null;
    },
  };
  try {
    recheckRound(engine, probe);
  } catch {
    return true;
  }
  return called;
}
