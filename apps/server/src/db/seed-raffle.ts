import type { TDb } from './client.ts';
import * as t from './schema.ts';
import { DEFAULT_TIME_ZONE, instantOf, wallClock } from '../lib/zoned-time.ts';
import { sanitizeOperatorHtml } from '../lib/sanitize.ts';
import { activityProblems, ZActivityInput } from '../modules/promotions/activity-terms.ts';
import { scheduleRain } from '../modules/envelopes/envelopes.service.ts';
import { ensureRaffleSeed } from '../modules/raffle/raffle.service.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** ₫ in minor units. */
const VND = (dong: number) => dong * 100;

/**
 * The demo site's raffle and red-envelope rains (issue 17), made once with the site:
 * - "Weekly raffle", running from a day before the seed for 7 days: a ticket per 10,000 ₫ of valid bet after joining
 *   (ten 1,000 ₫ slot spins), five prizes, its seed committed now and drawn 15 minutes after the end;
 * - "Welcome rain", open from the seed for 2 hours (200 envelopes of 2,000–30,000 ₫ from 2,000,000 ₫), so that a
 *   fresh `npm start` shows a rain to open at once;
 * - "Evening rain" every day of the next week, 20:00–20:30 in the merchant's time zone (100 envelopes of
 *   2,000–20,000 ₫ from 1,000,000 ₫): the next one shows as coming.
 */
export async function seedDemoRaffleAndRains(db: TDb, merchantId: number, now = new Date()): Promise<void> {
  const prizes = [
    { name: 'Grand prize', amount: VND(1_000_000) },
    { name: 'Second prize', amount: VND(500_000) },
    { name: 'Lucky prize', amount: VND(100_000) },
    { name: 'Lucky prize', amount: VND(100_000) },
    { name: 'Lucky prize', amount: VND(100_000) },
  ];
  const raffle = ZActivityInput.parse({
    kind: 'raffle',
    category: 'event',
    title: 'Weekly raffle',
    summary: 'A ticket for every 10,000 ₫ you bet: five prizes up to 1,000,000 ₫.',
    termsHtml:
      '<p>Join, then every <b>10,000 ₫ of valid bet</b> (settled) earns a numbered ticket until the raffle ends.</p><ul><li>Prizes: 1,000,000 ₫, 500,000 ₫ and three of 100,000 ₫, paid as cash when you claim them (7 days).</li><li>The draw uses a secret seed whose SHA-256 is shown now; the seed is revealed after the draw, and anyone can re-run it in the browser.</li></ul>',
    imageUrl: null,
    startsAt: new Date(now.getTime() - DAY_MS).toISOString(),
    endsAt: new Date(now.getTime() + 7 * DAY_MS).toISOString(),
    eligibility: {},
    reward: { type: 'fixed', amount: VND(1_000_000) },
    terms: { ticketPer: VND(10_000), prizes, maxTicketsPerMember: null },
    turnoverMultiple: 0,
    turnoverBase: 'bonus',
    withdrawalPolicy: 'refuse',
    bonusDays: 30,
    claimDays: 7,
    perMemberLimit: null,
    budget: null,
  });
  const problems = activityProblems(raffle);
  if (problems.length > 0) throw new Error(`demo raffle: ${problems.join('; ')}`);
  const [row] = await db
    .insert(t.activities)
    .values({ ...raffle, merchantId, termsHtml: sanitizeOperatorHtml(raffle.termsHtml), startsAt: new Date(raffle.startsAt), endsAt: new Date(raffle.endsAt), state: 'published', sort: 100 })
    .returning({ id: t.activities.id });
  if (!row) throw new Error('demo raffle insert returned nothing');
  await ensureRaffleSeed(db, row.id);

  const rain = { eligibility: {}, turnoverMultiple: 0, createdBy: 'seed' };
  await scheduleRain(
    db,
    merchantId,
    { ...rain, title: 'Welcome rain', startsAt: new Date(now.getTime() - MINUTE_MS), endsAt: new Date(now.getTime() + 2 * 60 * MINUTE_MS), pool: VND(2_000_000), min: VND(2_000), max: VND(30_000), count: 200 },
    now,
  );
  const today = Math.floor(wallClock(DEFAULT_TIME_ZONE, now.getTime()) / DAY_MS) * DAY_MS;
  for (let day = 0; day < 8; day += 1) {
    const startsAt = instantOf(DEFAULT_TIME_ZONE, today + day * DAY_MS + 20 * 60 * MINUTE_MS);
    if (startsAt + 30 * MINUTE_MS <= now.getTime()) continue;
    await scheduleRain(
      db,
      merchantId,
      { ...rain, title: 'Evening rain', startsAt: new Date(startsAt), endsAt: new Date(startsAt + 30 * MINUTE_MS), pool: VND(1_000_000), min: VND(2_000), max: VND(20_000), count: 100 },
      now,
    );
  }
}
