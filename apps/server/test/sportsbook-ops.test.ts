import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TBookFixture, TBookFixtures, TPlacedBet, TPlaceBetRequest } from '@playhall/contract/sportsbook-api';
import { STAKES } from '@playhall/contract/stakes';
import { rowsOf } from '../src/db/client.ts';
import { parseOpsCommand, UsageError } from '../src/modules/ops/ops.command.ts';
import { OpsRefusal, runOpsCommand } from '../src/modules/ops/ops.service.ts';
import { EXAMPLE_FIXTURES_FILE } from '../src/db/seed-sports.ts';
import { apiOf, type TApi } from './support/api.ts';
import { bookMember } from './support/sports-book.ts';
import { createTestApp, TEST_DB, TEST_MERCHANT, type TTestApp } from './support/test-app.ts';
import { forkCli } from './support/cli-process.ts';

/**
 * `npm run ops -- sports …` as the operator runs it: on PostgreSQL the real CLI process (its own connection), on PGlite
 * (one process per database) the same parse and run in this process. Bets are placed through the book page's API.
 */

let t: TTestApp;
let api: TApi;
const member0 = bookMember(() => t, () => api);
const { login, balance, ledgerClean } = member0;
const bookToken = (tok: string) => member0.launch(tok, 'PH_SPORTS', 'sportsbook');
const book = async <T,>(method: 'GET' | 'POST', url: string, gameTok: string, body?: unknown) => (await member0.book<T>(method, url, gameTok, body)).body;
let dir: string;

async function ops(...argv: string[]): Promise<{ code: number; out: string }> {
  if (TEST_DB === 'postgres' && t.databaseUrl) {
    return new Promise((resolve, reject) => {
      const child = forkCli(argv, { ...process.env, DATABASE_URL: t.databaseUrl ?? '', MERCHANT_CODE: TEST_MERCHANT, SEED_DEMO: '0', OPS_ACTOR: 'cli-test' }, ['ignore', 'pipe', 'pipe', 'ipc']);
      let out = '';
      child.stdout?.on('data', (b: Buffer) => (out += b.toString()));
      child.stderr?.on('data', (b: Buffer) => (out += b.toString()));
      child.once('exit', (code) => resolve({ code: code ?? 1, out: out.trimEnd() }));
      child.once('error', reject);
    });
  }
  try {
    const r = await runOpsCommand(t.database.db, t.merchantId, 'cli-test', parseOpsCommand(argv));
    return { code: r.ok ? 0 : 1, out: r.message };
  } catch (err) {
    if (err instanceof UsageError) return { code: 2, out: err.message };
    if (err instanceof OpsRefusal) return { code: 1, out: err.message };
    throw err;
  }
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(query));
}

const HOUR = 3_600_000;
const K = STAKES.minStake; // 1,000 ₫
let member: string;
let gt: string;
const fixtureIds = new Map<string, number>();

async function fixtures(): Promise<TBookFixture[]> {
  return (await book<TBookFixtures>('GET', 'fixtures', gt)).value.fixtures;
}
async function market(externalId: string, kind: string) {
  const f = (await fixtures()).find((x) => x.fixtureId === fixtureIds.get(externalId));
  const m = f?.markets.find((x) => x.kind === kind);
  if (!m) throw new Error(`${externalId} ${kind} not listed`);
  return m;
}
const priceOf = (m: TBookFixture['markets'][number], selection: string) => m.selections.find((s) => s.selection === selection)?.odds ?? 0;
async function bet(legs: TPlaceBetRequest['legs'], stake: number): Promise<{ code: string; value: TPlacedBet }> {
  return book<TPlacedBet>('POST', 'bet', gt, { slipId: crypto.randomUUID(), stake, legs, acceptBetterOdds: false });
}

beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
  member = await login('member01');
  gt = await bookToken(member);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sports-ops-'));
  const kickoff = new Date(Date.now() + 2 * HOUR).toISOString();
  const fixture = (id: string, home: string, away: string, extra: Record<string, unknown> = {}) => ({
    id,
    league: { code: 'VL1', name: 'V.League 1' },
    home,
    away,
    kickoff,
    state: 'open',
    markets: [
      { kind: 'oneXTwo', odds: { home: 2.1, draw: 3.3, away: 3.5 } },
      { kind: 'asianHandicap', line: -0.25, odds: { home: 1.95, away: 1.9 } },
      { kind: 'overUnder', line: 2.5, fair: { over: 2, under: 2 } },
    ],
    ...extra,
  });
  fs.writeFileSync(
    path.join(dir, 'week.json'),
    JSON.stringify({ fixtures: [fixture('OPS-A', 'Hà Nội FC', 'Công An Hà Nội'), fixture('OPS-B', 'Nam Định', 'Hải Phòng'), fixture('OPS-C', 'Bình Định', 'Quảng Nam', { state: 'scheduled' })] }),
  );
  fs.writeFileSync(path.join(dir, 'bad-line.json'), JSON.stringify({ fixtures: [fixture('OPS-BAD', 'X FC', 'Y FC', { markets: [{ kind: 'asianHandicap', line: 0.3, odds: { home: 1.9, away: 1.9 } }] })] }));
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('ops sports', () => {
  it('imports a fixtures file once: a second import of the same file changes nothing', async () => {
    const first = await ops('sports', 'import', EXAMPLE_FIXTURES_FILE);
    expect(first, first.out).toMatchObject({ code: 0 });
    expect(first.out).toMatch(/^6 fixture\(s\) added/);
    const count = async () => (await rows<{ f: number; m: number }>(sql`select count(distinct f.id)::int as f, count(m.id)::int as m from sports_fixtures f join sports_markets m on m.fixture_id = f.id where f.source = 'manual'`))[0];
    const before = await count();
    expect(before?.f).toBe(6);
    const second = await ops('sports', 'import', EXAMPLE_FIXTURES_FILE);
    expect(second.out).toMatch(/^0 fixture\(s\) added; 6 already there/);
    expect(await count()).toEqual(before);
    // "fair" prices get the fixture's margin (6 %): fair evens 2.00 → 1 / (0.5 × 1.06) = 1.886… → 1.88.
    const [ah] = await rows<{ odds: Record<string, number> }>(sql`select m.odds from sports_markets m join sports_fixtures f on f.id = m.fixture_id where f.external_id = 'VL1-20261128-NDI-HAGL' and m.kind = 'asianHandicap'`);
    expect(ah?.odds).toEqual({ home: 1880, away: 1880 });
    const audits = await rows<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'sports.import'`);
    expect(audits[0]?.n).toBe(2);

    const week = await ops('sports', 'import', path.join(dir, 'week.json'));
    expect(week.out).toMatch(/^3 fixture\(s\) added/);
    for (const r of await rows<{ id: number; external_id: string }>(sql`select id::int, external_id from sports_fixtures where external_id like 'OPS-%'`)) fixtureIds.set(r.external_id, r.id);
    const list = await ops('sports', 'list', '--state', 'scheduled');
    expect(list.out.split('\n').slice(1).map((l) => l.split('\t')[0])).toEqual([String(fixtureIds.get('OPS-C'))]);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const id = String(fixtureIds.get('OPS-A'));
    const fixturesBefore = (await rows<{ n: number }>(sql`select count(*)::int as n from sports_fixtures`))[0]?.n;
    const cases: [string[], number, RegExp][] = [
      [['sports', 'import', path.join(dir, 'missing.json')], 2, /cannot read/],
      [['sports', 'import', path.join(dir, 'bad-line.json')], 1, /the line 0.3 is not a multiple of 0.25/],
      [['sports', 'odds', '999999', 'oneXTwo', 'home=2'], 1, /no fixture 999999/],
      [['sports', 'odds', 'abc', 'oneXTwo', 'home=2'], 2, /needs a fixture id/],
      [['sports', 'odds', id, 'oneXTwo', 'home=0.9'], 1, /odds are between 1.001 and 1000.000/],
      [['sports', 'odds', id, 'oneXTwo', 'home=x'], 2, /is not <selection>=<decimal odds>/],
      [['sports', 'odds', id, 'oneXTwo', 'over=1.9'], 1, /oneXTwo has no selection over/],
      [['sports', 'odds', id, 'asianHandicap', '--line', '0.3', 'home=1.9'], 2, /a line is goals in steps of 0.25/],
      [['sports', 'odds', id, 'asianHandicap', '--line', '0.5', 'home=1.9'], 1, /has no asianHandicap 0.5 market; it offers oneXTwo, asianHandicap:-0.25, overUnder:2.5/],
      [['sports', 'odds', id, 'matchWinner', 'home=1.9'], 1, /matchWinner is not a football market/],
      [['sports', 'result', id, '1:0'], 2, /the score as <home>-<away>/],
      [['sports', 'result', id, '1-0'], 1, /kicks off at .*: a result comes after kick-off/],
      [['sports', 'result', String(fixtureIds.get('OPS-C')), '1-0'], 1, /never open for bets: void it/],
      [['sports', 'resume', id], 1, /is open, not suspended/],
      [['sports', 'list', '--day', '2026-02-30'], 1, /is not a day/],
      [['sports', 'explode', id], 2, /sports supports: import, list, odds/],
    ];
    // A usage error never reaches the database: parsed here (the CLI prints the same message and exits 2); the
    // refusals run as the operator runs them.
    const usage = (argv: string[]) => {
      try {
        parseOpsCommand(argv);
        return { code: 0, out: '' };
      } catch (err) {
        if (err instanceof UsageError) return { code: 2, out: err.message };
        throw err;
      }
    };
    for (const [argv, code, message] of cases) {
      const r = code === 2 ? usage(argv) : await ops(...argv);
      expect({ argv, code: r.code }).toEqual({ argv, code });
      expect(r.out, argv.join(' ')).toMatch(message);
    }
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from sports_fixtures`))[0]?.n).toBe(fixturesBefore);
    expect((await rows<{ v: number }>(sql`select max(odds_version)::int as v from sports_markets`))[0]?.v).toBe(1);
  });

  it('moves odds (a slip on the old price is refused), re-prices with a margin, suspends and resumes a fixture or one market', async () => {
    const id = String(fixtureIds.get('OPS-A'));
    const oneXTwo = await market('OPS-A', 'oneXTwo');
    const moved = await ops('sports', 'odds', id, 'oneXTwo', 'home=2.2');
    expect(moved.out).toMatch(/oneXTwo: .*home 2.100 → 2.200.* \(odds version 2\)/);
    expect(moved.out).toMatch(/draw 3.300 → 3.300/);
    const stale = await bet([{ marketId: oneXTwo.marketId, selection: 'home', odds: 2100 }], 10 * K);
    expect(stale.code).toBe('sports_odds_changed');
    expect((await market('OPS-A', 'oneXTwo')).oddsVersion).toBe(2);

    // Re-priced with a 10 % margin from the current prices' implied chances: Σ 1/odds ≈ 1.10.
    const ou = await market('OPS-B', 'overUnder');
    expect([priceOf(ou, 'over'), priceOf(ou, 'under')]).toEqual([1900, 1900]); // fair 2.00 with the default 5 %
    const repriced = await ops('sports', 'odds', String(fixtureIds.get('OPS-B')), 'overUnder', '--margin', '10');
    expect(repriced.out).toMatch(/overUnder 2.5: over 1.900 → 1.810, under 1.900 → 1.810 \(odds version 2\)/);

    expect((await ops('sports', 'suspend', id)).out).toMatch(/suspended: every bet on it is refused/);
    expect((await bet([{ marketId: oneXTwo.marketId, selection: 'home', odds: 2200 }], 10 * K)).code).toBe('sports_market_suspended');
    expect((await ops('sports', 'resume', id)).out).toMatch(/open for bets again/);
    const ah = await market('OPS-A', 'asianHandicap');
    expect((await ops('sports', 'suspend', id, '--market', 'asianHandicap:-0.25')).out).toMatch(/asianHandicap -0.25 suspended/);
    expect((await bet([{ marketId: ah.marketId, selection: 'home', odds: 1950 }], 10 * K)).code).toBe('sports_market_suspended');
    expect((await ops('sports', 'resume', id, '--market', 'asianHandicap')).out).toMatch(/asianHandicap -0.25 open again/);
    const audits = await rows<{ action: string; target: string }>(sql`select action, target from audit_log where action in ('sports.odds', 'sports.suspend', 'sports.resume') order by id`);
    expect(audits.map((a) => a.action)).toEqual(['sports.odds', 'sports.odds', 'sports.suspend', 'sports.resume', 'sports.suspend', 'sports.resume']);
    expect(audits[2]?.target).toBe(`fixture:${id}`);
  });

  it('prints the liability per result for a known set of bets, worst first; a parlay lost elsewhere is left out', async () => {
    const a = String(fixtureIds.get('OPS-A'));
    const oneXTwo = await market('OPS-A', 'oneXTwo');
    const ou = await market('OPS-A', 'overUnder');
    const bHome = await market('OPS-B', 'oneXTwo');
    const placed = [
      await bet([{ marketId: oneXTwo.marketId, selection: 'home', odds: 2200 }], 100 * K), // pays 220K on a home win
      await bet([{ marketId: ou.marketId, selection: 'over', odds: priceOf(ou, 'over') }], 50 * K), // over 2.5 at 1.90: 95K
      await bet([{ marketId: oneXTwo.marketId, selection: 'draw', odds: 3300 }, { marketId: bHome.marketId, selection: 'home', odds: 2100 }], 10 * K), // 69.3K
    ];
    expect(placed.map((p) => p.code)).toEqual(['ok', 'ok', 'ok']);
    const r = await ops('sports', 'exposure', a);
    expect(r.code, r.out).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[0]).toMatch(/3 open bet\(s\) \(2 single\(s\), 1 parlay\(s\)\), stakes 160000\.00/);
    const table = new Map(lines.slice(3).map((l) => l.split('\t').map((c) => c.trim()) as [string, string]));
    // Home win with 3+ goals: 220K + 95K − 160K stakes = 155K; home 1-0: 220K − 160K = 60K; a 1-1 draw: the parlay's
    // 69.3K − 160K = −90.7K; 2-2: + 95K = 4.3K; an away win: −160K; void: every stake back, and the parlay's other leg counted won: 21K − 10K.
    expect(table.get('3-0')).toBe('155000.00');
    expect(table.get('1-0')).toBe('60000.00');
    expect(table.get('1-1')).toBe('-90700.00');
    expect(table.get('2-2')).toBe('4300.00');
    expect(table.get('0-1')).toBe('-160000.00');
    expect(table.get('void')).toBe('11000.00');
    expect(lines[3]).toMatch(/^\d-\d\s+155000\.00$/); // worst first
  });

  it('closes, results, corrects (reversed and settled again) and voids, paying exactly what the bets win', async () => {
    const a = String(fixtureIds.get('OPS-A'));
    const before = await balance(member);
    expect((await ops('sports', 'close', a)).out).toMatch(/closed: no more bets/);
    const oneXTwo = await market('OPS-A', 'oneXTwo').catch(() => null);
    if (oneXTwo) expect((await bet([{ marketId: oneXTwo.marketId, selection: 'home', odds: 2200 }], 10 * K)).code).toBe('sports_market_closed');

    const first = await ops('sports', 'result', a, '1-0');
    expect(first.code, first.out).toBe(0);
    expect(first.out).toMatch(/resulted 1-0; 3 bet\(s\) with a leg on it: 3 settled, 0 still open/);
    expect(await balance(member)).toBe(before + 220 * K); // the home single; over 2.5 and the parlay's draw lost
    // The parlay lost on OPS-A: OPS-B's exposure no longer counts it.
    expect((await ops('sports', 'exposure', String(fixtureIds.get('OPS-B')))).out).toMatch(/: 0 open bet\(s\) .*: nothing at risk$/);

    const correction = await ops('sports', 'result', a, '2-2');
    expect(correction.out).toMatch(/^correction: fixture \d+ .* was 1-0, now 2-2; the settlement on 1-0 is reversed/);
    // 2-2: the home single lost (its 220K taken back), over 2.5 won 95K; the parlay's draw won and waits for OPS-B.
    expect(await balance(member)).toBe(before + 95 * K);
    expect((await ops('sports', 'result', a, '2-2')).out).toMatch(/resulted 2-2 already: nothing to correct/);

    const b = String(fixtureIds.get('OPS-B'));
    const voided = await ops('sports', 'void', b);
    expect(voided.out).toMatch(/void: every leg on it counts 1.000; 1 bet\(s\) with a leg on it: 1 settled, 0 still open/);
    // The parlay: draw at 3.30 × void 1.000 on 10K.
    expect(await balance(member)).toBe(before + 95 * K + 33 * K);
    expect((await ops('sports', 'void', b)).out).toMatch(/is void already/);

    const list = await ops('sports', 'list', '--state', 'resulted');
    expect(list.out).toMatch(new RegExp(`^${a}\\t.*\\tresulted\\tfootball\\tVL1\\tHà Nội FC – Công An Hà Nội\\t2-2\\t3 markets\\t0 open bets\\tOPS-A$`, 'm'));
    const audits = await rows<{ action: string; actor: string }>(sql`select action, actor from audit_log where action in ('sports.close', 'sports.result', 'sports.void') order by id`);
    expect(audits.map((x) => x.action)).toEqual(['sports.close', 'sports.result', 'sports.result', 'sports.void']);
    expect(new Set(audits.map((x) => x.actor))).toEqual(new Set(['cli-test']));
    await ledgerClean();
  });
});
