/**
 * The points accrual over many members on PostgreSQL (issue 18), at each size of BENCH_POINTS_SIZES (default 50,000
 * and 100,000 members, so that the figures show whether the work grows linearly). One data set per size, written
 * set-based: a day of settled bets per member (four sessions of four slot or live-casino rounds, each session in its
 * own 15-minute window, spread so every window of the day holds about as many members, and one lost lottery ticket),
 * the earn rates of loyalty.md. Then, timed, the real job: `accruePoints` catching up the whole day (96 windows and the
 * open one, as the job's runs of a day would pay them), a second run at once (a run when nothing is new: the windows
 * it covers recomputed, nothing read into a chunk, nothing paid), and a top-up run (the usual 5-minute run: one
 * member in ten has a new round in the open window, paid the difference); the ledger is proved after.
 */
import { eq, sql } from 'drizzle-orm';
import { prepareDatabase } from '../src/bootstrap.ts';
import { rowsOf } from '../src/db/client.ts';
import { games, lotteryGames, pointAccruals } from '../src/db/schema.ts';
import { createLedgerRepository } from '../src/modules/ledger/ledger.repository.ts';
import { createLedger } from '../src/modules/ledger/ledger.service.ts';
import { accruePoints, ACCRUAL_WINDOW_MS, closedWindowEnd } from '../src/modules/points/points.accrual.ts';
import { DEFAULT_POINTS_CONFIG, writePointsConfig } from '../src/modules/points/points.config.ts';
import { freshPostgresDatabase } from '../test/support/fresh-postgres.ts';
import { judged, type TFigure } from './figures.ts';
import { ownPeakRssMb, resetPeak, round1, round2 } from './measure.ts';

const SIZES = (process.env.BENCH_POINTS_SIZES ?? '50000,100000').split(',').map(Number);
const WINDOWS = 96;

export interface TPointsRun {
  members: number;
  setupSeconds: number;
  rounds: number;
  day: { seconds: number; membersPerSecond: number; entries: number; points: number; peakRssMb: number; nodeCpuSeconds: number; readSeconds: number; paySeconds: number };
  again: { seconds: number; paid: number };
  topUp: { seconds: number; paid: number };
  ledgerClean: boolean;
}

export interface TPointsBench {
  runs: TPointsRun[];
  figures: TFigure[];
}


export async function benchPoints(databaseUrl: string, sizes = SIZES): Promise<TPointsBench> {
  const runs: TPointsRun[] = [];
  for (const size of sizes) runs.push(await benchPointsRun(databaseUrl, size));
  const smallest = runs[0];
  const largest = Math.max(...sizes);
  const figures = runs.flatMap((r) => {
    const vs = smallest && r !== smallest ? { ratio: round2(r.day.seconds / smallest.day.seconds), baseline: `points_accrual_day_${smallest.members}` } : {};
    // Goal at 100,000 members: a day's 96 windows within 5 minutes in all (about 3 s of each 15-minute period).
    const goal = (g: string) => (r.members === largest && largest >= 100_000 ? { goal: g } : {});
    return [
      judged({ name: `points_accrual_day_${r.members}`, value: round1(r.day.seconds), unit: 's', ...vs, ...goal('< 300') }),
      judged({ name: `points_accrual_members_per_s_${r.members}`, value: r.day.membersPerSecond, unit: 'members/s' }),
      judged({ name: `points_accrual_entries_${r.members}`, value: r.day.entries, unit: 'entries' }),
      judged({ name: `points_accrual_peak_rss_${r.members}`, value: r.day.peakRssMb, unit: 'MB' }),
      judged({ name: `points_accrual_again_${r.members}`, value: round1(r.again.seconds), unit: 's', ...goal('< 5') }),
      judged({ name: `points_accrual_top_up_${r.members}`, value: round1(r.topUp.seconds), unit: 's', ...goal('< 30') }),
      judged({ name: `ledger_check_after_points_${r.members}`, value: r.ledgerClean ? 1 : 0, unit: 'clean', goal: '>= 1' }),
    ];
  });
  return { runs, figures };
}

async function benchPointsRun(databaseUrl: string, members: number): Promise<TPointsRun> {
  const fresh = await freshPostgresDatabase(databaseUrl, 'playhall_points_bench');
  const { database, seed } = await prepareDatabase({ databaseUrl: fresh.url, dataDir: null, merchantCode: 'PLAYHALL', seedDemo: false });
  const db = database.db;
  const merchantId = seed.merchantId;
  try {
    const started = Date.now();
    // The day: the 96 windows before the last closed one.
    const end = closedWindowEnd(new Date());
    const dayStart = new Date(end.getTime() - WINDOWS * ACCRUAL_WINDOW_MS);
    await writePointsConfig(db, merchantId, DEFAULT_POINTS_CONFIG);
    await db.insert(pointAccruals).values({ merchantId, paidUntil: dayStart });
    await db.execute(sql`
      insert into users (merchant_id, username, type, account_type)
      select ${merchantId}, 'points' || lpad(i::text, 6, '0'), 'member', 1 from generate_series(1, ${members}) as i`);
    const bench = sql.raw(`(select id, row_number() over (order by id) - 1 as n from users where username like 'points%')`);
    const [slot] = await db.select({ id: games.id }).from(games).where(eq(games.houseGame, 'slot'));
    const [live] = await db.select({ id: games.id }).from(games).where(eq(games.houseGame, 'baccarat'));
    if (!slot || !live) throw new Error('no house slot or baccarat in the catalogue');
    // Session s (0-3) of member n sits in window (n + 24 s) mod 96; round k a minute apart; stakes 5,000–50,000 ₫.
    await db.execute(sql`
      insert into game_rounds (merchant_id, round_id, user_id, game_row_id, category, vassalage, game_id, bet_amount, valid_bet, payout, status, settled_at, created_at)
      select ${merchantId}, 'pts-' || x.id || '-' || x.s || '-' || x.k, x.id,
             case when x.live then ${live.id}::int else ${slot.id}::int end, case when x.live then 'LIVE' else 'RNG' end,
             case when x.live then 'PH_LIVE' else 'PH_SLOT' end, case when x.live then 'baccarat-royale' else 'lucky-crown' end,
             x.stake, x.stake, 0, 'settled', x.at, x.at
      from (select u.id, s, k, (u.n + s) % 3 = 0 as live, (5 + floor(random() * 46))::bigint * 100000 as stake,
                   ${dayStart.toISOString()}::timestamptz + ((u.n + 24 * s) % ${WINDOWS}::int) * interval '15 minutes' + k * interval '1 minute' as at
            from ${bench} u, generate_series(0, 3) as s, generate_series(1, 4) as k) x`);
    const [game] = await db.select().from(lotteryGames).where(eq(lotteryGames.gameCode, 'EL1'));
    if (!game) throw new Error('EL1 is not seeded');
    const drawAt = new Date(dayStart.getTime() + 50 * ACCRUAL_WINDOW_MS).toISOString();
    const [draw] = rowsOf<{ id: string }>(
      await db.execute(sql`
        insert into lottery_draws (merchant_id, game_row_id, game_code, draw_no, close_at, draw_at, seed, seed_hash, status, drawn_at, settled_at)
        values (${merchantId}, ${game.id}, 'EL1', 'PTS-0001', ${drawAt}::timestamptz, ${drawAt}::timestamptz, 'bench', 'bench', 'settled', ${drawAt}::timestamptz, ${drawAt}::timestamptz)
        returning id`),
    );
    await db.execute(sql`
      insert into lottery_tickets (merchant_id, user_id, draw_id, game_code, draw_no, bet_type, numbers, stake, amount, odds_x1000, status, hits, payout,
                                   request_id, idx, created_at, settled_at)
      select ${merchantId}, u.id, ${Number(draw?.id)}, 'EL1', 'PTS-0001', 'de', array['07'], 2000000, 2000000, ${game.betTypes.de?.oddsX1000 ?? 0}, 'lost', 0, 0,
             'pts-' || u.id, 0, ${drawAt}::timestamptz, ${drawAt}::timestamptz + interval '1 minute'
      from ${bench} u`);
    await db.execute(sql`vacuum analyze`);
    const setupSeconds = (Date.now() - started) / 1000;

    resetPeak();
    const cpu0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    const at = new Date(end.getTime() + 6 * 60_000);
    const day = await accruePoints(db, merchantId, at);
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const cpu = process.cpuUsage(cpu0);
    const rss = ownPeakRssMb();
    // The day's windows and the one open at `at`.
    if (day.windows !== WINDOWS + 1) throw new Error(`accrual paid ${day.windows} windows, not ${WINDOWS + 1}`);
    const t1 = process.hrtime.bigint();
    const again = await accruePoints(db, merchantId, at);
    const againSeconds = Number(process.hrtime.bigint() - t1) / 1e9;
    if (again.paid > 0) throw new Error(`the second run paid ${again.paid} entries`);
    // One member in ten plays a 100,000 ₫ slot round settled in the open window (10 points more at 10,000 ₫ a point).
    await db.execute(sql`
      insert into game_rounds (merchant_id, round_id, user_id, game_row_id, category, vassalage, game_id, bet_amount, valid_bet, payout, status, settled_at, created_at)
      select ${merchantId}, 'pts-up-' || u.id, u.id, ${slot.id}::int, 'RNG', 'PH_SLOT', 'lucky-crown', 10000000, 10000000, 0, 'settled', ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
      from ${bench} u where u.n % 10 = 0`);
    const t2 = process.hrtime.bigint();
    const topUp = await accruePoints(db, merchantId, new Date(at.getTime() + 60_000));
    const topUpSeconds = Number(process.hrtime.bigint() - t2) / 1e9;
    if (topUp.paid !== Math.ceil(members / 10)) throw new Error(`the top-up run paid ${topUp.paid} entries, not ${Math.ceil(members / 10)}`);
    const ledgerClean = (await createLedger({ repo: createLedgerRepository() }).check(db)).ok;
    return {
      members,
      setupSeconds,
      rounds: members * 16,
      day: { seconds, membersPerSecond: Math.round(members / seconds), entries: day.paid, points: day.points, peakRssMb: rss, nodeCpuSeconds: (cpu.user + cpu.system) / 1e6, readSeconds: day.readMs / 1000, paySeconds: day.payMs / 1000 },
      again: { seconds: againSeconds, paid: again.paid },
      topUp: { seconds: topUpSeconds, paid: topUp.paid },
      ledgerClean,
    };
  } finally {
    await database.close();
    await fresh.drop();
  }
}

export function printPointsBench(r: TPointsBench): void {
  console.log('\npoints (PostgreSQL): the accrual of a day of settled bets (96 windows of 15 minutes and the open one), every member betting in four of them');
  for (const x of r.runs) {
    const n = x.members.toLocaleString('en-US');
    console.log(
      `  ${n} members, ${x.rounds.toLocaleString('en-US')} rounds and ${n} lottery tickets: a day ${x.day.seconds.toFixed(1)} s (${x.day.membersPerSecond.toLocaleString('en-US')} members/s, ` +
        `${x.day.entries.toLocaleString('en-US')} entries, ${x.day.points.toLocaleString('en-US')} points; reading bets ${x.day.readSeconds.toFixed(1)} s, paying ${x.day.paySeconds.toFixed(1)} s; Node CPU ${x.day.nodeCpuSeconds.toFixed(1)} s, peak RSS ${x.day.peakRssMb} MB); ` +
        `again at once ${x.again.seconds.toFixed(1)} s, nothing paid; a top-up of one member in ten ${x.topUp.seconds.toFixed(1)} s (${x.topUp.paid.toLocaleString('en-US')} entries); ledger ${x.ledgerClean ? 'clean' : 'NOT clean'} (setup ${x.setupSeconds.toFixed(0)} s, not counted)`,
    );
  }
}
