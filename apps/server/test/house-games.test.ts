import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import * as games from '@playhall/contract/calls/games';
import * as wallet from '@playhall/contract/calls/wallet';
import { STAKES } from '@playhall/contract/stakes';
import { installSecret } from '../src/modules/crypto/install-secret.ts';
import { HOUSE_SECRET_PURPOSE } from '../src/modules/house/house.module.ts';
import { HOUSE_SHARDS } from '../src/modules/ledger/ledger.service.ts';
import { rowsOf } from '../src/db/client.ts';
import { signBody } from '../src/lib/hmac-signature.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { createTestApp, TEST_MERCHANT, type TTestApp } from './support/test-app.ts';

let t: TTestApp;
let api: TApi;
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
});
afterAll(async () => {
  await t?.close();
});

async function token(username = 'member01'): Promise<string> {
  const res = (await api.call(auth.login, { type: 'username', username, password: t.demoPassword }, { ip: freshIp() })) as TLogin;
  expect(res.body.code).toBe('ok');
  return res.body.value.token;
}
async function balance(tok: string): Promise<number> {
  return (await api.call<wallet.TBalance>(wallet.balance, {}, { token: tok })).body.value.sumBalance;
}
async function ledgerClean() {
  expect((await api.ops({ kind: 'ledger.check' })).message).toMatch(/ledger clean/);
}
const launchBody = (vassalage: string, gameId: string) => ({ launchMode: 'GAME' as never, vassalage, gameId, merchantCode: TEST_MERCHANT, language: 'EN' });

function gameToken(url: string): string {
  const t = new URLSearchParams(url.split('#')[1]).get('token');
  if (!t) throw new Error(url);
  return t;
}
async function house(method: 'GET' | 'POST', path: string, gameTok: string | null, body?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/wps/house/${path}`,
    headers: { ...(gameTok ? { 'x-game-token': gameTok } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  return { status: res.statusCode, body: res.json() as { code: string; value: Record<string, unknown> } };
}

describe('launch', () => {
  it('starts a house game with a token in the page address, and is honest about everything else', async () => {
    const { LAUNCH } = await import('@playhall/contract/constants');
    const body = (vassalage: string, gameId: string) => ({ ...launchBody(vassalage, gameId), launchMode: LAUNCH.launchMode });
    const tok = await token();
    expect((await api.call(games.launchGame, body('PH_SLOT', 'lucky-crown'))).status).toBe(401);
    expect((await api.call(games.launchGame, body('PH_SLOT', 'nope'), { token: tok })).status).toBe(404);
    expect((await api.call(games.launchGame, body('PG', 'pg-024'), { token: tok })).body.code).toBe('game_maintenance');
    expect((await api.call(games.launchGame, body('PG', 'pg-001'), { token: tok })).body.code).toBe('game_maintenance');
    const ok = await api.call<{ game_url: string }>(games.launchGame, body('PH_SLOT', 'lucky-crown'), { token: tok });
    expect(ok.body.code).toBe('ok');
    expect(ok.body.value.game_url).toMatch(/^\/house\/slot\.html#token=[A-Za-z0-9_-]{43}&lang=EN&game=lucky-crown$/);
    const recent = await api.call<{ list: games.TGameItem[] }>(games.recentGames, {}, { token: tok });
    expect(recent.body.value.list.map((g) => g.gameId)).toEqual(['lucky-crown']);
  });
});

describe('house slot', () => {
  it('spins: the stake leaves and the payout comes back through the ledger, round stored with its fairness', async () => {
    const { LAUNCH } = await import('@playhall/contract/constants');
    const tok = await token('member02');
    const res = await api.call<{ game_url: string }>(games.launchGame, { ...launchBody('PH_SLOT', 'lucky-crown'), launchMode: LAUNCH.launchMode }, { token: tok });
    const gt = gameToken(res.body.value.game_url);
    const state = await house('GET', 'state', gt);
    expect(state.body.value).toMatchObject({ player: 'member02', game: { gameId: 'lucky-crown' } });
    const before = await balance(tok);
    let expected = before;
    for (let i = 0; i < 20; i++) {
      const spin = await house('POST', 'play', gt, { input: { betPerLine: 5_000 } });
      expect(spin.status, JSON.stringify(spin.body)).toBe(200);
      const v = spin.body.value as { stake: number; payout: number; balance: number; fairness: { nonce: number } };
      expect(v.stake).toBe(100_000);
      expected += v.payout - v.stake;
      expect(v.balance).toBe(expected);
      expect(v.fairness.nonce).toBe(i);
    }
    expect(await balance(tok)).toBe(expected);
    await ledgerClean();

    // The betting record lists every round with totals; a round's detail carries its fairness.
    type TBets = { list: wallet.TBetRecord[]; total: number; totals: { betAmount: number; validBet: number; winLoss: number } };
    const record = await api.call<TBets>(wallet.bets, { category: 'RNG', pageSize: 50 }, { token: tok });
    expect(record.body.value.total).toBe(20);
    expect(record.body.value.totals).toEqual({ betAmount: 2_000_000, validBet: 2_000_000, winLoss: expected - before });
    expect((await api.call<TBets>(wallet.bets, { category: 'LIVE' }, { token: tok })).body.value.total).toBe(0);
    const roundId = record.body.value.list[0]?.roundId ?? '';
    type TDetail = wallet.TBetRecord & { detail: Record<string, unknown>; fairness: { serverSeedHash: string; serverSeed: string | null; clientSeed: string; nonce: number } };
    // Read in English (the game's base name; without a Language header a reader gets the site language's, MY).
    const detail = await api.call<TDetail>(wallet.betDetail, { roundId }, { token: tok, headers: { language: 'EN' } });
    expect(detail.body.value).toMatchObject({ roundId, gameName: 'Lucky Crown', status: 'settled', fairness: { serverSeed: null, nonce: 19 } });
    expect((await api.call(wallet.betDetail, { roundId }, { token: await token('member01') })).status).toBe(404);
    // Rotating the seed reveals it: its hash is the commitment shown before the rounds.
    const rotated = await house('POST', 'seed', gt, { clientSeed: 'my-own-seed' });
    const revealed = (rotated.body.value as { revealed: { serverSeed: string; serverSeedHash: string } }).revealed;
    expect(crypto.createHash('sha256').update(revealed.serverSeed).digest('hex')).toBe(detail.body.value.fairness.serverSeedHash);
    const after = await api.call<TDetail>(wallet.betDetail, { roundId }, { token: tok });
    expect(after.body.value.fairness.serverSeed).toBe(revealed.serverSeed);
    // Personal profit now has a bet side.
    const profit = await api.call<{ totals: { betAmount: number; winLoss: number }; categories: { category: string; betAmount: number }[] }>(wallet.personalProfit, {}, { token: tok });
    expect(profit.body.value.totals).toMatchObject({ betAmount: 2_000_000, winLoss: expected - before });
    expect(profit.body.value.categories.find((c) => c.category === 'RNG')?.betAmount).toBe(2_000_000);
  });

  it('plays 30 spins of one member at once: each pays once with its own nonce, none waits on another forever', async () => {
    const { LAUNCH } = await import('@playhall/contract/constants');
    const tok = await token('agent02');
    const res = await api.call<{ game_url: string }>(games.launchGame, { ...launchBody('PH_SLOT', 'lucky-crown'), launchMode: LAUNCH.launchMode }, { token: tok });
    const gt = gameToken(res.body.value.game_url);
    const before = await balance(tok);
    const spins = await Promise.all(Array.from({ length: 30 }, () => house('POST', 'play', gt, { input: { betPerLine: 5_000 } })));
    expect(spins.map((s) => s.status)).toEqual(spins.map(() => 200));
    const values = spins.map((s) => s.body.value as { stake: number; payout: number; fairness: { nonce: number } });
    expect(new Set(values.map((v) => v.fairness.nonce)).size).toBe(30);
    expect(await balance(tok)).toBe(before + values.reduce((sum, v) => sum + v.payout - v.stake, 0));
    await ledgerClean();
  });

  it('refuses tampered stakes and unknown input, moving nothing', async () => {
    const { LAUNCH } = await import('@playhall/contract/constants');
    const tok = await token('member03');
    const res = await api.call<{ game_url: string }>(games.launchGame, { ...launchBody('PH_SLOT', 'lucky-crown'), launchMode: LAUNCH.launchMode }, { token: tok });
    const gt = gameToken(res.body.value.game_url);
    const before = await balance(tok);
    // …and a spin below the currency's smallest stake (1,000 ₫: 20 lines of 50 ₫, stakes.ts).
    for (const input of [{ betPerLine: -10 }, { betPerLine: 0 }, { betPerLine: 1.5 }, { betPerLine: 1e12 }, { betPerLine: '10' }, { betPerLine: 4_999 }, {}, null]) {
      const r = await house('POST', 'play', gt, { input });
      expect(r.status, JSON.stringify(input)).toBe(400);
    }
    expect((await house('POST', 'play', null, { input: { betPerLine: 5_000 } })).status).toBe(401);
    expect((await house('POST', 'play', 'forged-token', { input: { betPerLine: 5_000 } })).status).toBe(401);
    expect(await balance(tok)).toBe(before);
    await api.ops({ kind: 'wallet.adjust', username: 'member03', amount: -(before - 99_999), reason: 'leave 999.99', requestId: null });
    const poor = await house('POST', 'play', gt, { input: { betPerLine: 5_000 } });
    expect(poor.body.code).toBe('insufficient_balance');
    expect(poor.body.value).toMatchObject({ balance: 99_999 });
    expect(await balance(tok)).toBe(99_999);
    await ledgerClean();
  });
});

describe('seamless wallet', () => {
  const secret = () => installSecret(t.database.db, HOUSE_SECRET_PURPOSE);
  async function call(op: string, body: Record<string, unknown>, opts: { sign?: 'good' | 'none' | 'forged'; vendor?: string } = {}) {
    const raw = JSON.stringify({ timestamp: Date.now(), ...body });
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (opts.sign !== 'none') headers['x-signature'] = opts.sign === 'forged' ? signBody('not-the-secret', raw) : signBody(await secret(), raw);
    const res = await t.app.inject({ method: 'POST', url: `/seamless/${opts.vendor ?? 'PH_SLOT'}/${op}`, headers, payload: raw });
    return { status: res.statusCode, body: res.json() as { status: string; balance: number | null; error?: string; duplicate: boolean } };
  }
  async function session(username: string) {
    const { LAUNCH } = await import('@playhall/contract/constants');
    const tok = await token(username);
    const res = await api.call<{ game_url: string }>(games.launchGame, { ...launchBody('PH_SLOT', 'lucky-crown'), launchMode: LAUNCH.launchMode }, { token: tok });
    const result = (await t.database.db.execute(sql`select id from users where username = ${username}`)) as unknown as { rows: { id: number }[] };
    const [user] = result.rows;
    return { tok, gt: gameToken(res.body.value.game_url), userId: Number(user?.id) };
  }

  it('moves money once for a duplicated debit or credit, and a rollback restores a debit once', async () => {
    const { tok, gt, userId } = await session('agent02');
    const start = await balance(tok);
    const id = crypto.randomUUID();
    const d1 = await call('debit', { txnId: `${id}:d`, roundId: id, amount: 500, sessionToken: gt });
    const d2 = await call('debit', { txnId: `${id}:d`, roundId: id, amount: 500, sessionToken: gt });
    expect(d1.body).toMatchObject({ status: 'ok', balance: start - 500, duplicate: false });
    expect(d2.body).toMatchObject({ status: 'ok', balance: start - 500, duplicate: true });
    const c1 = await call('credit', { txnId: `${id}:c`, roundId: id, amount: 1200, userId });
    const c2 = await call('credit', { txnId: `${id}:c`, roundId: id, amount: 1200, userId });
    expect(c1.body.balance).toBe(start + 700);
    expect(c2.body).toMatchObject({ balance: start + 700, duplicate: true });
    const id2 = crypto.randomUUID();
    await call('debit', { txnId: `${id2}:d`, roundId: id2, amount: 300, sessionToken: gt });
    const r1 = await call('rollback', { txnId: `${id2}:r`, roundId: id2, amount: 0, userId, refTxnId: `${id2}:d` });
    const r2 = await call('rollback', { txnId: `${id2}:r`, roundId: id2, amount: 0, userId, refTxnId: `${id2}:d` });
    expect(r1.body).toMatchObject({ status: 'ok', balance: start + 700 });
    expect(r2.body).toMatchObject({ status: 'ok', balance: start + 700, duplicate: true });
    // A rollback that came first refuses its late debit.
    const id3 = crypto.randomUUID();
    await call('rollback', { txnId: `${id3}:r`, roundId: id3, amount: 0, userId, refTxnId: `${id3}:d` });
    const late = await call('debit', { txnId: `${id3}:d`, roundId: id3, amount: 300, sessionToken: gt });
    expect(late.body).toMatchObject({ status: 'error', error: 'rolled_back' });
    expect(await balance(tok)).toBe(start + 700);
    await ledgerClean();
  });

  it('moves money once when two server processes both get 20 copies of one debit and one credit at once', async () => {
    const { tok, gt, userId } = await session('member02');
    const start = await balance(tok);
    const other = await t.secondApp();
    try {
      async function callOn(app: typeof t.app, op: string, body: Record<string, unknown>) {
        const raw = JSON.stringify({ timestamp: Date.now(), ...body });
        const res = await app.inject({ method: 'POST', url: `/seamless/PH_SLOT/${op}`, headers: { 'content-type': 'application/json', 'x-signature': signBody(await secret(), raw) }, payload: raw });
        return res.json() as { status: string; balance: number; duplicate: boolean };
      }
      const id = crypto.randomUUID();
      const debits = await Promise.all(
        Array.from({ length: 40 }, (_, i) => callOn(i % 2 ? other.app : t.app, 'debit', { txnId: `${id}:d`, roundId: id, amount: 700, sessionToken: gt })),
      );
      expect(debits.every((d) => d.status === 'ok' && d.balance === start - 700)).toBe(true);
      expect(debits.filter((d) => !d.duplicate)).toHaveLength(1);
      const credits = await Promise.all(Array.from({ length: 40 }, (_, i) => callOn(i % 2 ? t.app : other.app, 'credit', { txnId: `${id}:c`, roundId: id, amount: 1000, userId })));
      expect(credits.filter((c) => !c.duplicate)).toHaveLength(1);
      expect(await balance(tok)).toBe(start + 300);
      const entries = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from journal_entries where key like ${`vendor:PH_SLOT:${id}:%`}`));
      expect(entries[0]?.n).toBe(2);
    } finally {
      await other.close();
    }
    await ledgerClean();
  });

  it("posts a member's bets and payouts against the member's own shard of the house game account", async () => {
    const { gt, userId } = await session('member03');
    const id = crypto.randomUUID();
    await call('debit', { txnId: `${id}:d`, roundId: id, amount: 100, sessionToken: gt });
    const shards = rowsOf<{ shard: number }>(
      await t.database.db.execute(sql`
        select a.shard from postings p join journal_entries e on e.id = p.entry_id join ledger_accounts a on a.id = p.account_id
        where e.key = ${`vendor:PH_SLOT:${id}:d`} and a.user_id is null`),
    );
    expect(shards.map((r) => Number(r.shard))).toEqual([userId % HOUSE_SHARDS]);
    await ledgerClean();
  });

  it('pays a credit after the launch token expired, but refuses a new debit', async () => {
    const { tok, gt, userId } = await session('agent01');
    const start = await balance(tok);
    const id = crypto.randomUUID();
    await call('debit', { txnId: `${id}:d`, roundId: id, amount: 100, sessionToken: gt });
    await api.sql(sql`update game_sessions set expires_at = now() - interval '1 minute' where user_id = ${userId}`);
    const credit = await call('credit', { txnId: `${id}:c`, roundId: id, amount: 250, userId });
    expect(credit.body).toMatchObject({ status: 'ok', balance: start + 150 });
    const debit = await call('debit', { txnId: `${crypto.randomUUID()}:d`, roundId: 'x', amount: 100, sessionToken: gt });
    expect(debit.body).toMatchObject({ status: 'error', error: 'session_expired', balance: start + 150 });
  });

  it('refuses unsigned, forged, stale and malformed calls and unknown vendors, and a debit beyond the balance with the balance', async () => {
    const { tok, gt, userId } = await session('member01');
    const start = await balance(tok);
    const body = { txnId: crypto.randomUUID(), roundId: 'r', amount: 100, sessionToken: gt };
    expect((await call('debit', body, { sign: 'none' })).status).toBe(401);
    expect((await call('debit', body, { sign: 'forged' })).status).toBe(401);
    expect((await call('debit', { ...body, timestamp: Date.now() - 10 * 60 * 1000 })).status).toBe(400);
    expect((await call('debit', { ...body, amount: -5 })).status).toBe(400);
    expect((await call('debit', { ...body, amount: 1.5 })).status).toBe(400);
    expect((await call('debit', { ...body, extra: 1 })).status).toBe(400);
    expect((await call('debit', body, { vendor: 'PG' })).status).toBe(404);
    expect((await call('credit', { txnId: crypto.randomUUID(), roundId: 'r', amount: 100 })).status).toBe(400);
    const big = await call('debit', { ...body, amount: start + 1 });
    expect(big.body).toMatchObject({ status: 'error', error: 'insufficient_balance', balance: start });
    expect(await balance(tok)).toBe(start);
    void userId;
    await ledgerClean();
  });
});

describe('free play', () => {
  it('a guest plays house games from its demo balance, and nothing else', async () => {
    const { LAUNCH } = await import('@playhall/contract/constants');
    const { FREE_PLAY_BALANCE } = await import('../src/modules/auth/free-play.ts');
    const res = (await api.call(auth.loginFreeplay, { os: 'Linux', platform: 'W', deviceKey: 'g'.repeat(24), gatewayVersion: 3 }, { ip: freshIp() })) as TLogin;
    const tok = res.body.value.token;
    expect(await balance(tok)).toBe(FREE_PLAY_BALANCE);
    const launched = await api.call<{ game_url: string }>(games.launchGame, { ...launchBody('PH_LIVE', 'baccarat-royale'), launchMode: LAUNCH.launchMode }, { token: tok });
    expect(launched.body.code).toBe('ok');
    const round = await house('POST', 'play', gameToken(launched.body.value.game_url), { input: { banker: 1_000_000 } });
    expect(round.status, JSON.stringify(round.body)).toBe(200);
    const v = round.body.value as { stake: number; payout: number; balance: number };
    expect(v.balance).toBe(FREE_PLAY_BALANCE - v.stake + v.payout);
    const other = await api.call(games.launchGame, { ...launchBody('EVO', 'evo-001'), launchMode: LAUNCH.launchMode }, { token: tok });
    expect(other.body.code).toBe('game_maintenance');
    const out = await api.call(wallet.withdrawalInfo, {}, { token: tok });
    expect(out.body.code).toBe('in_need_true_account');
    // A second visit of the same browser keeps its guest and balance: no second demo grant.
    const again = (await api.call(auth.loginFreeplay, { os: 'Linux', deviceKey: 'g'.repeat(24) }, { ip: freshIp() })) as TLogin;
    expect(await balance(again.body.value.token)).toBe(v.balance);
    await ledgerClean();
  });
});

describe('dice room (PVP)', () => {
  it('seats members who pay the ante, refunds one who leaves, rolls after the countdown and pays the pot', async () => {
    const { LAUNCH } = await import('@playhall/contract/constants');
    // The dice-10 room's ante: 20,000 ₫ (stakes.ts).
    const ANTE = STAKES.diceAntes[1] ?? 0;
    const players = ['member01', 'member02', 'agent01', 'agent02'];
    const seats: { username: string; tok: string; gt: string; before: number }[] = [];
    for (const username of players) {
      const tok = await token(username);
      const res = await api.call<{ game_url: string }>(games.launchGame, { launchMode: LAUNCH.launchMode, vassalage: 'PH_DICE', roomId: 'dice-10', merchantCode: TEST_MERCHANT, language: 'EN' }, { token: tok });
      expect(res.body.code, JSON.stringify(res.body)).toBe('ok');
      expect(res.body.value.game_url).toMatch(/^\/house\/dice\.html#token=.+&room=dice-10$/);
      seats.push({ username, tok, gt: gameToken(res.body.value.game_url), before: await balance(tok) });
    }
    type TRoom = { seats: unknown[]; seated: boolean; serverSeedHash: string; nextRoundAt: string | null; roundNo: number; lastRound: null | { roundNo: number; serverSeed: string; pot: number; houseTake: number; seats: { payout: number; winner: boolean }[] } };
    const first = await house('GET', 'room', seats[0]?.gt ?? '');
    const committed = (first.body.value as TRoom).serverSeedHash;
    for (const s of seats) {
      const joined = await house('POST', 'room/join', s.gt);
      expect(joined.status, JSON.stringify(joined.body)).toBe(200);
      expect(await balance(s.tok)).toBe(s.before - ANTE);
    }
    const again = await house('POST', 'room/join', seats[0]?.gt ?? '');
    expect((again.body.value as TRoom).seats).toHaveLength(4);
    expect(await balance(seats[0]?.tok ?? '')).toBe((seats[0]?.before ?? 0) - ANTE);
    const left = await house('POST', 'room/leave', seats[3]?.gt ?? '');
    expect((left.body.value as TRoom).seated).toBe(false);
    expect(await balance(seats[3]?.tok ?? '')).toBe(seats[3]?.before);
    // Sitting in again in the same round pays again; leaving again refunds again.
    await house('POST', 'room/join', seats[3]?.gt ?? '');
    expect(await balance(seats[3]?.tok ?? '')).toBe((seats[3]?.before ?? 0) - ANTE);
    await house('POST', 'room/leave', seats[3]?.gt ?? '');
    expect(await balance(seats[3]?.tok ?? '')).toBe(seats[3]?.before);
    const waiting = (await house('GET', 'room', seats[0]?.gt ?? '')).body.value as TRoom;
    expect(waiting.nextRoundAt).not.toBeNull();
    // Not yet: the countdown runs.
    await t.scheduler.tick(new Date());
    expect(((await house('GET', 'room', seats[0]?.gt ?? '')).body.value as TRoom).lastRound).toBeNull();
    await t.scheduler.tick(new Date(Date.now() + 20_000));
    const after = (await house('GET', 'room', seats[0]?.gt ?? '')).body.value as TRoom;
    expect(after.roundNo).toBe(1);
    expect(after.seats).toHaveLength(0);
    const round = after.lastRound;
    expect(round?.roundNo).toBe(0);
    expect(crypto.createHash('sha256').update(round?.serverSeed ?? '').digest('hex')).toBe(committed);
    expect(round?.pot).toBe((3 * ANTE * 95) / 100);
    const paid = round?.seats.reduce((n, s) => n + s.payout, 0) ?? 0;
    expect(paid + (round?.houseTake ?? 0)).toBe(3 * ANTE);
    let moved = 0;
    for (const s of seats.slice(0, 3)) moved += (await balance(s.tok)) - s.before;
    expect(moved).toBe(-(round?.houseTake ?? 0));
    const record = await api.call<{ list: wallet.TBetRecord[] }>(wallet.bets, { category: 'PVP' }, { token: seats[0]?.tok });
    expect(record.body.value.list[0]).toMatchObject({ status: 'settled', betAmount: ANTE, validBet: ANTE });
    await ledgerClean();
  });
});
