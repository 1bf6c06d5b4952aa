import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client.ts';
import { instantOf, wallClock } from '../../lib/zoned-time.ts';
import type { TTeamRollup } from '../agent/team-rollup.ts';
import { payAll, type TVipPayment } from './vip.store.ts';

/**
 * The VIP jobs over the merchant's members (issue 18), in the merchant's time zone. Each works out its figures
 * set-based (one statement per chunk of members, or one for the day's rebate), leaves out what its keys say was paid,
 * and pays through grantReward PAY_CHUNK members per transaction (vip.store.ts), each payment once under its key:
 * - monthly (1st of the month): a member who held its level through the month that ended and fell short of its keep
 *   requirement moves down one level (month_assessed makes that once per month), then the monthly bonus of the level
 *   held (`vip:monthly:<YYYY-MM>:<user>`, the month that ended);
 * - birthday (daily): the level's birthday bonus to members whose confirmed birthday is today
 *   (`vip:birthday:<YYYY>:<user>`; 29 February is celebrated on the 28th in other years);
 * - rebate (daily, 15 minutes after the local day ends): the valid bet SETTLED that day per category × the level's
 *   rate, floored, one reward per member and day (`vip:rebate:<day>:<user>`, source rebate).
 */

const DAY_MS = 86_400_000;
export const MONTHLY_CHUNK = 5_000;

/** A local day (YYYY-MM-DD) of an instant in the time zone. */
export function localDay(timeZone: string, at: Date): string {
  return new Date(wallClock(timeZone, at.getTime())).toISOString().slice(0, 10);
}

/** The instant a local day starts. */
export function dayStart(timeZone: string, day: string): Date {
  return new Date(instantOf(timeZone, Date.parse(`${day}T00:00:00Z`)));
}

/** The local month of an instant: its first day, the first day of the next, and when it starts and ends. */
export function monthOf(timeZone: string, at: Date): { first: string; next: string; start: Date; end: Date; label: string } {
  const wall = new Date(wallClock(timeZone, at.getTime()));
  const y = wall.getUTCFullYear();
  const m = wall.getUTCMonth();
  const first = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
  const next = new Date(Date.UTC(y, m + 1, 1)).toISOString().slice(0, 10);
  return { first, next, start: dayStart(timeZone, first), end: dayStart(timeZone, next), label: first.slice(0, 7) };
}

/** The month that ended at or before `at` (the monthly job's month). */
export function previousMonth(timeZone: string, at: Date) {
  return monthOf(timeZone, new Date(monthOf(timeZone, at).start.getTime() - 1));
}

/**
 * The monthly job for the month that ended before `at`: the keep requirement (one step down), then the monthly
 * bonuses. Only members who held their level since the month began are assessed (month_assessed records it, so a
 * rerun lowers nobody twice) and paid: one who reached it during the month had its upgrade bonus, and is assessed
 * the month after. A member moved down holds the lower level from the end of the month (level_since).
 */
export async function runVipMonthly(db: TDb, rollup: Pick<TTeamRollup, 'catchUp'>, merchantId: number, timeZone: string, at: Date): Promise<{ month: string; assessed: number; lowered: number; bonuses: number }> {
  await rollup.catchUp();
  const month = previousMonth(timeZone, at);
  let after = 0;
  let assessed = 0;
  let lowered = 0;
  let bonuses = 0;
  for (;;) {
    const rows = rowsOf<{ user_id: string; last: string; lowered: boolean; assessed: boolean; level: number; name: string | null; monthly: string | null; multiple: number | null; paid: boolean }>(
      await db.execute(sql`
        with chunk as (
          select user_id from member_vip
          where merchant_id = ${merchantId} and level > 0 and user_id > ${after}
          order by user_id limit ${MONTHLY_CHUNK}
          -- Locked in id order before the update: a second run waits for the first, then finds them assessed.
          for update
        ),
        fig as (
          select c.user_id, coalesce(sum(d.valid_bet), 0) as vb
          from chunk c left join member_days d on d.user_id = c.user_id and d.day >= ${month.first}::date and d.day < ${month.next}::date
          group by c.user_id
        ),
        short as (
          select f.user_id, f.vb < coalesce((select l.keep_valid_bet from vip_levels l where l.merchant_id = ${merchantId} and l.level = v.level), 0) as short
          from fig f join member_vip v on v.user_id = f.user_id
        ),
        down as (
          update member_vip v
          set level = case when s.short then v.level - 1 else v.level end,
              level_since = case when s.short then ${month.end.toISOString()}::timestamptz else v.level_since end,
              month_assessed = ${month.first}::date
          from short s
          where v.user_id = s.user_id and v.level > 0 and v.level_since <= ${month.start.toISOString()}::timestamptz
            and v.month_assessed is distinct from ${month.first}::date
          returning v.user_id, v.level, v.month_assessed
        ),
        now_held as (
          select c.user_id, coalesce(d.level, v.level) as level, (d.user_id is not null and d.level < v.level) as lowered,
                 coalesce(d.month_assessed, v.month_assessed) is not distinct from ${month.first}::date as assessed
          from chunk c join member_vip v on v.user_id = c.user_id left join down d on d.user_id = c.user_id
        )
        select h.user_id::text, (select max(user_id) from chunk)::text as last, h.lowered, h.assessed, h.level, l.name, l.monthly_bonus::text as monthly,
               l.bonus_turnover_multiple as multiple,
               exists (select 1 from member_rewards r where r.merchant_id = ${merchantId} and r.key = 'vip:monthly:' || ${month.label} || ':' || h.user_id) as paid
        from now_held h left join vip_levels l on l.merchant_id = ${merchantId} and l.level = h.level
        order by h.user_id`),
    );
    if (rows.length === 0) break;
    after = Number(rows[0]?.last ?? after);
    assessed += rows.filter((r) => r.assessed).length;
    lowered += rows.filter((r) => r.lowered).length;
    const due: TVipPayment[] = rows
      .filter((r) => r.assessed && !r.paid && r.level > 0 && Number(r.monthly ?? 0) > 0)
      .map((r) => ({ userId: Number(r.user_id), key: `vip:monthly:${month.label}:${r.user_id}`, amount: Number(r.monthly), title: `${r.name ?? `VIP${r.level}`} monthly bonus ${month.label}`, turnoverMultiple: Number(r.multiple ?? 0) }));
    bonuses += await payAll(db, merchantId, due, at);
    if (rows.length < MONTHLY_CHUNK) break;
  }
  return { month: month.label, assessed, lowered, bonuses };
}

/** The birthday job for the local day of `at`. */
export async function runVipBirthdays(db: TDb, merchantId: number, timeZone: string, at: Date): Promise<{ day: string; bonuses: number }> {
  const day = localDay(timeZone, at);
  const year = day.slice(0, 4);
  const monthDay = day.slice(5);
  const leap = Number(year) % 4 === 0 && (Number(year) % 100 !== 0 || Number(year) % 400 === 0);
  // 29 February birthdays are kept on the 28th when the year has no 29th.
  const days = monthDay === '02-28' && !leap ? ['02-28', '02-29'] : [monthDay];
  let after = 0;
  let bonuses = 0;
  for (;;) {
    const rows = rowsOf<{ user_id: string; level: number; name: string; amount: string; multiple: number; paid: boolean }>(
      await db.execute(sql`
        select v.user_id::text, v.level, l.name, l.birthday_bonus::text as amount, l.bonus_turnover_multiple as multiple,
               exists (select 1 from member_rewards r where r.merchant_id = ${merchantId} and r.key = 'vip:birthday:' || ${year} || ':' || v.user_id) as paid
        from member_vip v join vip_levels l on l.merchant_id = v.merchant_id and l.level = v.level
        where v.merchant_id = ${merchantId} and v.user_id > ${after} and v.birthday is not null
          and to_char(v.birthday, 'MM-DD') = any(${`{${days.join(',')}}`}::text[])
        order by v.user_id limit ${MONTHLY_CHUNK}`),
    );
    if (rows.length === 0) break;
    after = Number(rows[rows.length - 1]?.user_id ?? after);
    const due = rows
      .filter((r) => !r.paid && Number(r.amount) > 0)
      .map((r) => ({ userId: Number(r.user_id), key: `vip:birthday:${year}:${r.user_id}`, amount: Number(r.amount), title: `${r.name} birthday bonus ${year}`, turnoverMultiple: Number(r.multiple) }));
    bonuses += await payAll(db, merchantId, due, at);
    if (rows.length < MONTHLY_CHUNK) break;
  }
  return { day, bonuses };
}

/** The rebate job waits this long after the local day ends, for bets settled at its last moments to be committed. */
export const REBATE_GRACE_MS = 15 * 60_000;

/** The day whose rebate is due at `at`: the local day that ended at least REBATE_GRACE_MS before. */
export function rebateDayDue(timeZone: string, at: Date): string {
  return localDay(timeZone, new Date(at.getTime() - REBATE_GRACE_MS - DAY_MS));
}

/**
 * The rebate of one local day. One statement works out every member's rebate of that day (bets by settled time,
 * grouped by member and category, × the rate of the level held now), leaving out members paid already; the
 * payments then go PAY_CHUNK per transaction.
 */
export async function runVipRebate(db: TDb, merchantId: number, timeZone: string, day: string, now: Date): Promise<{ day: string; members: number; rebates: number; amount: number }> {
  const from = dayStart(timeZone, day);
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  const to = dayStart(timeZone, next);
  const rows = rowsOf<{ user_id: string; name: string; multiple: number; amount: string }>(
    await db.execute(sql`
      with bets as (
        select b.user_id, b.category, sum(b.valid_bet) as vb
        from bet_records b
        where b.merchant_id = ${merchantId} and b.status = 'settled'
          and b.settled_at >= ${from.toISOString()}::timestamptz and b.settled_at < ${to.toISOString()}::timestamptz
          and b.valid_bet > 0
        group by b.user_id, b.category
      )
      select v.user_id::text, l.name, l.bonus_turnover_multiple as multiple,
             floor(sum(bets.vb * coalesce((l.rebate_rates ->> bets.category)::bigint, 0)) / 10000)::bigint::text as amount
      from bets
      join member_vip v on v.user_id = bets.user_id
      join vip_levels l on l.merchant_id = v.merchant_id and l.level = v.level
      where l.rebate_rates <> '{}'::jsonb
        and not exists (select 1 from member_rewards r where r.merchant_id = ${merchantId} and r.key = 'vip:rebate:' || ${day} || ':' || v.user_id)
      group by v.user_id, l.name, l.bonus_turnover_multiple
      having floor(sum(bets.vb * coalesce((l.rebate_rates ->> bets.category)::bigint, 0)) / 10000) > 0
      order by v.user_id`),
  );
  const due: TVipPayment[] = rows.map((r) => ({
    userId: Number(r.user_id),
    key: `vip:rebate:${day}:${r.user_id}`,
    amount: Number(r.amount),
    title: `${r.name} rebate ${day}`,
    turnoverMultiple: Number(r.multiple),
    source: 'rebate',
  }));
  const rebates = await payAll(db, merchantId, due, now);
  return { day, members: rows.length, rebates, amount: due.reduce((s, p) => s + p.amount, 0) };
}
