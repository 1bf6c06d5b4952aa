import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import * as games from '@playhall/contract/calls/games';
import * as promotions from '@playhall/contract/calls/promotions';
import * as wallet from '@playhall/contract/calls/wallet';
import { rowsOf } from '../src/db/client.ts';
import { createTeamRollup } from '../src/modules/agent/team-rollup.ts';
import { splitStake, splitWin } from '../src/modules/promotions-engine/turnover.ts';
import { sweepBonuses } from '../src/modules/rewards/bonus-turnover.ts';
import { grantReward, type TGrantInput } from '../src/modules/rewards/rewards.service.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { createTestApp, TEST_DB, type TTestApp } from './support/test-app.ts';

// Issue 17, the rewards core: grants, claims, the bonus wallet spent after cash, turnover, conversion, expiry and
// the withdrawal gate, on the real server and database.

let t: TTestApp;
let api: TApi;
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'Member12345';
const PAY = '654321';
const DAY = 86_400_000;
let seq = 0;
const rid = () => `rw-${Date.now()}-${seq++}`;

async function query<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(q));
}

async function login(username: string): Promise<string> {
  const res = (await api.call(auth.login, { type: 'username', username, password: PASSWORD }, { ip: freshIp() })) as TLogin;
  expect(res.body.code, username).toBe('ok');
  return res.body.value.token;
}

/** A fresh member under agent01 with `funds` in the main wallet. */
async function member(username: string, funds: number): Promise<{ id: number; token: string }> {
  await api.ops({ kind: 'user.create', username, password: PASSWORD, type: 'member', upline: 'agent01' });
  await api.sql(sql`update users set password_initial = false where username = ${username}`);
  if (funds > 0) await api.ops({ kind: 'wallet.adjust', username, amount: funds, reason: 'test funds', requestId: null });
  const [row] = await query<{ id: string | number }>(sql`select id from users where username = ${username}`);
  return { id: Number(row?.id), token: await login(username) };
}

function grant(userId: number, input: Partial<TGrantInput> & Pick<TGrantInput, 'key' | 'form' | 'amount'>, now = new Date()) {
  const full: TGrantInput = {
    merchantId: t.merchantId,
    userId,
    source: 'activity',
    activityId: null,
    title: 'Test reward',
    turnoverRequired: 0,
    turnoverWeights: null,
    withdrawalPolicy: 'refuse',
    bonusDays: 30,
    claimBy: null,
    ...input,
  };
  return t.database.db.transaction((tx) => grantReward(tx, full, now));
}

async function accounts(userId: number): Promise<{ main: number; bonus: number; points: number }> {
  const rows = await query<{ wallet: string; balance: string | number }>(sql`select wallet, balance from ledger_accounts where user_id = ${userId}`);
  const of = (w: string) => Number(rows.find((r) => r.wallet === w)?.balance ?? 0);
  return { main: of('MAIN'), bonus: of('BONUS'), points: of('POINTS') };
}

async function entries(key: string): Promise<number> {
  const [row] = await query<{ n: string | number }>(sql`select count(*) as n from journal_entries where key = ${key}`);
  return Number(row?.n ?? 0);
}

const rewards = (token: string, input: Record<string, unknown> = {}) => api.call<{
  list: promotions.TReward[];
  total: number;
  bonusBalance: number;
  turnoverLeft: number;
  claimable: number;
}>(promotions.listRewards, input, { token });

const claim = (token: string, rewardId: number, requestId = rid(), app?: TTestApp['app']) =>
  api.call<{ amount: number; balance: number; bonusBalance: number }>(promotions.claimReward, { requestId, rewardId }, { token, app });

async function ledgerClean() {
  const check = await api.ops({ kind: 'ledger.check' });
  expect(check.message).toMatch(/ledger clean/);
}

/** A launch of the house slot, and spins of it (betPerLine 5,000: a stake of 100,000 minor units, 1,000 ₫). */
async function slot(token: string) {
  const launch = await api.call<{ game_url: string }>(
    games.launchGame,
    { launchMode: 'GLS', vassalage: 'PH_SLOT', gameId: 'lucky-crown', merchantCode: 'PLAYHALL', language: 'EN' },
    { token },
  );
  expect(launch.body.code).toBe('ok');
  const gameToken = new URLSearchParams(launch.body.value.game_url.split('#')[1]).get('token') ?? '';
  return async (betPerLine = 5_000) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/house/play',
      headers: { 'x-game-token': gameToken, 'content-type': 'application/json' },
      payload: JSON.stringify({ input: { betPerLine } }),
    });
    const body = res.json() as { code: string; value: { roundId: string; stake: number; payout: number; balance: number } };
    return { status: res.statusCode, ...body };
  };
}

describe('granting rewards', () => {
  it('credits cash to the main wallet, a bonus to the bonus wallet and points to the points account, once per key', async () => {
    const m = await member('rwgrant01', 0);
    const cash = await grant(m.id, { key: `activity:0:cash:${m.id}`, form: 'cash', amount: 50_000 });
    const bonus = await grant(m.id, { key: `test:bonus:${m.id}`, form: 'bonus', amount: 200_000, turnoverRequired: 2_000_000 });
    const points = await grant(m.id, { key: `test:points:${m.id}`, form: 'points', amount: 30 });
    expect([cash.created, cash.status, bonus.status, points.status]).toEqual([true, 'issued', 'issued', 'issued']);
    expect(await accounts(m.id)).toEqual({ main: 50_000, bonus: 200_000, points: 30 });

    // The same keys again: the first rewards, nothing moved.
    const again = await grant(m.id, { key: `activity:0:cash:${m.id}`, form: 'cash', amount: 99_999 });
    expect(again).toEqual({ rewardId: cash.rewardId, created: false, status: 'issued' });
    await grant(m.id, { key: `test:bonus:${m.id}`, form: 'bonus', amount: 200_000, turnoverRequired: 2_000_000 });
    expect(await accounts(m.id)).toEqual({ main: 50_000, bonus: 200_000, points: 30 });

    // The balance shows cash only; the reward centre shows the bonus wallet and the turnover left.
    expect((await api.call<wallet.TBalance>(wallet.balance, {}, { token: m.token })).body.value.sumBalance).toBe(50_000);
    const centre = (await rewards(m.token)).body.value;
    expect(centre).toMatchObject({ total: 3, bonusBalance: 200_000, turnoverLeft: 2_000_000, claimable: 0 });
    expect(centre.list.find((r) => r.id === bonus.rewardId)).toMatchObject({
      form: 'bonus',
      status: 'issued',
      amount: 200_000,
      turnover: { required: 2_000_000, done: 0, status: 'open' },
    });
    // The cash bonus is a promotion's bonus in bonusDetails.
    const details = await api.call<{ list: { source: string; amount: number }[] }>(wallet.bonusDetails, {}, { token: m.token });
    expect(details.body.value.list).toEqual([expect.objectContaining({ source: 'promotion', amount: 50_000 })]);
    await ledgerClean();
  });
});

describe('team figures', () => {
  it('count a bonus when granted, less what is forfeited; balance is cash; points never count', async () => {
    const m = await member('rwteam01', 0);
    await grant(m.id, { key: `activity:0:teamcash:${m.id}`, form: 'cash', amount: 30_000 });
    const b = await grant(m.id, { key: `test:teambonus:${m.id}`, form: 'bonus', amount: 200_000, turnoverRequired: 2_000_000, bonusDays: 1 });
    await grant(m.id, { key: `test:teampoints:${m.id}`, form: 'points', amount: 77 });
    const figures = async () => {
      await createTeamRollup({ db: t.database.db, timeZone: async () => 'Asia/Ho_Chi_Minh' }).catchUp();
      const [row] = await query<{ bonus: string; net: string }>(sql`select coalesce(sum(bonus), 0)::text as bonus, coalesce(sum(net), 0)::text as net from member_days where user_id = ${m.id}`);
      return { bonus: Number(row?.bonus), net: Number(row?.net) };
    };
    expect(await figures()).toEqual({ bonus: 230_000, net: 30_000 });
    await sweepBonuses(t.database.db, t.merchantId, new Date(Date.now() + 2 * DAY));
    expect(await entries(`bonus:${b.rewardId}:forfeit`)).toBe(1);
    expect(await figures()).toEqual({ bonus: 30_000, net: 30_000 });
  });
});

describe('claiming a reward', () => {
  it('credits once; the same request answers the first result, another is refused; another member gets not found', async () => {
    const m = await member('rwclaim01', 0);
    const other = await member('rwclaim02', 0);
    const r = await grant(m.id, { key: `test:claim:${m.id}`, form: 'cash', amount: 70_000, claimBy: new Date(Date.now() + DAY) });
    expect(r.status).toBe('claim');
    expect(await accounts(m.id)).toMatchObject({ main: 0 });
    expect((await rewards(m.token)).body.value).toMatchObject({ claimable: 1 });

    // Someone else's reward id: not found, nothing changed.
    const stolen = await claim(other.token, r.rewardId);
    expect(stolen.body.code).toBe('reward_not_found');
    expect(await accounts(other.id)).toMatchObject({ main: 0 });
    expect((await rewards(m.token)).body.value.list[0]).toMatchObject({ status: 'claim' });

    const requestId = rid();
    const first = await claim(m.token, r.rewardId, requestId);
    expect(first.body).toMatchObject({ code: 'ok', value: { amount: 70_000, balance: 70_000, bonusBalance: 0 } });
    expect((await claim(m.token, r.rewardId, requestId)).body).toEqual(first.body);
    expect((await claim(m.token, r.rewardId)).body.code).toBe('reward_already_claimed');
    expect(await accounts(m.id)).toMatchObject({ main: 70_000 });
    expect((await rewards(m.token)).body.value).toMatchObject({ claimable: 0, list: [expect.objectContaining({ status: 'claimed' })] });
    await ledgerClean();
  });

  it('refuses a claim after its time with reward_expired', async () => {
    const m = await member('rwclaim03', 0);
    const r = await grant(m.id, { key: `test:late:${m.id}`, form: 'cash', amount: 10_000, claimBy: new Date(Date.now() + 1_000) }, new Date(Date.now() - DAY));
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await claim(m.token, r.rewardId)).body.code).toBe('reward_expired');
    expect((await rewards(m.token)).body.value.list[0]).toMatchObject({ status: 'expired' });
    expect(await accounts(m.id)).toMatchObject({ main: 0 });
  });

  it('pays once when the same claim is sent 20 times at once, over two servers', async () => {
    const m = await member('rwclaim04', 0);
    const r = await grant(m.id, { key: `test:twenty:${m.id}`, form: 'bonus', amount: 40_000, turnoverRequired: 400_000, claimBy: new Date(Date.now() + DAY) });
    const second = await t.secondApp();
    try {
      const requestId = rid();
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => claim(m.token, r.rewardId, requestId, i % 2 ? second.app : undefined)));
      for (const a of answers) expect(a.body).toMatchObject({ code: 'ok', value: { amount: 40_000, bonusBalance: 40_000 } });
    } finally {
      await second.close();
    }
    expect(await entries(`reward:${r.rewardId}:claim`)).toBe(1);
    expect(await accounts(m.id)).toMatchObject({ main: 0, bonus: 40_000 });
    // The claimed bonus starts its turnover now.
    expect((await rewards(m.token)).body.value.list[0]).toMatchObject({ status: 'claimed', turnover: { required: 400_000, done: 0, status: 'open' } });
    await ledgerClean();
  });
});

describe('the bonus wallet in play', () => {
  it('takes stakes from cash first, then bonus, and pays wins back in the same proportion', async () => {
    const m = await member('rwspin01', 30_000);
    await grant(m.id, { key: `test:spin:${m.id}`, form: 'bonus', amount: 1_000_000, turnoverRequired: 100_000_000 });
    const spin = await slot(m.token);
    for (let i = 0; i < 6; i++) {
      const before = await accounts(m.id);
      const split = splitStake({ cash: before.main, bonus: before.bonus }, 100_000);
      if (!split) break;
      const res = await spin();
      expect(res.code).toBe('ok');
      const win = splitWin(split, res.value.payout);
      const after = await accounts(m.id);
      expect(after.main).toBe(before.main - split.fromCash + win.toCash);
      expect(after.bonus).toBe(before.bonus - split.fromBonus + win.toBonus);
      // The game sees what the member can stake: cash and bonus.
      expect(res.value.balance).toBe(after.main + after.bonus);
      const [debit] = await query<{ bonus_amount: string | number }>(
        sql`select bonus_amount from vendor_transactions where round_id = ${res.value.roundId} and type = 'debit'`,
      );
      expect(Number(debit?.bonus_amount)).toBe(split.fromBonus);
    }
    // The first spin had 30,000 of cash: the rest of its stake came from the bonus wallet.
    const [first] = await query<{ bonus_amount: string | number }>(
      sql`select t.bonus_amount from vendor_transactions t where t.user_id = ${m.id} and t.type = 'debit' order by t.id limit 1`,
    );
    expect(Number(first?.bonus_amount)).toBe(70_000);
    await ledgerClean();
  });

  it('gives a rolled-back stake back where it came from: cash to cash, bonus to the bonus wallet', async () => {
    const m = await member('rwroll01', 30_000);
    await grant(m.id, { key: `test:roll:${m.id}`, form: 'bonus', amount: 100_000, turnoverRequired: 10_000_000 });
    await slot(m.token);
    const [session] = await query<{ token_hash: string }>(sql`select token_hash from game_sessions where user_id = ${m.id} order by created_at desc limit 1`);
    const call = async (op: string, txn: string, amount: number, ref: string | null) => {
      const [row] = await query<{ r: { ok: boolean; balance: number } }>(sql`
        select seamless_call(${t.merchantId}::int, 'PH_SLOT', ${op}, ${txn}, 'rw-roll-round', ${amount}::bigint,
          ${op === 'debit' ? (session?.token_hash ?? '') : null}::text, ${op === 'debit' ? null : m.id}::bigint, ${ref}::text, now(), 16) as r`);
      return row?.r;
    };
    expect(await call('debit', 'rw-roll-debit', 100_000, null)).toMatchObject({ ok: true, balance: 30_000 });
    expect(await accounts(m.id)).toMatchObject({ main: 0, bonus: 30_000 });
    expect(await call('rollback', 'rw-roll-back', 0, 'rw-roll-debit')).toMatchObject({ ok: true, balance: 130_000 });
    expect(await accounts(m.id)).toMatchObject({ main: 30_000, bonus: 100_000 });
    // Without enough of both, the debit is refused and nothing moves.
    expect(await call('debit', 'rw-roll-debit-2', 130_001, null)).toMatchObject({ ok: false, error: 'insufficient_balance' });
    expect(await accounts(m.id)).toMatchObject({ main: 30_000, bonus: 100_000 });
    await ledgerClean();
  });

  it('converts the bonus to cash when its turnover is met, winnings included', async () => {
    const m = await member('rwturn01', 10_000_000);
    const r = await grant(m.id, { key: `test:turn:${m.id}`, form: 'bonus', amount: 200_000, turnoverRequired: 300_000 });
    const spin = await slot(m.token);
    for (let i = 0; i < 2; i++) expect((await spin()).code).toBe('ok');
    // Two slot rounds of 100,000 count in full (slots weigh 100 %).
    const partway = (await rewards(m.token)).body.value;
    expect(partway).toMatchObject({ bonusBalance: 200_000, turnoverLeft: 100_000 });
    expect(partway.list[0]).toMatchObject({ turnover: { required: 300_000, done: 200_000, status: 'open' } });
    expect((await spin()).code).toBe('ok');
    const cashBefore = (await accounts(m.id)).main;
    const done = (await rewards(m.token)).body.value;
    expect(done).toMatchObject({ bonusBalance: 0, turnoverLeft: 0 });
    expect(done.list[0]).toMatchObject({ turnover: { required: 300_000, done: 300_000, status: 'converted' } });
    expect(await accounts(m.id)).toMatchObject({ main: cashBefore + 200_000, bonus: 0 });
    expect(await entries(`bonus:${r.rewardId}:convert`)).toBe(1);
    await ledgerClean();
  });

  it('forfeits an expired bonus to the house (the job)', async () => {
    const m = await member('rwexpire01', 0);
    const r = await grant(m.id, { key: `test:expire:${m.id}`, form: 'bonus', amount: 150_000, turnoverRequired: 1_500_000, bonusDays: 1 });
    const soon = await sweepBonuses(t.database.db, t.merchantId, new Date());
    expect(await accounts(m.id)).toMatchObject({ bonus: 150_000 });
    expect(soon.forfeited).toBe(0);
    const later = await sweepBonuses(t.database.db, t.merchantId, new Date(Date.now() + 2 * DAY));
    expect(later.forfeited).toBeGreaterThanOrEqual(1);
    expect(await accounts(m.id)).toMatchObject({ main: 0, bonus: 0 });
    expect(await entries(`bonus:${r.rewardId}:forfeit`)).toBe(1);
    const [row] = await query<{ bonus_status: string }>(sql`select bonus_status from member_rewards where id = ${r.rewardId}`);
    expect(row?.bonus_status).toBe('forfeited');
    await ledgerClean();
  });
});

describe('withdrawals with open turnover', () => {
  async function withCard(username: string, funds: number) {
    const m = await member(username, funds);
    const set = await api.call(wallet.setPaymentPassword, { loginPassword: PASSWORD, newPaymentPassword: PAY, confirmPaymentPassword: PAY }, { token: m.token, ip: freshIp() });
    expect(set.body.code).toBe('ok');
    const card = await api.call<wallet.TBankCard>(
      wallet.bindBankCard,
      { bankCode: 'VCB', accountName: 'Rw Nguyen', accountNumber: `0072000${String(seq++).padStart(6, '0')}`, paymentPassword: PAY },
      { token: m.token, ip: freshIp() },
    );
    expect(card.body.code).toBe('ok');
    return { ...m, card: card.body.value };
  }
  const withdraw = (token: string, bankCardId: number, amount: number) =>
    api.call(wallet.withdraw, { paymentPassword: PAY, requestId: rid(), bankCardId, amount }, { token, ip: freshIp() });
  const count = async (userId: number) => Number((await query<{ n: string | number }>(sql`select count(*) as n from withdrawals where user_id = ${userId}`))[0]?.n);

  it('refuses the request with the turnover remaining, and changes nothing', async () => {
    const m = await withCard('rwwd01', 20_000_000);
    await grant(m.id, { key: `test:wd:${m.id}`, form: 'bonus', amount: 100_000, turnoverRequired: 1_000_000 });
    const res = await withdraw(m.token, m.card.id, 5_000_000);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'turnover_open', value: { remaining: 1_000_000 } });
    expect(await count(m.id)).toBe(0);
    expect(await accounts(m.id)).toMatchObject({ main: 20_000_000, bonus: 100_000 });
    await ledgerClean();
  });

  it("forfeits the bonus where the operator chose so, and goes on", async () => {
    const m = await withCard('rwwd02', 20_000_000);
    const r = await grant(m.id, { key: `test:wdf:${m.id}`, form: 'bonus', amount: 100_000, turnoverRequired: 1_000_000, withdrawalPolicy: 'forfeit' });
    const res = await withdraw(m.token, m.card.id, 5_000_000);
    expect(res.body.code).toBe('ok');
    expect(await count(m.id)).toBe(1);
    expect(await accounts(m.id)).toMatchObject({ main: 15_000_000, bonus: 0 });
    expect(await entries(`bonus:${r.rewardId}:forfeit`)).toBe(1);
    expect((await rewards(m.token)).body.value.list[0]).toMatchObject({ turnover: { status: 'forfeited' } });
    await ledgerClean();
  });
});

describe.runIf(TEST_DB === 'postgres')('on PostgreSQL', () => {
  it('converts once when two sweeps and the reward centre on two servers settle the same bonus at once', async () => {
    const m = await member('rwsweep01', 10_000_000);
    const r = await grant(m.id, { key: `test:sweep:${m.id}`, form: 'bonus', amount: 120_000, turnoverRequired: 100_000 });
    const spin = await slot(m.token);
    expect((await spin()).code).toBe('ok');
    const cashBefore = (await accounts(m.id)).main;
    const second = await t.secondApp();
    try {
      const listOn = (app: TTestApp['app']) => api.call(promotions.listRewards, {}, { token: m.token, app });
      await Promise.all([
        sweepBonuses(t.database.db, t.merchantId, new Date()),
        sweepBonuses(t.database.db, t.merchantId, new Date()),
        listOn(t.app),
        listOn(second.app),
        listOn(second.app),
      ]);
    } finally {
      await second.close();
    }
    expect(await entries(`bonus:${r.rewardId}:convert`)).toBe(1);
    expect(await accounts(m.id)).toMatchObject({ main: cashBefore + 120_000, bonus: 0 });
    await ledgerClean();
  });
});
