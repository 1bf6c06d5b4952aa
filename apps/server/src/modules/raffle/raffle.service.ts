import { and, asc, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { TRaffleView } from '@playhall/contract/calls/promotions';
import { ZMinorPositive } from '@playhall/contract/fields';
import type { TTx } from '../../db/client.ts';
import { activities, raffleDraws, raffleTickets, raffleWinners, users } from '../../db/schema.ts';
import { newRaffleSeed, raffleCommit } from '../promotions-engine/index.ts';

/**
 * What a raffle activity keeps in `activities.terms` (`ops activity add --kind raffle` validates with it): the valid
 * bet that earns one ticket, the prizes in draw order (prize 0 drawn first) and an optional cap of tickets per member.
 */
export const ZRaffleTerms = z.object({
  ticketPer: ZMinorPositive,
  prizes: z.array(z.object({ name: z.string().trim().min(1).max(80), amount: ZMinorPositive })).min(1).max(100),
  maxTicketsPerMember: z.number().int().positive().nullable().default(null),
});
export type TRaffleTerms = z.infer<typeof ZRaffleTerms>;

/** A member sees at most this many of their own ticket numbers (the count is always whole). */
const MY_TICKETS_SHOWN = 1_000;

/** ab***yz: enough to recognise oneself, not to read another member's name. */
export function maskMember(username: string): string {
  if (username.length <= 4) return `${username.slice(0, 1)}***`;
  return `${username.slice(0, 2)}***${username.slice(-2)}`;
}

/**
 * Gives a raffle activity its secret seed and publishes the SHA-256 commit (raffle_draws). Called when a raffle
 * activity is added or scheduled; a raffle that has its seed keeps it (the commit must not change once shown).
 */
export async function ensureRaffleSeed(tx: TTx, activityId: number): Promise<void> {
  const seed = newRaffleSeed();
  await tx
    .insert(raffleDraws)
    .values({ activityId, seed, seedHash: await raffleCommit(seed) })
    .onConflictDoNothing({ target: raffleDraws.activityId });
}

/**
 * The raffle part of promotions.detail: the commit (and the seed once drawn), the member's tickets, the prizes and,
 * after the draw, the winners. Null when the activity is not a raffle or has no seed yet.
 */
export async function raffleView(db: TTx, activityId: number, userId: number | null, _now: Date): Promise<TRaffleView | null> {
  const [row] = await db
    .select({ terms: activities.terms, kind: activities.kind, draw: raffleDraws })
    .from(activities)
    .innerJoin(raffleDraws, eq(raffleDraws.activityId, activities.id))
    .where(eq(activities.id, activityId));
  if (!row || row.kind !== 'raffle') return null;
  const terms = ZRaffleTerms.safeParse(row.terms);
  if (!terms.success) return null;
  const drawn = row.draw.drawnAt !== null;
  const mine =
    userId === null
      ? []
      : await db
          .select({ number: raffleTickets.number })
          .from(raffleTickets)
          .where(and(eq(raffleTickets.activityId, activityId), eq(raffleTickets.userId, userId)))
          .orderBy(asc(raffleTickets.number))
          .limit(MY_TICKETS_SHOWN);
  const total = drawn
    ? (row.draw.tickets ?? 0)
    : ((await db.select({ n: count() }).from(raffleTickets).where(eq(raffleTickets.activityId, activityId)))[0]?.n ?? 0);
  const winners = drawn
    ? await db
        .select({ w: raffleWinners, username: users.username })
        .from(raffleWinners)
        .innerJoin(users, eq(users.id, raffleWinners.userId))
        .where(eq(raffleWinners.activityId, activityId))
        .orderBy(asc(raffleWinners.prize))
    : [];
  return {
    seedHash: row.draw.seedHash,
    // The seed only after the draw: before, it would tell who wins.
    seed: drawn ? row.draw.seed : null,
    ticketPer: terms.data.ticketPer,
    myTickets: mine.map((t) => t.number),
    totalTickets: total,
    prizes: terms.data.prizes,
    drawnAt: drawn ? (row.draw.drawnAt?.toISOString() ?? null) : null,
    winners: winners.map(({ w, username }) => ({
      prize: w.prize,
      ticket: w.ticket,
      member: w.userId === userId ? username : maskMember(username),
      amount: w.amount,
      mine: w.userId === userId,
      claimed: w.claimedAt !== null,
    })),
  };
}
