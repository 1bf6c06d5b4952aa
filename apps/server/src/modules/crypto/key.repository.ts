import { desc, eq } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { serverKeys } from '../../db/schema.ts';

export function createKeyRepository() {
  return {
    async newest(db: TTx) {
      const [row] = await db.select().from(serverKeys).orderBy(desc(serverKeys.createdAt), desc(serverKeys.keyId)).limit(1);
      return row ?? null;
    },
    async byId(db: TTx, keyId: string) {
      const [row] = await db.select().from(serverKeys).where(eq(serverKeys.keyId, keyId));
      return row ?? null;
    },
    async insert(db: TTx, key: { keyId: string; publicPem: string; privatePem: string }) {
      await db.insert(serverKeys).values(key).onConflictDoNothing();
    },
  };
}
