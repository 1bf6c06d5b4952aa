import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as games from '@playhall/contract/calls/games';
import * as wallet from '@playhall/contract/calls/wallet';
import { recheckRound } from '@playhall/contract/house-rules/registry';
import { titleOfHouseGame } from '@playhall/contract/house-rules/catalog';
import { BAUCUA_LIMITS } from '@playhall/contract/house-rules/baucua';
import { XOCDIA_LIMITS } from '@playhall/contract/house-rules/xocdia';
import { apiOf, type TApi } from './support/api.ts';
import { gameToken, houseClient } from './support/house-client.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';

/** Xóc đĩa and bầu cua (issue 21): the single tables and the betting rooms, on a real server and database. */
let t: TTestApp;
let api: TApi;
const { token, balance, launchUrl, house, moneyTrail } = houseClient(() => ({ t, api }));
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
});
afterAll(async () => {
  await t?.close();
});

const K = XOCDIA_LIMITS.min;

async function ledgerLines(): Promise<string> {
  const r = await api.ops({ kind: 'ledger.check' });
  expect(r.message).toMatch(/ledger clean/);
  return r.message;
}
const launch = (tok: string, body: { vassalage: string; gameId?: string; roomId?: string }): Promise<string> => launchUrl(tok, { language: 'VI', ...body });

type TDetail = wallet.TBetRecord & { detail: Record<string, unknown>; houseGame?: string | null; fairness: { serverSeedHash: string; serverSeed: string | null; clientSeed: string; nonce: number } | null };

describe('single tables', () => {
  it('xóc đĩa and bầu cua play a round each: stake out, payout in, recorded; bad bets refused with nothing moved', async () => {
    const tok = await token('member03');
    for (const [gameId, input, category] of [
      ['xoc-dia', { chan: 10 * K, red4: K }, 'LIVE'],
      ['bau-cua', { cua: 5 * K, nai: 2 * K }, 'LIVE'],
    ] as const) {
      const url = await launch(tok, { vassalage: 'PH_LIVE', gameId });
      expect(url).toMatch(new RegExp(`^/house/${gameId === 'xoc-dia' ? 'xocdia' : 'baucua'}\\.html#token=.+&lang=VI&game=${gameId}$`));
      const gt = gameToken(url);
      const before = await balance(tok);
      const round = await house('POST', 'play', gt, { input });
      expect(round.status, JSON.stringify(round.body)).toBe(200);
      const v = round.body.value as { roundId: string; stake: number; payout: number; balance: number };
      expect(v.stake).toBe(Object.values(input).reduce((a, b) => a + b, 0));
      expect(v.balance).toBe(before - v.stake + v.payout);
      expect(await balance(tok)).toBe(v.balance);
      const record = await api.call<{ list: wallet.TBetRecord[] }>(wallet.bets, { category }, { token: tok });
      expect(record.body.value.list[0]).toMatchObject({ roundId: v.roundId, betAmount: v.stake, status: 'settled' });

      const ledger = await ledgerLines();
      for (const bad of [{ tai: K }, { [gameId === 'xoc-dia' ? 'chan' : 'ga']: K - 1 }, { [gameId === 'xoc-dia' ? 'le' : 'ca']: XOCDIA_LIMITS.max + K }, {}]) {
        const refused = await house('POST', 'play', gt, { input: bad });
        expect(refused.status, JSON.stringify(bad)).toBe(400);
        expect(refused.body.message).toMatch(/unknown|from|at least one/);
      }
      expect(await balance(tok)).toBe(v.balance);
      expect(await ledgerLines()).toBe(ledger);
    }
  });
});

describe('xóc đĩa room (PVP)', () => {
  type TRoom = {
    roundNo: number;
    serverSeedHash: string;
    closesAt: string | null;
    bettingOpen: boolean;
    players: { player: string; you: boolean; stake: number }[];
    mine: { roundId: string; stake: number } | null;
    lastRound: null | { roundNo: number; serverSeed: string; serverSeedHash: string; result: { discs: boolean[]; reds: number }; players: { you: boolean; stake: number; payout: number }[] };
    history: { roundNo: number; reds: number }[];
  };

  it('two members bet in one round against the house; one shared result pays each by their own bets', async () => {
    const a = await token('member01');
    const b = await token('member02');
    // Launched from the game's card: seated in a room of the game (the lowest minimum first).
    const byCard = await launch(a, { vassalage: 'PH_DICE', gameId: 'xoc-dia-room' });
    expect(byCard).toMatch(/^\/house\/xocdia\.html#token=.+&game=xoc-dia-room&room=xocdia-1$/);
    const ga = gameToken(byCard);
    const gb = gameToken(await launch(b, { vassalage: 'PH_DICE', roomId: 'xocdia-1' }));
    const [ba, bb] = [await balance(a), await balance(b)];

    const first = (await house('GET', 'bet-room', ga)).body.value as TRoom;
    expect(first).toMatchObject({ roundNo: 0, closesAt: null, bettingOpen: true, players: [], mine: null, lastRound: null });
    const committed = first.serverSeedHash;
    // The dice room's API does not serve a betting room.
    expect((await house('POST', 'room/join', ga)).status).toBe(401);

    const betA = await house('POST', 'bet-room/bet', ga, { roundNo: 0, bets: { chan: 20 * K, red4: K } });
    expect(betA.status, JSON.stringify(betA.body)).toBe(200);
    expect(await balance(a)).toBe(ba - 21 * K);
    const betB = await house('POST', 'bet-room/bet', gb, { roundNo: 0, bets: { le: 30 * K } });
    expect(betB.status, JSON.stringify(betB.body)).toBe(200);
    expect(await balance(b)).toBe(bb - 30 * K);
    const seen = betB.body.value as unknown as TRoom;
    expect(seen.closesAt).not.toBeNull();
    expect(seen.players).toHaveLength(2);
    expect(seen.players.find((p) => !p.you)?.player).toMatch(/\*\*\*/);

    // Refusals move nothing: a second slip, an unknown spot, a stake under the room's minimum or over its maximum, a
    // round not open.
    const ledger = await ledgerLines();
    const trails = [await moneyTrail('member01'), await moneyTrail('member02')];
    const refusals = [
      [ga, { roundNo: 0, bets: { le: K } }, /placed/],
      [gb, { roundNo: 0, bets: { tai: K } }, /unknown/],
      [gb, { roundNo: 0, bets: { chan: K - 1 } }, /from/],
      [gb, { roundNo: 5, bets: { chan: K } }, /not opened/],
    ] as const;
    for (const [gt, body, message] of refusals) {
      const r = await house('POST', 'bet-room/bet', gt, body);
      expect(r.status, JSON.stringify(r.body)).toBeGreaterThanOrEqual(400);
      expect(r.body.message).toMatch(message);
    }
    const over = await house('POST', 'bet-room/bet', gb, { roundNo: 0, bets: { chan: XOCDIA_LIMITS.max + K } });
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('validation_failed');
    expect(over.body.message).toMatch(new RegExp(`chan bet must be .* to ${XOCDIA_LIMITS.max}$`));
    expect(await ledgerLines()).toBe(ledger);
    expect([await moneyTrail('member01'), await moneyTrail('member02')]).toEqual(trails);
    expect([await balance(a), await balance(b)]).toEqual([ba - 21 * K, bb - 30 * K]);

    // Not yet: betting is open until the countdown ends.
    await t.scheduler.tick(new Date());
    expect(((await house('GET', 'bet-room', ga)).body.value as TRoom).lastRound).toBeNull();
    // Closed but not yet decided (the tick has not run): a bet is refused, nothing moves.
    const closesAt = new Date(seen.closesAt ?? 0).getTime();
    const c = await token('agent01');
    const gc = gameToken(await launch(c, { vassalage: 'PH_DICE', roomId: 'xocdia-1' }));
    const bc = await balance(c);
    const { vi } = await import('vitest');
    vi.useFakeTimers({ toFake: ['Date'], now: closesAt + 1000 });
    try {
      const late = await house('POST', 'bet-room/bet', gc, { roundNo: 0, bets: { chan: K } });
      expect(late.status).toBe(403);
      expect(late.body).toMatchObject({ code: 'operation_not_allowed', value: { reason: 'betting_closed' }, message: 'Betting is closed for this round' });
    } finally {
      vi.useRealTimers();
    }
    expect(await balance(c)).toBe(bc);
    expect(await ledgerLines()).toBe(ledger);

    await t.scheduler.tick(new Date(closesAt + 1000));
    const after = (await house('GET', 'bet-room', ga)).body.value as TRoom;
    expect(after).toMatchObject({ roundNo: 1, closesAt: null, players: [], mine: null });
    const round = after.lastRound;
    expect(round?.roundNo).toBe(0);
    expect(crypto.createHash('sha256').update(round?.serverSeed ?? '').digest('hex')).toBe(committed);
    expect(after.serverSeedHash).not.toBe(committed);
    expect(after.history).toEqual([{ roundNo: 0, discs: round?.result.discs, reds: round?.result.reds }]);
    const reds = round?.result.reds ?? -1;
    const payA = (reds % 2 === 0 ? (20 * K * 196) / 100 : 0) + (reds === 4 ? (K * 155) / 10 : 0);
    const payB = reds % 2 === 1 ? (30 * K * 196) / 100 : 0;
    expect(await balance(a)).toBe(ba - 21 * K + payA);
    expect(await balance(b)).toBe(bb - 30 * K + payB);
    // B sees the same result.
    expect(((await house('GET', 'bet-room', gb)).body.value as TRoom).lastRound?.result).toEqual(round?.result);

    // The old round is over: a bet naming it is refused, nothing moves.
    const old = await house('POST', 'bet-room/bet', gb, { roundNo: 0, bets: { chan: K } });
    expect(old.body.message).toMatch(/Round 0 is over/);
    expect(await balance(b)).toBe(bb - 30 * K + payB);

    // Each member's round is in the record, and re-checks from its detail alone.
    for (const [tok, stake, payout] of [[a, 21 * K, payA], [b, 30 * K, payB]] as const) {
      const record = await api.call<{ list: wallet.TBetRecord[] }>(wallet.bets, { category: 'PVP' }, { token: tok });
      const row = record.body.value.list[0];
      expect(row).toMatchObject({ betAmount: stake, validBet: stake, status: 'settled' });
      const detail = (await api.call<TDetail>(wallet.betDetail, { roundId: row?.roundId ?? '' }, { token: tok })).body.value;
      const engine = titleOfHouseGame('xocdia-room')?.engine ?? '';
      expect(recheckRound(engine, { detail: detail.detail, fairness: null })).toEqual({ commitMatches: true, outcomeMatches: true });
      expect((detail.detail.outcome as { reds: number }).reds).toBe(reds);
      expect(detail.winLoss ?? payout - stake).toBe(payout - stake);
    }
    await ledgerLines();
  });

  it('bầu cua room: a round decided for one member, paid per die', async () => {
    const a = await token('agent02');
    const ga = gameToken(await launch(a, { vassalage: 'PH_DICE', roomId: 'baucua-10' }));
    const before = await balance(a);
    const room = (await house('GET', 'bet-room', ga)).body.value as { roundNo: number; limits: { min: number } };
    expect(room.limits.min).toBe(10 * K);
    // Refused, nothing moved: under the room's minimum, an animal the board does not have, over the maximum.
    const trail = await moneyTrail('agent02');
    const refusals = [
      [{ tom: K }, 'validation_failed', /at least/],
      [{ dog: 10 * K }, 'validation_failed', /unknown bầu cua bet "dog"/],
      [{ tom: BAUCUA_LIMITS.max + K }, 'validation_failed', new RegExp(`tom bet must be .* to ${BAUCUA_LIMITS.max}$`)],
    ] as const;
    for (const [bets, code, message] of refusals) {
      const r = await house('POST', 'bet-room/bet', ga, { roundNo: room.roundNo, bets });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.code).toBe(code);
      expect(r.body.message).toMatch(message);
    }
    expect(await balance(a)).toBe(before);
    expect(await moneyTrail('agent02')).toEqual(trail);
    const placed = await house('POST', 'bet-room/bet', ga, { roundNo: room.roundNo, bets: { tom: 10 * K, ga: 20 * K } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    await t.scheduler.tick(new Date(Date.now() + 60_000));
    const after = (await house('GET', 'bet-room', ga)).body.value as { lastRound: { result: { dice: string[] }; players: { payout: number }[] } };
    const dice = after.lastRound.result.dice;
    const hits = (animal: string) => dice.filter((d) => d === animal).length;
    const payout = (hits('tom') ? 10 * K * (1 + hits('tom')) : 0) + (hits('ga') ? 20 * K * (1 + hits('ga')) : 0);
    expect(after.lastRound.players[0]?.payout).toBe(payout);
    expect(await balance(a)).toBe(before - 30 * K + payout);
    await ledgerLines();
  });

  it('lists the rooms in the PVP hall with their names and limits', async () => {
    const rooms = await api.call<{ list: { roomId: string; name: string; gameId: string; ante: number; maxPlayers: number }[] }>(games.roomList, { vassalage: 'PH_DICE' }, { headers: { language: 'EN' } });
    const ours = rooms.body.value.list.filter((r) => /^(xocdia|baucua)-/.test(r.roomId));
    expect(ours.map((r) => [r.roomId, r.name, r.gameId, r.ante])).toEqual(
      expect.arrayContaining([
        ['xocdia-1', 'Xóc Đĩa · 1K', 'xoc-dia-room', K],
        ['xocdia-10', 'Xóc Đĩa · 10K', 'xoc-dia-room', 10 * K],
        ['baucua-1', 'Bầu Cua · 1K', 'bau-cua-room', K],
        ['baucua-10', 'Bầu Cua · 10K', 'bau-cua-room', 10 * K],
      ]),
    );
  });

  it('names a room by its game in the reader\'s language, the stake as written (issue 23)', async () => {
    const names = async (language: string) =>
      Object.fromEntries(
        (await api.call<{ list: { roomId: string; name: string }[] }>(games.roomList, { vassalage: 'PH_DICE' }, { headers: { language } })).body.value.list.map((r) => [r.roomId, r.name]),
      );
    const en = await names('EN');
    const diceStake = (en['dice-1'] ?? '').replace(/^Dice Duel · /, '');
    expect(diceStake).toMatch(/^\d/);
    const cn = await names('CN');
    expect([cn['dice-1'], cn['xocdia-1'], cn['baucua-10']]).toEqual([`骰子对决 · ${diceStake}`, '色碟 · 房间 · 1K', '鱼虾蟹 · 房间 · 10K']);
    // The Vietnamese names of the room games read as the base: the rooms keep their own names.
    const vi = await names('VI');
    expect([vi['dice-1'], vi['xocdia-1'], vi['baucua-1']]).toEqual([`Đấu Xúc Xắc · ${diceStake}`, 'Xóc Đĩa · 1K', 'Bầu Cua · 1K']);

    // The room's page names it in the language the page sends (its launch's), the game in the frame's title too.
    const gt = gameToken(await launch(await token('member02'), { vassalage: 'PH_DICE', roomId: 'xocdia-10' }));
    const inLanguage = async (path: string, language: string) =>
      (await t.app.inject({ method: 'GET', url: `/wps/house/${path}`, headers: { 'x-game-token': gt, language } })).json().value as { name?: string; game?: { name: string } };
    expect((await inLanguage('bet-room', 'CN')).name).toBe('色碟 · 房间 · 10K');
    expect((await inLanguage('bet-room', 'EN')).name).toBe('Xóc Đĩa · 10K');
    expect((await inLanguage('state', 'CN')).game?.name).toBe('色碟 · 房间');
  });
});
