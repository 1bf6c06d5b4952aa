import { and, asc, desc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { announcements } from '../../db/schema.ts';

type TType = 'B' | 'PL' | 'PU' | 'PR' | 'H';

export function createAnnouncementRepository() {
  return {
    /** Announcements of the given types that are live now on a platform, in display order. */
    live: (db: TTx, merchantId: number, types: TType[], platform: string, now: Date) =>
      db
        .select()
        .from(announcements)
        .where(
          and(
            eq(announcements.merchantId, merchantId),
            inArray(announcements.type, types),
            eq(announcements.platform, platform),
            lte(announcements.startsAt, now),
            or(isNull(announcements.endsAt), gt(announcements.endsAt, now)),
          ),
        )
        .orderBy(asc(announcements.sort), desc(announcements.id)),
    list: (db: TTx, merchantId: number) =>
      db.select().from(announcements).where(eq(announcements.merchantId, merchantId)).orderBy(asc(announcements.id)),
    async insert(db: TTx, row: typeof announcements.$inferInsert) {
      const [created] = await db.insert(announcements).values(row).returning();
      if (!created) throw new Error('announcement insert returned nothing');
      return created;
    },
    async remove(db: TTx, merchantId: number, id: number) {
      const [removed] = await db
        .delete(announcements)
        .where(and(eq(announcements.merchantId, merchantId), eq(announcements.id, id)))
        .returning();
      return removed ?? null;
    },
  };
}

export type TAnnouncementRepository = ReturnType<typeof createAnnouncementRepository>;
