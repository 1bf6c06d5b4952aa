import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { oauthStates, userIdentities } from '../../db/schema.ts';

export type TIdentityProvider = 'google' | 'facebook' | 'telegram';

/** SQL of third-party login: OAuth states in flight and the identities that name accounts. */
export function createThirdPartyRepository() {
  return {
    async insertState(db: TTx, row: typeof oauthStates.$inferInsert): Promise<void> {
      await db.insert(oauthStates).values(row);
    },
    /** Takes a live state once (single use): its row, or null when unknown, used or expired. */
    async useState(db: TTx, merchantId: number, stateHash: string, now: Date) {
      const [row] = await db
        .update(oauthStates)
        .set({ usedAt: now })
        .where(
          and(
            eq(oauthStates.stateHash, stateHash),
            eq(oauthStates.merchantId, merchantId),
            isNull(oauthStates.usedAt),
            sql`${oauthStates.expiresAt} > ${now.toISOString()}::timestamptz`,
          ),
        )
        .returning();
      return row ?? null;
    },

    async identityUserId(db: TTx, merchantId: number, provider: TIdentityProvider, subject: string): Promise<number | null> {
      const [row] = await db
        .select({ userId: userIdentities.userId })
        .from(userIdentities)
        .where(and(eq(userIdentities.merchantId, merchantId), eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
      return row?.userId ?? null;
    },
    async insertIdentity(db: TTx, row: typeof userIdentities.$inferInsert): Promise<void> {
      await db.insert(userIdentities).values(row);
    },

    async prune(db: TTx, before: Date): Promise<void> {
      await db.delete(oauthStates).where(lt(oauthStates.expiresAt, before));
    },
  };
}

export type TThirdPartyRepository = ReturnType<typeof createThirdPartyRepository>;
