import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { operatorLoginTickets, operatorRecoveryCodes, operators, operatorSessions } from '../../db/schema.ts';

export type TOperatorRow = typeof operators.$inferSelect;
export type TOperatorPatch = Partial<Pick<TOperatorRow, 'role' | 'status' | 'totpSecret' | 'totpEnabledAt' | 'totpLastStep' | 'lastLoginAt'>>;

/** The console's operators, their second-step tickets, recovery codes and sessions: SQL only. */
export function createOperatorRepository() {
  return {
    async byUsername(db: TTx, merchantId: number, username: string): Promise<TOperatorRow | null> {
      const [row] = await db.select().from(operators).where(and(eq(operators.merchantId, merchantId), eq(operators.username, username.toLowerCase())));
      return row ?? null;
    },
    /** `lock`: FOR UPDATE, so two changes of one operator take turns and each audits what it saw. */
    async byId(db: TTx, merchantId: number, id: number, lock = false): Promise<TOperatorRow | null> {
      const query = db.select().from(operators).where(and(eq(operators.merchantId, merchantId), eq(operators.id, id)));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },
    async list(db: TTx, merchantId: number): Promise<TOperatorRow[]> {
      return db.select().from(operators).where(eq(operators.merchantId, merchantId)).orderBy(asc(operators.id));
    },
    /** Null when the username is taken (the unique index decides, so two processes cannot both create it). */
    async insert(tx: TTx, row: { merchantId: number; username: string; passwordHash: string; role: TOperatorRow['role'] }): Promise<TOperatorRow | null> {
      const [created] = await tx.insert(operators).values(row).onConflictDoNothing().returning();
      return created ?? null;
    },
    async update(tx: TTx, id: number, patch: TOperatorPatch): Promise<void> {
      await tx.update(operators).set(patch).where(eq(operators.id, id));
    },
    /** Takes a TOTP step if it is later than the last one taken: false for a replayed (or older) code. */
    async useTotpStep(tx: TTx, id: number, step: number): Promise<boolean> {
      const rows = await tx
        .update(operators)
        .set({ totpLastStep: step })
        .where(and(eq(operators.id, id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))))
        .returning({ id: operators.id });
      return rows.length > 0;
    },

    async insertTicket(tx: TTx, row: { operatorId: number; ticketHash: string; purpose: 'totp' | 'enrol'; expiresAt: Date }): Promise<void> {
      await tx.insert(operatorLoginTickets).values(row);
    },
    /** A ticket neither used nor expired, or null. */
    async liveTicket(db: TTx, ticketHash: string, now: Date) {
      const [row] = await db
        .select()
        .from(operatorLoginTickets)
        .where(and(eq(operatorLoginTickets.ticketHash, ticketHash), isNull(operatorLoginTickets.usedAt), gt(operatorLoginTickets.expiresAt, now)));
      return row ?? null;
    },
    /** Uses a ticket up; false when another request used it first. */
    async useTicket(tx: TTx, id: number, now: Date): Promise<boolean> {
      const rows = await tx
        .update(operatorLoginTickets)
        .set({ usedAt: now })
        .where(and(eq(operatorLoginTickets.id, id), isNull(operatorLoginTickets.usedAt)))
        .returning({ id: operatorLoginTickets.id });
      return rows.length > 0;
    },

    /** The operator's recovery codes become these (the earlier ones, used or not, are gone). */
    async replaceRecoveryCodes(tx: TTx, operatorId: number, codeHashes: readonly string[]): Promise<void> {
      await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, operatorId));
      if (codeHashes.length > 0) await tx.insert(operatorRecoveryCodes).values(codeHashes.map((codeHash) => ({ operatorId, codeHash })));
    },
    /** Uses one unused code; the number left after it, or null when the code is not one of the operator's unused ones. */
    async useRecoveryCode(tx: TTx, operatorId: number, codeHash: string, now: Date): Promise<number | null> {
      const used = await tx
        .update(operatorRecoveryCodes)
        .set({ usedAt: now })
        .where(and(eq(operatorRecoveryCodes.operatorId, operatorId), eq(operatorRecoveryCodes.codeHash, codeHash), isNull(operatorRecoveryCodes.usedAt)))
        .returning({ id: operatorRecoveryCodes.id });
      if (used.length === 0) return null;
      const [left] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(operatorRecoveryCodes)
        .where(and(eq(operatorRecoveryCodes.operatorId, operatorId), isNull(operatorRecoveryCodes.usedAt)));
      return Number(left?.n ?? 0);
    },

    async insertSession(tx: TTx, row: { operatorId: number; tokenHash: string; ip: string; lastSeenAt: Date; expiresAt: Date }): Promise<void> {
      await tx.insert(operatorSessions).values(row);
    },
    /**
     * The live session of this token, touched (its idle time starts again): not revoked, before its absolute expiry,
     * seen within `idleMs`, its operator active. One statement, so a revocation or a lock holds on every process.
     */
    async touchLive(db: TTx, tokenHash: string, now: Date, idleMs: number) {
      const idleSince = new Date(now.getTime() - idleMs);
      const [row] = await db
        .update(operatorSessions)
        .set({ lastSeenAt: now })
        .from(operators)
        .where(
          and(
            eq(operatorSessions.tokenHash, tokenHash),
            eq(operators.id, operatorSessions.operatorId),
            isNull(operatorSessions.revokedAt),
            gt(operatorSessions.expiresAt, now),
            gt(operatorSessions.lastSeenAt, idleSince),
            eq(operators.status, 'active'),
          ),
        )
        .returning({ sessionId: operatorSessions.id, operatorId: operators.id, username: operators.username, role: operators.role, expiresAt: operatorSessions.expiresAt });
      return row ?? null;
    },
    async revokeSession(tx: TTx, sessionId: number, now: Date): Promise<void> {
      await tx.update(operatorSessions).set({ revokedAt: now }).where(and(eq(operatorSessions.id, sessionId), isNull(operatorSessions.revokedAt)));
    },
    async revokeAllOfOperator(tx: TTx, operatorId: number, now: Date): Promise<number> {
      const rows = await tx
        .update(operatorSessions)
        .set({ revokedAt: now })
        .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)))
        .returning({ id: operatorSessions.id });
      return rows.length;
    },
  };
}

export type TOperatorRepository = ReturnType<typeof createOperatorRepository>;
