import { sql } from 'drizzle-orm';
import type { TDb } from './client.ts';
import * as t from './schema.ts';
import { DEFAULT_LADDER } from '../modules/vip/vip.ladder.ts';

/**
 * The VIP ladder of a merchant (issue 18): the default VIP0–VIP10 of loyalty.md, when the merchant has no level yet
 * (a new site, or a site made before the VIP levels existed); the operator changes it with `ops vip level …`.
 */
export async function seedVipLadder(db: TDb, merchantId: number): Promise<void> {
  const [any] = await db.select({ level: t.vipLevels.level }).from(t.vipLevels).where(sql`${t.vipLevels.merchantId} = ${merchantId}`).limit(1);
  if (any) return;
  await db
    .insert(t.vipLevels)
    .values(DEFAULT_LADDER.map((l) => ({ merchantId, ...l })))
    .onConflictDoNothing();
}

/**
 * The demo's VIP state: member01 holds VIP2 (set as an operator would, so no upgrade bonus was paid for it) since
 * 20 days, with the label "high roller"; its progress to VIP3 and this month's keep requirement move as it plays.
 * Its birthday is left for the member to confirm.
 */
export async function seedDemoVip(db: TDb, merchantId: number, demo: { member01: number }, now = new Date()): Promise<void> {
  await db
    .insert(t.memberVip)
    .values({
      userId: demo.member01,
      merchantId,
      level: 2,
      topLevel: 2,
      levelSince: new Date(now.getTime() - 20 * 86_400_000),
      labels: ['high roller'],
    })
    .onConflictDoNothing();
}
