import fs from 'node:fs';
import { z } from 'zod';
import { lineToQuarters } from '../sportsbook-engine/markets.ts';

/**
 * `npm run ops -- sports …` as data (ops.command.ts puts SPORTS_COMMANDS in its union and hands `sports` argv here).
 * The import file is read here, on the operator's machine, and travels inside the command (the embedded database's
 * CLI runs commands through the server's operator API).
 *
 * The fixtures file (example: apps/server/src/db/sports-fixtures.example.json):
 *   { "fixtures": [ {
 *       "id": "EPL-20261129-ARS-CHE",             the fixture's own id: importing it again changes nothing
 *       "sport": "football" | "esports",          default football
 *       "league": { "code": "EPL", "name": "English Premier League" },
 *       "home": "Arsenal", "away": "Chelsea",
 *       "kickoff": "2026-11-29T23:30:00+07:00",   ISO time with its offset
 *       "state": "open" | "scheduled",            default scheduled (opened later by `sports open`)
 *       "margin": 5,                              percent, for markets priced from "fair" (default 5)
 *       "markets": [
 *         { "kind": "oneXTwo", "odds": { "home": 2.10, "draw": 3.40, "away": 3.50 } },
 *         { "kind": "asianHandicap", "line": -0.25, "fair": { "home": 1.98, "away": 2.02 }, "maxStake": 5000 }
 *       ] } ] }
 * A market has "odds" (the decimal prices offered, up to three decimals) or "fair" (fair decimal odds, or
 * probabilities below 1, that the fixture's margin is applied to). Lines are goals (or maps) in steps of 0.25, a
 * handicap from the home side's view. "maxStake" is major units. Kinds: oneXTwo, asianHandicap, overUnder,
 * bothTeamsToScore, correctScore (selections "0-0" … "4-4" and "other"); esports matchWinner, mapHandicap, totalMaps.
 */

const ZFixtureId = z.number().int().positive('a fixture id (see sports list)');
const ZKind = z.enum(['oneXTwo', 'asianHandicap', 'overUnder', 'bothTeamsToScore', 'correctScore', 'matchWinner', 'mapHandicap', 'totalMaps']);
const ZPrice = z.union([z.number().positive(), z.string().regex(/^[0-9]+(\.[0-9]+)?$/, 'a decimal price such as 1.95')]);
const ZMarketRef = z.strictObject({ kind: ZKind, line: z.number().int().nullable() });

export const ZImportMarket = z
  .strictObject({
    kind: ZKind,
    line: z.number().optional(),
    odds: z.record(z.string(), ZPrice).optional(),
    fair: z.record(z.string(), ZPrice).optional(),
    maxStake: z.union([z.number().positive(), z.string().regex(/^[0-9]+(\.[0-9]{1,2})?$/)]).optional(),
  })
  .refine((m) => (m.odds === undefined) !== (m.fair === undefined), 'a market has either "odds" or "fair"');

export const ZImportFixture = z.strictObject({
  id: z.string().trim().min(1).max(80),
  sport: z.enum(['football', 'esports']).default('football'),
  league: z.strictObject({ code: z.string().trim().min(1).max(20), name: z.string().trim().min(1).max(100) }),
  home: z.string().trim().min(1).max(100),
  away: z.string().trim().min(1).max(100),
  kickoff: z.iso.datetime({ offset: true }),
  state: z.enum(['scheduled', 'open']).default('scheduled'),
  margin: z.number().min(0).max(49.99).default(5),
  markets: z.array(ZImportMarket).min(1).max(50),
});
export type TImportFixture = z.infer<typeof ZImportFixture>;
export const ZImportFile = z.strictObject({ fixtures: z.array(ZImportFixture).min(1).max(2000) });

export const SPORTS_COMMANDS = [
  z.strictObject({ kind: z.literal('sports.import'), file: z.string().min(1).max(1000), fixtures: z.array(ZImportFixture).min(1).max(2000) }),
  z.strictObject({
    kind: z.literal('sports.list'),
    state: z.enum(['scheduled', 'open', 'suspended', 'closed', 'resulted', 'void']).nullable(),
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD').nullable(),
    limit: z.number().int().min(1).max(1000),
  }),
  z.strictObject({
    kind: z.literal('sports.odds'),
    fixtureId: ZFixtureId,
    market: ZMarketRef,
    /** Decimal thousandths per selection; or null with marginBp: re-price the current odds with that margin. */
    prices: z.record(z.string(), z.number().int()).nullable(),
    marginBp: z.number().int().min(0).max(4999).nullable(),
  }),
  z.strictObject({ kind: z.literal('sports.suspend'), fixtureId: ZFixtureId, market: ZMarketRef.nullable() }),
  z.strictObject({ kind: z.literal('sports.resume'), fixtureId: ZFixtureId, market: ZMarketRef.nullable() }),
  z.strictObject({ kind: z.literal('sports.open'), fixtureId: ZFixtureId }),
  z.strictObject({ kind: z.literal('sports.close'), fixtureId: ZFixtureId }),
  z.strictObject({ kind: z.literal('sports.result'), fixtureId: ZFixtureId, home: z.number().int().min(0).max(99), away: z.number().int().min(0).max(99) }),
  z.strictObject({ kind: z.literal('sports.void'), fixtureId: ZFixtureId }),
  z.strictObject({ kind: z.literal('sports.exposure'), fixtureId: ZFixtureId }),
] as const;
export type TSportsCommand = z.infer<(typeof SPORTS_COMMANDS)[number]>;

export const SPORTS_USAGE = `  sports import <file.json>                  add the fixtures of a file with their markets (shape: sportsbook.args.ts,
                                             example apps/server/src/db/sports-fixtures.example.json); a fixture
                                             already imported is left as it is
  sports list [--state S] [--day YYYY-MM-DD] [--limit N]
                                             fixtures by kick-off (day in the site's time zone) with state and result
  sports odds <fixtureId> <kind> [--line L] <selection>=<odds>…
                                             set prices (decimal, e.g. home=1.95 away=1.91); bets placed on the old
                                             prices are refused with the new ones
  sports odds <fixtureId> <kind> [--line L] --margin <percent>
                                             re-price the market's current odds with another margin
  sports suspend|resume <fixtureId> [--market <kind[:line]>]
                                             stop or restart betting on a fixture, or on one market of it
  sports open|close <fixtureId>              open a scheduled fixture for bets; close it (kick-off closes it anyway)
  sports result <fixtureId> <home>-<away>    enter the score and settle its bets; again on a resulted fixture it is a
                                             correction: the first settlement is reversed and the bets settled again
  sports void <fixtureId>                    void a fixture: every leg on it counts 1.000 (singles get their stake back)
  sports exposure <fixtureId>                the book's liability per result over the open bets, worst first`;

export const SPORTS_OPTIONS = new Set(['state', 'day', 'limit', 'line', 'margin', 'market']);

export class SportsArgsError extends Error {}

const MAX_IMPORT_BYTES = 3 * 1024 * 1024;

function onlyOptions(options: ReadonlyMap<string, string>, allowed: string[], what: string): void {
  for (const name of options.keys()) if (!allowed.includes(name)) throw new SportsArgsError(`--${name} does not apply to "sports ${what}"`);
}

function fixtureIdOf(text: string | undefined, what: string): number {
  if (!/^[1-9][0-9]{0,14}$/.test(text ?? '')) throw new SportsArgsError(`sports ${what} needs a fixture id (see sports list), e.g. sports ${what} 12${text === undefined ? '' : `, not "${text}"`}`);
  return Number(text);
}

/** A line in goals ("-0.25", "2.5") as quarters. */
export function quartersOf(text: string): number {
  const goals = /^[+-]?[0-9]{1,2}(\.[0-9]{1,2})?$/.test(text) ? Number(text) : NaN;
  const quarters = Number.isFinite(goals) ? lineToQuarters(goals) : null;
  if (quarters === null) throw new SportsArgsError(`a line is goals in steps of 0.25 such as -0.75, 0 or 2.5, not "${text}"`);
  return quarters;
}

/** "1.95" → 1950 (thousandths, up to three decimals). */
export function thousandthsOf(text: string): number | null {
  const m = /^([0-9]{1,7})(?:\.([0-9]{1,3}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0'));
}

function marginBpOf(text: string): number {
  const m = /^([0-9]{1,2})(?:\.([0-9]{1,2}))?$/.exec(text);
  if (!m) throw new SportsArgsError(`--margin is a percentage such as 5 or 4.5, not "${text}"`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

function marketRefOf(text: string): { kind: string; line: number | null } {
  const [kind = '', line] = text.split(':');
  return { kind, line: line === undefined ? null : quartersOf(line) };
}

/** `sports …` (after the word sports) to a command (validated by ops.command.ts's union). */
export function sportsArgs(positional: readonly string[], options: ReadonlyMap<string, string>): unknown {
  const [sub, a, b] = positional;
  const rest = positional.slice(3);
  switch (sub) {
    case 'import': {
      onlyOptions(options, [], 'import');
      if (!a || b !== undefined) throw new SportsArgsError('sports import needs one file, e.g. sports import apps/server/src/db/sports-fixtures.example.json');
      let json: unknown;
      try {
        // The file travels inside the command (through the operator API on the embedded database): 3 MB at most.
        if (fs.statSync(a).size > MAX_IMPORT_BYTES) throw new Error(`larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB: split it into several files`);
        json = JSON.parse(fs.readFileSync(a, 'utf8'));
      } catch (err) {
        throw new SportsArgsError(`cannot read ${a}: ${(err as Error).message}`);
      }
      const parsed = ZImportFile.safeParse(json);
      if (!parsed.success) throw new SportsArgsError(`${a}: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'file'}: ${i.message}`).join('; ')}`);
      return { kind: 'sports.import', file: a, fixtures: parsed.data.fixtures };
    }
    case 'list':
      onlyOptions(options, ['state', 'day', 'limit'], 'list');
      if (a !== undefined) throw new SportsArgsError(`unexpected argument "${a}"`);
      return { kind: 'sports.list', state: options.get('state') ?? null, day: options.get('day') ?? null, limit: Number(options.get('limit') ?? 50) };
    case 'odds': {
      onlyOptions(options, ['line', 'margin'], 'odds');
      const fixtureId = fixtureIdOf(a, 'odds');
      if (!b) throw new SportsArgsError('sports odds needs a market kind, e.g. sports odds 12 asianHandicap --line -0.25 home=1.95 away=1.91');
      const line = options.has('line') ? quartersOf(options.get('line') ?? '') : null;
      const market = { kind: b, line };
      if (options.has('margin')) {
        if (rest.length > 0) throw new SportsArgsError('sports odds takes either prices or --margin, not both');
        return { kind: 'sports.odds', fixtureId, market, prices: null, marginBp: marginBpOf(options.get('margin') ?? '') };
      }
      if (rest.length === 0) throw new SportsArgsError('sports odds needs <selection>=<odds>… (e.g. home=1.95 away=1.91) or --margin <percent>');
      const prices: Record<string, number> = {};
      for (const pair of rest) {
        const [selection = '', price = ''] = pair.split('=');
        const odds = thousandthsOf(price);
        if (!selection || odds === null) throw new SportsArgsError(`"${pair}" is not <selection>=<decimal odds> such as home=1.95`);
        if (selection in prices) throw new SportsArgsError(`${selection} given twice`);
        prices[selection] = odds;
      }
      return { kind: 'sports.odds', fixtureId, market, prices, marginBp: null };
    }
    case 'suspend':
    case 'resume':
      onlyOptions(options, ['market'], sub);
      if (b !== undefined) throw new SportsArgsError(`unexpected argument "${b}"`);
      return { kind: `sports.${sub}`, fixtureId: fixtureIdOf(a, sub), market: options.has('market') ? marketRefOf(options.get('market') ?? '') : null };
    case 'open':
    case 'close':
    case 'exposure':
      onlyOptions(options, [], sub);
      if (b !== undefined) throw new SportsArgsError(`unexpected argument "${b}"`);
      return { kind: `sports.${sub}`, fixtureId: fixtureIdOf(a, sub) };
    case 'result': {
      onlyOptions(options, [], 'result');
      const fixtureId = fixtureIdOf(a, 'result');
      const score = /^([0-9]{1,2})-([0-9]{1,2})$/.exec(b ?? '');
      if (!score || rest.length > 0) throw new SportsArgsError(`sports result needs the score as <home>-<away>, e.g. sports result ${fixtureId} 2-1`);
      return { kind: 'sports.result', fixtureId, home: Number(score[1]), away: Number(score[2]) };
    }
    case 'void':
      onlyOptions(options, [], 'void');
      if (b !== undefined) throw new SportsArgsError(`unexpected argument "${b}"`);
      return { kind: 'sports.void', fixtureId: fixtureIdOf(a, 'void') };
    default:
      throw new SportsArgsError('sports supports: import, list, odds, suspend, resume, open, close, result, void, exposure');
  }
}
