import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { rowsOf, type TDb, type TTx } from '../../db/client.ts';
import { activities, activityParticipations, raffleDraws, raffleWinners } from '../../db/schema.ts';
import { drawRaffle, transition } from '../promotions-engine/index.ts';
import { grantReward } from '../rewards/rewards.service.ts';
import { ZRaffleTerms } from './raffle.service.ts';
import { allocateTickets, raffleEnd, raffleEndSql, raffleLock } from './raffle.tickets.ts';

/**
 * The draw waits this long after the period ends, so that bets placed before the end and settled just after it
 * still earn their tickets (docs/decisions.md, "Promotions"): a slot round settles at once, a fast lottery draw
 * within minutes; a bet settled later than this counts for nothing.
 */
export const RAFFLE_DRAW_GRACE_MS = 15 * 60_000;
const DAY_MS = 86_400_000;

export interface TDrawOutcome {
  activityId: number;
  /** False when it was drawn before (by another process, the job or an operator). */
  drewNow: boolean;
  tickets: number;
  winners: number;
}

/**
 * Draws one raffle: numbers the last tickets, then in one transaction (the draw row locked, the raffle's advisory
 * lock held so no numbering runs beside it) reveals the seed by setting drawnAt, draws with the published
 * `drawRaffle` over the ticket holders in number order, stores one raffle_winners row per prize drawn and grants
 * each prize (it waits for the winner's claim, `claimDays` long). Refuses a raffle whose period and grace have not
 * passed unless `force` (never before the period's end). A second call, anywhere, finds it drawn and does nothing.
 */
export async function drawRaffleNow(db: TDb, activityId: number, now: Date, opts: { force?: boolean } = {}): Promise<TDrawOutcome | { refused: string }> {
  const [activity] = await db.select().from(activities).where(and(eq(activities.id, activityId), eq(activities.kind, 'raffle')));
  if (!activity) return { refused: `no raffle activity ${activityId}` };
  const terms = ZRaffleTerms.safeParse(activity.terms);
  if (!terms.success) return { refused: `raffle ${activityId} has no valid terms (ticketPer, prizes)` };
  if (activity.state === 'draft') return { refused: `raffle ${activityId} is a draft` };
  const [done] = await db.select({ tickets: raffleDraws.tickets }).from(raffleDraws).where(and(eq(raffleDraws.activityId, activityId), isNotNull(raffleDraws.drawnAt)));
  if (done) return { activityId, drewNow: false, tickets: done.tickets ?? 0, winners: await winnerCount(db, activityId) };
  const endsAt = raffleEnd(activity).getTime();
  if (now.getTime() < endsAt) return { refused: `raffle ${activityId} runs until ${new Date(endsAt).toISOString()}` };
  if (!opts.force && now.getTime() < endsAt + RAFFLE_DRAW_GRACE_MS) {
    return { refused: `raffle ${activityId} is drawn at ${new Date(endsAt + RAFFLE_DRAW_GRACE_MS).toISOString()} (late settlements still count until then)` };
  }
  await allocateTickets(db, activityId, now);
  return db.transaction(async (tx) => {
    const [draw] = await tx.select().from(raffleDraws).where(eq(raffleDraws.activityId, activityId)).for('update');
    if (!draw) return { refused: `raffle ${activityId} has no committed seed` };
    if (draw.drawnAt) return { activityId, drewNow: false, tickets: draw.tickets ?? 0, winners: await winnerCount(tx, activityId) };
    await raffleLock(tx, activityId);
    const holders = rowsOf<{ user_id: string; number: number }>(
      await tx.execute(sql`select user_id::text, number from raffle_tickets where activity_id = ${activityId} order by number`),
    );
    holders.forEach((h, i) => {
      if (h.number !== i) throw new Error(`raffle ${activityId}: ticket ${i} is missing (found ${h.number})`);
    });
    const drawn = await drawRaffle(draw.seed, holders.map((h) => h.user_id), terms.data.prizes.length);
    const claimBy = new Date(now.getTime() + activity.claimDays * DAY_MS);
    let spent = 0;
    for (const w of drawn) {
      const prize = terms.data.prizes[w.prize];
      if (!prize) throw new Error(`raffle ${activityId}: prize ${w.prize} out of range`);
      const userId = Number(w.holder);
      const bonus = activity.turnoverMultiple > 0;
      const granted = await grantReward(
        tx,
        {
          merchantId: activity.merchantId,
          userId,
          source: 'raffle',
          activityId,
          key: `raffle:${activityId}:prize:${w.prize}`,
          title: `${activity.title}: ${prize.name}`,
          form: bonus ? 'bonus' : 'cash',
          amount: prize.amount,
          turnoverRequired: bonus ? prize.amount * activity.turnoverMultiple : 0,
          turnoverWeights: bonus ? activity.turnoverWeights : null,
          withdrawalPolicy: activity.withdrawalPolicy,
          bonusDays: activity.bonusDays,
          claimBy,
        },
        now,
      );
      await tx.insert(raffleWinners).values({ activityId, prize: w.prize, ticket: w.ticket, userId, prizeName: prize.name, amount: prize.amount, rewardId: granted.rewardId });
      spent += prize.amount;
    }
    const winnerIds = [...new Set(drawn.map((w) => Number(w.holder)))];
    if (winnerIds.length > 0) {
      // A winner's card waits for the claim (inProcess → claim); the others close with the period.
      await tx
        .update(activityParticipations)
        .set({ status: transition('inProcess', 'qualify'), state: sql`${activityParticipations.state} || ${JSON.stringify({ claimUntil: claimBy.toISOString() })}::jsonb`, updatedAt: now })
        .where(and(eq(activityParticipations.activityId, activityId), inArray(activityParticipations.userId, winnerIds), eq(activityParticipations.status, 'inProcess')));
    }
    // updated_at stays: it dates an early close (raffleEnd).
    await tx.update(activities).set({ spent: sql`${activities.spent} + ${spent}` }).where(eq(activities.id, activityId));
    await tx.update(raffleDraws).set({ drawnAt: now, tickets: holders.length }).where(eq(raffleDraws.activityId, activityId));
    return { activityId, drewNow: true, tickets: holders.length, winners: drawn.length };
  });
}

async function winnerCount(db: TTx, activityId: number): Promise<number> {
  return (await db.select({ prize: raffleWinners.prize }).from(raffleWinners).where(eq(raffleWinners.activityId, activityId))).length;
}

/** Raffles whose period is on (tickets to number) or whose draw is due, as the recurring job sees them. */
async function raffleIds(db: TDb, now: Date, which: 'running' | 'due'): Promise<number[]> {
  const dueBefore = new Date(now.getTime() - RAFFLE_DRAW_GRACE_MS);
  const rows = await db
    .select({ id: activities.id })
    .from(activities)
    .innerJoin(raffleDraws, eq(raffleDraws.activityId, activities.id))
    .where(
      and(
        eq(activities.kind, 'raffle'),
        inArray(activities.state, ['published', 'closed']),
        isNull(raffleDraws.drawnAt),
        lte(activities.startsAt, now),
        which === 'due' ? sql`${raffleEndSql('activities')} <= ${dueBefore.toISOString()}::timestamptz` : sql`${raffleEndSql('activities')} > ${dueBefore.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(activities.id));
  return rows.map((r) => r.id);
}

/** A full numbering pass at least this often; between them only members who played since the last run (less a margin). */
const FULL_PASS_MS = 30 * 60_000;
const ACTIVE_MARGIN_MS = 5 * 60_000;
/** Per raffle, when this process last numbered its tickets and last did so for every participant. */
export type TRaffleRuns = Map<number, { at: number; full: number }>;

/**
 * The recurring job (every minute): number new tickets of every running raffle, draw every raffle that is due. A
 * member's turnover is summed again only when they played since the last run (a full pass every 30 minutes, and
 * the draw's own, catch a bet settled long after it was placed), so a minute's work follows the members who play.
 */
export async function runRaffles(db: TDb, now: Date, runs: TRaffleRuns = new Map()): Promise<{ tickets: number; drawn: number }> {
  let tickets = 0;
  for (const id of await raffleIds(db, now, 'running')) {
    const last = runs.get(id);
    const full = !last || now.getTime() - last.full >= FULL_PASS_MS;
    tickets += await allocateTickets(db, id, now, full ? {} : { activeSince: new Date(last.at - ACTIVE_MARGIN_MS) });
    runs.set(id, { at: now.getTime(), full: full ? now.getTime() : last.full });
  }
  let drawn = 0;
  for (const id of await raffleIds(db, now, 'due')) {
    const outcome = await drawRaffleNow(db, id, now);
    if ('drewNow' in outcome && outcome.drewNow) drawn += 1;
  }
  return { tickets, drawn };
}
