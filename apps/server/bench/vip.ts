/**
 * The VIP recomputation over many members on PostgreSQL (issue 18), at each size of BENCH_VIP_SIZES (default 50,000
 * and 100,000 members, so that the figures show whether the work grows linearly). One data set per size, written
 * set-based: members each with a day of settled slot rounds (4 rounds yesterday, local time), 10 % of them over
 * VIP1's 10,000,000 ₫ and 2 % over VIP2's 50,000,000 ₫ (the default ladder). The rounds' rollup queue is applied
 * first and timed on its own (the job does it first, the scheduler's tick does it every 5 s anyway); then, each
 * timed, the real job (`recomputeVip`, job vip.recompute): the first run raises 12 % of the members and pays their
 * upgrade bonuses (VIP1, and VIP1 + VIP2 for 2 %), and a second run at once (the usual 10-minute run: totals read
 * again, nothing changed, nothing to raise). The ledger is proved after.
 */
import { sql } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import { prepareDatabase } from '../src/bootstrap.ts';
import { rowsOf } from '../src/db/client.ts';
import { games } from '../src/db/schema.ts';
import { createTeamRollup } from '../src/modules/agent/team-rollup.ts';
import { createLedgerRepository } from '../src/modules/ledger/ledger.repository.ts';
import { createLedger } from '../src/modules/ledger/ledger.service.ts';
import { periodOf } from '../src/modules/promotions/promotions.service.ts';
import { recomputeVip } from '../src/modules/vip/vip.recompute.ts';
import { freshPostgresDatabase } from '../test/support/fresh-postgres.ts';
import { judged, type TFigure } from './figures.ts';
import type { TJobRun } from './promotions.ts';
import { ownPeakRssMb, resetPeak, round1, round2 } from './measure.ts';

const SIZES = (process.env.BENCH_VIP_SIZES ?? '50000,100000').split(',').map(Number);
const HOUR = 3_600_000;

export interface TVipRun {
  members: number;
  setupSeconds: number;
  rollupSeconds: number;
  recompute: TJobRun & { raised: number; bonuses: number };
  recomputeAgain: TJobRun & { raised: number };
  ledgerClean: boolean;
}

export interface TVipBench {
  runs: TVipRun[];
  figures: TFigure[];
}


async function timed<T>(members: number, run: () => Promise<T>): Promise<TJobRun & { out: T }> {
  resetPeak();
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const out = await run();
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  return { out, seconds, membersPerSecond: Math.round(members / seconds), peakRssMb: ownPeakRssMb(), nodeCpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

export async function benchVip(databaseUrl: string, sizes = SIZES): Promise<TVipBench> {
  const runs: TVipRun[] = [];
  for (const size of sizes) runs.push(await benchVipRun(databaseUrl, size));
  const smallest = runs[0];
  const largest = Math.max(...sizes);
  const figures = runs.flatMap((r) => {
    const vs = (name: string, seconds: (x: TVipRun) => number) =>
      smallest && r !== smallest ? { ratio: round2(seconds(r) / seconds(smallest)), baseline: `${name}_${smallest.members}` } : {};
    // Goals at 100,000 members: well inside the job's 10-minute period.
    const goal = (g: string) => (r.members === largest && largest >= 100_000 ? { goal: g } : {});
    return [
      judged({ name: `vip_recompute_${r.members}`, value: round1(r.recompute.seconds), unit: 's', ...vs('vip_recompute', (x) => x.recompute.seconds), ...goal('< 120') }),
      judged({ name: `vip_recompute_members_per_s_${r.members}`, value: r.recompute.membersPerSecond, unit: 'members/s' }),
      judged({ name: `vip_recompute_peak_rss_${r.members}`, value: r.recompute.peakRssMb, unit: 'MB' }),
      judged({ name: `vip_recompute_again_${r.members}`, value: round1(r.recomputeAgain.seconds), unit: 's', ...vs('vip_recompute_again', (x) => x.recomputeAgain.seconds), ...goal('< 30') }),
      judged({ name: `ledger_check_after_vip_${r.members}`, value: r.ledgerClean ? 1 : 0, unit: 'clean', goal: '>= 1' }),
    ];
  });
  return { runs, figures };
}

async function benchVipRun(databaseUrl: string, members: number): Promise<TVipRun> {
  const fresh = await freshPostgresDatabase(databaseUrl, 'playhall_vip_bench');
  const { database, seed } = await prepareDatabase({ databaseUrl: fresh.url, dataDir: null, merchantCode: 'PLAYHALL', seedDemo: false });
  const db = database.db;
  const merchantId = seed.merchantId;
  try {
    const started = Date.now();
    const [m] = rowsOf<{ time_zone: string }>(await db.execute(sql`select time_zone from merchants where id = ${merchantId}`));
    const tz = m?.time_zone ?? 'Asia/Ho_Chi_Minh';
    const now = new Date();
    const yesterday = new Date(periodOf(tz, 'day', now).start.getTime() - 12 * HOUR).toISOString();
    await db.execute(sql`
      insert into users (merchant_id, username, type, account_type)
      select ${merchantId}, 'vip' || lpad(i::text, 6, '0'), 'member', 1 from generate_series(1, ${members}) as i`);
    // u.n: 0-based member number; n % 50 = 0 bets 60M ₫ in the day (VIP2), n % 10 = 5 12M ₫ (VIP1), the rest 1.2M ₫.
    const bench = sql.raw(`(select id, row_number() over (order by id) - 1 as n from users where username like 'vip%')`);
    const [slot] = await db.select({ id: games.id }).from(games).where(eq(games.houseGame, 'slot'));
    if (!slot) throw new Error('no house slot in the catalogue');
    await db.execute(sql`
      insert into game_rounds (merchant_id, round_id, user_id, game_row_id, category, vassalage, game_id, bet_amount, valid_bet, payout, status, settled_at, created_at)
      select ${merchantId}, 'vip-' || x.id || '-' || x.k, x.id, ${slot.id}, 'RNG', 'PH_SLOT', 'lucky-crown', x.s, x.s, 0, 'settled',
             ${yesterday}::timestamptz + x.k * interval '1 minute', ${yesterday}::timestamptz + x.k * interval '1 minute'
      from (select u.id, k, case when u.n % 50 = 0 then 1500000000 when u.n % 10 = 5 then 300000000 else 30000000 end::bigint as s
            from ${bench} u, generate_series(1, 4) as k) x`);
    const setupSeconds = (Date.now() - started) / 1000;

    const rollup = createTeamRollup({ db, timeZone: async () => tz });
    const t0 = Date.now();
    await rollup.catchUp();
    await db.execute(sql`vacuum analyze`);
    const rollupSeconds = (Date.now() - t0) / 1000;

    const first = await timed(members, () => recomputeVip(db, rollup, merchantId, tz, new Date()));
    const again = await timed(members, () => recomputeVip(db, rollup, merchantId, tz, new Date()));
    const expectRaised = Math.ceil(members / 50) + Math.floor((members + 4) / 10);
    if (first.out.raised !== expectRaised) throw new Error(`the first run raised ${first.out.raised}, expected ${expectRaised}`);
    if (again.out.raised + again.out.bonuses > 0) throw new Error(`the second run raised ${again.out.raised} and paid ${again.out.bonuses}`);
    const ledgerClean = (await createLedger({ repo: createLedgerRepository() }).check(db)).ok;
    const { out: f, ...firstRun } = first;
    const { out: a, ...againRun } = again;
    return {
      members,
      setupSeconds,
      rollupSeconds,
      recompute: { ...firstRun, raised: f.raised, bonuses: f.bonuses },
      recomputeAgain: { ...againRun, raised: a.raised },
      ledgerClean,
    };
  } finally {
    await database.close();
    await fresh.drop();
  }
}

export function printVipBench(r: TVipBench): void {
  console.log('\nVIP (PostgreSQL): the recomputation over every member, after a day of settled bets each');
  for (const x of r.runs) {
    const n = x.members.toLocaleString('en-US');
    const job = (j: TJobRun) => `${j.seconds.toFixed(1)} s (${j.membersPerSecond.toLocaleString('en-US')} members/s, Node CPU ${j.nodeCpuSeconds.toFixed(1)} s, peak RSS ${j.peakRssMb} MB)`;
    console.log(
      `  ${n} members: recompute ${job(x.recompute)}: ${x.recompute.raised.toLocaleString('en-US')} raised, ${x.recompute.bonuses.toLocaleString('en-US')} upgrade bonuses paid;` +
        ` again at once, nothing to raise: ${job(x.recomputeAgain)}; ledger ${x.ledgerClean ? 'clean' : 'NOT clean'}` +
        ` (setup ${x.setupSeconds.toFixed(0)} s and the rollup of the day's rounds ${x.rollupSeconds.toFixed(0)} s, not counted)`,
    );
  }
}
