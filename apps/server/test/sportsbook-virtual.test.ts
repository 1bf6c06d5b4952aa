import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drawFootballScore, drawSeries } from '@playhall/contract/sportsbook-draw';
import type { TBookBets, TBookFixture, TBookFixtures, TBookResults, TPlacedBet, TPlaceBetRequest } from '@playhall/contract/sportsbook-api';
import { STAKES } from '@playhall/contract/stakes';
import { rowsOf } from '../src/db/client.ts';
import { mapWinProbability, seriesDistribution } from '../src/modules/sportsbook-engine/esports-model.ts';
import { expectedGoals, scoreDistribution } from '../src/modules/sportsbook-engine/football-model.ts';
import { settle, type TMarket } from '../src/modules/sportsbook-engine/markets.ts';
import { betPayout } from '../src/modules/sportsbook-engine/payout.ts';
import { DEFAULT_PRICING, fairProbability, priceMarket } from '../src/modules/sportsbook-engine/pricing.ts';
import { bettingRound, DEFAULT_ROUND_SCHEDULE, type TRound } from '../src/modules/sportsbook-engine/schedule.ts';
import { seedDemoSports } from '../src/db/seed-sports.ts';
import { wallClock } from '../src/lib/zoned-time.ts';
import { VIRTUAL_LEAGUES, VIRTUAL_RESULT_JOB, type TVirtualEsportsTeam, type TVirtualFootballTeam } from '../src/modules/sportsbook/sportsbook.virtual.ts';
import { apiOf, type TApi } from './support/api.ts';
import { bookMember } from './support/sports-book.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';

/**
 * The virtual leagues as the scheduler runs them: ticks at chosen moments (the test app runs no timer), two apps on
 * one database as two processes, bets placed through the book page's API in real time before the round kicks off.
 */

let t: TTestApp;
let api: TApi;
const member0 = bookMember(() => t, () => api);
const { login, balance, launch } = member0;
const book = async <T,>(method: 'GET' | 'POST', url: string, gameTok: string, body?: unknown) => (await member0.book<T>(method, url, gameTok, body)).body;
let second: Awaited<ReturnType<TTestApp['secondApp']>>;
const schedule = DEFAULT_ROUND_SCHEDULE;
const K = STAKES.minStake;
const ONLY = { only: ['sports.'] };

interface TFixtureRow {
  id: number;
  league_code: string;
  sport: 'football' | 'esports';
  round_id: string;
  home_team: string;
  away_team: string;
  state: string;
  seed: string;
  seed_commit: string;
  model: Record<string, number>;
  result_home: number | null;
  result_away: number | null;
  result_version: number;
}
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(query));
}
const roundFixtures = (roundId: string) =>
  rows<TFixtureRow>(sql`select id::int, league_code, sport, round_id, home_team, away_team, state, seed, seed_commit, model, result_home, result_away, result_version
    from sports_fixtures where source = 'virtual' and round_id = ${roundId} order by id`);
const marketsOf = (fixtureId: number) => rows<{ id: number; kind: string; line: number; odds: Record<string, number> }>(sql`select id::int, kind, line, odds from sports_markets where fixture_id = ${fixtureId} order by sort`);


/** The moment the test treats as now: real time, or the next kick-off when this round is about to close (bets need time). */
let start: Date;
let round: TRound;

beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
  second = await t.secondApp();
  const real = new Date();
  const current = bettingRound(schedule, real);
  start = current.kickoffAt.getTime() - real.getTime() < 40_000 ? current.kickoffAt : real;
  round = bettingRound(schedule, start);
}, 120_000);
afterAll(async () => {
  await second?.close();
  await t?.close();
});

describe('virtual leagues', () => {
  it('makes the betting round and the two after it once, even when two processes tick at the same moment', async () => {
    await Promise.all([t.scheduler.tick(start, ONLY), second.scheduler.tick(start, ONLY)]);
    await t.scheduler.tick(start, ONLY);
    const made = await rows<{ round_id: string; league_code: string; n: number; states: string[] }>(
      sql`select round_id, league_code, count(*)::int as n, array_agg(distinct state) as states from sports_fixtures where source = 'virtual' group by round_id, league_code order by round_id, league_code`,
    );
    const r1 = bettingRound(schedule, round.kickoffAt);
    const r2 = bettingRound(schedule, r1.kickoffAt);
    const expected = [round, r1, r2].flatMap((r, i) => {
      const states = i === 0 ? ['open'] : ['scheduled'];
      return [
        { round_id: r.roundId, league_code: 'VLG', n: 4, states },
        { round_id: r.roundId, league_code: 'VPL', n: 5, states },
      ];
    });
    expect(made.sort((a, b) => a.round_id.localeCompare(b.round_id) || a.league_code.localeCompare(b.league_code))).toEqual(expected);
    const jobs = await rows<{ key: string; run_at: Date | string }>(sql`select key, run_at from jobs where name = ${VIRTUAL_RESULT_JOB} order by key`);
    expect(jobs).toHaveLength(6);
    expect(jobs.map((j) => j.key)).toContain(`${t.merchantId}:VPL:${round.roundId}`);
    const external = await rows<{ external_id: string }>(sql`select external_id from sports_fixtures where round_id = ${round.roundId} and league_code = 'VPL' order by id`);
    expect(external.map((e) => e.external_id)).toEqual([1, 2, 3, 4, 5].map((n) => `V:VPL:${round.roundId}:${n}`));
  });

  it('prices each match from the model of its teams with the margin, and publishes the model and the seed commitment', async () => {
    for (const f of await roundFixtures(round.roundId)) {
      const markets = await marketsOf(f.id);
      const league = VIRTUAL_LEAGUES.find((l) => l.code === f.league_code);
      if (f.sport === 'football') {
        const teams = league?.teams as readonly TVirtualFootballTeam[];
        const goals = expectedGoals(teams.find((x) => x.name === f.home_team) as TVirtualFootballTeam, teams.find((x) => x.name === f.away_team) as TVirtualFootballTeam);
        expect(f.model).toEqual({ lambdaHome: goals.home, lambdaAway: goals.away, maxGoals: 10 });
        const d = scoreDistribution(goals, 10);
        expect(markets.map((m) => m.kind)).toEqual(['oneXTwo', 'asianHandicap', 'overUnder', 'bothTeamsToScore', 'correctScore']);
        const oneXTwo = Object.fromEntries(priceMarket(d, { kind: 'oneXTwo' }).map((s) => [s.selection, s.odds]));
        expect(markets[0]?.odds).toEqual(oneXTwo);
        // The 5 % margin: the implied chances sum to a little over 1.05 (prices are rounded down to 0.01).
        const book = Object.values(markets[0]?.odds ?? {}).reduce((s, o) => s + 1000 / o, 0);
        expect(book).toBeGreaterThan(1.05);
        expect(book).toBeLessThan(1.065);
        // The handicap and the total offered are the lines closest to even.
        for (const m of markets.slice(1, 3)) {
          const q = fairProbability(d, { kind: m.kind, line: m.line } as TMarket, m.kind === 'asianHandicap' ? 'home' : 'over');
          const neighbours = [m.line - 1, m.line + 1].filter((l) => m.kind === 'asianHandicap' || l > 0);
          for (const l of neighbours) expect(Math.abs(q - 0.5)).toBeLessThanOrEqual(Math.abs(fairProbability(d, { kind: m.kind, line: l } as TMarket, m.kind === 'asianHandicap' ? 'home' : 'over') - 0.5));
        }
        expect(Object.keys(markets[4]?.odds ?? {})).toHaveLength(26);
      } else {
        const teams = league?.teams as readonly TVirtualEsportsTeam[];
        const p = mapWinProbability((teams.find((x) => x.name === f.home_team) as TVirtualEsportsTeam).rating, (teams.find((x) => x.name === f.away_team) as TVirtualEsportsTeam).rating);
        expect(f.model).toEqual({ p, bestOf: 3, scale: 400 });
        expect(markets.map((m) => [m.kind, m.line])).toEqual([['matchWinner', 0], ['mapHandicap', expect.any(Number)], ['totalMaps', 10]]);
        const winner = Object.fromEntries(priceMarket(seriesDistribution(p), { kind: 'matchWinner' }, DEFAULT_PRICING).map((s) => [s.selection, s.odds]));
        expect(markets[0]?.odds).toEqual(winner);
      }
      expect(f.seed_commit).toBe(crypto.createHash('sha256').update(Buffer.from(f.seed, 'hex')).digest('hex'));
    }
  });

  it('results a round at its time from its committed seeds (re-run here with the contract draw) and settles its bets once', async () => {
    const member = await login('member01');
    const gt = await launch(member, 'PH_SPORTS', 'sportsbook');
    const et = await launch(member, 'PH_ESPORTS', 'esports-book');
    // The page sees the commitment and the model, never the seed, before the result.
    const listed = (await book<TBookFixtures>('GET', 'fixtures', gt)).value.fixtures.filter((f) => f.virtual?.roundId === round.roundId);
    expect(listed).toHaveLength(5);
    expect(listed.every((f) => f.accepting && f.virtual?.seed === null && /^[0-9a-f]{64}$/.test(f.virtual.seedCommit))).toBe(true);
    const esports = (await book<TBookFixtures>('GET', 'fixtures', et)).value.fixtures.filter((f) => f.virtual?.roundId === round.roundId);
    expect(esports).toHaveLength(4);

    const before = await balance(member);
    const leg = (f: TBookFixture, kind: string, selection: string) => {
      const m = f.markets.find((x) => x.kind === kind);
      return { marketId: m?.marketId ?? 0, selection, odds: m?.selections.find((s) => s.selection === selection)?.odds ?? 0 };
    };
    const slips: { gt: string; stake: number; legs: TPlaceBetRequest['legs'] }[] = [
      { gt, stake: 20 * K, legs: [leg(listed[0] as TBookFixture, 'oneXTwo', 'home')] },
      { gt, stake: 10 * K, legs: [leg(listed[1] as TBookFixture, 'overUnder', 'over'), leg(listed[2] as TBookFixture, 'asianHandicap', 'home'), leg(listed[3] as TBookFixture, 'bothTeamsToScore', 'no')] },
      { gt: et, stake: 30 * K, legs: [leg(esports[0] as TBookFixture, 'matchWinner', 'away')] },
    ];
    const placed: TPlacedBet[] = [];
    for (const s of slips) {
      const r = await book<TPlacedBet>('POST', 'bet', s.gt, { slipId: crypto.randomUUID(), stake: s.stake, legs: s.legs, acceptBetterOdds: false });
      expect(r.code, JSON.stringify(r)).toBe('ok');
      placed.push(r.value);
    }
    expect(await balance(member)).toBe(before - 60 * K);

    // Kick-off: the round closes; nothing is revealed before its result time.
    await t.scheduler.tick(new Date(round.kickoffAt.getTime() + 1_000), ONLY);
    expect(new Set((await roundFixtures(round.roundId)).map((f) => f.state))).toEqual(new Set(['closed']));
    await t.scheduler.tick(new Date(round.resultAt.getTime() - 1_000), ONLY);
    expect(new Set((await roundFixtures(round.roundId)).map((f) => f.state))).toEqual(new Set(['closed']));

    // The result time, in two processes at once: one of them results the round, each fixture once.
    await Promise.all([t.scheduler.tick(round.resultAt, ONLY), second.scheduler.tick(round.resultAt, ONLY)]);
    const resulted = await roundFixtures(round.roundId);
    const scores = new Map<number, { home: number; away: number }>();
    for (const f of resulted) {
      expect([f.state, f.result_version]).toEqual(['resulted', 1]);
      const drawn =
        f.sport === 'football'
          ? await drawFootballScore(f.seed, String(f.id), { home: f.model.lambdaHome as number, away: f.model.lambdaAway as number }, f.model.maxGoals)
          : await drawSeries(f.seed, String(f.id), f.model.p as number, { bestOf: f.model.bestOf as number, scale: f.model.scale as number });
      expect({ home: f.result_home, away: f.result_away }).toEqual({ home: drawn.home, away: drawn.away });
      scores.set(f.id, { home: drawn.home, away: drawn.away });
    }
    // Each bet pays what the engine says its legs earn on the drawn scores.
    let paid = 0;
    for (const bet of placed) {
      const outcomes = bet.bet.legs.map((l) => ({ odds: l.odds, outcome: settle({ kind: l.kind, line: l.line } as TMarket, l.selection, scores.get(l.fixtureId) as { home: number; away: number }) }));
      paid += betPayout(bet.bet.stake, outcomes, Number.MAX_SAFE_INTEGER).payout;
    }
    expect(await balance(member)).toBe(before - 60 * K + paid);
    const settled = (await book<TBookBets>('GET', 'bets?status=settled', gt)).value.list.filter((b) => placed.some((p) => p.bet.betId === b.betId));
    expect(settled.map((b) => b.settleCount)).toEqual([1, 1]);
    const twice = await rows<{ round_id: string }>(sql`select round_id from vendor_transactions where type = 'credit' and round_id in (${sql.join(placed.map((p) => sql`${p.bet.betId}`), sql`, `)}) group by round_id having count(*) > 1`);
    expect(twice).toEqual([]);
    // Now the page shows the seed, and anyone can re-run the match from it.
    const results = (await book<TBookResults>('GET', 'results', gt)).value.fixtures.filter((f) => f.virtual?.roundId === round.roundId);
    expect(results).toHaveLength(5);
    for (const f of results) expect(f.virtual?.seed).toBe(resulted.find((r) => r.id === f.fixtureId)?.seed);
    // A job run again (a crash after the result) changes nothing.
    await t.scheduler.tick(new Date(round.resultAt.getTime() + 5_000), ONLY);
    expect((await roundFixtures(round.roundId)).map((f) => f.result_version)).toEqual(resulted.map(() => 1));
    expect((await api.ops({ kind: 'ledger.check' })).message).toMatch(/ledger clean/);
  });

  it('after downtime results the overdue round, voids a round that never opened, and makes no round for the time it was down', async () => {
    const next = bettingRound(schedule, round.kickoffAt); // opened by the tick at the first round's result time
    const third = bettingRound(schedule, next.kickoffAt); // made ahead, still scheduled: its betting window passes while "down"
    const fourth = bettingRound(schedule, third.kickoffAt);
    expect(new Set((await roundFixtures(next.roundId)).map((f) => f.state))).toEqual(new Set(['open']));
    expect(new Set((await roundFixtures(third.roundId)).map((f) => f.state))).toEqual(new Set(['scheduled']));
    expect(new Set((await roundFixtures(fourth.roundId)).map((f) => f.state))).toEqual(new Set(['scheduled']));
    const back = new Date(fourth.resultAt.getTime() + 5 * schedule.intervalSeconds * 1000);
    await t.scheduler.tick(back, ONLY);
    expect(new Set((await roundFixtures(next.roundId)).map((f) => f.state))).toEqual(new Set(['resulted']));
    expect(new Set((await roundFixtures(third.roundId)).map((f) => f.state))).toEqual(new Set(['void']));
    expect(new Set((await roundFixtures(fourth.roundId)).map((f) => f.state))).toEqual(new Set(['void']));
    const rounds = await rows<{ round_id: string }>(sql`select distinct round_id from sports_fixtures where source = 'virtual' and kickoff_at > ${fourth.kickoffAt} and kickoff_at <= ${back} order by round_id`);
    expect(rounds).toEqual([]);
    const ahead = await rows<{ n: number }>(sql`select count(distinct round_id)::int as n from sports_fixtures where source = 'virtual' and kickoff_at > ${back}`);
    expect(ahead[0]?.n).toBe(3);
    expect((await api.ops({ kind: 'ledger.check' })).message).toMatch(/ledger clean/);
  });

  it('a round whose results were written by a process that died before paying is paid when its result job runs', async () => {
    // The round open for bets now (after the downtime test's tick), as the book lists it.
    const member = await login('member03');
    const gt = await launch(member, 'PH_SPORTS', 'sportsbook');
    const open = (await book<TBookFixtures>('GET', 'fixtures', gt)).value.fixtures.filter((f) => f.virtual && f.accepting);
    const target = open[0] as TBookFixture;
    const roundId = target.virtual?.roundId ?? '';
    const market = target.markets.find((m) => m.kind === 'oneXTwo');
    const odds = market?.selections.find((x) => x.selection === 'home')?.odds ?? 0;
    const before = await balance(member);
    const placed = await book<TPlacedBet>('POST', 'bet', gt, { slipId: crypto.randomUUID(), stake: 10 * K, legs: [{ marketId: market?.marketId ?? 0, selection: 'home', odds }], acceptBetterOdds: false });
    expect(placed.code, JSON.stringify(placed)).toBe('ok');
    // What the dead process committed: the round's results (2-0 at home everywhere), and not one payout.
    await t.database.db.execute(sql`update sports_fixtures set state = 'resulted', result_home = 2, result_away = 0, result_version = result_version + 1, resulted_at = now()
      where source = 'virtual' and round_id = ${roundId} and sport = 'football'`);
    expect((await book<TBookBets>('GET', 'bets?status=open', gt)).value.list.map((b) => b.betId)).toContain(placed.value.bet.betId);
    // The round's result job runs at its time (a retry after the crash): it draws nothing again and pays the bet once.
    const resultAt = new Date(Date.parse(target.virtual?.resultAt ?? ''));
    await t.scheduler.tick(resultAt, ONLY);
    await t.scheduler.tick(new Date(resultAt.getTime() + 5_000), ONLY);
    const settled = (await book<TBookBets>('GET', 'bets?status=settled', gt)).value.list.find((b) => b.betId === placed.value.bet.betId);
    expect(settled?.payout).toBe(betPayout(10 * K, [{ odds, outcome: 'win' }], Number.MAX_SAFE_INTEGER).payout);
    expect(await balance(member)).toBe(before - 10 * K + (settled?.payout ?? 0));
    expect((await roundFixtures(roundId)).filter((f) => f.sport === 'football').map((f) => f.result_home)).toEqual(open.filter((f) => f.virtual?.roundId === roundId).map(() => 2));
    expect((await api.ops({ kind: 'ledger.check' })).message).toMatch(/ledger clean/);
  });

  it('the demo seed adds the example fixtures from tomorrow on in the site time zone, open for bets, once', async () => {
    const now = new Date();
    expect(await t.database.db.transaction((tx) => seedDemoSports(tx, t.merchantId, now))).toBe(6);
    expect(await t.database.db.transaction((tx) => seedDemoSports(tx, t.merchantId, now))).toBe(0);
    const seeded = await rows<{ kickoff_at: Date | string; state: string; sport: string }>(sql`select kickoff_at, state, sport from sports_fixtures where source = 'manual' order by kickoff_at`);
    const day = (at: number) => Math.floor(wallClock('Asia/Ho_Chi_Minh', at) / 86_400_000);
    expect(day(new Date(seeded[0]?.kickoff_at ?? 0).getTime())).toBe(day(now.getTime()) + 1);
    expect(new Set(seeded.map((f) => f.state))).toEqual(new Set(['open']));
    const member = await login('member02');
    const listed = (await book<TBookFixtures>('GET', 'fixtures', await launch(member, 'PH_SPORTS', 'sportsbook'))).value.fixtures.filter((f) => f.source === 'manual');
    expect(listed.map((f) => f.league.code).sort()).toEqual(['EPL', 'EPL', 'VL1', 'VL1', 'VL1']);
    expect(listed.every((f) => f.accepting)).toBe(true);
  });
});
