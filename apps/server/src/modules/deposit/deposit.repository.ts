import { and, asc, count, desc, eq, gte, inArray, lte, lt, sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { depositChannels, deposits, gatewayNonces, uploads, users } from '../../db/schema.ts';

export type TDepositRow = typeof deposits.$inferSelect;
export type TDepositStatus = TDepositRow['status'];
export type TChannelRow = typeof depositChannels.$inferSelect;

/** SQL of deposits; every method takes the database or the transaction it must run in. */
export function createDepositRepository() {
  return {
    async enabledChannels(db: TTx, merchantId: number) {
      return db
        .select()
        .from(depositChannels)
        .where(and(eq(depositChannels.merchantId, merchantId), eq(depositChannels.enabled, true)))
        .orderBy(asc(depositChannels.sort), asc(depositChannels.id));
    },
    async channel(db: TTx, merchantId: number, id: number) {
      const [row] = await db.select().from(depositChannels).where(and(eq(depositChannels.merchantId, merchantId), eq(depositChannels.id, id)));
      return row ?? null;
    },
    /** Every channel of the site, on or off, in the members' order (`ops payment-channel list`). */
    async allChannels(db: TTx, merchantId: number) {
      return db.select().from(depositChannels).where(eq(depositChannels.merchantId, merchantId)).orderBy(asc(depositChannels.sort), asc(depositChannels.id));
    },
    /** The operator's switch; the channel as it was, or null when the site has no such channel. */
    async setChannelEnabled(db: TTx, merchantId: number, id: number, enabled: boolean) {
      const where = and(eq(depositChannels.merchantId, merchantId), eq(depositChannels.id, id));
      const [before] = await db.select().from(depositChannels).where(where).for('update');
      if (!before) return null;
      await db.update(depositChannels).set({ enabled }).where(where);
      return before;
    },
    /** The operator's deposit limits (minor units); the channel as it was, or null when the site has no such channel. */
    async setChannelLimits(db: TTx, merchantId: number, id: number, minAmount: number, maxAmount: number) {
      const where = and(eq(depositChannels.merchantId, merchantId), eq(depositChannels.id, id));
      const [before] = await db.select().from(depositChannels).where(where).for('update');
      if (!before) return null;
      await db.update(depositChannels).set({ minAmount, maxAmount }).where(where);
      return before;
    },
    /** The channel a deposit was made on. */
    async channelOfDeposit(db: TTx, depositId: number) {
      const [row] = await db
        .select({ channel: depositChannels })
        .from(deposits)
        .innerJoin(depositChannels, eq(depositChannels.id, deposits.channelId))
        .where(eq(deposits.id, depositId));
      return row?.channel ?? null;
    },
    async channelsByIds(db: TTx, ids: number[]) {
      if (ids.length === 0) return [];
      return db.select().from(depositChannels).where(inArray(depositChannels.id, ids));
    },
    async insertUpload(db: TTx, row: typeof uploads.$inferInsert) {
      await db.insert(uploads).values(row);
    },
    async upload(db: TTx, id: string) {
      const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
      return row ?? null;
    },
    /** The new deposit, or null when the member's request id made one already. */
    async insert(db: TTx, row: typeof deposits.$inferInsert) {
      const [created] = await db.insert(deposits).values(row).onConflictDoNothing({ target: [deposits.userId, deposits.requestId] }).returning();
      return created ?? null;
    },
    async byRequest(db: TTx, userId: number, requestId: string) {
      const [row] = await db.select().from(deposits).where(and(eq(deposits.userId, userId), eq(deposits.requestId, requestId)));
      return row ?? null;
    },
    async countPendingReview(db: TTx, userId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(deposits).where(and(eq(deposits.userId, userId), eq(deposits.status, 'pendingReview')));
      return Number(row?.n ?? 0);
    },
    async byId(db: TTx, id: number) {
      const [row] = await db.select().from(deposits).where(eq(deposits.id, id));
      return row ?? null;
    },
    /** Locks the deposit for the rest of the transaction: two callbacks or reviews take turns. */
    async lock(db: TTx, id: number) {
      const [row] = await db.select().from(deposits).where(eq(deposits.id, id)).for('update');
      return row ?? null;
    },
    async setGatewayTxn(db: TTx, id: number, txnId: string) {
      await db.update(deposits).set({ gatewayTxnId: txnId }).where(and(eq(deposits.id, id), sql`${deposits.gatewayTxnId} is null`));
    },
    async update(db: TTx, id: number, set: Partial<Pick<TDepositRow, 'status' | 'reviewRemark' | 'journalEntryId' | 'creditedAt'>>) {
      const [row] = await db.update(deposits).set(set).where(eq(deposits.id, id)).returning();
      if (!row) throw new Error(`deposit ${id} vanished`);
      return row;
    },
    async list(
      db: TTx,
      userId: number,
      filter: { id?: number; status?: TDepositStatus; from?: string; to?: string; timeZone: string },
      page: number,
      pageSize: number,
    ) {
      const where: SQL[] = [eq(deposits.userId, userId)];
      if (filter.id !== undefined) where.push(eq(deposits.id, filter.id));
      if (filter.status) where.push(eq(deposits.status, filter.status));
      const day = sql`(${deposits.createdAt} at time zone ${filter.timeZone})::date`;
      if (filter.from) where.push(gte(day, sql`${filter.from}::date`));
      if (filter.to) where.push(lte(day, sql`${filter.to}::date`));
      const rows = await db
        .select()
        .from(deposits)
        .where(and(...where))
        .orderBy(desc(deposits.createdAt), desc(deposits.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [total] = await db.select({ n: count() }).from(deposits).where(and(...where));
      return { rows, total: Number(total?.n ?? 0) };
    },
    /**
     * Deposits as the operator sees them, with who made them and through which channel: those waiting for review
     * (oldest first, the queue's order) or all of them (newest first); a page of them when `page` is given.
     */
    async forOperator(db: TTx, merchantId: number, filter: { pendingOnly: boolean; page?: { limit: number; offset: number } }) {
      const where = and(eq(deposits.merchantId, merchantId), filter.pendingOnly ? eq(deposits.status, 'pendingReview') : undefined);
      const query = db
        .select({ deposit: deposits, username: users.username, channelName: depositChannels.name })
        .from(deposits)
        .innerJoin(users, eq(users.id, deposits.userId))
        .innerJoin(depositChannels, eq(depositChannels.id, deposits.channelId))
        .where(where)
        .orderBy(filter.pendingOnly ? asc(deposits.id) : desc(deposits.id));
      const rows = filter.page ? await query.limit(filter.page.limit).offset(filter.page.offset) : await query;
      const total = filter.page ? Number((await db.select({ n: count() }).from(deposits).where(where))[0]?.n ?? 0) : rows.length;
      return { rows, total };
    },
    /** Online deposits left unpaid past their time; answers how many expired. */
    async expireUnpaid(db: TTx, now: Date): Promise<number> {
      const rows = await db
        .update(deposits)
        .set({ status: 'expired' })
        .where(and(eq(deposits.status, 'awaitingPayment'), lte(deposits.expiresAt, now)))
        .returning({ id: deposits.id });
      return rows.length;
    },
    /** Records a callback nonce; false when it was seen before (a replay). */
    async useNonce(db: TTx, nonce: string): Promise<boolean> {
      const rows = await db.insert(gatewayNonces).values({ nonce }).onConflictDoNothing().returning({ nonce: gatewayNonces.nonce });
      return rows.length > 0;
    },
    /** Nonces older than the freshness window can never be replayed (their timestamp is refused anyway). */
    async purgeNonces(db: TTx, before: Date) {
      await db.delete(gatewayNonces).where(lt(gatewayNonces.createdAt, before));
    },
  };
}

export type TDepositRepository = ReturnType<typeof createDepositRepository>;
