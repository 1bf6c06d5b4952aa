import { and, eq, max, min } from 'drizzle-orm';
import type { TDb } from './client.ts';
import * as t from './schema.ts';
import { SEED_VENDORS } from './seed-data.ts';
import { BOOK_VENDORS } from '../modules/sportsbook/sportsbook.books.ts';

/**
 * The house books' vendors (issue 20) on a site seeded before them: added if missing, on and first in the SPORTS
 * list (sorted before the vendors already there), with account type ids after the highest in use. A site that has
 * them is left as it is (an operator may have moved or turned them off). Their games come with the catalogue.
 */
export async function seedBookVendors(db: TDb, merchantId: number): Promise<void> {
  const books = SEED_VENDORS.filter((v) => BOOK_VENDORS.includes(v.code));
  const [have] = await db
    .select({ lowest: min(t.vendors.sort), highestType: max(t.vendors.accountTypeId) })
    .from(t.vendors)
    .where(eq(t.vendors.merchantId, merchantId));
  const [sports] = await db
    .select({ lowest: min(t.vendors.sort) })
    .from(t.vendors)
    .where(and(eq(t.vendors.merchantId, merchantId), eq(t.vendors.category, 'SPORTS')));
  const firstSort = (sports?.lowest ?? have?.lowest ?? 0) - books.length;
  const firstType = (have?.highestType ?? 1000) + 1;
  await db
    .insert(t.vendors)
    .values(
      books.map((v, i) => ({
        merchantId,
        vassalage: v.code,
        category: v.category,
        displayName: v.name,
        accountTypeId: firstType + i,
        accountTypeName: v.accountTypeName,
        gameType: v.gameType,
        isHot: v.hot ?? false,
        colour: v.colour,
        integration: 'house',
        enabled: true,
        sort: firstSort + i,
      })),
    )
    .onConflictDoNothing({ target: [t.vendors.merchantId, t.vendors.category, t.vendors.vassalage] });
}
