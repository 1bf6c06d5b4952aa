import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import * as games from '@playhall/contract/calls/games';
import * as wallet from '@playhall/contract/calls/wallet';
import { LAUNCH } from '@playhall/contract/constants';
import { rowsOf } from '../src/db/client.ts';
import { installSecret } from '../src/modules/crypto/install-secret.ts';
import { HOUSE_SECRET_PURPOSE } from '../src/modules/house/house.module.ts';
import { signBody } from '../src/lib/hmac-signature.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { createTestApp, TEST_MERCHANT, type TTestApp } from './support/test-app.ts';
import { STAKES } from '@playhall/contract/stakes';

/**
 * Issue 15, defect 5: a game launch token lives only as long as the login session it was issued under. Logout,
 * a password change, an operator's lock and the session's own expiry end it — for the house game page's calls
 * and for a vendor's signed seamless debits — on every server process, while another live session of the same
 * member keeps playing.
 */

type TApp = TTestApp['app'];
let t: TTestApp;
let api: TApi;
let other: Awaited<ReturnType<TTestApp['secondApp']>>;
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
  // A second server on the same database (on PostgreSQL its own pool), as a second process would be.
  other = await t.secondApp();
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

async function login(username: string, password = t.demoPassword): Promise<string> {
  const res = (await api.call(auth.login, { type: 'username', username, password }, { ip: freshIp() })) as TLogin;
  expect(res.body.code, JSON.stringify(res.body)).toBe('ok');
  return res.body.value.token;
}
async function balance(tok: string): Promise<number> {
  const res = await api.call<wallet.TBalance>(wallet.balance, {}, { token: tok });
  expect(res.body.code).toBe('ok');
  return res.body.value.sumBalance;
}
async function balanceOf(username: string): Promise<number> {
  const rows = rowsOf<{ b: string }>(
    await t.database.db.execute(sql`select coalesce(sum(a.balance), 0)::text as b from ledger_accounts a join users u on u.id = a.user_id where u.username = ${username} and a.kind <> 'points'`),
  );
  return Number(rows[0]?.b ?? 0);
}
async function userId(username: string): Promise<number> {
  const rows = rowsOf<{ id: string }>(await t.database.db.execute(sql`select id::text from users where username = ${username}`));
  return Number(rows[0]?.id);
}
async function ledgerClean() {
  expect((await api.ops({ kind: 'ledger.check' })).message).toMatch(/ledger clean/);
}

/** A launch of the house slot (or a dice room) under the login session `tok`: the token of the game page. */
async function launch(tok: string, game: { roomId: string } | null = null): Promise<string> {
  const body = game
    ? { launchMode: LAUNCH.launchMode, vassalage: 'PH_DICE', roomId: game.roomId, merchantCode: TEST_MERCHANT, language: 'EN' }
    : { launchMode: LAUNCH.launchMode, vassalage: 'PH_SLOT', gameId: 'lucky-crown', merchantCode: TEST_MERCHANT, language: 'EN' };
  const res = await api.call<{ game_url: string }>(games.launchGame, body, { token: tok });
  expect(res.body.code, JSON.stringify(res.body)).toBe('ok');
  const gt = new URLSearchParams(res.body.value.game_url.split('#')[1]).get('token');
  if (!gt) throw new Error(res.body.value.game_url);
  return gt;
}

async function house(app: TApp, method: 'GET' | 'POST', path: string, gameTok: string, body?: unknown) {
  const res = await app.inject({
    method,
    url: `/wps/house/${path}`,
    headers: { 'x-game-token': gameTok, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  return { status: res.statusCode, body: res.json() as { code: string; value: Record<string, unknown> } };
}
// A spin of the smallest stake (1,000 ₫: 20 lines of 50 ₫, stakes.ts).
const spin = (app: TApp, gt: string) => house(app, 'POST', 'play', gt, { input: { betPerLine: 5_000 } });

/** A vendor's signed seamless call, as a third-party game server sends it. */
async function seamless(app: TApp, op: 'debit' | 'credit', body: Record<string, unknown>) {
  const raw = JSON.stringify({ timestamp: Date.now(), ...body });
  const secret = await installSecret(t.database.db, HOUSE_SECRET_PURPOSE);
  const res = await app.inject({ method: 'POST', url: `/seamless/PH_SLOT/${op}`, headers: { 'content-type': 'application/json', 'x-signature': signBody(secret, raw) }, payload: raw });
  return { status: res.statusCode, body: res.json() as { status: string; error?: string; balance: number | null } };
}
const debit = (app: TApp, gt: string, amount = 100) => {
  const id = crypto.randomUUID();
  return seamless(app, 'debit', { txnId: `${id}:d`, roundId: id, amount, sessionToken: gt });
};

/** Every way a dead launch token could still touch the member's money or game, on both servers: all refused. */
async function expectDead(gt: string, username: string, vendorError: 'session_expired' | 'account_locked' = 'session_expired') {
  const before = await balanceOf(username);
  for (const app of [t.app, other.app]) {
    const played = await spin(app, gt);
    expect([played.status, played.body.code], JSON.stringify(played.body)).toEqual([401, 'session_expired']);
    const state = await house(app, 'GET', 'state', gt);
    expect([state.status, state.body.code]).toEqual([401, 'session_expired']);
    const seed = await house(app, 'POST', 'seed', gt, { clientSeed: 'after-logout' });
    expect([seed.status, seed.body.code]).toEqual([401, 'session_expired']);
    // The vendor gets the refusal it already knows for an expired token (200, status error).
    const d = await debit(app, gt);
    expect(d.status).toBe(200);
    expect(d.body).toMatchObject({ status: 'error', error: vendorError, balance: before });
  }
  expect(await balanceOf(username)).toBe(before);
}

describe('a launch token ends with the session it was issued under', () => {
  it('logout ends the tokens of that session on every server; another live session of the member keeps playing', async () => {
    const first = await login('member01');
    const second = await login('member01');
    const gt1 = await launch(first);
    const gt1b = await launch(first);
    const gt2 = await launch(second);
    for (const gt of [gt1, gt1b, gt2]) expect((await spin(t.app, gt)).status).toBe(200);
    expect((await debit(other.app, gt1)).body.status).toBe('ok');

    // A debit the vendor made before the logout is still credited after it (credits need no session).
    const id = crypto.randomUUID();
    expect((await seamless(t.app, 'debit', { txnId: `${id}:d`, roundId: id, amount: 300, sessionToken: gt1 })).body.status).toBe('ok');

    // Logged out through the second server: the first refuses the tokens at once, as does the second.
    const out = await api.call(auth.logout, {}, { token: first, app: other.app });
    expect(out.body.code).toBe('ok');
    await expectDead(gt1, 'member01');
    await expectDead(gt1b, 'member01');
    const credit = await seamless(other.app, 'credit', { txnId: `${id}:c`, roundId: id, amount: 500, userId: await userId('member01') });
    expect(credit.body).toMatchObject({ status: 'ok', balance: await balanceOf('member01') });

    // The member's other session and its token are untouched, on both servers.
    expect((await spin(t.app, gt2)).status).toBe(200);
    expect((await spin(other.app, gt2)).status).toBe(200);
    expect((await debit(t.app, gt2)).body.status).toBe('ok');
    expect((await house(other.app, 'GET', 'state', gt2)).body.value).toMatchObject({ player: 'member01' });
    expect(await balance(second)).toBe(await balanceOf('member01'));
    await ledgerClean();
  });

  it("a password change ends every session's tokens, including those of the session that changed it", async () => {
    const here = await login('member02');
    const elsewhere = await login('member02');
    const gtHere = await launch(here);
    const gtElsewhere = await launch(elsewhere);
    expect((await spin(other.app, gtHere)).status).toBe(200);
    expect((await spin(t.app, gtElsewhere)).status).toBe(200);

    const changed = await api.call(auth.changePassword, { oldPassword: t.demoPassword, newPassword: 'Changed123', confirmNewPassword: 'Changed123' }, { token: here, ip: freshIp() });
    expect(changed.body.code, JSON.stringify(changed.body)).toBe('ok');
    await expectDead(gtHere, 'member02');
    await expectDead(gtElsewhere, 'member02');

    // After logging in again with the new password, a new launch plays.
    const again = await login('member02', 'Changed123');
    expect((await spin(other.app, await launch(again))).status).toBe(200);
    await ledgerClean();
  });

  it("an operator's lock ends the member's tokens; unlocked, the session and its tokens live again", async () => {
    const tok = await login('member03');
    const gt = await launch(tok);
    expect((await spin(t.app, gt)).status).toBe(200);
    await api.sql(sql`update users set status = 'locked' where username = 'member03'`);
    // The house page is told the session ended; a vendor's debit gets the lock refusal it already knows.
    await expectDead(gt, 'member03', 'account_locked');
    await api.sql(sql`update users set status = 'active' where username = 'member03'`);
    expect((await spin(other.app, gt)).status).toBe(200);
    await ledgerClean();
  });

  it('ends with its session when the session expires before the 4-hour launch life', async () => {
    const tok = await login('agent02');
    const gt = await launch(tok);
    expect((await spin(t.app, gt)).status).toBe(200);
    await api.sql(sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${await userId('agent02')}`);
    await expectDead(gt, 'agent02');
    await ledgerClean();
  });

  it('a dice room token: after logout the room can be neither looked at nor joined; a new launch can leave the seat', async () => {
    const tok = await login('agent01');
    const gt = await launch(tok, { roomId: 'dice-100' });
    expect((await house(t.app, 'GET', 'room', gt)).status).toBe(200);
    // The dice-100 room's ante (stakes.ts: 100,000 ₫).
    const ANTE = STAKES.diceAntes[2] ?? 0;
    const before = await balanceOf('agent01');
    expect((await house(t.app, 'POST', 'room/join', gt)).status).toBe(200);
    expect(await balanceOf('agent01')).toBe(before - ANTE);

    await api.call(auth.logout, {}, { token: tok });
    for (const app of [t.app, other.app]) {
      for (const [method, path] of [['GET', 'room'], ['POST', 'room/join'], ['POST', 'room/leave']] as const) {
        const r = await house(app, method, path, gt);
        expect([r.status, r.body.code], `${path}: ${JSON.stringify(r.body)}`).toEqual([401, 'session_expired']);
      }
    }
    expect(await balanceOf('agent01')).toBe(before - ANTE);

    // Logged in again, a fresh launch of the room still finds the seat and leaving refunds the ante.
    const gt2 = await launch(await login('agent01'), { roomId: 'dice-100' });
    const left = await house(other.app, 'POST', 'room/leave', gt2);
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    expect(await balanceOf('agent01')).toBe(before);
    await ledgerClean();
  });
});
