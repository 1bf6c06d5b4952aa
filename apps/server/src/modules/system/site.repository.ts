import { asc, eq, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

/** Channel on which servers hear that the site configuration changed (NOTIFY is delivered on commit). */
export const SITE_CONFIG_CHANNEL = 'site_config_changed';

/** SQL for the merchant's site configuration. Every method takes the database or a transaction. */
export function createSiteRepository() {
  return {
    async merchantByCode(db: TTx, code: string) {
      const [row] = await db.select().from(t.merchants).where(eq(t.merchants.code, code));
      return row ?? null;
    },
    async configVersion(db: TTx, merchantId: number): Promise<number> {
      const [row] = await db
        .select({ v: t.merchants.configVersion })
        .from(t.merchants)
        .where(eq(t.merchants.id, merchantId));
      return row?.v ?? 0;
    },
    /** Marks the site configuration changed: every server drops its cached copy once this commits. */
    async bumpConfigVersion(db: TTx, merchantId: number): Promise<void> {
      await db
        .update(t.merchants)
        .set({ configVersion: sql`${t.merchants.configVersion} + 1` })
        .where(eq(t.merchants.id, merchantId));
      await db.execute(sql`select pg_notify(${SITE_CONFIG_CHANNEL}, '')`);
    },
    async systemState(db: TTx, merchantId: number) {
      const [row] = await db.select().from(t.systemState).where(eq(t.systemState.merchantId, merchantId));
      return row ?? null;
    },
    regionRules: (db: TTx, merchantId: number) =>
      db.select().from(t.regionRules).where(eq(t.regionRules.merchantId, merchantId)),
    moduleFlags: (db: TTx, merchantId: number) =>
      db.select().from(t.moduleFlags).where(eq(t.moduleFlags.merchantId, merchantId)).orderBy(asc(t.moduleFlags.sort)),
    registerRules: (db: TTx, merchantId: number) =>
      db
        .select()
        .from(t.registerFieldRules)
        .where(eq(t.registerFieldRules.merchantId, merchantId))
        .orderBy(asc(t.registerFieldRules.sort)),
    resources: (db: TTx, merchantId: number) =>
      db.select().from(t.resources).where(eq(t.resources.merchantId, merchantId)).orderBy(asc(t.resources.sort)),
    domains: (db: TTx, merchantId: number) =>
      db.select().from(t.domains).where(eq(t.domains.merchantId, merchantId)).orderBy(asc(t.domains.id)),
    /** Every vendor, open or under maintenance (issue 16: one that is off is shown as such, not hidden). */
    vendors: (db: TTx, merchantId: number) =>
      db.select().from(t.vendors).where(eq(t.vendors.merchantId, merchantId)).orderBy(asc(t.vendors.sort), asc(t.vendors.id)),
    footerProviders: (db: TTx) => db.select().from(t.footerProviders).orderBy(asc(t.footerProviders.sort)),
    helpArticles: (db: TTx, merchantId: number) =>
      db.select().from(t.helpArticles).where(eq(t.helpArticles.merchantId, merchantId)).orderBy(asc(t.helpArticles.sort)),
  };
}

export type TSiteRepository = ReturnType<typeof createSiteRepository>;
