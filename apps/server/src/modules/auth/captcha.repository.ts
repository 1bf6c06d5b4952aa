import { eq, lt } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { captchas } from '../../db/schema.ts';

export function createCaptchaRepository() {
  return {
    async insert(db: TTx, row: { id: string; answerHash: string; expiresAt: Date }): Promise<void> {
      await db.insert(captchas).values(row);
    },
    /** Removes the captcha and returns it: whoever takes it first is the only one to check it. */
    async take(db: TTx, id: string) {
      const [row] = await db.delete(captchas).where(eq(captchas.id, id)).returning();
      return row ?? null;
    },
    async prune(db: TTx, before: Date): Promise<void> {
      await db.delete(captchas).where(lt(captchas.expiresAt, before));
    },
  };
}

export type TCaptchaRepository = ReturnType<typeof createCaptchaRepository>;
