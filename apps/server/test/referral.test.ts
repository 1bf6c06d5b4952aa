import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import * as games from '@playhall/contract/calls/games';
import * as loyalty from '@playhall/contract/calls/loyalty';
import * as wallet from '@playhall/contract/calls/wallet';
import { openDatabase, rowsOf, type TDatabase } from '../src/db/client.ts';
import { parseOpsCommand } from '../src/modules/ops/ops.command.ts';
import { qualifyReferrals } from '../src/modules/referral/referral.service.ts';
import { realPng } from './support/images.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';

// Issue 18, invite friends: every member's code and link, the invitation recorded at register or by bind, the
// refusals, and the qualification job paying the inviter once (reruns, two processes), not for an invitee on the
// inviter's device or same-day IP, nor after the days. On the real server and database.

let t: TTestApp;
let api: TApi;
let tz = 'Asia/Ho_Chi_Minh';
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
  const [m] = await query<{ tz: string }>(sql`select time_zone as tz from merchants where id = ${t.merchantId}`);
  tz = m?.tz ?? tz;
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'abc123xyz';
const DAY = 86_400_000;
let seq = 0;
let mobile = 912_300_000;
const rid = (p = 'rf') => `${p}-${Date.now()}-${seq++}`;

async function query<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(q));
}

async function idOf(username: string): Promise<number> {
  const [row] = await query<{ id: string | number }>(sql`select id from users where lower(username) = lower(${username})`);
  return Number(row?.id);
}

/** A member made by the operator, logged in from `ip` with browser `ua`. */
async function member(username: string, client: { ip?: string; ua: string }): Promise<{ id: number; token: string }> {
  await api.ops({ kind: 'user.create', username, password: PASSWORD, type: 'member', upline: 'agent01' });
  await api.sql(sql`update users set password_initial = false where username = ${username}`);
  const res = (await api.call(auth.login, { type: 'username', username, password: PASSWORD }, { ip: client.ip ?? freshIp(), headers: { 'user-agent': client.ua } })) as TLogin;
  expect(res.body.code, username).toBe('ok');
  return { id: await idOf(username), token: res.body.value.token };
}

/** Registration through the register form, as the invitation link opens it. */
async function register(username: string, client: { ip?: string; ua: string }, referralCode?: string) {
  const form = {
    username,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    mobileNum: String(mobile++),
    countryDialingCode: '+84',
    ageConfirmed: true,
    ...(referralCode === undefined ? {} : { referralCode }),
    ...(await api.captcha()),
  };
  const res = (await api.call(auth.register, form, { ip: client.ip ?? freshIp(), headers: { 'user-agent': client.ua } })) as TLogin;
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: await idOf(username), token: res.body.value.token, user: res.body.value.user };
}

type TInfo = { code: string; link: string; terms: unknown; totals: { invited: number; qualified: number; rewarded: number; rewardedPoints: number }; inviter: string | null; bindUntil: string | null };
const info = async (token: string) => {
  const res = await api.call<TInfo>(loyalty.referralInfo, {}, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value;
};
type TInvitee = { id: number; member: string; state: string; reason: string | null; reward: { form: string; amount: number } | null };
const invitees = async (token: string, input: Record<string, unknown> = {}) =>
  (await api.call<{ list: TInvitee[]; total: number }>(loyalty.referralInvitees, input, { token })).body.value;
const bind = (token: string, code: string) => api.call<{ inviter: string }>(loyalty.bindReferral, { code }, { token, headers: { 'user-agent': 'UA-bind' } });

async function deposit(token: string, amount: number): Promise<void> {
  const channels = (await api.call<{ channels: { id: number; type: string }[] }>(wallet.depositChannels, {}, { token })).body.value.channels;
  const bank = channels.find((c) => c.type === 'bank');
  if (!bank) throw new Error('no bank channel');
  const receipt = { mime: 'image/png' as const, data: (await realPng(40, 30)).toString('base64') };
  const res = await api.call<{ deposit: { id: number } }>(wallet.depositCreate, { requestId: rid('dep'), channelId: bank.id, amount, payerName: 'Nguyen Van A', receipt }, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect((await api.ops({ kind: 'deposit.approve', id: res.body.value.deposit.id })).ok).toBe(true);
}

/** `n` spins of 1,000 ₫ (100,000 minor) on the house slot. */
async function spins(token: string, n: number) {
  const launch = await api.call<{ game_url: string }>(
    games.launchGame,
    { launchMode: 'GLS', vassalage: 'PH_SLOT', gameId: 'lucky-crown', merchantCode: 'PLAYHALL', language: 'EN' },
    { token },
  );
  const gameToken = new URLSearchParams(launch.body.value.game_url.split('#')[1]).get('token') ?? '';
  for (let i = 0; i < n; i++) {
    const res = await t.app.inject({ method: 'POST', url: '/wps/house/play', headers: { 'x-game-token': gameToken, 'content-type': 'application/json' }, payload: JSON.stringify({ input: { betPerLine: 5_000 } }) });
    expect(res.statusCode).toBe(200);
  }
}

const qualify = (at = new Date()) => api.ops(parseOpsCommand(['referral', 'qualify', '--at', at.toISOString()]));

async function main(userId: number): Promise<number> {
  const [row] = await query<{ balance: string | number }>(sql`select balance from ledger_accounts where user_id = ${userId} and wallet = 'MAIN'`);
  return Number(row?.balance ?? 0);
}

async function ledgerClean() {
  const check = await api.ops({ kind: 'ledger.check' });
  expect(check.message).toMatch(/ledger clean/);
}

describe('the referral code', () => {
  it('every member has one; registering through its link records the invitation, an agent code still makes a downline', async () => {
    const inviter = await member('rfcode01', { ua: 'UA-rfcode01' });
    const mine = await info(inviter.token);
    expect(mine.code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(mine).toMatchObject({ link: `/register?referralCode=${mine.code}`, inviter: null, totals: { invited: 0, qualified: 0, rewarded: 0, rewardedPoints: 0 } });
    expect(mine.terms).toMatchObject({ days: 30, reward: { form: 'cash' } });
    // The demo accounts got theirs from the migration or the insert trigger; codes are unique per merchant.
    const [codes] = await query<{ users: string | number; codes: string | number; distinct_codes: string | number }>(sql`
      select (select count(*) from users where account_type <> 4) as users, count(*) as codes, count(distinct code) as distinct_codes from referral_codes`);
    expect(Number(codes?.codes)).toBe(Number(codes?.users));
    expect(Number(codes?.distinct_codes)).toBe(Number(codes?.codes));

    // Typed in lower case, the link's code still names the member.
    const friend = await register('rffriend1', { ua: 'UA-rffriend1' }, mine.code.toLowerCase());
    expect(friend.user).toMatchObject({ uplineAccount: null });
    const [row] = await query<{ inviter_id: string | number; via: string; invitee_device: string; state: string }>(sql`select inviter_id, via, invitee_device, state from referrals where invitee_id = ${friend.id}`);
    expect(row).toMatchObject({ via: 'register', invitee_device: 'UA-rffriend1', state: 'registered' });
    expect(Number(row?.inviter_id)).toBe(inviter.id);
    expect((await invitees(inviter.token)).list).toEqual([expect.objectContaining({ member: 'rf***d1', state: 'registered', reason: null, reward: null })]);
    expect(await info(friend.token)).toMatchObject({ inviter: 'rf***01', bindUntil: null });
    expect((await info(inviter.token)).totals.invited).toBe(1);

    // An agent's code in the link: the agent's downline, as before; no invitation.
    const downline = await register('rfagent01', { ua: 'UA-rfagent01' }, 'DEMO01');
    expect(downline.user).toMatchObject({ uplineAccount: 'agent01' });
    expect(await query(sql`select id from referrals where invitee_id = ${downline.id}`)).toEqual([]);
    // An unknown code is refused and makes no account.
    const before = await api.count('users');
    const bad = await api.call(auth.register, { username: 'rfbadcode', password: PASSWORD, confirmPassword: PASSWORD, mobileNum: String(mobile++), countryDialingCode: '+84', ageConfirmed: true, referralCode: 'NOSUCH99', ...(await api.captcha()) }, { ip: freshIp() });
    expect(bad.body.code).toBe('invitation_code_error');
    expect(await api.count('users')).toBe(before);
  });
});

describe('binding a code', () => {
  it('links an inviter once within 7 days; refuses the own code, a ring, an unknown code, a second and a late one', async () => {
    const inviter = await member('rfbind01', { ua: 'UA-rfbind01' });
    const code = (await info(inviter.token)).code;
    const m = await member('rfbind02', { ua: 'UA-rfbind02' });
    const ownCode = (await info(m.token)).code;
    expect((await info(m.token)).bindUntil).not.toBeNull();
    const count = async () => Number((await query<{ n: string | number }>(sql`select count(*) as n from referrals`))[0]?.n);
    const before = await count();

    expect((await bind(m.token, ownCode)).body.code).toBe('referral_self');
    expect((await bind(m.token, 'ZZZZ2222')).body.code).toBe('invitation_code_error');
    expect(await count()).toBe(before);
    const ok = await bind(m.token, ` ${code.toLowerCase()} `);
    expect(ok.body).toMatchObject({ code: 'ok', value: { inviter: 'rf***01' } });
    expect(await count()).toBe(before + 1);
    expect((await bind(m.token, code)).body.code).toBe('referral_already_bound');
    expect(await info(m.token)).toMatchObject({ inviter: 'rf***01', bindUntil: null });
    // The inviter linking its own invitee's code would make a ring of two.
    expect((await bind(inviter.token, ownCode)).body.code).toBe('referral_self');

    const late = await member('rfbind03', { ua: 'UA-rfbind03' });
    await api.sql(sql`update users set created_at = now() - interval '8 days' where id = ${late.id}`);
    expect((await bind(late.token, code)).body.code).toBe('referral_bind_closed');
    expect((await info(late.token)).bindUntil).toBeNull();
    expect(await count()).toBe(before + 1);
    expect((await api.call(loyalty.bindReferral, { code }, {})).body.code).toBe('not_logged_in');
    // Nobody reads another member's invitees: the list is the asking member's own.
    expect((await invitees(m.token)).list).toEqual([]);
    expect((await invitees(inviter.token)).list).toEqual([expect.objectContaining({ member: 'rf***02' })]);
  });
});

describe('qualification', () => {
  it('pays the inviter once for a first deposit and valid bet, under reruns and two processes; same device, same-day IP and expired do not qualify', async () => {
    const terms = await api.ops(parseOpsCommand(['referral', 'terms', '--deposit', '50000', '--bet', '2000', '--days', '30', '--reward', '500', '--form', 'cash']));
    expect(terms.message).toMatch(/500\.00 cash/);
    const inviterIp = freshIp();
    const inviter = await member('rfqual01', { ip: inviterIp, ua: 'UA-rfqual01' });
    const code = (await info(inviter.token)).code;
    const a = await register('rfqualaa', { ua: 'UA-rfqualaa' }, code);
    const b = await register('rfqualbb', { ua: 'UA-rfqualbb' }, code);
    const sameDevice = await register('rfqualdv', { ua: 'UA-rfqual01' }, code);
    const sameIp = await register('rfqualip', { ip: inviterIp, ua: 'UA-rfqualip' }, code);
    await register('rfqualex', { ua: 'UA-rfqualex' }, code);
    const start = await main(inviter.id);

    // A deposits: deposited (shown at once, stored by the job); no bets yet, nothing paid.
    await deposit(a.token, 5_000_000);
    expect((await invitees(inviter.token, { state: 'deposited' })).list.map((i) => i.member)).toEqual(['rf***aa']);
    const first = await qualify();
    expect(first.data).toMatchObject({ qualified: 0, notQualified: 2 });
    const states = async () => Object.fromEntries((await invitees(inviter.token, { pageSize: 50 })).list.map((i) => [i.member, [i.state, i.reason]]));
    expect(await states()).toEqual({
      'rf***aa': ['deposited', null],
      'rf***bb': ['registered', null],
      'rf***dv': ['notQualified', 'sameDevice'],
      'rf***ip': ['notQualified', 'sameIp'],
      'rf***ex': ['registered', null],
    });

    // A bets 2,000 ₫: qualified, paid 500 ₫ once however often the job runs.
    await spins(a.token, 2);
    expect((await qualify()).data).toMatchObject({ qualified: 1 });
    expect((await qualify()).data).toMatchObject({ qualified: 0 });
    expect(await main(inviter.id)).toBe(start + 50_000);

    // B qualifies while two processes run the job at once (three runs): paid once.
    await deposit(b.token, 5_000_000);
    await spins(b.token, 2);
    // The ring's invitees deposit and bet as well: they stay not qualified.
    for (const x of [sameDevice, sameIp]) {
      await deposit(x.token, 5_000_000);
      await spins(x.token, 2);
    }
    const other: TDatabase = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl, dataDir: null }) : t.database;
    try {
      const runs = await Promise.all([
        qualifyReferrals(t.database.db, t.merchantId, tz, new Date()),
        qualifyReferrals(other.db, t.merchantId, tz, new Date()),
        qualifyReferrals(t.database.db, t.merchantId, tz, new Date()),
      ]);
      expect(runs.reduce((n, r) => n + r.qualified, 0)).toBe(1);
    } finally {
      if (other !== t.database) await other.close();
    }
    expect(await main(inviter.id)).toBe(start + 100_000);
    for (const x of [a, b]) {
      const [n] = await query<{ rewards: string | number; entries: string | number }>(sql`
        select (select count(*) from member_rewards where key = ${`referral:${x.id}`}) as rewards,
               (select count(*) from journal_entries where key = ${`bonus:referral:${x.id}`}) as entries`);
      expect([Number(n?.rewards), Number(n?.entries)]).toEqual([1, 1]);
    }

    // Past the 30 days, the one that did nothing expires (with the other tests' and the demo's open invitations).
    expect((await qualify(new Date(Date.now() + 31 * DAY))).data).toMatchObject({ qualified: 0 });
    expect(await states()).toEqual({
      'rf***aa': ['qualified', null],
      'rf***bb': ['qualified', null],
      'rf***dv': ['notQualified', 'sameDevice'],
      'rf***ip': ['notQualified', 'sameIp'],
      'rf***ex': ['notQualified', 'expired'],
    });
    const qualified = await invitees(inviter.token, { state: 'qualified' });
    expect(qualified.total).toBe(2);
    expect(qualified.list.every((i) => i.reward?.form === 'cash' && i.reward.amount === 50_000)).toBe(true);
    expect((await info(inviter.token)).totals).toEqual({ invited: 5, qualified: 2, rewarded: 100_000, rewardedPoints: 0 });
    expect(await main(inviter.id)).toBe(start + 100_000);
    const audits = await query<{ action: string }>(sql`select action from audit_log where action like 'referral.%' order by id`);
    expect(audits.map((x) => x.action)).toEqual(['referral.terms', 'referral.qualify', 'referral.qualify', 'referral.qualify', 'referral.qualify']);
    await ledgerClean();
  });

  it('reads and refuses terms as the operator types them', async () => {
    expect(() => parseOpsCommand(['referral', 'terms', '--deposit', '1.234'])).toThrow(/two decimals/);
    expect(() => parseOpsCommand(['referral', 'qualify', '--at', 'tomorrow'])).toThrow(/ISO time/);
    await expect(api.ops(parseOpsCommand(['referral', 'terms', '--turnover', '3']))).rejects.toThrow(/bonus reward only/);
    expect((await api.ops(parseOpsCommand(['referral', 'terms']))).message).toMatch(/first deposit ≥ 50000\.00/);
  });
});
