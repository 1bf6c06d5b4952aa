import { eq } from 'drizzle-orm';
import type { TDb } from './client.ts';
import * as t from './schema.ts';
import { DEFAULT_TIME_ZONE } from '../lib/zoned-time.ts';
import { localDay, periodOf } from '../modules/promotions/promotions.service.ts';
import { grantReward, type TGrantInput } from '../modules/rewards/rewards.service.ts';
import { DEFAULT_REFERRAL_TERMS } from '../modules/referral/referral.service.ts';

const DAY_MS = 86_400_000;
/** ₫ in minor units. */
const VND = (dong: number) => dong * 100;

type TMissionSeed = Omit<typeof t.missions.$inferInsert, 'merchantId'>;

/**
 * The demo site's missions and invitations (issue 18), made once with the site:
 * - "Lucky month" mission event from 3 days before the seed for 4 weeks, with six daily and three weekly missions of
 *   every kind; "Log in today" is complete as soon as a member logs in, so member01 sees the badge at its first login;
 * - a leaderboard: three demo players who logged in and claimed "Log in today" on days before (their points granted
 *   through the ledger as a claim grants them), member02 among them;
 * - member01 has invited three friends: one qualified (its 50,000 ₫ reward paid), one registered yesterday with
 *   nothing yet, one registered on member01's own device (not qualified: sameDevice).
 */
export async function seedDemoMissions(db: TDb, merchantId: number, users: { member01: number; member02: number }, now = new Date()): Promise<void> {
  const [merchant] = await db.select({ tz: t.merchants.timeZone }).from(t.merchants).where(eq(t.merchants.id, merchantId));
  const tz = merchant?.tz ?? DEFAULT_TIME_ZONE;
  const [event] = await db
    .insert(t.missionEvents)
    .values({ merchantId, name: 'Lucky month', startsAt: new Date(now.getTime() - 3 * DAY_MS), endsAt: new Date(now.getTime() + 25 * DAY_MS) })
    .returning({ id: t.missionEvents.id });
  if (!event) throw new Error('demo mission event insert returned nothing');
  const daily: TMissionSeed[] = [
    { period: 'daily', kind: 'loginStreak', target: 1, rewardForm: 'points', rewardAmount: 50, score: 10, title: 'Log in today', titles: { VI: 'Đăng nhập hôm nay', CN: '今日登录', MY: 'Log masuk hari ini' } },
    { period: 'daily', kind: 'validBet', category: 'RNG', target: VND(100_000), rewardForm: 'points', rewardAmount: 200, score: 20, title: 'Bet 100,000 ₫ on slots', titles: { VI: 'Cược 100.000 ₫ vào slot' } },
    { period: 'daily', kind: 'betCount', target: 10, rewardForm: 'bonus', rewardAmount: VND(10_000), turnoverMultiple: 3, score: 20, title: 'Place 10 bets', titles: { VI: 'Đặt 10 cược' } },
    { period: 'daily', kind: 'distinctGames', target: 3, rewardForm: 'points', rewardAmount: 150, score: 15, title: 'Play 3 different games', titles: { VI: 'Chơi 3 trò chơi khác nhau' } },
    { period: 'daily', kind: 'deposit', target: VND(100_000), rewardForm: 'cash', rewardAmount: VND(5_000), score: 25, title: 'Deposit 100,000 ₫', titles: { VI: 'Nạp 100.000 ₫' } },
    { period: 'daily', kind: 'lotteryWin', target: 1, rewardForm: 'points', rewardAmount: 300, score: 30, title: 'Win a lottery ticket', titles: { VI: 'Trúng một vé xổ số' } },
  ];
  const weekly: TMissionSeed[] = [
    { period: 'weekly', kind: 'loginStreak', target: 5, rewardForm: 'points', rewardAmount: 500, score: 50, title: 'Log in on 5 days this week', titles: { VI: 'Đăng nhập 5 ngày trong tuần' } },
    { period: 'weekly', kind: 'validBet', target: VND(2_000_000), rewardForm: 'bonus', rewardAmount: VND(50_000), turnoverMultiple: 5, score: 80, title: 'Bet 2,000,000 ₫ this week', titles: { VI: 'Cược 2.000.000 ₫ trong tuần' } },
    { period: 'weekly', kind: 'distinctGames', target: 8, rewardForm: 'points', rewardAmount: 400, score: 40, title: 'Play 8 different games this week', titles: { VI: 'Chơi 8 trò chơi trong tuần' } },
  ];
  const rows = await db
    .insert(t.missions)
    .values([...daily, ...weekly].map((m, i) => ({ ...m, merchantId, eventId: event.id, sort: i * 10 })))
    .returning({ id: t.missions.id, kind: t.missions.kind, period: t.missions.period, score: t.missions.score, rewardAmount: t.missions.rewardAmount, title: t.missions.title });
  const loginMission = rows.find((r) => r.kind === 'loginStreak' && r.period === 'daily');
  if (!loginMission) throw new Error('demo missions vanished');

  const player = async (username: string, n: number) => {
    const [row] = await db
      .insert(t.users)
      .values({ merchantId, username, type: 'member', accountType: 0, nickname: username, createdAt: new Date(now.getTime() - 20 * DAY_MS + n * 60_000) })
      .returning({ id: t.users.id });
    if (!row) throw new Error(`could not create ${username}`);
    return row.id;
  };
  // Past claims (the days before the seed, inside the event): points granted through the ledger as a claim grants them.
  const claim = async (userId: number, mission: (typeof rows)[number], daysAgo: number) => {
    const at = new Date(now.getTime() - daysAgo * DAY_MS);
    const periodStart = localDay(tz, periodOf(tz, 'day', at).start);
    const key = `mission:${mission.id}:${periodStart}:${userId}`;
    const input: TGrantInput = {
      merchantId, userId, source: 'mission', activityId: null, key, title: mission.title, form: 'points', amount: mission.rewardAmount,
      turnoverRequired: 0, turnoverWeights: null, withdrawalPolicy: 'refuse', bonusDays: 30, claimBy: null,
    };
    const grant = await grantReward(db, input, at);
    await db.insert(t.missionClaims).values({ merchantId, missionId: mission.id, userId, periodStart, rewardId: grant.rewardId, score: mission.score, requestId: `seed:${key}`, claimedAt: at });
  };
  const lucky = await player('lucky88', 1);
  const queen = await player('spinqueen', 2);
  for (const [userId, days] of [[lucky, 1], [lucky, 2], [lucky, 3], [queen, 1], [queen, 2], [users.member02, 2]] as const) {
    const at = new Date(now.getTime() - days * DAY_MS - 60_000);
    await db.insert(t.loginHistory).values({ userId, ip: '198.51.100.50', country: 'VN', device: 'Mozilla/5.0 (demo)', method: 'password', createdAt: at });
    await claim(userId, loginMission, days);
  }

  // member01's invitations.
  const friend = async (username: string, n: number, daysAgo: number, device: string, state: 'registered' | 'notQualified' | 'qualified') => {
    const registeredAt = new Date(now.getTime() - daysAgo * DAY_MS);
    const [row] = await db
      .insert(t.users)
      .values({ merchantId, username, type: 'member', accountType: 0, nickname: username, registerIp: `198.51.100.${n}`, createdAt: registeredAt })
      .returning({ id: t.users.id });
    if (!row) throw new Error(`could not create ${username}`);
    await db.insert(t.loginHistory).values({ userId: row.id, ip: `198.51.100.${n}`, country: 'VN', device, method: 'register', createdAt: registeredAt });
    let rewardId: number | null = null;
    if (state === 'qualified') {
      const terms = DEFAULT_REFERRAL_TERMS;
      const grant = await grantReward(
        db,
        {
          merchantId, userId: users.member01, source: 'referral', activityId: null, key: `referral:${row.id}`, title: 'Invite friends', form: terms.reward.form,
          amount: terms.reward.amount, turnoverRequired: 0, turnoverWeights: null, withdrawalPolicy: 'refuse', bonusDays: 30, claimBy: null,
        },
        // Paid now, as the ledger dates the entry: the friend qualified at the seed's first start.
        now,
      );
      rewardId = grant.rewardId;
    }
    await db.insert(t.referrals).values({
      merchantId,
      inviterId: users.member01,
      inviteeId: row.id,
      via: 'register',
      inviteeIp: `198.51.100.${n}`,
      inviteeDevice: device,
      registeredAt,
      state,
      reason: state === 'notQualified' ? 'sameDevice' : null,
      rewardId,
      decidedAt: state === 'registered' ? null : state === 'qualified' ? now : new Date(registeredAt.getTime() + 2 * DAY_MS),
      createdAt: registeredAt,
    });
  };
  const memberDevice = 'Mozilla/5.0 (demo member01 phone)';
  await db.insert(t.loginHistory).values({ userId: users.member01, ip: '198.51.100.1', country: 'VN', device: memberDevice, method: 'password', createdAt: new Date(now.getTime() - 6 * DAY_MS) });
  await friend('friend01', 11, 3, 'Mozilla/5.0 (demo friend01 phone)', 'qualified');
  await friend('friend02', 12, 1, 'Mozilla/5.0 (demo friend02 laptop)', 'registered');
  await friend('friend03', 13, 5, memberDevice, 'notQualified');
}

/** What the demo's qualified friend paid member01 (cash, today): member01's main wallet is the demo balance plus this. */
export const DEMO_REFERRAL_REWARD = DEFAULT_REFERRAL_TERMS.reward.amount;
