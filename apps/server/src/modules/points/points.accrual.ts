import { eq, sql } from 'drizzle-orm';
import { rowsOf, type TDb, type TTx } from '../../db/client.ts';
import { merchants, pointAccruals } from '../../db/schema.ts';
import { textArray } from '../../db/text-array.ts';
import { DEFAULT_TIME_ZONE } from '../../lib/zoned-time.ts';
import { readPointsConfig } from './points.config.ts';

/**
 * Points for settled bets (issue 18; docs/decisions.md, "Loyalty"). Every 15 minutes the job pays each closed
 * window [w, w + 15 min) of bet settlement times, 5 minutes after it closed (a bet settled just before the end and
 * committed a moment later still counts): points = floor(valid bet settled in the window per category ÷ the category's
 * rate), summed per member, one ledger entry per member and window under `points:bets:<window start>:<user>`.
 * Members are paid in chunks, each one transaction of a few set-based statements (no statement per member): the
 * chunk's POINTS accounts and the house points account locked in id order, the entries inserted where their key is
 * new, then postings and balances. A rerun or a second process finds the keys and pays nothing again.
 * `point_accruals.paid_until` remembers how far it paid, so a run after a pause pays every window missed (at most
 * MAX_WINDOWS back); every run recomputes at least the last closed window, which the keys make harmless.
 */

export const ACCRUAL_WINDOW_MS = 15 * 60_000;
export const ACCRUAL_LAG_MS = 5 * 60_000;
/** At most two days of windows caught up in one run; older missed windows are left (an operator can pay points by hand). */
const MAX_WINDOWS = 192;
/** Members per transaction: each posts on the house points account, whose row versions grow within a transaction. */
export const ACCRUAL_CHUNK = 1_000;
const POINTS_WALLET = 'POINTS';

/** The end of the last window closed (and past its lag) at `at`. */
export function closedWindowEnd(at: Date): Date {
  return new Date(Math.floor((at.getTime() - ACCRUAL_LAG_MS) / ACCRUAL_WINDOW_MS) * ACCRUAL_WINDOW_MS);
}

/** The job's slots: 5 minutes past each quarter hour, when the window before it has closed. */
export function accrualSlotOf(now: Date): Date {
  return new Date(closedWindowEnd(now).getTime() + ACCRUAL_LAG_MS);
}

export interface TAccrualResult {
  windows: number;
  /** Members with points in the windows (paid now or before). */
  members: number;
  /** Entries written by this run and the points they paid. */
  paid: number;
  points: number;
  paidUntil: string;
  /** Milliseconds spent reading the windows' bets and paying the chunks (the bench reports both). */
  readMs: number;
  payMs: number;
}

function hhmm(tz: string, at: Date): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
}

/** Per member, the points its bets settled in [from, to) earn; member ids ascending. */
async function windowPoints(db: TDb, merchantId: number, from: Date, to: Date, rates: Record<string, number>): Promise<{ userId: number; points: number }[]> {
  const rows = rowsOf<{ user_id: string | number; points: string | number }>(
    await db.execute(sql`
      with rate as (select key as category, value::bigint as per from jsonb_each_text(${JSON.stringify(rates)}::jsonb)),
      bets as (
        select r.user_id, r.category, sum(r.valid_bet) as valid from game_rounds r
        where r.merchant_id = ${merchantId} and r.settled_at >= ${from.toISOString()}::timestamptz and r.settled_at < ${to.toISOString()}::timestamptz
          and r.status = 'settled' and r.valid_bet > 0
        group by r.user_id, r.category
        union all
        -- Tickets are found through their draws (settling or settled since the window opened): settled_at of tickets
        -- is not indexed, so that lottery settlement rewrites them in place.
        select t.user_id, 'LOTT', sum(t.amount) from lottery_draws d join lottery_tickets t on t.draw_id = d.id
        where d.merchant_id = ${merchantId} and (d.status = 'drawn' or d.settled_at >= ${from.toISOString()}::timestamptz)
          and t.status in ('won', 'lost') and t.settled_at >= ${from.toISOString()}::timestamptz and t.settled_at < ${to.toISOString()}::timestamptz
        group by t.user_id
      )
      -- Free-play guests (account type 4) play with demo money: their bets earn nothing.
      select b.user_id, sum(floor(b.valid / rate.per))::bigint as points from bets b join rate on rate.category = b.category
        join users u on u.id = b.user_id and u.account_type <> 4
      group by b.user_id having sum(floor(b.valid / rate.per)) > 0 order by b.user_id`),
  );
  return rows.map((r) => ({ userId: Number(r.user_id), points: Number(r.points) }));
}

/**
 * Pays one chunk of a window in one transaction: accounts made and locked (id order), entries inserted where the key
 * is new, postings with running balances, final balances. Returns what this call paid.
 */
async function payChunk(tx: TTx, merchantId: number, windowStart: Date, memo: string, chunk: { userId: number; points: number }[]): Promise<{ paid: number; points: number }> {
  const users = `{${chunk.map((c) => c.userId).join(',')}}`;
  await tx.execute(sql`
    insert into ledger_accounts (merchant_id, user_id, kind, wallet)
    select ${merchantId}, u, 'points', ${POINTS_WALLET} from unnest(${users}::bigint[]) as u
    on conflict (merchant_id, user_id, wallet) where user_id is not null do nothing`);
  const [house] = rowsOf<{ id: string | number }>(await tx.execute(sql`select ledger_house(${merchantId}::int, 'points', 0::smallint) as id`));
  const houseId = Number(house?.id);
  const locked = rowsOf<{ id: string | number; user_id: string | number | null; balance: string | number }>(
    await tx.execute(sql`
      select id, user_id, balance from ledger_accounts
      where id = ${houseId} or (merchant_id = ${merchantId} and wallet = ${POINTS_WALLET} and user_id = any(${users}::bigint[]))
      order by id for update`),
  );
  const accountOf = new Map(locked.filter((a) => a.user_id !== null).map((a) => [Number(a.user_id), Number(a.id)]));
  const running = new Map(locked.map((a) => [Number(a.id), Number(a.balance)]));
  const keyOf = (userId: number) => `points:bets:${windowStart.toISOString()}:${userId}`;
  const inserted = rowsOf<{ id: string | number; key: string }>(
    await tx.execute(sql`
      insert into journal_entries (merchant_id, key, kind, memo)
      select ${merchantId}, k, 'points', ${memo} from unnest(${textArray(chunk.map((c) => keyOf(c.userId)))}::text[]) as k
      on conflict (merchant_id, key) do nothing
      returning id, key`),
  );
  if (inserted.length === 0) return { paid: 0, points: 0 };
  const entryOf = new Map(inserted.map((e) => [e.key, Number(e.id)]));
  const cols = { e: [] as number[], a: [] as number[], m: [] as number[], b: [] as number[] };
  const push = (e: number, a: number, m: number) => {
    const b = (running.get(a) ?? 0) + m;
    running.set(a, b);
    cols.e.push(e);
    cols.a.push(a);
    cols.m.push(m);
    cols.b.push(b);
  };
  let points = 0;
  for (const c of chunk) {
    const entry = entryOf.get(keyOf(c.userId));
    if (entry === undefined) continue;
    const account = accountOf.get(c.userId);
    if (account === undefined) throw new Error(`points account of user ${c.userId} vanished`);
    push(entry, houseId, -c.points);
    push(entry, account, c.points);
    points += c.points;
  }
  const arr = (xs: number[]) => `{${xs.join(',')}}`;
  await tx.execute(sql`
    insert into postings (entry_id, account_id, amount, balance_after)
    select * from unnest(${arr(cols.e)}::bigint[], ${arr(cols.a)}::bigint[], ${arr(cols.m)}::bigint[], ${arr(cols.b)}::bigint[])`);
  const moved = [...new Set(cols.a)];
  await tx.execute(sql`
    update ledger_accounts la set balance = v.b
    from unnest(${arr(moved)}::bigint[], ${arr(moved.map((id) => running.get(id) ?? 0))}::bigint[]) as v(id, b)
    where la.id = v.id`);
  return { paid: inserted.length, points };
}

/** Pays every closed window not yet paid at `at` (and the last closed one again, which pays nothing twice). */
export async function accruePoints(db: TDb, merchantId: number, at: Date, opts: { chunk?: number } = {}): Promise<TAccrualResult> {
  const chunkSize = opts.chunk ?? ACCRUAL_CHUNK;
  const config = await readPointsConfig(db, merchantId);
  const [merchant] = await db.select({ tz: merchants.timeZone }).from(merchants).where(eq(merchants.id, merchantId));
  const tz = merchant?.tz ?? DEFAULT_TIME_ZONE;
  const end = closedWindowEnd(at);
  const [mark] = await db.select({ paidUntil: pointAccruals.paidUntil }).from(pointAccruals).where(eq(pointAccruals.merchantId, merchantId));
  let start = Math.min(mark?.paidUntil.getTime() ?? Infinity, end.getTime() - ACCRUAL_WINDOW_MS);
  start = Math.max(start, end.getTime() - MAX_WINDOWS * ACCRUAL_WINDOW_MS);
  const result: TAccrualResult = { windows: 0, members: 0, paid: 0, points: 0, paidUntil: end.toISOString(), readMs: 0, payMs: 0 };
  const rates = config.earnRates as Record<string, number>;
  for (let w = start; w < end.getTime(); w += ACCRUAL_WINDOW_MS) {
    const from = new Date(w);
    const to = new Date(w + ACCRUAL_WINDOW_MS);
    result.windows++;
    if (Object.keys(rates).length === 0) continue;
    const t0 = performance.now();
    const due = await windowPoints(db, merchantId, from, to, rates);
    const t1 = performance.now();
    result.readMs += t1 - t0;
    result.members += due.length;
    const memo = `Points for bets ${hhmm(tz, from)}–${hhmm(tz, to)}`;
    for (let i = 0; i < due.length; i += chunkSize) {
      const slice = due.slice(i, i + chunkSize);
      const r = await db.transaction((tx) => payChunk(tx, merchantId, from, memo, slice));
      result.paid += r.paid;
      result.points += r.points;
    }
    result.payMs += performance.now() - t1;
  }
  await db
    .insert(pointAccruals)
    .values({ merchantId, paidUntil: end, updatedAt: new Date() })
    .onConflictDoUpdate({ target: pointAccruals.merchantId, set: { paidUntil: sql`greatest(${pointAccruals.paidUntil}, excluded.paid_until)`, updatedAt: new Date() } });
  return result;
}
