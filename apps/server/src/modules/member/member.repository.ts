import { eq } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { avatarImages, memberMessages } from '../../db/schema.ts';

/** SQL of the member centre's own tables: custom avatars and the welcome message (the rest of messages: modules/inbox). */
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
  };
}

export type TMemberRepository = ReturnType<typeof createMemberRepository>;
