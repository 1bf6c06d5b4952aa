import type { TDb } from './client.ts';
import * as t from './schema.ts';
import { seedTexts } from './seed-texts.ts';
import { sanitizeOperatorHtml } from '../lib/sanitize.ts';
import { DEFAULT_EARN_RATES, writePointsConfig } from '../modules/points/points.config.ts';
import { decideExchange, grantPoints, redeem } from '../modules/points/points.service.ts';
import { DEFAULT_TIME_ZONE } from '../lib/zoned-time.ts';

/** ₫ in minor units. */
const VND = (dong: number) => dong * 100;

const RULES = `<p>Every settled bet earns points: <b>1 point per 10,000 ₫</b> of valid bet on slots and fishing, <b>1 point per 20,000 ₫</b> on live casino, sports, e-sports, cards and lottery, paid every 15 minutes. Promotions and missions give points too.</p>
<ul><li>Points never expire.</li><li>Redeem them in the points mall, or convert 1,000 points into 10,000 ₫ in your main wallet (at least 1,000 points at a time).</li><li>Goods are shipped to the address you give and approved once sent; you can cancel while the request is in process and get your points back.</li></ul>`;

type TItem = Omit<typeof t.pointItems.$inferInsert, 'merchantId'>;

export const ITEMS: TItem[] = [
  { name: '50,000 ₫ cash', kind: 'cash', value: VND(50_000), pointsRequired: 500, pointsRatio: 10, imageUrl: '/img/mall/1.svg', sort: 10, descriptionHtml: '<p>50,000 ₫ straight into your main wallet.</p>' },
  {
    name: '200,000 ₫ cash', kind: 'cash', value: VND(200_000), pointsRequired: 1_800, pointsRatio: 9, imageUrl: '/img/mall/2.svg', sort: 20,
    amountRequired: VND(500_000), amountKind: 'deposit', descriptionHtml: '<p>200,000 ₫ into your main wallet, for members who deposited <b>500,000 ₫</b> in the last 30 days.</p>',
  },
  {
    name: '100,000 ₫ bonus', kind: 'bonus', value: VND(100_000), turnoverMultiple: 5, pointsRequired: 800, pointsRatio: 8, imageUrl: '/img/mall/3.svg', sort: 30,
    descriptionHtml: '<p>A 100,000 ₫ bonus: bet <b>5×</b> its amount within 30 days and it turns into cash.</p>',
  },
  { name: 'Playhall headphones', kind: 'goods', pointsRequired: 3_000, stock: 20, imageUrl: '/img/mall/4.svg', sort: 40, descriptionHtml: '<p>Wireless headphones in Playhall purple, shipped to your address.</p>' },
  { name: 'Playhall T-shirt', kind: 'goods', pointsRequired: 1_200, stock: 3, imageUrl: '/img/mall/5.svg', sort: 50, descriptionHtml: '<p>Cotton T-shirt, size L. <b>Only a few left.</b></p>' },
  { name: 'Playhall mug', kind: 'goods', pointsRequired: 600, stock: 50, imageUrl: '/img/mall/6.svg', sort: 60, descriptionHtml: '<p>A 350 ml ceramic mug.</p>' },
  {
    name: 'Smartphone', kind: 'goods', pointsRequired: 50_000, stock: 2, imageUrl: '/img/mall/7.svg', sort: 70, amountRequired: VND(50_000_000), amountKind: 'validBet',
    descriptionHtml: '<p>A new smartphone, for members with 50,000,000 ₫ of valid bet in the last 30 days.</p>',
  },
  { name: 'Smart watch', kind: 'goods', pointsRequired: 20_000, stock: 5, imageUrl: '/img/mall/8.svg', sort: 80, status: 'off', descriptionHtml: '<p>Back soon.</p>' },
];

/**
 * The demo points mall (issue 18), made once with the site: loyalty.md's earn rates, converting on (1,000 points →
 * 10,000 ₫, at least 1,000), eight items of the three kinds (one with 3 left, one off), and member01 with points, a
 * history (welcome points, points for bets, a mug shipped) and a T-shirt waiting to be shipped.
 */
export async function seedDemoPoints(db: TDb, merchantId: number, member01: number, now = new Date()): Promise<void> {
  await writePointsConfig(db, merchantId, {
    earnRates: DEFAULT_EARN_RATES,
    convertEnabled: true,
    convertPoints: 1_000,
    convertAmount: VND(10_000),
    minConvertPoints: 1_000,
    rulesHtml: sanitizeOperatorHtml(RULES),
  }, now);
  const items = await db
    .insert(t.pointItems)
    .values(ITEMS.map((i) => ({ ...i, merchantId, descriptionHtml: sanitizeOperatorHtml(i.descriptionHtml ?? ''), texts: seedTexts('mall', i.name) })))
    .returning({ id: t.pointItems.id, name: t.pointItems.name });
  const idOf = (name: string) => {
    const id = items.find((i) => i.name === name)?.id;
    if (id === undefined) throw new Error(`demo item ${name} missing`);
    return id;
  };
  await db.transaction(async (tx) => {
    await grantPoints(tx, { merchantId, userId: member01 }, 3_000, 'seed:points:welcome:member01', 'Welcome points');
    await grantPoints(tx, { merchantId, userId: member01 }, 620, 'seed:points:bets:member01', 'Points for bets 20:00–20:15');
  });
  const m = { merchantId, userId: member01, timeZone: DEFAULT_TIME_ZONE };
  // Goods, not cash: the demo member's wallet stays the demo balance every demo account starts with.
  const mug = await redeem(db, m, { requestId: 'seed-points-mug-member01', rewardId: idOf('Playhall mug'), quantity: 1, address: '12 Demo Street, District 1, Ho Chi Minh City' }, now);
  await decideExchange(db, merchantId, mug.record.id, { approve: true }, 'seed', now, async () => {});
  await redeem(db, m, { requestId: 'seed-points-shirt-member01', rewardId: idOf('Playhall T-shirt'), quantity: 1, address: '12 Demo Street, District 1, Ho Chi Minh City' }, now);
}
