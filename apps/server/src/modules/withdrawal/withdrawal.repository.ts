import { and, asc, count, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { bankCards, banks, merchants, uploads, users, withdrawals } from '../../db/schema.ts';

export type TWithdrawalRow = typeof withdrawals.$inferSelect;
export type TWithdrawalStatus = TWithdrawalRow['status'];

const day = (timeZone: string) => sql`(${withdrawals.createdAt} at time zone ${timeZone})::date`;

/** SQL of bank cards and withdrawals; every method takes the database or the transaction it must run in. */
export function createWithdrawalRepository() {
  const withCard = (db: TTx) =>
    db
      .select({ w: withdrawals, bankName: bankCards.bankName, accountNumber: bankCards.accountNumber })
      .from(withdrawals)
      .innerJoin(bankCards, eq(bankCards.id, withdrawals.bankCardId));

  /** The merchant's enabled banks of its own country (issue 16: a Vietnamese site offers Vietnamese banks). */
  const offered = (merchantId: number) =>
    and(
      eq(banks.merchantId, merchantId),
      eq(banks.enabled, true),
      eq(banks.countryCode, sql`(select ${merchants.countryCode} from ${merchants} where ${merchants.id} = ${merchantId})`),
    );

  return {
    async banks(db: TTx, merchantId: number) {
      return db.select({ code: banks.code, name: banks.name }).from(banks).where(offered(merchantId)).orderBy(asc(banks.sort), asc(banks.code));
    },
    async bank(db: TTx, merchantId: number, code: string) {
      const [row] = await db
        .select({ code: banks.code, name: banks.name })
        .from(banks)
        .where(and(offered(merchantId), eq(banks.code, code)));
      return row ?? null;
    },
    async cardsOf(db: TTx, userId: number) {
      return db.select().from(bankCards).where(eq(bankCards.userId, userId)).orderBy(asc(bankCards.id));
    },
    /** The card only if it is the member's own. */
    async cardOf(db: TTx, userId: number, cardId: number) {
      const [row] = await db.select().from(bankCards).where(and(eq(bankCards.id, cardId), eq(bankCards.userId, userId)));
      return row ?? null;
    },
    /** Null when the member already has this card (the unique index decides, also between concurrent binds). */
    async insertCard(db: TTx, row: typeof bankCards.$inferInsert) {
      const [card] = await db.insert(bankCards).values(row).onConflictDoNothing().returning();
      return card ?? null;
    },
    /**
     * Locks the member's row for the rest of the transaction: one member's binds and withdrawals run one
     * after another, so card counts, daily counts and the payee name are decided on what committed before.
     */
    async lockMember(db: TTx, userId: number) {
      const [row] = await db
        .select({ id: users.id, merchantId: users.merchantId, payeeName: users.payeeName, status: users.status })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      return row ?? null;
    },
    async setPayeeName(db: TTx, userId: number, payeeName: string): Promise<void> {
      await db.update(users).set({ payeeName }).where(eq(users.id, userId));
    },
    async byRequest(db: TTx, userId: number, requestId: string) {
      const [row] = await withCard(db).where(and(eq(withdrawals.userId, userId), eq(withdrawals.requestId, requestId)));
      return row ?? null;
    },
    async byId(db: TTx, id: number) {
      const [row] = await withCard(db).where(eq(withdrawals.id, id));
      return row ?? null;
    },
    /** Locks the withdrawal row; `userId` limits it to the member's own. */
    async lockWithdrawal(db: TTx, id: number, userId?: number) {
      const where = userId === undefined ? eq(withdrawals.id, id) : and(eq(withdrawals.id, id), eq(withdrawals.userId, userId));
      const [row] = await db.select().from(withdrawals).where(where).for('update');
      return row ?? null;
    },
    /** Withdrawals the member requested on the merchant's business day of `at`, rejected ones left out. */
    async countOnDay(db: TTx, userId: number, at: Date, timeZone: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(withdrawals)
        .where(
          and(
            eq(withdrawals.userId, userId),
            ne(withdrawals.status, 'rejected'),
            sql`${day(timeZone)} = (${at.toISOString()}::timestamptz at time zone ${timeZone})::date`,
          ),
        );
      return Number(row?.n ?? 0);
    },
    async insert(db: TTx, row: typeof withdrawals.$inferInsert) {
      const [created] = await db.insert(withdrawals).values(row).returning();
      if (!created) throw new Error('withdrawal insert returned nothing');
      return created;
    },
    async update(db: TTx, id: number, set: Partial<typeof withdrawals.$inferInsert>) {
      const [row] = await db.update(withdrawals).set(set).where(eq(withdrawals.id, id)).returning();
      if (!row) throw new Error(`withdrawal ${id} vanished`);
      return row;
    },
    async insertUpload(db: TTx, row: typeof uploads.$inferInsert): Promise<void> {
      await db.insert(uploads).values(row);
    },
    async upload(db: TTx, id: string) {
      const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
      return row ?? null;
    },
    /** The member's withdrawals, newest first, with a status and inclusive business-day filter. */
    async list(
      db: TTx,
      userId: number,
      filter: { status?: TWithdrawalStatus; from?: string; to?: string; timeZone: string },
      page: number,
      pageSize: number,
    ) {
      const where: SQL[] = [eq(withdrawals.userId, userId)];
      if (filter.status) where.push(eq(withdrawals.status, filter.status));
      if (filter.from) where.push(gte(day(filter.timeZone), sql`${filter.from}::date`));
      if (filter.to) where.push(lte(day(filter.timeZone), sql`${filter.to}::date`));
      const rows = await withCard(db)
        .where(and(...where))
        .orderBy(desc(withdrawals.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [total] = await db.select({ n: count() }).from(withdrawals).where(and(...where));
      return { rows, total: Number(total?.n ?? 0) };
    },
    /** For the operator: withdrawals in these states with the member and the full card, oldest first. */
    async forReview(db: TTx, merchantId: number, statuses: TWithdrawalStatus[]) {
      return db
        .select({ w: withdrawals, username: users.username, card: bankCards })
        .from(withdrawals)
        .innerJoin(bankCards, eq(bankCards.id, withdrawals.bankCardId))
        .innerJoin(users, eq(users.id, withdrawals.userId))
        .where(and(eq(withdrawals.merchantId, merchantId), inArray(withdrawals.status, statuses)))
        .orderBy(asc(withdrawals.id));
    },
  };
}

export type TWithdrawalRepository = ReturnType<typeof createWithdrawalRepository>;
