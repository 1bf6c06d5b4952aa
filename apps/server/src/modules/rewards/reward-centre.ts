import { sql, type SQL } from 'drizzle-orm';
import type { TReward } from '@playhall/contract/calls/promotions';
import { rowsOf, type TDb } from '../../db/client.ts';
import { settleMemberBonuses } from './bonus-turnover.ts';

export interface TRewardQuery {
  status?: TReward['status'];
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

/** A reward still waiting for its claim after its claimBy is shown expired before the job marks it. */
const STATUS = sql`case when r.status = 'claim' and r.claim_by <= now() then 'expired' else r.status end`;

/**
 * The reward centre (rewardCenter): the member's rewards newest first, with the bonus wallet's balance, the turnover
 * still open and how many wait for a claim. The member's bonuses are settled first (turnover recomputed, met ones
 * converted), so a member sees a conversion as soon as the bets that met it are settled.
 */
export async function listRewards(db: TDb, member: { merchantId: number; userId: number; timeZone: string }, query: TRewardQuery, now: Date) {
  try {
    await settleMemberBonuses(db, member.merchantId, member.userId, now);
  } catch (error) {
    // A deadlock with a bet or a grant of the same moment: the job settles it; the page shows what is stored.
    if ((error as { code?: string }).code !== '40P01') throw error;
  }
  const day = sql`(r.created_at at time zone ${member.timeZone})::date`;
  const where: SQL[] = [sql`r.merchant_id = ${member.merchantId}`, sql`r.user_id = ${member.userId}`];
  if (query.status) where.push(sql`${STATUS} = ${query.status}`);
  if (query.from) where.push(sql`${day} >= ${query.from}::date`);
  if (query.to) where.push(sql`${day} <= ${query.to}::date`);
  const filter = sql.join(where, sql` and `);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select r.id, r.created_at, r.source, r.activity_id, r.title, r.form, r.amount, ${STATUS} as status, r.claim_by,
             r.turnover_required, r.turnover_done, r.bonus_status, r.bonus_expires_at
      from member_rewards r where ${filter}
      order by r.created_at desc, r.id desc limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
  );
  const [figures] = rowsOf<Record<string, string | number | null>>(
    await db.execute(sql`
      select (select count(*) from member_rewards r where ${filter}) as total,
             (select coalesce(sum(r.turnover_required - r.turnover_done), 0) from member_rewards r
              where r.user_id = ${member.userId} and r.bonus_status = 'open') as turnover_left,
             (select count(*) from member_rewards r
              where r.user_id = ${member.userId} and r.status = 'claim' and (r.claim_by is null or r.claim_by > now())) as claimable,
             (select coalesce(sum(a.balance), 0) from ledger_accounts a
              where a.merchant_id = ${member.merchantId} and a.user_id = ${member.userId} and a.wallet = 'BONUS') as bonus_balance`),
  );
  const time = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
  const list: TReward[] = rows.map((r) => ({
    id: Number(r.id),
    time: time(r.created_at) ?? '',
    source: r.source as TReward['source'],
    activityId: r.activity_id === null ? null : Number(r.activity_id),
    title: String(r.title),
    form: r.form as TReward['form'],
    amount: Number(r.amount),
    status: r.status as TReward['status'],
    claimBy: time(r.claim_by),
    turnover:
      r.form === 'bonus'
        ? {
            required: Number(r.turnover_required),
            done: Number(r.turnover_done),
            // A bonus waiting for its claim has not started its turnover: shown open, nothing done.
            status: (r.bonus_status ?? 'open') as NonNullable<TReward['turnover']>['status'],
            expiresAt: r.bonus_status ? time(r.bonus_expires_at) : null,
          }
        : null,
  }));
  return {
    list,
    total: Number(figures?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    bonusBalance: Number(figures?.bonus_balance ?? 0),
    turnoverLeft: Number(figures?.turnover_left ?? 0),
    claimable: Number(figures?.claimable ?? 0),
  };
}
