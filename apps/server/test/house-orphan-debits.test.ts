import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auth from '@playhall/contract/calls/auth';
import * as games from '@playhall/contract/calls/games';
import * as wallet from '@playhall/contract/calls/wallet';
import { XOCDIA_LIMITS } from '@playhall/contract/house-rules/xocdia';
import { rowsOf } from '../src/db/client.ts';
import { createSeamlessService } from '../src/modules/seamless/seamless.service.ts';
import { createHouseRepository } from '../src/modules/house/house.repository.ts';
import type { TSeamlessClient } from '../src/modules/house/house.service.ts';
import { createBetRoomService } from '../src/modules/house/bet-room.service.ts';
import { createDiceRoomService } from '../src/modules/house/dice-room.service.ts';
import { createCrashService } from '../src/modules/house/crash.service.ts';
import { createOrphanDebitRecovery, debitStillLive, ORPHAN_GRACE_MS } from '../src/modules/house/orphan-debits.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { createTestApp, TEST_MERCHANT, type TTestApp } from './support/test-app.ts';

/**
 * Orphan debits (issue 21): a process that dies between a room's, the dice room's or crash's debit and its record
 * leaves the member debited with nothing to show for it; `house.recoverOrphanDebits` rolls each such debit back once,
 * and never one that was recorded. The crash is simulated by making the debit through the seamless service exactly as
 * each service does (same transaction id and round id shapes) and not recording it.
 */
let t: TTestApp;
let api: TApi;
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
});
afterAll(async () => {
  await t?.close();
});

const K = XOCDIA_LIMITS.min;
const hex = () => crypto.randomBytes(4).toString('hex');
/** Past the grace: the moment the recovery treats as now. */
const later = (minutes = 0) => new Date(Date.now() + ORPHAN_GRACE_MS + 60_000 + minutes * 60_000);

async function token(username: string): Promise<string> {
  const res = (await api.call(auth.login, { type: 'username', username, password: t.demoPassword }, { ip: freshIp() })) as TLogin;
  expect(res.body.code).toBe('ok');
  return res.body.value.token;
}
async function balance(tok: string): Promise<number> {
  return (await api.call<wallet.TBalance>(wallet.balance, {}, { token: tok })).body.value.sumBalance;
}
/** The ledger checked balanced: answers its entries and postings line. */
async function ledger(): Promise<string> {
  const r = await api.ops({ kind: 'ledger.check' });
  expect(r.message).toMatch(/ledger clean/);
  return r.message;
}
async function launch(tok: string, body: { vassalage: string; gameId?: string; roomId?: string }): Promise<string> {
  const { LAUNCH } = await import('@playhall/contract/constants');
  const res = await api.call<{ game_url: string }>(games.launchGame, { launchMode: LAUNCH.launchMode, merchantCode: TEST_MERCHANT, language: 'EN', ...body }, { token: tok });
  expect(res.body.code, JSON.stringify(res.body)).toBe('ok');
  return new URLSearchParams(res.body.value.game_url.split('#')[1]).get('token') ?? '';
}
async function house(method: 'GET' | 'POST', path: string, gameTok: string, body?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/wps/house/${path}`,
    headers: { 'x-game-token': gameTok, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  return { status: res.statusCode, body: res.json() as { code: string; message: string; value: Record<string, unknown> } };
}
async function userIdOf(username: string): Promise<number> {
  const [row] = rowsOf<{ id: number | string }>(await t.database.db.execute(sql`select id from users where username = ${username}`));
  return Number(row?.id);
}
async function rollbacksOf(debitTxn: string): Promise<number> {
  const [row] = rowsOf<{ n: string }>(await t.database.db.execute(sql`select count(*)::text as n from vendor_transactions where type = 'rollback' and ref_txn_id = ${debitTxn}`));
  return Number(row?.n ?? 0);
}

/** A debit as a service makes it, without the record that should follow: what a crash between the two leaves. */
async function orphanDebit(gameTok: string, vassalage: string, roundId: string, amount: number): Promise<string> {
  const seamless = createSeamlessService({ db: t.database.db });
  const answer = await seamless.run(t.merchantId, { op: 'debit', vassalage, txnId: `${roundId}:debit`, roundId, amount, sessionToken: gameTok });
  expect(answer.ok, JSON.stringify(answer)).toBe(true);
  return `${roundId}:debit`;
}

describe('orphan debits', () => {
  it('rolls back a slip, a bank, a dice seat and a crash bet whose record never came, once; leaves every recorded debit alone', async () => {
    const victim = await token('member01');
    const uid = await userIdOf('member01');
    const start = await balance(victim);
    const gBet = await launch(victim, { vassalage: 'PH_DICE', roomId: 'xocdia-1' });
    const gDice = await launch(victim, { vassalage: 'PH_DICE', roomId: 'dice-10' });
    const gCrash = await launch(victim, { vassalage: 'PH_INSTANT', gameId: 'rocket-crash' });
    const [ante] = rowsOf<{ ante: number | string }>(await t.database.db.execute(sql`select ante from pvp_rooms where room_id = 'dice-10'`));

    // Recorded debits of other members: a real slip, a real bank (another room), a real dice seat, a real crash bet.
    const [b, c, d, e] = [await token('member02'), await token('member03'), await token('agent01'), await token('agent02')];
    const gb = await launch(b, { vassalage: 'PH_DICE', roomId: 'xocdia-1' });
    const slip = await house('POST', 'bet-room/bet', gb, { roundNo: 0, bets: { chan: 3 * K } });
    expect(slip.status, JSON.stringify(slip.body)).toBe(200);
    const gc = await launch(c, { vassalage: 'PH_DICE', roomId: 'baucua-1' });
    const bank = await house('POST', 'bet-room/bank', gc, { amount: 60 * K });
    expect(bank.status, JSON.stringify(bank.body)).toBe(200);
    const gd = await launch(d, { vassalage: 'PH_DICE', roomId: 'dice-10' });
    const seat = await house('POST', 'room/join', gd);
    expect(seat.status, JSON.stringify(seat.body)).toBe(200);
    const ge = await launch(e, { vassalage: 'PH_INSTANT', gameId: 'rocket-crash' });
    let crashBet = await house('POST', 'crash/bet', ge, { betId: `real-${hex()}`, amount: 2 * K, autoCashOut: null });
    // The round may have taken off between the look and the bet, and a flight can last a minute: the test moves that
    // round past its crash and the pause after it (as house-instant.test.ts does), and the next look opens a new one.
    for (let i = 0; crashBet.status !== 200 && i < 5; i += 1) {
      await t.database.db.execute(sql`
        update crash_rounds set betting_ends_at = now() - interval '10 minutes', crash_at = now() - interval '9 minutes'
        where id = (select max(id) from crash_rounds)`);
      expect((await house('GET', 'crash', ge)).status).toBe(200);
      crashBet = await house('POST', 'crash/bet', ge, { betId: `real-${hex()}`, amount: 2 * K, autoCashOut: null });
    }
    expect(crashBet.status, JSON.stringify(crashBet.body)).toBe(200);
    const others = { b: await balance(b), c: await balance(c), d: await balance(d), e: await balance(e) };

    // The victim's four debits, each cut off before its record (the services' id shapes).
    const orphans = [
      await orphanDebit(gBet, 'PH_DICE', `PH_DICE-xocdia-1-0-${uid}-${hex()}`, 5 * K),
      await orphanDebit(gBet, 'PH_DICE', `PH_DICE-xocdia-1-bank-${uid}-${hex()}`, 50 * K),
      await orphanDebit(gDice, 'PH_DICE', `PH_DICE-dice-10-0-${uid}-${hex()}`, Number(ante?.ante)),
      await orphanDebit(gCrash, 'PH_INSTANT', `PH_INSTANT-CRASH-1.1-${uid}-orphan-${hex()}`, 4 * K),
    ];
    expect(await balance(victim)).toBe(start - 55 * K - Number(ante?.ante) - 4 * K);
    const recovery = createOrphanDebitRecovery({ db: t.database.db });

    // Within the grace: nothing is an orphan yet.
    expect((await recovery.run(new Date())).rolledBack).toBe(0);
    expect(await balance(victim)).toBe(start - 55 * K - Number(ante?.ante) - 4 * K);

    // Past the grace: the four come back, the recorded ones stay.
    const first = await recovery.run(later());
    expect(first.rolledBack).toBe(4);
    expect(await balance(victim)).toBe(start);
    for (const txn of orphans) expect(await rollbacksOf(txn)).toBe(1);
    expect({ b: await balance(b), c: await balance(c), d: await balance(d), e: await balance(e) }).toEqual(others);
    const clean = await ledger();

    // Again (and with the cursor set back to the start: a rescan of everything): nothing more moves.
    expect((await recovery.run(later(1))).rolledBack).toBe(0);
    await t.database.db.execute(sql`update scan_cursors set last_id = 0`);
    expect((await recovery.run(later(1))).rolledBack).toBe(0);
    expect(await ledger()).toBe(clean);
    expect(await balance(victim)).toBe(start);
    expect({ b: await balance(b), c: await balance(c), d: await balance(d), e: await balance(e) }).toEqual(others);

    // A service recording a debit the recovery rolled back refuses it (debitStillLive under its lock).
    expect(await t.database.db.transaction((tx) => debitStillLive(tx, t.merchantId, 'PH_DICE', orphans[0] ?? ''))).toBe(false);
    const slipRound = (slip.body.value.mine as { roundId: string }).roundId;
    expect(await t.database.db.transaction((tx) => debitStillLive(tx, t.merchantId, 'PH_DICE', `${slipRound}:debit`))).toBe(true);

    // The rounds decided and paid (game_rounds, credits), the bank left (returned by its credit): still never touched.
    await t.scheduler.tick(later(2));
    const left = await house('POST', 'bet-room/leave', gc);
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    const settled = { b: await balance(b), c: await balance(c), d: await balance(d), e: await balance(e) };
    const afterSettle = await ledger();
    await t.database.db.execute(sql`update scan_cursors set last_id = 0`);
    expect((await recovery.run(later(5))).rolledBack).toBe(0);
    expect({ b: await balance(b), c: await balance(c), d: await balance(d), e: await balance(e) }).toEqual(settled);
    expect(await ledger()).toBe(afterSettle);
  });

  it('the scheduled job finds a new orphan; two runs at once roll it back once', async () => {
    const victim = await token('member03');
    const uid = await userIdOf('member03');
    const g = await launch(victim, { vassalage: 'PH_DICE', roomId: 'xocdia-1' });
    const start = await balance(victim);

    // The scheduler's minute job.
    const one = await orphanDebit(g, 'PH_DICE', `PH_DICE-xocdia-1-7-${uid}-${hex()}`, 7 * K);
    expect(await balance(victim)).toBe(start - 7 * K);
    await t.scheduler.tick(later(10));
    expect(await balance(victim)).toBe(start);
    expect(await rollbacksOf(one)).toBe(1);

    // Two runners at once (the cursor set back so both read the same rows).
    const two = [
      await orphanDebit(g, 'PH_DICE', `PH_DICE-xocdia-1-8-${uid}-${hex()}`, 3 * K),
      await orphanDebit(g, 'PH_DICE', `PH_DICE-xocdia-1-bank-${uid}-${hex()}`, 60 * K),
    ];
    expect(await balance(victim)).toBe(start - 63 * K);
    await t.database.db.execute(sql`update scan_cursors set last_id = 0`);
    // On PostgreSQL the pool runs them on two connections.
    const runs = await Promise.all([createOrphanDebitRecovery({ db: t.database.db }).run(later(11)), createOrphanDebitRecovery({ db: t.database.db }).run(later(11))]);
    expect(runs[0].rolledBack + runs[1].rolledBack).toBe(2);
    expect(await balance(victim)).toBe(start);
    for (const txn of two) expect(await rollbacksOf(txn)).toBe(1);
    await ledger();
  });

  it('a request that outlives the grace: the recovery rolls its debit back and the record step refuses, nothing recorded, the money back once', async () => {
    const tok = await token('agent02');
    const start = await balance(tok);
    const seamless = createSeamlessService({ db: t.database.db });
    const recovery = createOrphanDebitRecovery({ db: t.database.db });
    let stalled = 0;
    // The request stalls between its debit and its record long enough for the recovery to run past the grace.
    const client: TSeamlessClient = async (vassalage, op, body) => {
      const answer = await seamless.run(t.merchantId, { op, vassalage, ...body });
      if (op === 'debit' && answer.ok) stalled += (await recovery.run(later(20))).rolledBack;
      return answer;
    };
    const deps = { db: t.database.db, repo: createHouseRepository(), seamless: client };
    const rooms = createBetRoomService(deps);
    const dice = createDiceRoomService(deps);
    const crashClock = later(30);
    const crash = createCrashService({ ...deps, balance: async () => 0, now: () => crashClock });
    const reader = { language: 'EN', fallback: 'EN' };

    const gRoom = await launch(tok, { vassalage: 'PH_DICE', roomId: 'baucua-10' });
    const roomBefore = await house('GET', 'bet-room', gRoom);
    const roundNo = roomBefore.body.value.roundNo as number;
    await expect(rooms.bet(gRoom, { roundNo, bets: { cua: 10 * K } }, reader)).rejects.toThrow(/stake was returned/);
    await expect(rooms.takeBank(gRoom, { amount: 500 * K }, reader)).rejects.toThrow(/bank was returned/);
    const room = (await house('GET', 'bet-room', gRoom)).body.value;
    expect(room).toMatchObject({ roundNo, mine: null, players: [], bankerSeat: null });

    const gDice = await launch(tok, { vassalage: 'PH_DICE', roomId: 'dice-1' });
    await expect(dice.join(gDice, reader)).rejects.toThrow(/ante was returned/);
    expect((await house('GET', 'room', gDice)).body.value.seated).toBe(false);

    const gCrash = await launch(tok, { vassalage: 'PH_INSTANT', gameId: 'rocket-crash' });
    // Its own clock well after every round so far: the bet opens a fresh round in its betting phase.
    await expect(crash.bet(gCrash, { betId: `stall-${hex()}`, amount: 2 * K, autoCashOut: null })).rejects.toThrow(/stake was returned/);
    const [stored] = rowsOf<{ n: string }>(await t.database.db.execute(sql`select count(*)::text as n from crash_bets where bet_id like 'stall-%'`));
    expect(Number(stored?.n)).toBe(0);

    expect(stalled).toBeGreaterThanOrEqual(4);
    expect(await balance(tok)).toBe(start);
    await ledger();
  });
});
