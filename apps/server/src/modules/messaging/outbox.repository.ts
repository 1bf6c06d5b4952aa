import { and, desc, eq, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { mailOutbox, smsOutbox } from '../../db/schema.ts';

/** The outboxes of the default SMS and mail providers. */
export function createOutboxRepository() {
  return {
    async insertSms(db: TTx, row: { merchantId: number; countryDialingCode: string; mobile: string; message: string }) {
      await db.insert(smsOutbox).values(row);
    },
    async insertMail(db: TTx, row: { merchantId: number; address: string; subject: string; body: string }) {
      await db.insert(mailOutbox).values(row);
    },
    /**
     * Newest first. `number` is digits as an operator types them — national (with or without the
     * trunk 0) or international (with or without '+'): it matches the end of dialing code + number.
     */
    listSms: (db: TTx, merchantId: number, number: string | null, limit: number) => {
      const tail = number?.replace(/^\+/, '').replace(/^0+/, '').replace(/[^0-9]/g, '') ?? '';
      return db
        .select()
        .from(smsOutbox)
        .where(
          and(
            eq(smsOutbox.merchantId, merchantId),
            tail ? sql`replace(${smsOutbox.countryDialingCode}, '+', '') || ${smsOutbox.mobile} like ${`%${tail}`}` : undefined,
          ),
        )
        .orderBy(desc(smsOutbox.id))
        .limit(limit);
    },
    listMail: (db: TTx, merchantId: number, address: string | null, limit: number) =>
      db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.merchantId, merchantId), address ? sql`lower(${mailOutbox.address}) = lower(${address})` : undefined))
        .orderBy(desc(mailOutbox.id))
        .limit(limit),
  };
}

export type TOutboxRepository = ReturnType<typeof createOutboxRepository>;
