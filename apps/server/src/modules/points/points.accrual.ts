import { eq, sql } from 'drizzle-orm';
import { rowsOf, type TDb, type TTx } from '../../db/client.ts';
import { merchants, pointAccruals } from '../../db/schema.ts';
import { textArray } from '../../db/text-array.ts';
import { DEFAULT_TIME_ZONE } from '../../lib/zoned-time.ts';
import { readPointsConfig } from './points.config.ts';

/**
 * Points for settled bets (issue 18; docs/decisions.md, "Loyalty"): pay what is due, top up later. Bets are grouped
 * in 15-minute windows [w, w + 15 min) of settlement time; a member's target for a window is floor(valid bet settled
 * in it per category ÷ the category's rate), summed. `point_accrual_paid` holds, per member and window, the points
 * already paid: a run pays only target − paid when positive, as one ledger entry keyed
 * `points:bets:<window start>:<user>:<paid before>`, and raises paid. So the open window pays at once (a member sees
 * points minutes after playing) and a later run with more bets in it pays the difference under a new key; two
 * processes that saw the same paid-before collide on the key and pay once. A target below what was paid (a bet voided
 * after payment) is never clawed back: the row keeps `target` beside `points`, which records the points kept.
 *
 * The job runs every 5 minutes over the windows from the last one closed and past its lag (a bet settled just before
 * a window's end and committed a moment later is still topped up) to the one open now, counting bets settled before
 * the run's moment. `point_accruals.paid_until` is the end of the windows final (closed, lagged, and looked at after):
 * a run after a pause starts there, at most MAX_WINDOWS back.
 *
 * Members are paid in chunks, each one transaction of a few set-based statements (no statement per member): the
 * chunk's paid rows made (a first payment's holding its target at once) or locked, in user order; then the payees'
 * POINTS accounts and the house points account locked in id order (the house account written once per chunk), the
 * entries inserted where their key is new, postings, balances, and the paid rows that existed. A member-window whose target equals what was paid is not read into a chunk:
 * a run with nothing new writes nothing.
 */

export const ACCRUAL_WINDOW_MS = 15 * 60_000;
export const ACCRUAL_LAG_MS = 5 * 60_000;
/** The job's period: the open window is topped up this often. */
export const ACCRUAL_EVERY_MS = 5 * 60_000;
/** At most two days of windows looked at in one run; older missed windows are left (an operator can pay points by hand). */
const MAX_WINDOWS = 192;
/** Members per transaction: each posts on the house points account, whose row versions grow within a transaction. */
export const ACCRUAL_CHUNK = 1_000;
const POINTS_WALLET = 'POINTS';

/** The end of the last window closed (and past its lag) at `at`: windows before it are final. */
export function closedWindowEnd(at: Date): Date {
  return new Date(Math.floor((at.getTime() - ACCRUAL_LAG_MS) / ACCRUAL_WINDOW_MS) * ACCRUAL_WINDOW_MS);
}

/** The start of the window open at `at`. */
export function openWindowStart(at: Date): Date {
  return new Date(Math.floor(at.getTime() / ACCRUAL_WINDOW_MS) * ACCRUAL_WINDOW_MS);
}

/** The job's slots: every 5 minutes. */
export function accrualSlotOf(now: Date): Date {
  return new Date(Math.floor(now.getTime() / ACCRUAL_EVERY_MS) * ACCRUAL_EVERY_MS);
}

export interface TAccrualResult {
  windows: number;
  /** Member-windows read into chunks: a payment due, or a target changed since the last run. */
  members: number;
  /** Entries written by this run (first payments and top-ups) and the points they paid. */
  paid: number;
  points: number;
  /** Member-windows whose target fell below what was paid (a bet voided after payment): the points are kept. */
  kept: number;
  /** Bets settled before this moment are paid. */
  upTo: string;
  /** Windows before this are final. */
  finalUntil: string;
  /** Milliseconds spent reading the windows' bets and paying the chunks (the bench reports both). */
  readMs: number;
  payMs: number;
}

function hhmm(tz: string, at: Date): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
}

interface TDue {
  userId: number;
  target: number;
}

/**
 * Per member, the points its bets settled in [from, to) earn (`from` the window's start, `to` its end or the run's
 * moment), where they differ from what the window's paid row
 * holds (more than paid, or another target than recorded); member ids ascending.
 */
async function windowDue(db: TDb, merchantId: number, from: Date, to: Date, rates: Record<string, number>): Promise<TDue[]> {
  const rows = rowsOf<{ user_id: string | number; target: string | number }>(
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
      ),
      -- Free-play guests (account type 4) play with demo money: their bets earn nothing.
      due as (
        select b.user_id, sum(floor(b.valid / rate.per))::bigint as points from bets b join rate on rate.category = b.category
          join users u on u.id = b.user_id and u.account_type <> 4
        group by b.user_id
      ),
      paid as (
        select user_id, points, target from point_accrual_paid where merchant_id = ${merchantId} and window_start = ${from.toISOString()}::timestamptz
      )
      select coalesce(d.user_id, p.user_id) as user_id, coalesce(d.points, 0) as target
      from due d full join paid p on p.user_id = d.user_id
      where coalesce(d.points, 0) > coalesce(p.points, 0) or (p.user_id is not null and coalesce(d.points, 0) <> p.target)
      order by 1`),
  );
  return rows.map((r) => ({ userId: Number(r.user_id), target: Number(r.target) }));
}

const arr = (xs: readonly number[]) => `{${xs.join(',')}}`;

/**
 * Pays one chunk of a window in one transaction: the paid rows made or locked (user order), each member's difference
 * target − paid when positive; for the payees the accounts made and locked (id order), entries inserted where the key
 * is new, postings with running balances, final balances; then the paid rows. Returns what this call paid.
 */
async function payChunk(tx: TTx, merchantId: number, windowStart: Date, memo: string, chunk: TDue[]): Promise<{ paid: number; points: number; kept: number }> {
  const ws = windowStart.toISOString();
  // A member's first payment in the window: its paid row inserted already holding the target (locked by the insert;
  // corrected below if its entry was somehow there). The others' rows, locked in user order, say what was paid.
  const fresh = new Set(
    rowsOf<{ user_id: string | number }>(
      await tx.execute(sql`
        insert into point_accrual_paid (user_id, window_start, merchant_id, points, target)
        select u, ${ws}::timestamptz, ${merchantId}, t, t from unnest(${arr(chunk.map((c) => c.userId))}::bigint[], ${arr(chunk.map((c) => c.target))}::bigint[]) as v(u, t)
        order by u
        on conflict (user_id, window_start) do nothing
        returning user_id`),
    ).map((r) => Number(r.user_id)),
  );
  const existing = chunk.filter((c) => !fresh.has(c.userId)).map((c) => c.userId);
  const before =
    existing.length === 0
      ? []
      : rowsOf<{ user_id: string | number; points: string | number }>(
          await tx.execute(sql`
            select user_id, points from point_accrual_paid
            where user_id = any(${arr(existing)}::bigint[]) and window_start = ${ws}::timestamptz
            order by user_id for update`),
        );
  const paidBefore = new Map(before.map((r) => [Number(r.user_id), Number(r.points)]));
  const keyOf = (c: TDue) => `points:bets:${ws}:${c.userId}:${paidBefore.get(c.userId) ?? 0}`;
  const payees = chunk.filter((c) => c.target > (paidBefore.get(c.userId) ?? 0));
  const kept = chunk.filter((c) => c.target < (paidBefore.get(c.userId) ?? 0)).length;
  const paidNow = new Set<number>();
  let points = 0;
  if (payees.length > 0) {
    const payeeIds = arr(payees.map((c) => c.userId));
    await tx.execute(sql`
      insert into ledger_accounts (merchant_id, user_id, kind, wallet)
      select ${merchantId}, u, 'points', ${POINTS_WALLET} from unnest(${payeeIds}::bigint[]) as u
      on conflict (merchant_id, user_id, wallet) where user_id is not null do nothing`);
    const [house] = rowsOf<{ id: string | number }>(await tx.execute(sql`select ledger_house(${merchantId}::int, 'points', 0::smallint) as id`));
    const houseId = Number(house?.id);
    const locked = rowsOf<{ id: string | number; user_id: string | number | null; balance: string | number }>(
      await tx.execute(sql`
        select id, user_id, balance from ledger_accounts
        where id = ${houseId} or (merchant_id = ${merchantId} and wallet = ${POINTS_WALLET} and user_id = any(${payeeIds}::bigint[]))
        order by id for update`),
    );
    const accountOf = new Map(locked.filter((a) => a.user_id !== null).map((a) => [Number(a.user_id), Number(a.id)]));
    const running = new Map(locked.map((a) => [Number(a.id), Number(a.balance)]));
    const inserted = rowsOf<{ id: string | number; key: string }>(
      await tx.execute(sql`
        insert into journal_entries (merchant_id, key, kind, memo)
        select ${merchantId}, k, 'points', ${memo} from unnest(${textArray(payees.map(keyOf))}::text[]) as k
        on conflict (merchant_id, key) do nothing
        returning id, key`),
    );
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
    for (const c of payees) {
      // A key already there (paid under this paid-before by a run whose paid row did not follow) pays nothing again.
      const entry = entryOf.get(keyOf(c));
      if (entry === undefined) continue;
      const account = accountOf.get(c.userId);
      if (account === undefined) throw new Error(`points account of user ${c.userId} vanished`);
      const diff = c.target - (paidBefore.get(c.userId) ?? 0);
      push(entry, houseId, -diff);
      push(entry, account, diff);
      points += diff;
      paidNow.add(c.userId);
    }
    if (cols.e.length > 0) {
      await tx.execute(sql`
        insert into postings (entry_id, account_id, amount, balance_after)
        select * from unnest(${arr(cols.e)}::bigint[], ${arr(cols.a)}::bigint[], ${arr(cols.m)}::bigint[], ${arr(cols.b)}::bigint[])`);
      const moved = [...new Set(cols.a)];
      await tx.execute(sql`
        update ledger_accounts la set balance = v.b
        from unnest(${arr(moved)}::bigint[], ${arr(moved.map((id) => running.get(id) ?? 0))}::bigint[]) as v(id, b)
        where la.id = v.id`);
    }
  }
  // The other paid rows: raised where this call paid, the target recorded (a fresh row whose key was there: back to 0).
  const rest = chunk.filter((c) => !fresh.has(c.userId) || !paidNow.has(c.userId));
  if (rest.length > 0) {
    await tx.execute(sql`
      update point_accrual_paid p set points = v.points, target = v.target, updated_at = now()
      from unnest(${arr(rest.map((c) => c.userId))}::bigint[], ${arr(rest.map((c) => (paidNow.has(c.userId) ? c.target : (paidBefore.get(c.userId) ?? 0))))}::bigint[],
                  ${arr(rest.map((c) => c.target))}::bigint[]) as v(user_id, points, target)
      where p.user_id = v.user_id and p.window_start = ${ws}::timestamptz`);
  }
  return { paid: paidNow.size, points, kept };
}

/**
 * Pays every window from the last final one (or where a paused job left off, at most MAX_WINDOWS back) to the one
 * open at `at`, counting bets settled before `at`: what is due and not yet paid, as top-ups.
 */
export async function accruePoints(db: TDb, merchantId: number, at: Date, opts: { chunk?: number } = {}): Promise<TAccrualResult> {
  const chunkSize = opts.chunk ?? ACCRUAL_CHUNK;
  const config = await readPointsConfig(db, merchantId);
  const [merchant] = await db.select({ tz: merchants.timeZone }).from(merchants).where(eq(merchants.id, merchantId));
  const tz = merchant?.tz ?? DEFAULT_TIME_ZONE;
  const finalEnd = closedWindowEnd(at);
  const open = openWindowStart(at);
  const [mark] = await db.select({ paidUntil: pointAccruals.paidUntil }).from(pointAccruals).where(eq(pointAccruals.merchantId, merchantId));
  let start = Math.min(mark?.paidUntil.getTime() ?? Infinity, finalEnd.getTime() - ACCRUAL_WINDOW_MS);
  start = Math.max(start, open.getTime() - (MAX_WINDOWS - 1) * ACCRUAL_WINDOW_MS);
  const result: TAccrualResult = { windows: 0, members: 0, paid: 0, points: 0, kept: 0, upTo: at.toISOString(), finalUntil: finalEnd.toISOString(), readMs: 0, payMs: 0 };
  const rates = config.earnRates as Record<string, number>;
  for (let w = start; w < at.getTime(); w += ACCRUAL_WINDOW_MS) {
    const from = new Date(w);
    const end = new Date(w + ACCRUAL_WINDOW_MS);
    const to = end.getTime() < at.getTime() ? end : at;
    result.windows++;
    if (Object.keys(rates).length === 0) continue;
    const t0 = performance.now();
    const due = await windowDue(db, merchantId, from, to, rates);
    const t1 = performance.now();
    result.readMs += t1 - t0;
    result.members += due.length;
    const memo = `Points for bets ${hhmm(tz, from)}–${hhmm(tz, end)}`;
    for (let i = 0; i < due.length; i += chunkSize) {
      const slice = due.slice(i, i + chunkSize);
      const r = await db.transaction((tx) => payChunk(tx, merchantId, from, memo, slice));
      result.paid += r.paid;
      result.points += r.points;
      result.kept += r.kept;
    }
    result.payMs += performance.now() - t1;
  }
  await db
    .insert(pointAccruals)
    .values({ merchantId, paidUntil: finalEnd, updatedAt: new Date() })
    .onConflictDoUpdate({ target: pointAccruals.merchantId, set: { paidUntil: sql`greatest(${pointAccruals.paidUntil}, excluded.paid_until)`, updatedAt: new Date() } });
  return result;
}
