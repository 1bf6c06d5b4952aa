/**
 * Lottery settlement throughput on PostgreSQL: one draw of the 1-minute e-lottery with LOTTERY_TICKETS
 * tickets (default 1,000,000) of 1,000 members, a mix of lô, đề, 3 càng, xiên and lô trượt bets, settled by
 * the same settlement the scheduler's job runs, with LOTTERY_WORKERS chunks in flight at once. Prints tickets per second, winners, the amount paid, the whole draw's time and
 * this process's peak memory, then proves the ledger.
 */
import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { prepareDatabase } from '../src/bootstrap.ts';
import { lotteryGames } from '../src/db/schema.ts';
import { createLedgerRepository } from '../src/modules/ledger/ledger.repository.ts';
import { createLedger } from '../src/modules/ledger/ledger.service.ts';
import { drawFromSeed, newSeed, seedHash } from '../src/modules/lottery-engine/index.ts';
import { createSettlement } from '../src/modules/lottery/lottery.settlement.ts';
import { freshPostgresDatabase } from '../test/support/fresh-postgres.ts';

export interface TSettlementBench {
  tickets: number;
  workers: number;
  seconds: number;
  perSecond: number;
  winners: number;
  paid: number;
  insertSeconds: number;
  peakRssMb: number;
  ledgerClean: boolean;
}

function peakRssMb(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
  return m?.[1] ? Math.round(Number(m[1]) / 1024) : Math.round(process.memoryUsage().rss / 1048576);
}

export async function benchLotterySettlement(databaseUrl: string, tickets = Number(process.env.LOTTERY_TICKETS ?? 1_000_000), workers = Number(process.env.LOTTERY_WORKERS ?? 2)): Promise<TSettlementBench> {
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
    const t0 = process.hrtime.bigint();
    const outcomes = [await settlement.settle(drawId, new Date(), { concurrency: workers })];
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const settled = outcomes.reduce((s, o) => s + o.tickets, 0);
    if (settled !== tickets) throw new Error(`settled ${settled} of ${tickets} tickets`);
    const check = await createLedger({ repo: createLedgerRepository() }).check(db);
    return {
      tickets,
      workers,
      seconds,
      perSecond: Math.round(tickets / seconds),
      winners: outcomes.reduce((s, o) => s + o.winners, 0),
      paid: outcomes.reduce((s, o) => s + o.paid, 0),
      insertSeconds,
      peakRssMb: peakRssMb(),
      ledgerClean: check.ok,
    };
  } finally {
    await database.close();
    await fresh.drop();
  }
}

export function printSettlementBench(r: TSettlementBench): void {
  console.log(
    `\nlottery settlement (PostgreSQL): ${r.tickets.toLocaleString('en-US')} tickets of one draw settled with ${r.workers} chunk(s) in flight in ${r.seconds.toFixed(1)} s` +
      ` → ${r.perSecond.toLocaleString('en-US')} tickets/s; ${r.winners.toLocaleString('en-US')} winners paid ${(r.paid / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}` +
      ` (one journal entry and two postings each); target under 60 s: ${r.seconds < 60 ? 'met' : 'NOT met'}; ledger ${r.ledgerClean ? 'clean' : 'NOT clean'};` +
      ` bench process peak RSS ${r.peakRssMb} MB (tickets inserted in ${r.insertSeconds.toFixed(1)} s, not counted)`,
  );
}
