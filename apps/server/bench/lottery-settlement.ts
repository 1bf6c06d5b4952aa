/**
 * Lottery settlement throughput on PostgreSQL, at each size of LOTTERY_SIZES (default 500,000 and 1,000,000
 * tickets, so that the figures show whether the work grows linearly; LOTTERY_TICKETS=n runs n/2 and n): one draw of
 * the 1-minute e-lottery with that many tickets of 1,000 members, a mix of lô, đề, 3 càng, xiên and lô trượt bets,
 * settled by the same settlement the scheduler's job runs, with LOTTERY_WORKERS chunks in flight at once. Prints
 * tickets per second, winners, the amount paid, the whole draw's time with where it went (per phase, summed over
 * the chunks in flight) and this process's peak memory, then proves the ledger.
 */
import { eq, sql } from 'drizzle-orm';
import { prepareDatabase } from '../src/bootstrap.ts';
import { lotteryGames } from '../src/db/schema.ts';
import { createLedgerRepository } from '../src/modules/ledger/ledger.repository.ts';
import { createLedger } from '../src/modules/ledger/ledger.service.ts';
import { drawFromSeed, newSeed, seedHash } from '../src/modules/lottery-engine/index.ts';
import { createSettlement, SETTLE_CONCURRENCY } from '../src/modules/lottery/lottery.settlement.ts';
import { freshPostgresDatabase } from '../test/support/fresh-postgres.ts';
import { judged, type TFigure } from './figures.ts';
import { ownPeakRssMb, round1, round2 } from './measure.ts';

export interface TSettlementRun {
  tickets: number;
  workers: number;
  seconds: number;
  perSecond: number;
  winners: number;
  paid: number;
  /** Milliseconds per phase of the chunks, summed over the chunks in flight (so more than the wall time). */
  phases: Record<string, number>;
  /** CPU of this process (judging, the driver) during the settlement; the rest of the time is the server's. */
  nodeCpuSeconds: number;
  insertSeconds: number;
  peakRssMb: number;
  ledgerClean: boolean;
}

export interface TSettlementBench {
  runs: TSettlementRun[];
  figures: TFigure[];
}

const SIZES = process.env.LOTTERY_SIZES
  ? process.env.LOTTERY_SIZES.split(',').map(Number)
  : [Number(process.env.LOTTERY_TICKETS ?? 1_000_000) / 2, Number(process.env.LOTTERY_TICKETS ?? 1_000_000)];

export async function benchLotterySettlement(databaseUrl: string, sizes = SIZES, workers = Number(process.env.LOTTERY_WORKERS ?? SETTLE_CONCURRENCY)): Promise<TSettlementBench> {
  const runs: TSettlementRun[] = [];
  for (const size of sizes) runs.push(await benchLotteryRun(databaseUrl, size, workers));
  const smallest = runs[0];
  const figures = runs.flatMap((r) => [
    judged({
      name: `lottery_settlement_${r.tickets}`,
      value: round1(r.seconds),
      unit: 's',
      // Linear work takes twice as long for twice the tickets: the ratio to the smallest run shows it.
      ...(smallest && r !== smallest ? { ratio: round2(r.seconds / smallest.seconds), baseline: `lottery_settlement_${smallest.tickets}` } : {}),
      ...(r.tickets >= 1_000_000 ? { goal: '< 20' } : {}),
    }),
    judged({ name: `lottery_settlement_tickets_per_s_${r.tickets}`, value: r.perSecond, unit: 'tickets/s' }),
  ]);
  return { runs, figures };
}


async function benchLotteryRun(databaseUrl: string, tickets: number, workers: number): Promise<TSettlementRun> {
  const fresh = await freshPostgresDatabase(databaseUrl, 'playhall_lottery_bench');
  const { database, seed } = await prepareDatabase({ databaseUrl: fresh.url, dataDir: null, merchantCode: 'PLAYHALL', seedDemo: false });
  const db = database.db;
  const merchantId = seed.merchantId;
  try {
    const [game] = await db.select().from(lotteryGames).where(eq(lotteryGames.gameCode, 'EL1'));
    if (!game) throw new Error('EL1 is not seeded');
    const odds = (code: string) => game.betTypes[code]?.oddsX1000 ?? 0;
    await db.execute(sql`
      insert into users (merchant_id, username, type, account_type)
      select ${merchantId}, 'bench' || lpad(i::text, 4, '0'), 'member', 0 from generate_series(1, 1000) as i`);
    await db.execute(sql`
      insert into ledger_accounts (merchant_id, user_id, kind, wallet)
      select ${merchantId}, id, 'wallet', 'MAIN' from users where username like 'bench%'`);
    const drawSeed = newSeed();
    const [draw] = (
      (await db.execute(sql`
        insert into lottery_draws (merchant_id, game_row_id, game_code, draw_no, close_at, draw_at, seed, seed_hash)
        values (${merchantId}, ${game.id}, 'EL1', 'BENCH-0001', now() - interval '10 seconds', now() - interval '5 seconds', ${drawSeed}, ${seedHash(drawSeed)})
        returning id`)) as unknown as { rows: { id: string }[] }
    ).rows;
    const drawId = Number(draw?.id);

    // The tickets, as placing would have written them (stakes 1.00–20.00; the stake entries are not the point here).
    const started = Date.now();
    const n2 = `lpad((floor(random() * 100))::int::text, 2, '0')`;
    await db.execute(
      sql.raw(`
      with u as (select array_agg(id order by id) as ids from users where username like 'bench%'),
      g as (
        select i, (random() * 100)::int as kind, (1 + floor(random() * 20))::int * 100 as stake, floor(random() * 96)::int as a
        from generate_series(1, ${tickets}) as i
      )
      insert into lottery_tickets (merchant_id, user_id, draw_id, game_code, draw_no, bet_type, numbers, stake, amount, odds_x1000, request_id, idx)
      select ${merchantId}, u.ids[1 + (g.i % 1000)], ${drawId}, 'EL1', 'BENCH-0001',
        case when kind < 40 then 'lo2' when kind < 60 then 'de' when kind < 70 then 'xien2' when kind < 78 then 'lo3'
             when kind < 84 then 'deHead' when kind < 90 then 'threeCang' when kind < 95 then 'loTruot4' else 'xien3' end,
        case when kind < 40 then array[${n2}, lpad((a + 3)::text, 2, '0')]
             when kind < 60 then array[${n2}]
             when kind < 70 then array[lpad(a::text, 2, '0'), lpad((a + 2)::text, 2, '0')]
             when kind < 78 then array[lpad((floor(random() * 1000))::int::text, 3, '0')]
             when kind < 84 then array[(floor(random() * 10))::int::text]
             when kind < 90 then array[lpad((floor(random() * 1000))::int::text, 3, '0')]
             when kind < 95 then array[lpad(a::text, 2, '0'), lpad((a + 1)::text, 2, '0'), lpad((a + 2)::text, 2, '0'), lpad((a + 3)::text, 2, '0')]
             else array[lpad(a::text, 2, '0'), lpad((a + 1)::text, 2, '0'), lpad((a + 3)::text, 2, '0')] end,
        stake,
        case when kind < 40 then stake * 27 * 2 when kind < 78 and kind >= 70 then stake * 23 else stake end,
        case when kind < 40 then ${odds('lo2')} when kind < 60 then ${odds('de')} when kind < 70 then ${odds('xien2')} when kind < 78 then ${odds('lo3')}
             when kind < 84 then ${odds('deHead')} when kind < 90 then ${odds('threeCang')} when kind < 95 then ${odds('loTruot4')} else ${odds('xien3')} end,
        'bench-' || g.i, 0
      from g, u`),
    );
    await db.execute(sql`analyze lottery_tickets`);
    const insertSeconds = (Date.now() - started) / 1000;
    await db.execute(sql`update lottery_draws set status = 'drawn', result = ${JSON.stringify(drawFromSeed('north', drawSeed))}::jsonb, drawn_at = now() where id = ${drawId}`);

    const settlement = createSettlement({ db, merchantId: async () => merchantId });
    const phases: Record<string, number> = {};
    const cpu0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    const outcome = await settlement.settle(drawId, new Date(), { concurrency: workers, phases });
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const cpu = process.cpuUsage(cpu0);
    if (outcome.tickets !== tickets) throw new Error(`settled ${outcome.tickets} of ${tickets} tickets`);
    const check = await createLedger({ repo: createLedgerRepository() }).check(db);
    return {
      tickets,
      workers,
      seconds,
      perSecond: Math.round(tickets / seconds),
      winners: outcome.winners,
      paid: outcome.paid,
      phases: Object.fromEntries(Object.entries(phases).map(([k, v]) => [k, Math.round(v)])),
      nodeCpuSeconds: (cpu.user + cpu.system) / 1e6,
      insertSeconds,
      peakRssMb: ownPeakRssMb(),
      ledgerClean: check.ok,
    };
  } finally {
    await database.close();
    await fresh.drop();
  }
}

export function printSettlementBench(r: TSettlementBench): void {
  console.log('\nlottery settlement (PostgreSQL): one draw settled through the ledger (one journal entry and two postings per winner)');
  for (const x of r.runs) {
    const phases = Object.entries(x.phases)
      .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`)
      .join(', ');
    console.log(
      `  ${x.tickets.toLocaleString('en-US')} tickets with ${x.workers} chunk(s) in flight: ${x.seconds.toFixed(1)} s → ${x.perSecond.toLocaleString('en-US')} tickets/s;` +
        ` ${x.winners.toLocaleString('en-US')} winners paid ${(x.paid / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}; ledger ${x.ledgerClean ? 'clean' : 'NOT clean'}` +
        ` (tickets inserted in ${x.insertSeconds.toFixed(1)} s, not counted; bench process peak RSS ${x.peakRssMb} MB)`,
    );
    console.log(`    phases in s, summed over the chunks in flight: ${phases}; this process's CPU ${x.nodeCpuSeconds.toFixed(1)} s`);
  }
}
