import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type TDb, type TTx } from '../../db/client.ts';
import { activities, activityParticipations } from '../../db/schema.ts';
import { cashback, turnoverTierPayments, type TReward } from '../promotions-engine/index.ts';
import { ZCashbackTerms, ZTiersTerms, engineRule } from './activity-terms.ts';
import { grantActivityReward, periodOf, type TActivityRow } from './promotions.service.ts';
import { writeEventMessages, type TEventMessage } from '../inbox/event-messages.ts';

/**
 * The recurring rewards of cashback and turnover-tier activities, for the members who joined (status inProcess):
 * cashback on the net loss of each period that ended, tiers as soon as a period's valid bet reaches them (the period
 * now and the one before, for bets settled late). Members are taken in chunks of CHUNK: one query reads the chunk's
 * figures from bet_records and what was already paid, then one transaction (the activity row locked, as every grant)
 * grants what is due. Keys per period and tier (`activity:<id>:cashback:<period start>:<user>`,
 * `activity:<id>:tier:<period start>:<tier>:<user>`) make a rerun or a second process pay nothing twice.
 */

const CHUNK = 500;
export const PERIODS_JOB = 'promotions.periods';
/** The job runs every quarter of an hour. */
export const PERIODS_EVERY_MS = 15 * 60_000;

interface TChunkRow {
  id: string;
  user_id: string;
  net_loss: string;
  valid_bet: string;
  paid: string[] | null;
}

/** Grants what one period owes the joined members of one activity; the number of rewards created. */
async function settlePeriod(db: TDb, activity: TActivityRow, window: { start: Date; end: Date }, now: Date): Promise<number> {
  const from = new Date(Math.max(window.start.getTime(), activity.startsAt.getTime()));
  const to = new Date(Math.min(window.end.getTime(), activity.endsAt.getTime(), now.getTime()));
  if (to <= from) return 0;
  const kind = activity.kind === 'cashback' ? 'cashback' : 'tier';
  const prefix = `activity:${activity.id}:${kind}:${window.start.toISOString()}:`;
  let after = 0;
  let created = 0;
  for (;;) {
    const rows = rowsOf<TChunkRow>(
      await db.execute(sql`
        with chunk as (
          select id, user_id from activity_participations
          where activity_id = ${activity.id} and status = 'inProcess' and id > ${after}
          order by id limit ${CHUNK}
        )
        select c.id, c.user_id, f.net_loss, f.valid_bet,
          (select array_agg(r.key) from member_rewards r
            where r.user_id = c.user_id and r.activity_id = ${activity.id} and r.key like ${`${prefix}%`}) as paid
        from chunk c
        cross join lateral (
          select coalesce(sum(b.bet_amount - b.payout), 0)::text as net_loss, coalesce(sum(b.valid_bet), 0)::text as valid_bet
          from bet_records b
          where b.user_id = c.user_id and b.status = 'settled'
            and b.created_at >= ${from.toISOString()}::timestamptz and b.created_at < ${to.toISOString()}::timestamptz
        ) f
        order by c.id`),
    );
    if (rows.length === 0) return created;
    after = Number(rows[rows.length - 1]?.id);
    const due = rows.flatMap((r) => {
      const userId = Number(r.user_id);
      const paid = r.paid ?? [];
      if (activity.kind === 'cashback') {
        if (paid.length > 0) return [];
        const terms = ZCashbackTerms.parse(activity.terms);
        const reward = cashback({ minNetLoss: terms.minNetLoss, reward: engineRule(activity.reward as never) }, Number(r.net_loss));
        return reward.amount > 0 ? [{ participationId: Number(r.id), userId, key: `${prefix}${userId}`, reward }] : [];
      }
      const tiers = ZTiersTerms.parse(activity.terms).tiers.map((t) => ({ minValidBet: t.validBet, reward: { kind: 'fixed' as const, amount: t.amount } }));
      const paidTiers = paid.map((key) => Number(key.slice(prefix.length).split(':')[0]));
      return turnoverTierPayments(tiers, Math.max(0, Number(r.valid_bet)), paidTiers).map((p) => ({ participationId: Number(r.id), userId, key: `${prefix}${p.tier}:${userId}`, reward: p.reward as TReward, tier: p.tier }));
    });
    if (due.length > 0) created += await grantChunk(db, activity.id, due, now);
    if (rows.length < CHUNK) return created;
  }
}

async function grantChunk(db: TDb, activityId: number, due: { participationId: number; key: string; reward: TReward; tier?: number }[], now: Date): Promise<number> {
  return db.transaction(async (tx: TTx) => {
    const [a] = await tx.select().from(activities).where(eq(activities.id, activityId)).for('update');
    if (!a) return 0;
    const parts = await tx
      .select()
      .from(activityParticipations)
      .where(and(eq(activityParticipations.activityId, activityId), inArray(activityParticipations.id, [...new Set(due.map((d) => d.participationId))])))
      .orderBy(activityParticipations.id)
      .for('update');
    const byId = new Map(parts.map((p) => [p.id, p]));
    let created = 0;
    // The chunk's "bonus received" messages go in one statement at the end, not one insert per member.
    const messages: TEventMessage[] = [];
    for (const d of due) {
      const p = byId.get(d.participationId);
      if (!p || p.status !== 'inProcess') continue;
      const title = d.tier === undefined ? a.title : `${a.title} · tier ${d.tier + 1}`;
      const outcome = await grantActivityReward(tx, a, p, { key: d.key, reward: d.reward, claimBy: null, title }, now, { messages });
      if (outcome.ok && outcome.created) created += 1;
    }
    await writeEventMessages(tx, 'bonusIssued', messages);
    return created;
  });
}

/**
 * One run of the job at `now`: every cashback and turnover-tier activity whose period overlaps the last two periods
 * (the one before now, and for tiers the one now) gets its due rewards.
 */
export async function runPromotionPeriods(db: TDb, merchantId: number, timeZone: string, now: Date): Promise<{ rewards: number }> {
  const rows = await db
    .select()
    .from(activities)
    .where(
      and(
        eq(activities.merchantId, merchantId),
        inArray(activities.kind, ['cashback', 'turnoverTiers']),
        inArray(activities.state, ['published', 'closed']),
        sql`${activities.startsAt} < ${now.toISOString()}::timestamptz`,
        // A week's cashback is paid in the week after the activity ends.
        sql`${activities.endsAt} > ${new Date(now.getTime() - 8 * 86_400_000).toISOString()}::timestamptz`,
      ),
    );
  let rewards = 0;
  for (const a of rows) {
    const terms = a.kind === 'cashback' ? ZCashbackTerms.parse(a.terms) : ZTiersTerms.parse(a.terms);
    const current = periodOf(timeZone, terms.period, now);
    const previous = periodOf(timeZone, terms.period, new Date(current.start.getTime() - 1));
    rewards += await settlePeriod(db, a, previous, now);
    // The operator closing it early ends what it pays: the period it closed in is not paid.
    if (a.kind === 'turnoverTiers' && a.state === 'published') rewards += await settlePeriod(db, a, current, now);
  }
  return { rewards };
}
