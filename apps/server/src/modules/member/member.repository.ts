import { and, count, eq, isNull } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { avatarImages, feedback, memberMessages } from '../../db/schema.ts';

/** SQL of the member centre's own tables: custom avatars, platform messages, feedback. */
export function createMemberRepository() {
  return {
    async insertAvatar(db: TTx, row: { id: string; userId: number; mime: 'image/png' | 'image/jpeg'; data: string }): Promise<void> {
      await db.insert(avatarImages).values(row);
    },
    async avatar(db: TTx, id: string) {
      const [row] = await db.select().from(avatarImages).where(eq(avatarImages.id, id));
      return row ?? null;
    },
    async insertMessage(db: TTx, row: { userId: number; title: string; content: string }): Promise<void> {
      await db.insert(memberMessages).values(row);
    },
    async unreadCount(db: TTx, userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(memberMessages)
        .where(and(eq(memberMessages.userId, userId), isNull(memberMessages.readAt)));
      return Number(row?.n ?? 0);
    },
    async insertFeedback(db: TTx, row: { userId: number; content: string; category: string | null }): Promise<number> {
      const [created] = await db.insert(feedback).values(row).returning({ id: feedback.id });
      if (!created) throw new Error('feedback insert returned nothing');
      return created.id;
    },
  };
}

export type TMemberRepository = ReturnType<typeof createMemberRepository>;
