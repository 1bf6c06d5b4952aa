import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import * as loyalty from '@playhall/contract/calls/loyalty';
import * as wallet from '@playhall/contract/calls/wallet';
import { openDatabase, rowsOf, type TDatabase } from '../src/db/client.ts';
import { games } from '../src/db/schema.ts';
import { createTeamRollup } from '../src/modules/agent/team-rollup.ts';
import { parseOpsCommand, UsageError } from '../src/modules/ops/ops.command.ts';
import { ineligibleReasons } from '../src/modules/promotions/promotions.service.ts';
import { localDay, monthOf, previousMonth, rebateDayDue, runVipMonthly, runVipRebate } from '../src/modules/vip/vip.jobs.ts';
import { recomputeVip } from '../src/modules/vip/vip.recompute.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { createTestApp, TEST_DB, type TTestApp } from './support/test-app.ts';

// Issue 18, VIP levels on the real server and database: the recomputation and its upgrade bonuses, the monthly keep
// requirement and bonus, birthdays, the daily rebate, withdrawals by level, member info and the operator commands.

let t: TTestApp;
let api: TApi;
let tz: string;
let slotRow: number;
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
  const [m] = rowsOf<{ time_zone: string }>(await t.database.db.execute(sql`select time_zone from merchants where id = ${t.merchantId}`));
  tz = m?.time_zone ?? 'Asia/Ho_Chi_Minh';
  const [g] = await t.database.db.select({ id: games.id }).from(games).where(eq(games.houseGame, 'slot'));
  slotRow = Number(g?.id);
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'Member12345';
const PAY = '654321';
const DAY = 86_400_000;
/** ₫ in minor units. */
const VND = (dong: number) => dong * 100;
let seq = 0;
const rid = () => `vip-${Date.now()}-${seq++}`;

async function query<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(q));
}

const ops = (...argv: string[]) => api.ops(parseOpsCommand(argv));

async function login(username: string): Promise<string> {
  const res = (await api.call(auth.login, { type: 'username', username, password: PASSWORD }, { ip: freshIp() })) as TLogin;
  expect(res.body.code, username).toBe('ok');
  return res.body.value.token;
}

async function member(username: string, funds = 0): Promise<{ id: number; token: string }> {
  await api.ops({ kind: 'user.create', username, password: PASSWORD, type: 'member', upline: 'agent01' });
  await api.sql(sql`update users set password_initial = false where username = ${username}`);
  if (funds > 0) await api.ops({ kind: 'wallet.adjust', username, amount: funds, reason: 'test funds', requestId: null });
  const [row] = await query<{ id: string | number }>(sql`select id from users where username = ${username}`);
  return { id: Number(row?.id), token: await login(username) };
}

/** A settled bet of `validBet` as a round of a game would store it, dated `at` (bet and settlement). */
async function bet(userId: number, validBet: number, at: Date, category = 'RNG', settledAt = at): Promise<void> {
  await api.sql(sql`
    insert into game_rounds (merchant_id, round_id, user_id, game_row_id, category, vassalage, game_id, bet_amount, valid_bet, payout, status, settled_at, created_at)
    values (${t.merchantId}, ${`vip-${seq++}`}, ${userId}, ${slotRow}, ${category}, 'PH_SLOT', 'lucky-crown', ${validBet}, ${validBet}, 0, 'settled',
            ${settledAt.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`);
}

async function vipRewards(userId: number): Promise<{ key: string; form: string; amount: number; turnover: number; source: string }[]> {
  const rows = await query<{ key: string; form: string; amount: string; turnover_required: string; source: string }>(
    sql`select key, form, amount::text, turnover_required::text, source from member_rewards where user_id = ${userId} and key like 'vip:%' order by id`,
  );
  return rows.map((r) => ({ key: r.key, form: r.form, amount: Number(r.amount), turnover: Number(r.turnover_required), source: r.source }));
}

async function levelOf(userId: number): Promise<{ level: number; top: number }> {
  const [r] = await query<{ level: number; top_level: number }>(sql`select level, top_level from member_vip where user_id = ${userId}`);
  return { level: Number(r?.level ?? 0), top: Number(r?.top_level ?? 0) };
}

const levels = (token?: string) => api.call<{ levels: loyalty.TVipLevel[]; me: loyalty.TVipProgress | null }>(loyalty.vipLevels, {}, token ? { token } : {});

async function ledgerClean() {
  const check = await api.ops({ kind: 'ledger.check' });
  expect(check.message).toMatch(/ledger clean/);
}

describe('the recomputation', () => {
  it('raises the level with settled bets and pays each upgrade bonus once, not again after a downgrade and a new rise', async () => {
    const m = await member('vipup01');
    const now = new Date();
    await bet(m.id, VND(12_000_000), new Date(now.getTime() - 60_000));
    const first = await ops('vip', 'recompute');
    expect(first.message).toMatch(/raised/);
    expect(await levelOf(m.id)).toEqual({ level: 1, top: 1 });
    // VIP1's upgrade bonus, 100,000 ₫, a bonus with its amount to bet (turnover 1×).
    expect(await vipRewards(m.id)).toEqual([{ key: `vip:upgrade:1:${m.id}`, form: 'bonus', amount: VND(100_000), turnover: VND(100_000), source: 'vip' }]);
    await ops('vip', 'recompute');
    expect(await vipRewards(m.id)).toHaveLength(1);

    // Opening /vip recomputes the member itself: 60M in all reaches VIP2 (50M), and VIP2's bonus is paid at once.
    await bet(m.id, VND(48_000_000), new Date(now.getTime() - 30_000), 'LIVE');
    const page = await levels(m.token);
    expect(page.body.code).toBe('ok');
    expect(page.body.value.levels.map((l) => l.name)).toEqual(['VIP0', 'VIP1', 'VIP2', 'VIP3', 'VIP4', 'VIP5', 'VIP6', 'VIP7', 'VIP8', 'VIP9', 'VIP10']);
    expect(page.body.value.me).toMatchObject({
      level: 2,
      name: 'VIP2',
      validBet: VND(60_000_000),
      deposit: 0,
      next: { level: 3, name: 'VIP3', validBetNeeded: VND(140_000_000), depositNeeded: 0 },
      keep: { required: VND(5_000_000), done: VND(60_000_000), monthEnds: monthOf(tz, now).end.toISOString() },
      birthday: null,
      labels: [],
      withdrawalsToday: { count: 0, amount: 0 },
    });
    expect((await vipRewards(m.id)).map((r) => r.key)).toEqual([`vip:upgrade:1:${m.id}`, `vip:upgrade:2:${m.id}`]);

    // The operator moves it down to VIP1; this month's bets meet VIP2's keep requirement, so the recomputation gives
    // it back (no new bonus: VIP2 was paid once already).
    expect((await ops('vip', 'set', 'vipup01', '1')).message).toMatch(/now level 1/);
    expect(await levelOf(m.id)).toEqual({ level: 1, top: 2 });
    await ops('vip', 'recompute');
    expect(await levelOf(m.id)).toEqual({ level: 2, top: 2 });
    expect(await vipRewards(m.id)).toHaveLength(2);
    await ledgerClean();
  });

  it('after a downgrade, levels given up come back only with this month\'s keep requirement; a level above the top pays', async () => {
    const m = await member('vipup02');
    const old = new Date(monthOf(tz, new Date()).start.getTime() - 40 * DAY);
    await bet(m.id, VND(60_000_000), old);
    await ops('vip', 'recompute');
    expect(await levelOf(m.id)).toEqual({ level: 2, top: 2 });
    await ops('vip', 'set', 'vipup02', '0');
    await ops('vip', 'recompute');
    // Cumulative figures still reach VIP2, but nothing was bet this month: it stays down.
    expect(await levelOf(m.id)).toEqual({ level: 0, top: 2 });
    await bet(m.id, VND(150_000_000), new Date(Date.now() - 60_000));
    await ops('vip', 'recompute');
    // 210M reaches VIP3 (200M), above the top level: back up with VIP3's bonus only.
    expect(await levelOf(m.id)).toEqual({ level: 3, top: 3 });
    expect((await vipRewards(m.id)).map((r) => r.key)).toEqual([`vip:upgrade:1:${m.id}`, `vip:upgrade:2:${m.id}`, `vip:upgrade:3:${m.id}`]);
  });
});

describe('the recomputation in chunks', () => {
  it('reaches every account, whatever the chunk size and however many digits the ids have', async () => {
    await api.sql(sql`
      insert into users (merchant_id, username, type, account_type, upline_id)
      select ${t.merchantId}, 'vipchunk' || lpad(i::text, 3, '0'), 'member', 0, null from generate_series(1, 130) as i`);
    const rows = await query<{ id: string }>(sql`select id::text from users where username like 'vipchunk%' order by id`);
    for (const r of rows.filter((_, i) => i % 13 === 0)) await bet(Number(r.id), VND(12_000_000), new Date(Date.now() - 60_000));
    const rollup = createTeamRollup({ db: t.database.db, timeZone: async () => tz });
    const r = await recomputeVip(t.database.db, rollup, t.merchantId, tz, new Date(), 7);
    const [all] = await query<{ n: string }>(sql`select count(*)::text as n from users where merchant_id = ${t.merchantId} and account_type <> 4`);
    expect(r.members).toBe(Number(all?.n));
    const [stored] = await query<{ n: string; vip1: string }>(
      sql`select count(*)::text as n, count(*) filter (where v.level = 1)::text as vip1 from member_vip v join users u on u.id = v.user_id where u.username like 'vipchunk%'`,
    );
    expect(stored).toEqual({ n: '130', vip1: '10' });
  });
});

describe('the monthly job', () => {
  it('moves a member short of the keep requirement down one level, pays the monthly bonus of the level held, once', async () => {
    const short = await member('vipmon01');
    const kept = await member('vipmon02');
    const now = new Date();
    const last = previousMonth(tz, now);
    for (const u of ['vipmon01', 'vipmon02']) await ops('vip', 'set', u, '3');
    // Both held VIP3 since before the month that ended; only vipmon02 bet its 20M keep requirement in it.
    await api.sql(sql`update member_vip set level_since = ${new Date(last.start.getTime() - 10 * DAY).toISOString()}::timestamptz where user_id in (${short.id}, ${kept.id})`);
    await bet(short.id, VND(19_000_000), new Date(last.start.getTime() + 5 * DAY));
    await bet(kept.id, VND(25_000_000), new Date(last.start.getTime() + 5 * DAY));
    const run = await ops('vip', 'monthly');
    expect(run.message).toMatch(new RegExp(`month ${last.label}`));
    expect(await levelOf(short.id)).toEqual({ level: 2, top: 3 });
    expect(await levelOf(kept.id)).toEqual({ level: 3, top: 3 });
    expect(await vipRewards(short.id)).toEqual([{ key: `vip:monthly:${last.label}:${short.id}`, form: 'bonus', amount: VND(100_000), turnover: VND(100_000), source: 'vip' }]);
    expect(await vipRewards(kept.id)).toEqual([{ key: `vip:monthly:${last.label}:${kept.id}`, form: 'bonus', amount: VND(300_000), turnover: VND(300_000), source: 'vip' }]);

    // A rerun (and the job's own run at the same moment) lowers nothing twice and pays nothing again.
    await ops('vip', 'monthly');
    await t.scheduler.tick(monthOf(tz, now).start, { only: ['vip.monthly'] });
    expect(await levelOf(short.id)).toEqual({ level: 2, top: 3 });
    expect(await vipRewards(short.id)).toHaveLength(1);
    expect(await vipRewards(kept.id)).toHaveLength(1);
    // vipup01 reached VIP2 this month: neither assessed nor paid for the month that ended.
    const [up] = await query<{ id: string }>(sql`select id::text from users where username = 'vipup01'`);
    expect(await vipRewards(Number(up?.id))).toHaveLength(2);
    // The recomputation does not give VIP3 back: its figures (19M) reach VIP1 only.
    await ops('vip', 'recompute');
    expect(await levelOf(short.id)).toEqual({ level: 2, top: 3 });
    await ledgerClean();
  });
});

describe('birthdays', () => {
  it('are confirmed once, 21 or older, and pay the level\'s birthday bonus once a year', async () => {
    const m = await member('vipbday01');
    const other = await member('vipbday02');
    const confirm = (birthday: string, token = m.token) => api.call<{ birthday: string }>(loyalty.confirmBirthday, { birthday, confirmAge: true }, { token });
    const today = localDay(tz, new Date());
    const year = Number(today.slice(0, 4));
    const tomorrow = localDay(tz, new Date(Date.now() + DAY));
    expect((await confirm(tomorrow)).body.code).toBe('validation_failed');
    expect((await confirm('2001-02-30')).body.code).toBe('validation_failed');
    expect((await confirm(`${year - 20}${today.slice(4)}`)).body.code).toBe('birthday_too_young');
    expect((await api.call(loyalty.confirmBirthday, { birthday: '1990-01-01', confirmAge: true })).status).toBe(401);
    expect(await levelOf(m.id)).toEqual({ level: 0, top: 0 });
    // 21 today is old enough.
    const birthday = `${year - 21}${today.slice(4)}`;
    expect((await confirm(birthday)).body).toMatchObject({ code: 'ok', value: { birthday } });
    expect((await confirm('1980-05-05')).body.code).toBe('birthday_already_set');
    expect((await levels(m.token)).body.value.me?.birthday).toBe(birthday);
    // Another member sees its own state only.
    expect((await levels(other.token)).body.value.me).toMatchObject({ level: 0, birthday: null, labels: [] });
    expect((await levels()).body.value.me).toBeNull();

    await ops('vip', 'set', 'vipbday01', '1');
    await ops('vip', 'birthday');
    await ops('vip', 'birthday');
    expect(await vipRewards(m.id)).toEqual([{ key: `vip:birthday:${year}:${m.id}`, form: 'bonus', amount: VND(100_000), turnover: VND(100_000), source: 'vip' }]);
    expect(await vipRewards(other.id)).toEqual([]);
  });
});

describe('the daily rebate', () => {
  it('pays the valid bet settled in a day × the rate of the level held, once per member and day', async () => {
    const m = await member('vipreb01');
    const m2 = await member('vipreb02');
    await ops('vip', 'set', 'vipreb01', '2');
    await ops('vip', 'set', 'vipreb02', '1');
    // The day that ended (15 minutes' grace), as the job sees it now: yesterday after 00:15 local time.
    const yesterday = rebateDayDue(tz, new Date());
    const noon = new Date(Date.parse(`${yesterday}T12:00:00Z`) - 7 * 3_600_000);
    await bet(m.id, VND(10_000), noon, 'RNG'); // 0.5 % → 50 ₫
    await bet(m.id, VND(20_000), noon, 'LIVE'); // 0.35 % → 70 ₫
    await bet(m.id, VND(20_000), noon, 'LOTT'); // no rate
    // Placed the day before, settled yesterday: counted; placed yesterday, settled today: not.
    await bet(m.id, VND(10_000), new Date(noon.getTime() - DAY), 'RNG', noon);
    await bet(m.id, VND(50_000), noon, 'RNG', new Date());
    await bet(m2.id, VND(100_000), noon, 'RNG'); // VIP1: 0.4 % → 400 ₫
    await expect(ops('vip', 'rebate', '--day', localDay(tz, new Date()))).rejects.toThrow(/is due/);
    // The job (vip.rebate, each day 15 minutes after it ends) pays the day; the operator's rerun pays nothing more.
    await t.scheduler.tick(new Date(), { only: ['vip.rebate'] });
    expect(await vipRewards(m.id)).toEqual([{ key: `vip:rebate:${yesterday}:${m.id}`, form: 'bonus', amount: VND(170), turnover: VND(170), source: 'rebate' }]);
    expect(await vipRewards(m2.id)).toEqual([{ key: `vip:rebate:${yesterday}:${m2.id}`, form: 'bonus', amount: VND(400), turnover: VND(400), source: 'rebate' }]);
    const run = await ops('vip', 'rebate', '--day', yesterday);
    expect(run.message).toMatch(/0 paid now to 0 member/);
    await ops('vip', 'rebate', '--day', yesterday);
    await runVipRebate(t.database.db, t.merchantId, tz, yesterday, new Date());
    expect(await vipRewards(m.id)).toHaveLength(1);
    await ledgerClean();
  });
});

describe('withdrawals by level', () => {
  it("allow the level's count and amount per day", async () => {
    const m = await member('vipwd01', VND(1_000_000));
    expect((await api.call(wallet.setPaymentPassword, { loginPassword: PASSWORD, newPaymentPassword: PAY, confirmPaymentPassword: PAY }, { token: m.token, ip: freshIp() })).body.code).toBe('ok');
    const card = await api.call<wallet.TBankCard>(wallet.bindBankCard, { bankCode: 'VCB', accountName: 'Vip Nguyen', accountNumber: '0071000777001', paymentPassword: PAY }, { token: m.token, ip: freshIp() });
    expect(card.body.code).toBe('ok');
    const withdraw = (amount: number) => api.call(wallet.withdraw, { paymentPassword: PAY, requestId: rid(), amount, bankCardId: card.body.value.id }, { token: m.token, ip: freshIp() });
    const before = (await ops('vip', 'level', 'list')).data as { level: number; withdrawalsPerDay: number; withdrawalLimitPerDay: number }[];
    const vip1 = before.find((l) => l.level === 1);
    await ops('vip', 'level', 'set', '1', '--withdrawals', '2', '--withdrawal-limit', '150000');
    try {
      await ops('vip', 'set', 'vipwd01', '1');
      expect((await withdraw(VND(60_000))).body.code).toBe('ok');
      expect((await withdraw(VND(100_000))).body).toMatchObject({ code: 'withdrawal_daily_amount', value: { limit: VND(150_000), left: VND(90_000) } });
      expect((await withdraw(VND(80_000))).body.code).toBe('ok');
      expect((await withdraw(VND(50_000))).body).toMatchObject({ code: 'withdrawal_daily_limit', value: { limit: 2 } });
      expect((await levels(m.token)).body.value.me?.withdrawalsToday.count).toBe(2);
      const info = await api.call<{ dailyCountLimit: number; dailyCountUsed: number }>(wallet.withdrawalInfo, {}, { token: m.token });
      expect(info.body.value).toMatchObject({ dailyCountLimit: 2, dailyCountUsed: 2 });
    } finally {
      await ops('vip', 'level', 'set', '1', '--withdrawals', String(vip1?.withdrawalsPerDay), '--withdrawal-limit', String((vip1?.withdrawalLimitPerDay ?? 0) / 100));
    }
    await ledgerClean();
  });
});

describe('member info and eligibility', () => {
  it('shows the level, its name and the labels; activities see them', async () => {
    const m = await member('vipinfo01');
    const plain = await member('vipinfo02');
    await ops('vip', 'set', 'vipinfo01', '4');
    await ops('vip', 'label', 'add', 'vipinfo01', 'high roller');
    await ops('vip', 'label', 'add', 'vipinfo01', 'vietnam');
    await ops('vip', 'label', 'remove', 'vipinfo01', 'vietnam');
    await ops('vip', 'label', 'add', 'vipinfo01', 'night owl');
    const info = await api.call<auth.TMemberInfo>(auth.memberInfo, {}, { token: m.token });
    expect(info.body.value).toMatchObject({ vipLevel: 4, clubLabel: { labelName: 'VIP4' }, memberLabel: [{ id: 1, labelName: 'high roller' }, { id: 2, labelName: 'night owl' }] });
    const none = await api.call<auth.TMemberInfo>(auth.memberInfo, {}, { token: plain.token });
    expect(none.body.value).toMatchObject({ vipLevel: 0, clubLabel: null, memberLabel: [] });
    expect((await ops('vip', 'member', 'vipinfo01')).message).toMatch(/level 4 VIP4[\s\S]*labels high roller, night owl/);

    const now = new Date();
    expect(await ineligibleReasons(t.database.db, { minVipLevel: 3, labels: ['high roller'] }, m.id, now)).toEqual([]);
    expect(await ineligibleReasons(t.database.db, { minVipLevel: 3, labels: ['high roller'] }, plain.id, now)).toEqual(['vipLevel', 'memberLabel']);
    // The demo member: VIP2 with a label, from the seed.
    const signIn = (await api.call(auth.login, { type: 'username', username: 'member01', password: t.demoPassword }, { ip: freshIp() })) as TLogin;
    expect(signIn.body.value.user).toMatchObject({ vipLevel: 2, clubLabel: { labelName: 'VIP2' }, memberLabel: [{ id: 1, labelName: 'high roller' }] });
    const demo = await api.call<auth.TMemberInfo>(auth.memberInfo, {}, { token: signIn.body.value.token });
    expect(demo.body.value).toMatchObject({ vipLevel: 2, clubLabel: { labelName: 'VIP2' }, memberLabel: [{ id: 1, labelName: 'high roller' }] });
  });
});

describe('operator commands', () => {
  it('refuse a ladder that does not rise, gaps, bad rates and removing a level someone holds; audit every change', async () => {
    expect(() => parseOpsCommand(['vip', 'level', 'set', '3', '--rebate', 'RNG=101%'])).toThrow(/0–100 %/);
    expect(() => parseOpsCommand(['vip', 'level', 'set', '3', '--rebate', 'SLOTS=1%'])).toThrow(/unknown category SLOTS/);
    expect(() => parseOpsCommand(['vip', 'level', 'set', '3', '--bet', '-5'])).toThrow(UsageError);
    expect(() => parseOpsCommand(['vip', 'level', 'set', 'x'])).toThrow(/level number/);
    expect(() => parseOpsCommand(['vip', 'recompute', '--day', '2026-01-01'])).toThrow(/does not apply/);
    expect(parseOpsCommand(['vip', 'level', 'set', '2', '--rebate', 'RNG=0.8%,live=0.35'])).toMatchObject({ kind: 'vip.level.set', level: 2, rebateRates: { RNG: 80, LIVE: 35 } });
    await expect(ops('vip', 'level', 'set', '3', '--bet', '1000')).rejects.toThrow(/the ladder must rise/);
    await expect(ops('vip', 'level', 'set', '0', '--bet', '1')).rejects.toThrow(/level 0/);
    await expect(ops('vip', 'level', 'set', '12', '--name', 'VIP12')).rejects.toThrow(/next new level is 11/);
    await expect(ops('vip', 'level', 'remove', '5')).rejects.toThrow(/only the top level/);
    await expect(ops('vip', 'set', 'member01', '42')).rejects.toThrow(/no VIP level 42/);
    await expect(ops('vip', 'set', 'nobody99', '1')).rejects.toThrow(/no account nobody99/);

    const before = (await ops('vip', 'level', 'list')).message;
    await ops('vip', 'level', 'set', '11', '--name', 'Diamond', '--bet', '900000000000', '--keep', '90000000000', '--upgrade', '5000000000', '--rebate', 'RNG=1.5%');
    expect((await ops('vip', 'level', 'list')).message).toMatch(/11\tDiamond {2}bet 900000000000\.00 .*rebate RNG=1\.5%/);
    await ops('vip', 'set', 'vipinfo02', '11');
    await expect(ops('vip', 'level', 'remove', '11')).rejects.toThrow(/1 member\(s\) hold level 11/);
    await ops('vip', 'set', 'vipinfo02', '0');
    await ops('vip', 'level', 'remove', '11');
    expect((await ops('vip', 'level', 'list')).message).toBe(before);
    const audit = await query<{ action: string; target: string }>(sql`select action, target from audit_log where action like 'vip.%' order by id desc limit 4`);
    expect(audit.map((a) => a.action)).toEqual(['vip.level.remove', 'vip.set', 'vip.set', 'vip.level.set']);
  });
});

describe.runIf(TEST_DB === 'postgres')('on PostgreSQL, two servers at once (each its own pool, as two processes)', () => {
  let other: TDatabase;
  beforeAll(async () => {
    other = await openDatabase({ databaseUrl: t.databaseUrl ?? '', dataDir: null });
  });
  afterAll(async () => {
    await other?.close();
  });

  it('the recomputation, the monthly job and the rebate pay once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await member(`vippg${String(i).padStart(2, '0')}`)).id);
    const now = new Date();
    const yesterday = localDay(tz, new Date(now.getTime() - DAY));
    const noon = new Date(Date.parse(`${yesterday}T12:00:00Z`) - 7 * 3_600_000);
    for (const [i, id] of ids.entries()) await bet(id, VND(i % 2 ? 60_000_000 : 12_000_000), noon);
    const rollup = (db: TDatabase) => createTeamRollup({ db: db.db, timeZone: async () => tz });
    // Small chunks, so the two runs interleave chunk by chunk.
    await Promise.all([recomputeVip(t.database.db, rollup(t.database), t.merchantId, tz, now, 3), recomputeVip(other.db, rollup(other), t.merchantId, tz, now, 4)]);
    const upgrades = await query<{ n: string }>(sql`select count(*)::text as n from member_rewards where key like 'vip:upgrade:%' and user_id = any(${`{${ids.join(',')}}`}::bigint[])`);
    expect(Number(upgrades[0]?.n)).toBe(6 * 1 + 6 * 2);
    for (const [i, id] of ids.entries()) expect(await levelOf(id)).toEqual({ level: i % 2 ? 2 : 1, top: i % 2 ? 2 : 1 });

    await Promise.all([runVipRebate(t.database.db, t.merchantId, tz, yesterday, now), runVipRebate(other.db, t.merchantId, tz, yesterday, now)]);
    const rebates = await query<{ key: string }>(sql`select key from member_rewards where key like ${`vip:rebate:${yesterday}:%`} and user_id = any(${`{${ids.join(',')}}`}::bigint[])`);
    expect(rebates).toHaveLength(12);

    // Held since before the month that ended: assessed (nothing bet in it: one level down) and paid, once.
    const last = previousMonth(tz, now);
    await api.sql(sql`update member_vip set level_since = ${new Date(last.start.getTime() - DAY).toISOString()}::timestamptz where user_id = any(${`{${ids.join(',')}}`}::bigint[])`);
    await Promise.all([runVipMonthly(t.database.db, rollup(t.database), t.merchantId, tz, now), runVipMonthly(other.db, rollup(other), t.merchantId, tz, now)]);
    for (const [i, id] of ids.entries()) expect(await levelOf(id)).toEqual({ level: i % 2 ? 1 : 0, top: i % 2 ? 2 : 1 });
    const monthly = await query<{ n: string }>(sql`select count(*)::text as n from member_rewards where key like ${`vip:monthly:${previousMonth(tz, now).label}:%`} and user_id = any(${`{${ids.join(',')}}`}::bigint[])`);
    // VIP1 after the step down pays its monthly bonus; VIP0 has none.
    expect(Number(monthly[0]?.n)).toBe(6);
    await ledgerClean();
  });
});
