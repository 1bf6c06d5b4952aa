import type { TDb } from './client.ts';
import * as t from './schema.ts';
import { seedTexts } from './seed-texts.ts';
import { activityProblems, ZActivityInput, type TActivityInput } from '../modules/promotions/activity-terms.ts';
import { sanitizeOperatorHtml } from '../lib/sanitize.ts';

const DAY_MS = 86_400_000;
/** ₫ in minor units (the demo site counts dong with two decimals, like every amount). */
const VND = (dong: number) => dong * 100;

/**
 * The demo site's activities (issue 17), published and running from a day before the seed for 90 days: a first-deposit
 * bonus, a reload bonus small enough for the e2e to meet its turnover with house slot spins (a 10,000 ₫ deposit earns
 * 5,000 ₫ with 25,000 ₫ of turnover), a daily check-in, a weekly cashback, weekly turnover tiers and a proof activity.
 * Each passes the same checks as `ops activity add`. Art: /img/promos/<n>.svg (modules/art).
 */
export function demoActivities(now: Date): TActivityInput[] {
  const period = { startsAt: new Date(now.getTime() - DAY_MS).toISOString(), endsAt: new Date(now.getTime() + 90 * DAY_MS).toISOString() };
  const base = {
    ...period,
    summary: '',
    eligibility: {},
    turnoverMultiple: 0,
    turnoverBase: 'bonus' as const,
    withdrawalPolicy: 'refuse' as const,
    bonusDays: 30,
    claimDays: 7,
    perMemberLimit: 1,
    budget: null,
  };
  return [
    {
      ...base,
      kind: 'firstDeposit',
      category: 'welcome',
      title: 'First deposit bonus 100%',
      summary: 'Double your first deposit, up to 1,000,000 ₫.',
      imageUrl: 'img/promos/1.svg',
      termsHtml:
        '<p>Join, then make your <b>first deposit</b> of at least 100,000 ₫: we add 100% of it, up to 1,000,000 ₫, to your bonus wallet.</p><ul><li>Turnover: 10 × the bonus in valid bets (slots and fishing count in full, lottery and PVP half, live casino and sports a fifth) within 30 days.</li><li>Once per member. A first deposit made before joining counts if it was made during the promotion.</li></ul>',
      reward: { type: 'percent', rate: 10_000, cap: VND(1_000_000) },
      terms: { minDeposit: VND(100_000) },
      turnoverMultiple: 10,
      budget: VND(500_000_000),
    },
    {
      ...base,
      kind: 'reload',
      category: 'deposit',
      title: 'Reload bonus 50%',
      summary: '50% on a deposit, up to 500,000 ₫, turnover ×5.',
      imageUrl: 'img/promos/4.svg',
      termsHtml:
        '<p>Join and deposit at least 10,000 ₫ (or join after such a deposit in the promotion period): 50% of the deposit, up to 500,000 ₫, goes to your bonus wallet.</p><ul><li>Turnover: 5 × the bonus in valid bets within 30 days; then the bonus and its winnings move to your main wallet.</li><li>A withdrawal while turnover is open is refused.</li></ul>',
      reward: { type: 'percent', rate: 5_000, cap: VND(500_000) },
      terms: { minDeposit: VND(10_000) },
      turnoverMultiple: 5,
      budget: VND(200_000_000),
    },
    {
      ...base,
      kind: 'checkIn',
      category: 'daily',
      title: 'Daily check-in',
      summary: 'Check in every day: 1,000 ₫ a day, 10,000 ₫ on day 7.',
      imageUrl: 'img/promos/5.svg',
      termsHtml: '<p>Check in once a day. Days 1–6 pay 1,000 ₫ to 3,000 ₫, day 7 pays 10,000 ₫, then the week starts again. Missing a day starts again at day 1.</p>',
      reward: { type: 'fixed', amount: VND(10_000) },
      terms: { days: [1_000, 1_000, 2_000, 2_000, 3_000, 3_000, 10_000].map(VND) },
      perMemberLimit: null,
    },
    {
      ...base,
      kind: 'cashback',
      category: 'rebate',
      title: 'Weekly cashback 5%',
      summary: '5% of your net loss of the week, up to 1,000,000 ₫.',
      imageUrl: 'img/promos/6.svg',
      termsHtml: '<p>Join, and every Monday we pay 5% of your net loss of the week before (stakes minus wins of settled bets), up to 1,000,000 ₫, when it reaches 100,000 ₫. Paid as cash.</p>',
      reward: { type: 'percent', rate: 500, cap: VND(1_000_000) },
      terms: { period: 'week', minNetLoss: VND(100_000) },
      perMemberLimit: null,
    },
    {
      ...base,
      kind: 'turnoverTiers',
      category: 'event',
      title: 'Weekly turnover tiers',
      summary: 'Reach 100,000 ₫, 500,000 ₫ and 2,000,000 ₫ of valid bets in a week.',
      imageUrl: 'img/promos/7.svg',
      termsHtml: '<p>Join, then each tier of valid bets you reach in a week (from Monday) pays once: 100,000 ₫ → 1,000 ₫, 500,000 ₫ → 8,000 ₫, 2,000,000 ₫ → 38,000 ₫.</p>',
      reward: { type: 'fixed', amount: VND(38_000) },
      terms: { period: 'week', tiers: [[100_000, 1_000], [500_000, 8_000], [2_000_000, 38_000]].map(([bet, amount]) => ({ validBet: VND(bet ?? 0), amount: VND(amount ?? 0) })) },
      perMemberLimit: null,
    },
    {
      ...base,
      kind: 'proof',
      category: 'event',
      title: 'Share your big win',
      summary: 'Send a screenshot of a big win: 50,000 ₫ after review.',
      imageUrl: 'img/promos/8.svg',
      termsHtml: '<p>Apply with a short remark and up to 3 screenshots (PNG or JPEG, under 5 MB each) of a win of at least 20× the stake. After our review the reward waits in your reward centre for 7 days.</p>',
      reward: { type: 'fixed', amount: VND(50_000) },
      terms: {},
    },
  ];
}

/** Inserts the demo activities, published; each checked as the operator's command checks it. */
export async function seedDemoActivities(db: TDb, merchantId: number, now = new Date()): Promise<void> {
  const rows = demoActivities(now).map((input, sort) => {
    const a = ZActivityInput.parse(input);
    const problems = activityProblems(a);
    if (problems.length > 0) throw new Error(`demo activity ${a.title}: ${problems.join('; ')}`);
    return { ...a, merchantId, termsHtml: sanitizeOperatorHtml(a.termsHtml), texts: seedTexts('activities', a.title), startsAt: new Date(a.startsAt), endsAt: new Date(a.endsAt), state: 'published' as const, sort };
  });
  await db.insert(t.activities).values(rows);
}
