import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ALL_MODULE_FLAGS, AGENT_MENU_FLAGS } from '@playhall/contract/whitelabel';
import { MAIN_WALLET } from '@playhall/contract/calls/wallet';
import type { TDb } from './client.ts';
import * as t from './schema.ts';
import { seedTexts } from './seed-texts.ts';
import { BET_ROOMS, HOUSE_ROOMS, seedGames } from './seed-games.ts';
import { defaultLotteryGames } from '../modules/lottery/lottery.games.ts';
import { grantReward } from '../modules/rewards/rewards.service.ts';
import { seedDemoActivities } from './seed-activities.ts';
import { seedDemoRaffleAndRains } from './seed-raffle.ts';
import { seedDemoVip, seedVipLadder } from './seed-vip.ts';
import { seedDemoMissions } from './seed-missions.ts';
import { seedDemoPoints } from './seed-points.ts';
import { seedDemoInbox } from './seed-inbox.ts';
import { seedChatRooms, seedDemoChat } from './seed-chat.ts';
import { seedDemoSports } from './seed-sports.ts';
import { seedBookVendors } from './seed-sportsbook.ts';
import { BANKS, DEMO_PLATFORM_CONTRACTS, DEPOSIT_CHANNELS, FLAGS_ON, FOOTER_PROVIDERS, HELP, REGISTER_FIELD_RULES, RESOURCES, SEED_VENDORS } from './seed-data.ts';
import { hashPassword } from '../lib/passwords.ts';
import { sanitizeOperatorHtml } from '../lib/sanitize.ts';
import { createLedgerRepository } from '../modules/ledger/ledger.repository.ts';
import { createLedger } from '../modules/ledger/ledger.service.ts';
import { SANDBOX_GATEWAY } from '../modules/deposit/payment-channels.ts';
import { maxRateOf } from '../modules/agent/contracts.service.ts';

export interface TDemoCredentials {
  password: string;
  member: string;
  agent: string;
  downlines: string[];
  affiliateCodes: string[];
  /** The demo operator console's admin (enrols an authenticator at its first sign-in). */
  console: { username: string; password: string };
}

export interface TSeedResult {
  merchantId: number;
  created: boolean;
  /** Present only when this call created the demo accounts. */
  demo: TDemoCredentials | null;
}

/**
 * Seeds one merchant with the demo site on first start; a second call finds the merchant and does
 * nothing, so restarts and several processes starting together never duplicate rows.
 */
export async function seedDatabase(
  db: TDb,
  opts: {
    merchantCode: string;
    demoUsers: boolean;
    demoPassword?: string;
    /** The demo top agent's platform contracts (default true); the agent tests start from an agent holding none. */
    demoContracts?: boolean;
    /** The demo's sports fixtures from the example fixtures file (default true; the test harness starts without them). */
    demoSports?: boolean;
  },
): Promise<TSeedResult> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(t.merchants)
      .values({
        code: opts.merchantCode,
        name: 'Playhall',
        copyright: `© ${new Date().getUTCFullYear()} Playhall. All rights reserved. Players must be 18 or older.`,
        imageCdns: ['/'],
        launchGameCdns: ['/'],
      })
      .onConflictDoNothing({ target: t.merchants.code })
      .returning({ id: t.merchants.id });
    const first = inserted[0];
    if (!first) {
      const [existing] = await tx.select({ id: t.merchants.id }).from(t.merchants).where(eq(t.merchants.code, opts.merchantCode));
      if (!existing) throw new Error('merchant vanished during seed');
      await seedBanks(tx as unknown as TDb, existing.id);
      await seedDepositChannels(tx as unknown as TDb, existing.id, { sandboxOn: false });
      await seedBookVendors(tx as unknown as TDb, existing.id);
      await seedCatalogue(tx as unknown as TDb, existing.id);
      await seedVipLadder(tx as unknown as TDb, existing.id);
      await seedChatRooms(tx as unknown as TDb, existing.id);
      return { merchantId: existing.id, created: false, demo: null };
    }
    const merchantId = first.id;
    await tx.insert(t.systemState).values({ merchantId, mode: 'normal' });
    await seedSite(tx as unknown as TDb, merchantId);
    await seedBanks(tx as unknown as TDb, merchantId);
    await seedDepositChannels(tx as unknown as TDb, merchantId, { sandboxOn: opts.demoUsers });
    await seedCatalogue(tx as unknown as TDb, merchantId);
    await seedVipLadder(tx as unknown as TDb, merchantId);
    await seedChatRooms(tx as unknown as TDb, merchantId);
    const demo = opts.demoUsers ? await seedDemoUsers(tx as unknown as TDb, merchantId, opts.demoPassword, opts.demoContracts ?? true) : null;
    if (opts.demoUsers && (opts.demoSports ?? true)) await seedDemoSports(tx, merchantId);
    return { merchantId, created: true, demo };
  });
}

/**
 * The deposit channels; on an existing site only the channels it has no channel of that name for. The
 * merchant row lock makes two processes starting together take turns (the table has no unique name).
 * A sandbox channel (no money moves) is on only when the demo seed makes the site; otherwise it is
 * added off, for the operator to turn on (`ops payment-channel enable`).
 */
async function seedDepositChannels(db: TDb, merchantId: number, opts: { sandboxOn: boolean }): Promise<void> {
  await db.select({ id: t.merchants.id }).from(t.merchants).where(eq(t.merchants.id, merchantId)).for('update');
  const have = new Set((await db.select({ name: t.depositChannels.name }).from(t.depositChannels).where(eq(t.depositChannels.merchantId, merchantId))).map((c) => c.name));
  const missing = DEPOSIT_CHANNELS.map((c, sort) => ({ merchantId, ...c, enabled: c.gateway !== SANDBOX_GATEWAY || opts.sandboxOn, sort })).filter(
    (c) => !have.has(c.name),
  );
  if (missing.length > 0) await db.insert(t.depositChannels).values(missing);
}

/**
 * The game catalogue (the house studio's names in other languages too) and the house PVP rooms; on an existing site
 * only the games and rooms it lacks.
 */
async function seedCatalogue(db: TDb, merchantId: number): Promise<void> {
  const rows = seedGames(SEED_VENDORS).map((g) => ({ merchantId, ...g, texts: seedTexts('games', `${g.vassalage}/${g.gameId}`) }));
  for (let i = 0; i < rows.length; i += 200) {
    await db.insert(t.games).values(rows.slice(i, i + 200)).onConflictDoNothing({ target: [t.games.merchantId, t.games.vassalage, t.games.gameId] });
  }
  await db
    .insert(t.lotteryGames)
    .values(defaultLotteryGames().map((g) => ({ merchantId, ...g })))
    .onConflictDoNothing({ target: [t.lotteryGames.merchantId, t.lotteryGames.gameCode] });
  const [dice] = await db
    .select({ id: t.games.id })
    .from(t.games)
    .where(and(eq(t.games.merchantId, merchantId), eq(t.games.houseGame, 'dice')));
  if (dice) {
    await db
      .insert(t.pvpRooms)
      .values(HOUSE_ROOMS.map((r) => ({ merchantId, gameRowId: dice.id, ...r })))
      .onConflictDoNothing({ target: [t.pvpRooms.merchantId, t.pvpRooms.roomId] });
  }
  for (const { houseGame, ...room } of BET_ROOMS) {
    const [game] = await db.select({ id: t.games.id }).from(t.games).where(and(eq(t.games.merchantId, merchantId), eq(t.games.houseGame, houseGame)));
    if (game) await db.insert(t.pvpRooms).values({ merchantId, gameRowId: game.id, ...room }).onConflictDoNothing({ target: [t.pvpRooms.merchantId, t.pvpRooms.roomId] });
  }
}

/** The bank list; on an existing site only the banks it lacks are added. */
async function seedBanks(db: TDb, merchantId: number): Promise<void> {
  await db
    .insert(t.banks)
    .values(BANKS.map(([code, name, countryCode], i) => ({ merchantId, code, name, countryCode, sort: i })))
    .onConflictDoNothing({ target: [t.banks.merchantId, t.banks.code] });
}

async function seedSite(db: TDb, merchantId: number): Promise<void> {
  const agentMenu = new Set(Object.keys(AGENT_MENU_FLAGS));
  await db.insert(t.moduleFlags).values([
    { merchantId, modId: 'SITE3', parentModId: null, enabled: true, sort: 0 },
    { merchantId, modId: 'AGENTMENU3', parentModId: null, enabled: true, sort: 1 },
    ...ALL_MODULE_FLAGS.map((modId, i) => ({
      merchantId,
      modId,
      parentModId: agentMenu.has(modId) ? 'AGENTMENU3' : 'SITE3',
      enabled: FLAGS_ON.has(modId),
      sort: i + 2,
    })),
  ]);
  await db.insert(t.registerFieldRules).values(
    REGISTER_FIELD_RULES.map((r, i) => ({
      merchantId,
      field: r.field,
      enabled: r.enabled,
      required: r.required,
      acceptedPattern: r.acceptedPattern ?? '',
      patternId: r.patternId,
      minLength: r.min,
      maxLength: r.max,
      sort: i,
    })),
  );
  await db.insert(t.resources).values(RESOURCES.map((r, i) => ({ merchantId, ...r, sort: i })));
  await db.insert(t.domains).values([{ merchantId, domain: 'localhost' }, { merchantId, domain: '127.0.0.1' }]);
  await db.insert(t.vendors).values(
    SEED_VENDORS.map((v, i) => ({
      merchantId,
      vassalage: v.code,
      category: v.category,
      displayName: v.name,
      accountTypeId: 1000 + i,
      accountTypeName: v.accountTypeName,
      gameType: v.gameType,
      isHot: v.hot ?? false,
      colour: v.colour,
      integration: v.house ? 'house' : 'none',
      // Only what launches is on (issue 16): the others are listed as under maintenance until an operator
      // configures their integration and turns them on (`ops vendor enable`).
      enabled: v.house === true,
      sort: i,
    })),
  );
  let sort = 0;
  await db
    .insert(t.footerProviders)
    .values(
      FOOTER_PROVIDERS.flatMap((g) =>
        g.rows.map(([code, name, colour]) => ({ code, name, groupCode: g.group, colour, sort: sort++ })),
      ),
    )
    .onConflictDoNothing();
  await db.insert(t.announcements).values(demoAnnouncements(merchantId).map((r) => ({ ...r, texts: seedTexts('announcements', r.title) })));
  let articleSort = 0;
  await db.insert(t.helpArticles).values(
    HELP.flatMap((c, ci) =>
      c.articles.map(([title, content]) => ({
        merchantId,
        categoryId: ci + 1,
        categoryTitle: c.category,
        title,
        content: sanitizeOperatorHtml(content),
        texts: seedTexts('help', title),
        sort: articleSort++,
      })),
    ),
  );
}

export function demoAnnouncements(merchantId: number) {
  const rows: (typeof t.announcements.$inferInsert)[] = [];
  const banners: [string, string][] = [
    ['Vietnamese lottery — draws every evening', '/vnlottery'],
    ['Live baccarat, provably fair', '/live'],
    ['Welcome to Playhall', '/promotions'],
  ];
  banners.forEach(([title, link], i) =>
    rows.push({ merchantId, type: 'B', title, imageUrl: `img/banners/${i + 1}.svg`, linkUrl: link, sort: i }),
  );
  const notices = [
    'Welcome to Playhall: one wallet for every game',
    'Scheduled maintenance of the sports feed on Tuesday 02:00–03:00',
    'New slot hall: Playhall Slots is open',
    'Deposits by bank transfer are credited after confirmation',
    'Withdrawals: please confirm when the money arrives',
    'Northern lottery draw results are published at 18:35',
    'Agents: daily salary is paid the next day',
    'Real-time salary now settles every 5 minutes',
    'Keep your password safe — staff never ask for it',
    'Responsible gaming: set yourself a budget',
    'Fishing hall: new fish types',
    'PVP dice rooms: invite your friends',
    'Points never expire: redeem them in the points mall',
  ];
  notices.forEach((title, i) =>
    rows.push({
      merchantId,
      type: 'PL',
      title,
      content: sanitizeOperatorHtml(`<p>${title}.</p><p>Thank you for playing at <b>Playhall</b>.</p>`),
      sort: i,
    }),
  );
  rows.push({
    merchantId,
    type: 'PU',
    title: 'Welcome to Playhall',
    content: sanitizeOperatorHtml(
      '<p>Register in a minute, deposit and play lottery, live casino, slots, fishing, PVP, sports and esports.</p><p><a href="/promotions">See the promotions</a></p>',
    ),
  });
  const promos: [string, string][] = [
    ['First deposit bonus', '<p>Get a 100% bonus on your first deposit. Turnover requirements apply.</p>'],
    ['Daily rebate', '<p>A rebate on your valid bets of every day, credited the next morning.</p>'],
    ['Invite friends', '<p>Invite friends with your referral link and earn a share of their play.</p>'],
  ];
  promos.forEach(([title, content], i) =>
    rows.push({
      merchantId,
      type: 'PR',
      title,
      content: sanitizeOperatorHtml(content),
      imageUrl: `img/promos/${i + 1}.svg`,
      sort: i,
    }),
  );
  rows.push(
    { merchantId, type: 'H', title: 'Vietnamese lottery: 18 draws a day', content: '<p>North, Central and South.</p>', sort: 0 },
    { merchantId, type: 'H', title: 'Provably fair house games', content: '<p>Check every round yourself.</p>', sort: 1 },
  );
  return rows;
}

/** Each demo account starts with this much in its main wallet (1,000,000.00)… */
export const DEMO_BALANCE = 100_000_000;
/** …of which 88.00 is a welcome bonus. */
export const DEMO_WELCOME_BONUS = 8_800;

/** Demo money comes into the ledger like any other: one entry from cash-in, under a key that makes it once. */
async function seedDemoBalances(db: TDb, merchantId: number, users: Record<string, number>): Promise<void> {
  const repo = createLedgerRepository();
  const ledger = createLedger({ repo });
  const cashIn = await repo.houseAccount(db, merchantId, 'cashIn');
  const bonus = await repo.houseAccount(db, merchantId, 'bonus');
  for (const [username, userId] of Object.entries(users)) {
    const wallet = await repo.walletAccount(db, merchantId, userId, MAIN_WALLET);
    await ledger.post(db, {
      merchantId,
      key: `seed:demo:${username}`,
      kind: 'adjustment',
      memo: 'Demo balance',
      postings: [
        { accountId: cashIn, amount: -(DEMO_BALANCE - DEMO_WELCOME_BONUS) },
        { accountId: wallet.id, amount: DEMO_BALANCE - DEMO_WELCOME_BONUS },
      ],
    });
    // A welcome bonus, so the bonus details and personal profit pages have a real row to show.
    await ledger.post(db, {
      merchantId,
      key: `bonus:welcome:${username}`,
      kind: 'bonus',
      memo: 'Welcome bonus',
      postings: [
        { accountId: bonus, amount: -DEMO_WELCOME_BONUS },
        { accountId: wallet.id, amount: DEMO_WELCOME_BONUS },
      ],
    });
  }
}

/** A VIP gift waiting in member01's reward centre (issue 17), so the claim has something to show. */
async function seedDemoRewards(db: TDb, merchantId: number, member01: number): Promise<void> {
  const now = new Date();
  await grantReward(
    db,
    {
      merchantId,
      userId: member01,
      source: 'vip',
      activityId: null,
      key: 'vip:demo:member01',
      title: 'VIP welcome gift',
      form: 'cash',
      amount: 2_000_000,
      turnoverRequired: 0,
      turnoverWeights: null,
      withdrawalPolicy: 'refuse',
      bonusDays: 30,
      claimBy: new Date(now.getTime() + 30 * 86_400_000),
    },
    now,
  );
}

/**
 * The demo top agent's contracts with the platform, one of each kind, in force from now as `ops contract
 * platform` makes them: the agent can offer its downlines contracts from its first login.
 */
async function seedPlatformContracts(db: TDb, merchantId: number, agentId: number): Promise<void> {
  const now = new Date();
  await db.insert(t.contracts).values(
    DEMO_PLATFORM_CONTRACTS.map((terms) => ({
      merchantId,
      kind: terms.kind,
      uplineId: null,
      downlineId: agentId,
      status: 'valid' as const,
      terms: terms as unknown as Record<string, unknown>,
      maxRate: maxRateOf(terms),
      respondedAt: now,
      effectiveFrom: now,
    })),
  );
}

async function seedDemoUsers(db: TDb, merchantId: number, demoPassword: string | undefined, platformContracts: boolean): Promise<TDemoCredentials> {
  // A fresh password per data directory: no credential lives in the repository.
  const password = demoPassword ?? `Demo${crypto.randomInt(100000, 999999)}`;
  const passwordHash = await hashPassword(password);
  const insert = async (username: string, type: 'member' | 'agent', accountType: number, uplineId: number | null, n: number) => {
    const [row] = await db
      .insert(t.users)
      .values({
        merchantId,
        username,
        passwordHash,
        type,
        accountType,
        uplineId,
        nickname: username,
        // Reserved example addresses and numbers: SMS login and forgot-password work on the demo.
        email: `${username}@example.com`,
        countryDialingCode: '+84',
        mobile: `90000000${n}`,
      })
      .returning({ id: t.users.id });
    if (!row) throw new Error(`could not create ${username}`);
    return row.id;
  };
  const agent = await insert('agent01', 'agent', 1, null, 1);
  const subAgent = await insert('agent02', 'agent', 2, agent, 2);
  const member01 = await insert('member01', 'member', 0, agent, 3);
  const member02 = await insert('member02', 'member', 0, agent, 4);
  const member03 = await insert('member03', 'member', 0, subAgent, 5);
  await seedDemoBalances(db, merchantId, { agent01: agent, agent02: subAgent, member01, member02, member03 });
  await seedDemoRewards(db, merchantId, member01);
  await seedDemoActivities(db, merchantId);
  await seedDemoRaffleAndRains(db, merchantId);
  await seedDemoVip(db, merchantId, { member01 });
  await seedDemoMissions(db, merchantId, { member01, member02 });
  await seedDemoPoints(db, merchantId, member01);
  await seedDemoInbox(db, merchantId, { member01 });
  await seedDemoChat(db, merchantId, { member01, member02, member03 });
  if (platformContracts) await seedPlatformContracts(db, merchantId, agent);
  // Invitation codes: registering with one makes the new member that agent's downline.
  await db.insert(t.affiliateCodes).values([
    { merchantId, code: 'DEMO01', agentId: agent },
    { merchantId, code: 'DEMO02', agentId: subAgent },
  ]);
  // The console's first admin: operator passwords are 12 characters or more, so the demo password with a suffix.
  const consoleAdmin = { username: 'admin', password: `${password}-console` };
  await db.insert(t.operators).values({ merchantId, username: consoleAdmin.username, passwordHash: await hashPassword(consoleAdmin.password), role: 'admin' });
  return {
    password,
    member: 'member01',
    agent: 'agent01',
    downlines: ['agent02', 'member01', 'member02', 'member03'],
    affiliateCodes: ['DEMO01', 'DEMO02'],
    console: consoleAdmin,
  };
}
