import { sql } from 'drizzle-orm';
import { rowsOf, type TDb, type TTx } from '../../db/client.ts';
import type { TTeamRollup } from '../agent/team-rollup.ts';
import { levelReached, type TVipLevelRow } from './vip.ladder.ts';
import { monthOf } from './vip.jobs.ts';
import { accountChunk, ladderOf, levelRow, pay, PAY_CHUNK } from './vip.store.ts';

type TMonth = Pick<ReturnType<typeof monthOf>, 'first' | 'next'>;

/**
 * The VIP recomputation (issue 18): levels rise with cumulative valid bet and deposit since registration, read from
 * member_days (the team rollup's per-member days; its queue is applied first). Never lowers a level: only the monthly
 * job does (vip.jobs.ts).
 * 1. Figures, per chunk of RECOMPUTE_CHUNK accounts: ONE statement sums member_days, stores the totals in member_vip
 *    (rows whose totals did not change are not rewritten) and answers the members whose totals reach a level above
 *    the one they hold.
 * 2. Rises, PAY_CHUNK members per transaction: their member_vip rows are locked (FOR UPDATE, id order), the level
 *    reached is worked out again from the locked row (levels given up by a downgrade also need this month's keep
 *    requirement: vip.ladder.ts levelReached), level / top_level / level_since are raised and each level
 *    above the old top_level pays its upgrade bonus once ever (`vip:upgrade:<level>:<user>`). A second process
 *    waits for the lock and then finds nothing to raise; a crash before the commit leaves the level as it was, so
 *    the next run raises and pays it. The key is the last line: a level is paid once even after a downgrade.
 */

export const RECOMPUTE_CHUNK = 5_000;

export interface TRecomputeResult {
  members: number;
  raised: number;
  bonuses: number;
}

/** Step 1 for the given accounts: stores their totals; the ids whose totals reach above their level. */
async function storeFigures(db: TTx, merchantId: number, ids: readonly number[], month: TMonth, now: Date): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<{ user_id: string }>(
    await db.execute(sql`
      with fig as (
        select c.id as user_id, coalesce(sum(d.valid_bet), 0)::bigint as vb, coalesce(sum(d.deposit), 0)::bigint as dep,
               coalesce(sum(d.valid_bet) filter (where d.day >= ${month.first}::date and d.day < ${month.next}::date), 0)::bigint as mvb
        from unnest(${`{${ids.join(',')}}`}::bigint[]) as c(id)
        left join member_days d on d.user_id = c.id
        group by c.id
      ),
      up as (
        insert into member_vip as v (user_id, merchant_id, valid_bet_total, deposit_total, computed_at)
        select f.user_id, ${merchantId}, f.vb, f.dep, ${now.toISOString()}::timestamptz from fig f
        -- Rows are locked in id order, as every other path locks them: two runs at once wait, never deadlock.
        order by f.user_id
        on conflict (user_id) do update
          set valid_bet_total = excluded.valid_bet_total, deposit_total = excluded.deposit_total, computed_at = excluded.computed_at
          where (v.valid_bet_total, v.deposit_total) is distinct from (excluded.valid_bet_total, excluded.deposit_total)
        returning v.user_id, v.level, v.top_level
      )
      select f.user_id::text
      from fig f
      left join up on up.user_id = f.user_id
      left join member_vip v on v.user_id = f.user_id
      where coalesce((select max(l.level) from vip_levels l
                      where l.merchant_id = ${merchantId} and l.valid_bet_required <= f.vb and l.deposit_required <= f.dep
                        and (l.level > coalesce(up.top_level, v.top_level, 0) or l.keep_valid_bet <= f.mvb)), 0)
            > coalesce(up.level, v.level, 0)
      order by f.user_id`),
  );
  return rows.map((r) => Number(r.user_id));
}

/** Step 2 for up to PAY_CHUNK members, in the caller's transaction: raise and pay under the rows' locks. */
async function raise(tx: TTx, merchantId: number, ladder: readonly TVipLevelRow[], ids: readonly number[], month: TMonth, now: Date): Promise<{ raised: number; bonuses: number }> {
  const locked = rowsOf<{ user_id: string; level: number; top_level: number; valid_bet_total: string; deposit_total: string }>(
    await tx.execute(sql`
      select v.user_id::text as user_id, v.level, v.top_level, v.valid_bet_total::text as valid_bet_total, v.deposit_total::text as deposit_total
      from member_vip v
      where v.user_id = any(${`{${ids.join(',')}}`}::bigint[]) and v.merchant_id = ${merchantId}
      order by v.user_id for update`),
  );
  // This month's valid bet, for levels given up by a downgrade (levelReached).
  const monthly = new Map(
    rowsOf<{ user_id: string; vb: string }>(
      await tx.execute(sql`
        select user_id::text, sum(valid_bet)::text as vb from member_days
        where user_id = any(${`{${ids.join(',')}}`}::bigint[]) and day >= ${month.first}::date and day < ${month.next}::date
        group by user_id`),
    ).map((r) => [Number(r.user_id), Number(r.vb)]),
  );
  const rises = locked
    .map((r) => {
      const top = Number(r.top_level);
      const held = { top, monthValidBet: monthly.get(Number(r.user_id)) ?? 0 };
      return { userId: Number(r.user_id), level: Number(r.level), top, reached: levelReached(ladder, Number(r.valid_bet_total), Number(r.deposit_total), held) };
    })
    .filter((r) => r.reached > r.level);
  if (rises.length === 0) return { raised: 0, bonuses: 0 };
  await tx.execute(sql`
    update member_vip v set level = x.reached, top_level = greatest(v.top_level, x.reached), level_since = ${now.toISOString()}::timestamptz
    from unnest(${`{${rises.map((r) => r.userId).join(',')}}`}::bigint[], ${`{${rises.map((r) => r.reached).join(',')}}`}::int[]) as x(user_id, reached)
    where v.user_id = x.user_id`);
  let bonuses = 0;
  for (const r of rises) {
    for (let level = r.top + 1; level <= r.reached; level++) {
      const row = levelRow(ladder, level);
      if (!row || row.upgradeBonus <= 0) continue;
      const created = await pay(tx, merchantId, { userId: r.userId, key: `vip:upgrade:${level}:${r.userId}`, amount: row.upgradeBonus, title: `${row.name} upgrade bonus`, turnoverMultiple: row.bonusTurnoverMultiple }, now);
      if (created) bonuses += 1;
    }
  }
  return { raised: rises.length, bonuses };
}

async function raiseAll(db: TDb, merchantId: number, ladder: readonly TVipLevelRow[], ids: readonly number[], month: TMonth, now: Date): Promise<{ raised: number; bonuses: number }> {
  let raised = 0;
  let bonuses = 0;
  for (let i = 0; i < ids.length; i += PAY_CHUNK) {
    const part = ids.slice(i, i + PAY_CHUNK);
    const r = await db.transaction((tx) => raise(tx, merchantId, ladder, part, month, now));
    raised += r.raised;
    bonuses += r.bonuses;
  }
  return { raised, bonuses };
}

/** Every account of the merchant, RECOMPUTE_CHUNK at a time (the job `vip.recompute` and `ops vip recompute`). */
export async function recomputeVip(db: TDb, rollup: Pick<TTeamRollup, 'catchUp'>, merchantId: number, timeZone: string, now: Date, chunk = RECOMPUTE_CHUNK): Promise<TRecomputeResult> {
  await rollup.catchUp();
  const ladder = await ladderOf(db, merchantId);
  const result: TRecomputeResult = { members: 0, raised: 0, bonuses: 0 };
  const month = monthOf(timeZone, now);
  if (ladder.length === 0) return result;
  let after = 0;
  for (;;) {
    const ids = await accountChunk(db, merchantId, after, chunk);
    if (ids.length === 0) return result;
    after = ids[ids.length - 1] ?? after;
    result.members += ids.length;
    const rising = await storeFigures(db, merchantId, ids, month, now);
    const r = await raiseAll(db, merchantId, ladder, rising, month, now);
    result.raised += r.raised;
    result.bonuses += r.bonuses;
    if (ids.length < chunk) return result;
  }
}

/** One member, right when it opens /vip: its figures and a rise, with the same steps and keys as the job. */
export async function recomputeMember(db: TDb, rollup: Pick<TTeamRollup, 'catchUp'>, merchantId: number, timeZone: string, userId: number, now: Date): Promise<TRecomputeResult> {
  await rollup.catchUp();
  const ladder = await ladderOf(db, merchantId);
  if (ladder.length === 0) return { members: 0, raised: 0, bonuses: 0 };
  const month = monthOf(timeZone, now);
  const rising = await storeFigures(db, merchantId, [userId], month, now);
  return { members: 1, ...(await raiseAll(db, merchantId, ladder, rising, month, now)) };
}
