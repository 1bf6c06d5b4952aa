import { and, asc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { activities, activityParticipations, raffleDraws, raffleWinners } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { transition } from '../promotions-engine/index.ts';
import { claimReward } from '../rewards/rewards.service.ts';

export interface TRaffleClaim {
  prizeName: string;
  amount: number;
  balance: number;
}

/**
 * MCS2_claimRafflePromotion: the member claims every prize they won in the raffle, in one answer (names joined,
 * amounts summed, the main wallet after the last). The member's winner rows are locked first, so twenty claims at
 * once credit each prize once: the first takes them; a later request with the same request id answers the first
 * result (rebuilt from the ledger), another request id is reward_already_claimed. Before the draw raffle_not_drawn;
 * a member who won nothing raffle_no_prize; another merchant's or a non-raffle id not_found.
 */
export async function claimRafflePrizes(db: TDb, member: { merchantId: number; userId: number }, activityId: number, requestId: string, now: Date): Promise<TRaffleClaim> {
  return db.transaction(async (tx) => {
    const [draw] = await tx
      .select({ drawnAt: raffleDraws.drawnAt })
      .from(raffleDraws)
      .innerJoin(activities, eq(activities.id, raffleDraws.activityId))
      .where(and(eq(raffleDraws.activityId, activityId), eq(activities.merchantId, member.merchantId), eq(activities.kind, 'raffle'), sql`${activities.state} <> 'draft'`));
    if (!draw) throw new AppError('not_found');
    if (!draw.drawnAt) throw new AppError('raffle_not_drawn');
    const won = await tx
      .select()
      .from(raffleWinners)
      .where(and(eq(raffleWinners.activityId, activityId), eq(raffleWinners.userId, member.userId)))
      .orderBy(asc(raffleWinners.prize))
      .for('update');
    if (won.length === 0) throw new AppError('raffle_no_prize');
    const open = won.filter((w) => w.claimedAt === null);
    // Prizes this request takes now, or took before (a retry of the same request answers what it answered then).
    const mine = open.length > 0 ? open : won.filter((w) => w.claimRequestId === requestId);
    if (mine.length === 0) throw new AppError('reward_already_claimed');
    let balance = 0;
    for (const w of mine) {
      if (w.rewardId === null) throw new Error(`raffle ${activityId} prize ${w.prize} has no reward`);
      // A savepoint inside this transaction: the winner rows stay locked until the claims commit together.
      balance = (await claimReward(tx as unknown as TDb, member, w.rewardId, requestId, now)).balance;
    }
    if (open.length > 0) {
      await tx
        .update(raffleWinners)
        .set({ claimedAt: now, claimRequestId: requestId })
        .where(and(eq(raffleWinners.activityId, activityId), eq(raffleWinners.userId, member.userId), sql`${raffleWinners.claimedAt} is null`));
      await tx
        .update(activityParticipations)
        .set({ status: transition('claim', 'claim'), updatedAt: now })
        .where(and(eq(activityParticipations.activityId, activityId), eq(activityParticipations.userId, member.userId), eq(activityParticipations.status, 'claim')));
    }
    return { prizeName: mine.map((w) => w.prizeName).join(', '), amount: mine.reduce((s, w) => s + w.amount, 0), balance };
  });
}
