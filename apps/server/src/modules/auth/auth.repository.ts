import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { affiliateCodes, guestAccounts, loginChallenges, passwordResets } from '../../db/schema.ts';
import type { TFirstStep } from './sign-in.service.ts';

/** SQL of the ways in: second-verification challenges, free-play guests, reset links, invitation codes. */
export function createAuthRepository() {
  return {
    async insertChallenge(db: TTx, row: { id: string; userId: number; method: TFirstStep; ip: string; expiresAt: Date }): Promise<void> {
      await db.insert(loginChallenges).values(row);
    },
    async challenge(db: TTx, id: string) {
      const [row] = await db.select().from(loginChallenges).where(eq(loginChallenges.id, id));
      return row ?? null;
    },
    async setChallengeCode(db: TTx, id: string, code: { hash: string; expiresAt: Date }): Promise<void> {
      await db
        .update(loginChallenges)
        .set({ codeHash: code.hash, codeExpiresAt: code.expiresAt })
        .where(eq(loginChallenges.id, id));
    },
    /**
     * Takes one of the challenge's `max` answers before the answer is checked: false when they are
     * used up or the challenge is used, so a concurrent burst checks at most `max`.
     */
    async takeChallengeAttempt(db: TTx, id: string, max: number): Promise<boolean> {
      const rows = await db
        .update(loginChallenges)
        .set({ attempts: sql`${loginChallenges.attempts} + 1` })
        .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.consumedAt), lt(loginChallenges.attempts, max)))
        .returning({ id: loginChallenges.id });
      return rows.length === 1;
    },
    /** Uses the challenge once: false when another request used it first. */
    async consumeChallenge(db: TTx, id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(loginChallenges)
        .set({ consumedAt: now })
        .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.consumedAt)))
        .returning({ id: loginChallenges.id });
      return rows.length === 1;
    },

    async guestUserId(db: TTx, deviceKeyHash: string): Promise<number | null> {
      const [row] = await db.select().from(guestAccounts).where(eq(guestAccounts.deviceKeyHash, deviceKeyHash));
      return row?.userId ?? null;
    },
    async insertGuest(db: TTx, deviceKeyHash: string, userId: number): Promise<void> {
      await db.insert(guestAccounts).values({ deviceKeyHash, userId });
    },

    async insertReset(db: TTx, row: { tokenHash: string; userId: number; expiresAt: Date }): Promise<void> {
      await db.insert(passwordResets).values(row);
    },
    /** Takes a live reset link once: its user, or null when unknown, used or expired. */
    async useReset(db: TTx, tokenHash: string, now: Date): Promise<number | null> {
      const [row] = await db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResets.tokenHash, tokenHash),
            isNull(passwordResets.usedAt),
            sql`${passwordResets.expiresAt} > ${now.toISOString()}::timestamptz`,
          ),
        )
        .returning({ userId: passwordResets.userId });
      return row?.userId ?? null;
    },
    /** Earlier links die when a password is set by any way. */
    async voidResets(db: TTx, userId: number, now: Date): Promise<void> {
      await db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    },

    async affiliateCode(db: TTx, merchantId: number, code: string) {
      const [row] = await db
        .select()
        .from(affiliateCodes)
        .where(and(eq(affiliateCodes.merchantId, merchantId), sql`upper(${affiliateCodes.code}) = upper(${code})`));
      return row ?? null;
    },

    async prune(db: TTx, before: Date): Promise<void> {
      await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, before));
      await db.delete(passwordResets).where(lt(passwordResets.expiresAt, before));
    },
  };
}

export type TAuthRepository = ReturnType<typeof createAuthRepository>;
