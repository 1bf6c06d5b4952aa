import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { STAKES } from '@playhall/contract/stakes';
import { openDatabase, rowsOf, type TDatabase } from '../src/db/client.ts';
import { createLedgerRepository } from '../src/modules/ledger/ledger.repository.ts';
import { createLedger } from '../src/modules/ledger/ledger.service.ts';
import { settle, type TMarket, type TOutcome } from '../src/modules/sportsbook-engine/markets.ts';
import { createSportsSettlement, judgeBet } from '../src/modules/sportsbook/sportsbook.settlement.ts';
import { fundedMembers, insertRound, randomScores, seedBets } from './support/sports-bets.ts';
import { createTestApp, TEST_DB, type TTestApp } from './support/test-app.ts';

// Two settlers on their own connection pools — as two server processes would be — settle the same round of fixtures
// with thousands of bets at the same moment, then correct two results at the same moment: each bet is paid once for
// each settlement, the sum of payouts is exactly what each bet judged alone pays, and the ledger stays clean.

const BETS = 6_000;
const LINED = new Set(['asianHandicap', 'overUnder', 'mapHandicap', 'totalMaps']);

describe.skipIf(TEST_DB !== 'postgres')('sports settlement from two processes at once (PostgreSQL only: skipped on PGlite, one process per embedded database)', () => {
  let t: TTestApp;
  let other: TDatabase;
  let fixtures: number[];
  beforeAll(async () => {
    t = await createTestApp({ seedDemo: false });
    other = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: null });
    const db = t.database.db;
    const members = await fundedMembers(db, t.merchantId, 'tp', 400, 10_000_000_000);
    fixtures = await insertRound(db, t.merchantId, '20991231-0001', 5, new Date(Date.now() + 60_000));
    await seedBets(db, { merchantId: t.merchantId, vassalage: 'PH_SPORTS', fixtureIds: fixtures, userIds: members, bets: BETS, prefix: 'TP', minStake: STAKES.minStake, maxPayout: 500 * STAKES.minStake });
  }, 120_000);
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  /** Each bet judged alone by the engine from the fixtures' results: what it must have been paid in total. */
  async function expectedPayouts(scores: Map<number, { home: number; away: number }>): Promise<Map<string, number>> {
    const rows = rowsOf<{ bet_id: string; stake: string; max_payout: string; fixture_id: string; kind: string; line: number; selection: string; odds: number }>(
      await t.database.db.execute(sql`
        select b.bet_id, b.stake, b.max_payout, l.fixture_id, l.kind, l.line, l.selection, l.odds
        from sports_bets b join sports_bet_legs l on l.bet_id = b.id order by b.id, l.leg_no`),
    );
    const bets = new Map<string, { stake: number; maxPayout: number; odds: number[]; outcomes: TOutcome[] }>();
    for (const r of rows) {
      const bet = bets.get(r.bet_id) ?? { stake: Number(r.stake), maxPayout: Number(r.max_payout), odds: [], outcomes: [] };
      const market = (LINED.has(r.kind) ? { kind: r.kind, line: r.line } : { kind: r.kind }) as TMarket;
      bet.odds.push(r.odds);
      bet.outcomes.push(settle(market, r.selection, scores.get(Number(r.fixture_id)) ?? 'void'));
      bets.set(r.bet_id, bet);
    }
    return new Map([...bets].map(([id, b]) => [id, judgeBet(b).payout]));
  }

  /** What each bet's entries moved to its member, net, and how many entries each key prefix holds at most. */
  async function paidByBet(): Promise<{ net: Map<string, number>; duplicates: number }> {
    const rows = rowsOf<{ bet_id: string; net: string }>(
      await t.database.db.execute(sql`
        select vt.round_id as bet_id, sum(p.amount) as net from vendor_transactions vt
        join journal_entries je on je.id = vt.journal_entry_id join postings p on p.entry_id = je.id join ledger_accounts a on a.id = p.account_id
        where vt.type in ('credit', 'rollback') and a.user_id is not null group by vt.round_id`),
    );
    const [dup] = rowsOf<{ n: string }>(
      await t.database.db.execute(sql`select count(*) as n from (select round_id, txn_id from vendor_transactions group by 1, 2 having count(*) > 1) d`),
    );
    return { net: new Map(rows.map((r) => [r.bet_id, Number(r.net)])), duplicates: Number(dup?.n ?? 0) };
  }

  async function ledgerClean() {
    const check = await createLedger({ repo: createLedgerRepository() }).check(t.database.db);
    expect(check.problems).toEqual([]);
  }

  async function bothAtOnce(scores: Map<number, { home: number; away: number }>, ids: readonly number[]) {
    const a = createSportsSettlement({ db: t.database.db, merchantId: t.merchantId });
    const b = createSportsSettlement({ db: other.db, merchantId: t.merchantId });
    const now = new Date(Date.now() + 3_600_000);
    // The round at once from one (as the virtual job enters it) and fixture by fixture, all at the same moment, from
    // the other (as operators would): a bet with legs on several fixtures is settled by whichever writes its last leg.
    const opts = { batch: 1_000 };
    const [round, ...single] = await Promise.all([
      a.resultFixtures(
        ids.map((fixtureId) => ({ fixtureId, result: scores.get(fixtureId) ?? ('void' as const) })),
        now,
        undefined,
        opts,
      ),
      ...ids.map((id) => b.resultFixture(id, scores.get(id) ?? 'void', now, undefined, opts)),
    ]);
    return [{ ...round, correction: round.fixtures.some((f) => f.correction) }, ...single];
  }

  function compare(expected: Map<string, number>, net: Map<string, number>) {
    let wrong = 0;
    let sumExpected = 0;
    let sumPaid = 0;
    for (const [id, payout] of expected) {
      sumExpected += payout;
      sumPaid += net.get(id) ?? 0;
      if ((net.get(id) ?? 0) !== payout) wrong += 1;
    }
    expect({ wrong, sumPaid }).toEqual({ wrong: 0, sumPaid: sumExpected });
    return sumExpected;
  }

  it('pays each bet once when two processes settle the same round at the same moment', async () => {
    const scores = randomScores(fixtures);
    const runs = await bothAtOnce(scores, fixtures);
    const expected = await expectedPayouts(scores);
    expect(expected.size).toBe(BETS);
    const { net, duplicates } = await paidByBet();
    expect(duplicates).toBe(0);
    const total = compare(expected, net);
    expect(total).toBeGreaterThan(0);
    // The two settlers together paid exactly that, whoever paid which bet.
    expect(runs.reduce((s, r) => s + r.paid, 0)).toBe(total);
    const [open] = rowsOf<{ n: string }>(await t.database.db.execute(sql`select count(*) as n from sports_bets where status = 'open'`));
    expect(Number(open?.n)).toBe(0);
    const [settled] = rowsOf<{ n: string; paid: string }>(await t.database.db.execute(sql`select count(*) as n, sum(payout) as paid from game_rounds where status <> 'open' and vassalage = 'PH_SPORTS'`));
    expect(Number(settled?.n)).toBe(BETS);
    expect(Number(settled?.paid)).toBe(total);
    await ledgerClean();
  }, 120_000);

  it('reverses and resettles each bet once when both correct two results at the same moment', async () => {
    const [first, second] = fixtures as [number, number];
    const before = new Map(
      rowsOf<{ id: string; home: number; away: number }>(await t.database.db.execute(sql`select id, result_home as home, result_away as away from sports_fixtures where id = any(${`{${fixtures.join(',')}}`}::bigint[])`)).map((r) => [
        Number(r.id),
        { home: r.home, away: r.away },
      ]),
    );
    const scores = new Map(before);
    scores.set(first, { home: ((before.get(first)?.home ?? 0) + 1) % 5, away: before.get(first)?.away ?? 0 });
    scores.set(second, { home: before.get(second)?.home ?? 0, away: ((before.get(second)?.away ?? 0) + 2) % 4 });
    const runs = await bothAtOnce(scores, [first, second]);
    expect(runs.some((r) => r.correction)).toBe(true);
    expect(runs.reduce((s, r) => s + r.reversed, 0)).toBeGreaterThan(0);
    const { net, duplicates } = await paidByBet();
    expect(duplicates).toBe(0);
    compare(await expectedPayouts(scores), net);
    const [versions] = rowsOf<{ v: number[] | string }>(await t.database.db.execute(sql`select array_agg(result_version order by id) as v from sports_fixtures where id in (${first}, ${second})`));
    expect(String(versions?.v)).toMatch(/2,2/);
    await ledgerClean();
  }, 120_000);
});
