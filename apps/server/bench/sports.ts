/**
 * Sports settlement at scale on PostgreSQL (issue 20, "Must show"): SPORTS_BETS (200,000) bets — half singles, half
 * parlays of 2–5 legs — of SPORTS_MEMBERS (20,000) members on the five fixtures of one virtual football round, written
 * set-based with their debits as ledger entries (test/support/sports-bets.ts; not counted), then the round's results
 * entered at once and settled together (resultFixtures, as the virtual job does): the time, bets per second, where the time went,
 * this process's peak memory, the amount paid against each bet judged alone by the engine, and the ledger check.
 * Then a second round of as many bets is settled by two processes at once (bench/sports-settler.ts, each entering
 * the round's results): the wall time and proof that each bet was paid once.
 */
import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { STAKES } from '@playhall/contract/stakes';
import { prepareDatabase } from '../src/bootstrap.ts';
import { rowsOf, type TDb } from '../src/db/client.ts';
import { createLedgerRepository } from '../src/modules/ledger/ledger.repository.ts';
import { createLedger } from '../src/modules/ledger/ledger.service.ts';
import { settle, type TMarket, type TOutcome } from '../src/modules/sportsbook-engine/markets.ts';
import { createSportsSettlement, judgeBet, type TSettleCounts } from '../src/modules/sportsbook/sportsbook.settlement.ts';
import { freshPostgresDatabase } from '../test/support/fresh-postgres.ts';
import { fundedMembers, insertRound, randomScores, seedBets } from '../test/support/sports-bets.ts';
import { judged, type TFigure } from './figures.ts';
import { ownPeakRssMb, resetPeak, round1 } from './measure.ts';

const BETS = Number(process.env.SPORTS_BETS ?? 200_000);
const MEMBERS = Number(process.env.SPORTS_MEMBERS ?? 20_000);
const FIXTURES = 5;

export interface TSportsBench {
  bets: number;
  legs: number;
  insertSeconds: number;
  seconds: number;
  perSecond: number;
  counts: TSettleCounts;
  phases: Record<string, number>;
  nodeCpuSeconds: number;
  peakRssMb: number;
  exact: boolean;
  ledgerClean: boolean;
  two: { seconds: number; perSecond: number; paidOnce: boolean; exact: boolean; ledgerClean: boolean; processes: TSettlerRun[] };
  figures: TFigure[];
}

const LINED = new Set(['asianHandicap', 'overUnder', 'mapHandicap', 'totalMaps']);

/** Each bet of the round judged alone by the engine, and what its entries moved to its member: equal for every bet? */
async function paidExactly(db: TDb, prefix: string, scores: Map<number, { home: number; away: number }>): Promise<{ exact: boolean; paidOnce: boolean }> {
  const legs = rowsOf<{ bet_id: string; stake: string; max_payout: string; fixture_id: string; kind: string; line: number; selection: string; odds: number }>(
    await db.execute(sql`
      select b.bet_id, b.stake, b.max_payout, l.fixture_id, l.kind, l.line, l.selection, l.odds
      from sports_bets b join sports_bet_legs l on l.bet_id = b.id where b.bet_id like ${`${prefix}-%`} order by b.id, l.leg_no`),
  );
  const bets = new Map<string, { stake: number; maxPayout: number; odds: number[]; outcomes: TOutcome[] }>();
  for (const r of legs) {
    const bet = bets.get(r.bet_id) ?? { stake: Number(r.stake), maxPayout: Number(r.max_payout), odds: [], outcomes: [] };
    bet.odds.push(r.odds);
    bet.outcomes.push(settle((LINED.has(r.kind) ? { kind: r.kind, line: r.line } : { kind: r.kind }) as TMarket, r.selection, scores.get(Number(r.fixture_id)) ?? 'void'));
    bets.set(r.bet_id, bet);
  }
  const paid = new Map(
    rowsOf<{ bet_id: string; net: string; entries: string }>(
      await db.execute(sql`
        select vt.round_id as bet_id, sum(p.amount) as net, count(distinct je.id) as entries from vendor_transactions vt
        join journal_entries je on je.id = vt.journal_entry_id join postings p on p.entry_id = je.id join ledger_accounts a on a.id = p.account_id
        where vt.type = 'credit' and vt.round_id like ${`${prefix}-%`} and a.user_id is not null group by vt.round_id`),
    ).map((r) => [r.bet_id, { net: Number(r.net), entries: Number(r.entries) }]),
  );
  let exact = true;
  for (const [id, bet] of bets) if ((paid.get(id)?.net ?? 0) !== judgeBet(bet).payout) exact = false;
  return { exact, paidOnce: [...paid.values()].every((p) => p.entries === 1) };
}

type TSettlerRun = TSettleCounts & { startedAt: number; endedAt: number };

function settler(url: string, merchantId: number, scores: Map<number, { home: number; away: number }>, at: Date): Promise<TSettlerRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/bench/sports-settler.ts'], {
      env: { ...process.env, DATABASE_URL: url, SPORTS_MERCHANT: String(merchantId), SPORTS_RESULTS: JSON.stringify([...scores]), SPORTS_AT: at.toISOString() },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as TSettlerRun) : reject(new Error(`sports settler exited ${code}: ${out}`))));
  });
}

export async function benchSports(databaseUrl: string): Promise<TSportsBench> {
  const fresh = await freshPostgresDatabase(databaseUrl, 'playhall_sports_bench');
  const { database, seed } = await prepareDatabase({ databaseUrl: fresh.url, dataDir: null, merchantCode: 'PLAYHALL', seedDemo: false, demoSports: false });
  const db = database.db;
  const merchantId = seed.merchantId;
  const ledger = createLedger({ repo: createLedgerRepository() });
  try {
    const members = await fundedMembers(db, merchantId, 'sb', MEMBERS, 100_000_000_000);
    const kickoff = new Date(Date.now() + 60_000);
    const at = new Date(Date.now() + 3_600_000);
    const seedRound = async (roundId: string, prefix: string) => {
      const fixtures = await insertRound(db, merchantId, roundId, FIXTURES, kickoff);
      await seedBets(db, { merchantId, vassalage: 'PH_SPORTS', fixtureIds: fixtures, userIds: members, bets: BETS, prefix, minStake: STAKES.minStake, maxPayout: 2_000 * STAKES.minStake });
      return fixtures;
    };

    const t0 = Date.now();
    const fixtures = await seedRound('20991231-0001', 'SB1');
    const insertSeconds = (Date.now() - t0) / 1000;
    const [legRow] = rowsOf<{ n: string }>(await db.execute(sql`select count(*) as n from sports_bet_legs`));
    const scores = randomScores(fixtures);

    const settlement = createSportsSettlement({ db, merchantId });
    const phases: Record<string, number> = {};
    const counts: TSettleCounts = { legs: 0, settled: 0, reopened: 0, reversed: 0, paid: 0, taken: 0, unrecovered: 0 };
    resetPeak();
    const cpu0 = process.cpuUsage();
    const started = process.hrtime.bigint();
    const got = await settlement.resultFixtures(
      fixtures.map((fixtureId) => ({ fixtureId, result: scores.get(fixtureId) ?? 'void' })),
      at,
      undefined,
      { phases },
    );
    for (const k of Object.keys(counts) as (keyof TSettleCounts)[]) counts[k] += got[k];
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const cpu = process.cpuUsage(cpu0);
    const peakRssMb = ownPeakRssMb();
    if (counts.settled !== BETS) throw new Error(`settled ${counts.settled} of ${BETS} bets`);
    const one = await paidExactly(db, 'SB1', scores);
    const ledgerClean = (await ledger.check(db)).ok;

    // The same again on a second round, settled by two processes at once.
    const fixtures2 = await seedRound('20991231-0002', 'SB2');
    const scores2 = randomScores(fixtures2);
    const processes = await Promise.all([settler(fresh.url, merchantId, scores2, at), settler(fresh.url, merchantId, scores2, at)]);
    // From the first process starting to settle to the last one done (their start-up, loading the code, not counted).
    const twoSeconds = (Math.max(...processes.map((p) => p.endedAt)) - Math.min(...processes.map((p) => p.startedAt))) / 1000;
    const two = await paidExactly(db, 'SB2', scores2);
    const [open] = rowsOf<{ n: string }>(await db.execute(sql`select count(*) as n from sports_bets where status = 'open'`));
    if (Number(open?.n) !== 0) throw new Error(`${open?.n} bets left open after the two settlers`);
    const twoClean = (await ledger.check(db)).ok;

    const perSecond = Math.round(BETS / seconds);
    const twoPerSecond = Math.round(BETS / twoSeconds);
    return {
      bets: BETS,
      legs: Number(legRow?.n ?? 0),
      insertSeconds,
      seconds,
      perSecond,
      counts,
      phases: Object.fromEntries(Object.entries(phases).map(([k, v]) => [k, Math.round(v)])),
      nodeCpuSeconds: (cpu.user + cpu.system) / 1e6,
      peakRssMb,
      exact: one.exact && one.paidOnce,
      ledgerClean,
      two: { seconds: twoSeconds, perSecond: twoPerSecond, paidOnce: two.paidOnce, exact: two.exact, ledgerClean: twoClean, processes },
      figures: [
        judged({ name: `sports_settlement_${BETS}`, value: round1(seconds), unit: 's' }),
        judged({ name: `sports_settlement_bets_per_s_${BETS}`, value: perSecond, unit: 'bets/s' }),
        judged({ name: `sports_settlement_peak_rss_${BETS}`, value: peakRssMb, unit: 'MB' }),
        judged({ name: `sports_settlement_two_processes_${BETS}`, value: round1(twoSeconds), unit: 's' }),
      ],
    };
  } finally {
    await database.close();
    await fresh.drop();
  }
}

export function printSportsBench(r: TSportsBench): void {
  const money = (x: number) => (x / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
  const phases = Object.entries(r.phases)
    .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`)
    .join(', ');
  console.log('\nsports settlement (PostgreSQL): one virtual round of five fixtures resulted at once, bets paid through the ledger');
  console.log(
    `  ${r.bets.toLocaleString('en-US')} bets (${r.legs.toLocaleString('en-US')} legs; singles and parlays of 2–5): ${r.seconds.toFixed(1)} s → ${r.perSecond.toLocaleString('en-US')} bets/s;` +
      ` ${money(r.counts.paid)} paid, each bet exactly as judged alone: ${r.exact ? 'yes' : 'NO'}; ledger ${r.ledgerClean ? 'clean' : 'NOT clean'}` +
      ` (bets inserted in ${r.insertSeconds.toFixed(1)} s, not counted; bench process peak RSS ${r.peakRssMb} MB, CPU ${r.nodeCpuSeconds.toFixed(1)} s)`,
  );
  console.log(`    phases in s, summed over the chunks in flight: ${phases}`);
  console.log(
    `  a second round of ${r.bets.toLocaleString('en-US')} bets settled by two processes at once: ${r.two.seconds.toFixed(1)} s from the first starting to settle to the last done → ${r.two.perSecond.toLocaleString('en-US')} bets/s;` +
      ` settled ${r.two.processes.map((p) => p.settled.toLocaleString('en-US')).join(' + ')} bets; each paid once: ${r.two.paidOnce ? 'yes' : 'NO'}, exactly: ${r.two.exact ? 'yes' : 'NO'}; ledger ${r.two.ledgerClean ? 'clean' : 'NOT clean'}`,
  );
}
