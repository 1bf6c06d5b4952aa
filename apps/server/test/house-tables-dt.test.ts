import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as wallet from '@playhall/contract/calls/wallet';
import { BACCARAT_LIMITS, betReturn, type TBaccaratBet } from '@playhall/contract/house-rules/baccarat';
import { DT_LIMITS, type TDtBet } from '@playhall/contract/house-rules/dragon-tiger';
import { recheckRound } from '@playhall/contract/house-rules/registry';
import { apiOf, type TApi } from './support/api.ts';
import { gameToken, houseClient } from './support/house-client.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';

/** Dragon tiger and baccarat's side bets (issue 21): solo rounds through /wps/house/play, refusals that move no money. */
let t: TTestApp;
let api: TApi;
const { token, balance, launchUrl, moneyTrail } = houseClient(() => ({ t, api }));
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
});
afterAll(async () => {
  await t?.close();
});

const MIN = DT_LIMITS.dragon.min;

async function launch(tok: string, gameId: string, page: string): Promise<string> {
  const url = await launchUrl(tok, { vassalage: 'PH_LIVE', gameId, language: 'CN' });
  expect(url).toMatch(new RegExp(`^/house/${page}\\.html#token=.+&lang=CN&game=${gameId}$`));
  const gt = gameToken(url);
  if (!gt) throw new Error(url);
  return gt;
}
async function play(gt: string, input: unknown) {
  const res = await t.app.inject({ method: 'POST', url: '/wps/house/play', headers: { 'x-game-token': gt, 'content-type': 'application/json' }, payload: JSON.stringify({ input }) });
  return { status: res.statusCode, body: res.json() as { code: string; message?: string; value: Record<string, unknown> } };
}
type TRound = { roundId: string; stake: number; payout: number; balance: number; detail: Record<string, unknown>; fairness: { nonce: number } };
type TDetail = wallet.TBetRecord & { houseGame?: string; detail: Record<string, unknown>; fairness: { serverSeedHash: string; serverSeed: string | null; clientSeed: string; nonce: number } };

async function roundInRecord(tok: string, gt: string, round: TRound, engine: string, houseGame: string) {
  const record = await api.call<{ list: wallet.TBetRecord[] }>(wallet.bets, { category: 'LIVE', pageSize: 50 }, { token: tok });
  const row = record.body.value.list.find((r) => r.roundId === round.roundId);
  expect(row).toMatchObject({ betAmount: round.stake });
  const detail = (await api.call<TDetail>(wallet.betDetail, { roundId: round.roundId }, { token: tok })).body.value;
  expect(detail.houseGame).toBe(houseGame);
  expect(detail.detail.outcome).toEqual(round.detail);
  await t.app.inject({ method: 'POST', url: '/wps/house/seed', headers: { 'x-game-token': gt, 'content-type': 'application/json' }, payload: JSON.stringify({ clientSeed: 'next-seed' }) });
  const revealed = (await api.call<TDetail>(wallet.betDetail, { roundId: round.roundId }, { token: tok })).body.value;
  expect(revealed.fairness.serverSeed).toMatch(/^[0-9a-f]{64}$/);
  expect(recheckRound(engine, { detail: revealed.detail, fairness: revealed.fairness })).toEqual({ commitMatches: true, outcomeMatches: true });
}

async function refusesWithoutMoney(username: string, gt: string, tok: string, refused: [unknown, string][]) {
  const before = await balance(tok);
  const trail = await moneyTrail(username);
  for (const [input, reason] of refused) {
    const res = await play(gt, input);
    expect(res.status, JSON.stringify(input)).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(JSON.stringify(res.body.value), JSON.stringify(input)).toContain(reason);
  }
  expect(await balance(tok)).toBe(before);
  expect(await moneyTrail(username)).toEqual(trail);
  expect((await api.ops({ kind: 'ledger.check' })).message).toMatch(/ledger clean/);
}

const RANK = 'A23456789TJQK';
const rank = (name: string) => RANK.indexOf(name[0] as string) + 1;

describe('dragon tiger', () => {
  it('plays a round with a main bet and side bets: the balance moves by payout − stake, the round is in the record and re-checks', async () => {
    const tok = await token('member01');
    const gt = await launch(tok, 'dragon-tiger', 'dragontiger');
    const before = await balance(tok);
    const res = await play(gt, { dragon: 2 * MIN, tie: MIN, tigerBig: MIN });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const round = res.body.value as unknown as TRound;
    const d = rank(round.detail.dragon as string), tg = rank(round.detail.tiger as string);
    expect(round.stake).toBe(4 * MIN);
    expect(round.payout).toBe((d > tg ? 4 * MIN : d === tg ? MIN : 0) + (d === tg ? 12 * MIN : 0) + (tg >= 8 ? 2 * MIN : 0));
    expect(round.balance).toBe(before - round.stake + round.payout);
    expect(await balance(tok)).toBe(round.balance);
    await roundInRecord(tok, gt, round, 'HOUSE_DRAGON_TIGER', 'dragontiger');
  });

  it('refuses a stake below or above the table limit, an unknown bet, no bet and a non-object, moving no money', async () => {
    const tok = await token('member02');
    const gt = await launch(tok, 'dragon-tiger', 'dragontiger');
    const limit = (bet: TDtBet) => DT_LIMITS[bet];
    await refusesWithoutMoney('member02', gt, tok, [
      [{ dragon: limit('dragon').min - 1 }, 'bad_amount'],
      [{ suitedTie: limit('suitedTie').max + 1 }, 'bad_amount'],
      [{ tie: MIN, tigerRed: limit('tigerRed').max + 1 }, 'bad_amount'],
      [{ phoenix: MIN }, 'unknown_option'],
      [{}, 'bad_amount'],
      [[MIN], 'bad_input'],
    ]);
  });
});

describe('baccarat with side bets', () => {
  it('plays a coup with Banker, Lucky 6 and either pair: paid as the rules judge it, in the record and re-checked', async () => {
    const tok = await token('member03');
    const gt = await launch(tok, 'baccarat-royale', 'baccarat');
    const before = await balance(tok);
    const input = { banker: 3 * MIN, lucky6: MIN, eitherPair: MIN, small: MIN };
    const res = await play(gt, input);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const round = res.body.value as unknown as TRound;
    const detail = round.detail as { player: string[]; banker: string[]; playerTotal: number; bankerTotal: number; playerPair: boolean; bankerPair: boolean; bets: { bet: TBaccaratBet; payout: number }[] };
    const facts = {
      playerTotal: detail.playerTotal, bankerTotal: detail.bankerTotal, playerCards: detail.player.length, bankerCards: detail.banker.length,
      playerPair: detail.playerPair, bankerPair: detail.bankerPair,
      playerPerfect: detail.player[0] === detail.player[1], bankerPerfect: detail.banker[0] === detail.banker[1],
    };
    for (const b of detail.bets) expect(b.payout, b.bet).toBe(Math.floor((input[b.bet as keyof typeof input] * betReturn(b.bet, facts)) / 100));
    expect(round.stake).toBe(6 * MIN);
    expect(round.balance).toBe(before - round.stake + round.payout);
    expect(await balance(tok)).toBe(round.balance);
    await roundInRecord(tok, gt, round, 'HOUSE_BACCARAT', 'baccarat');
  });

  it('refuses side bets outside their limits and unknown bets, moving no money', async () => {
    const tok = await token('agent01');
    const gt = await launch(tok, 'baccarat-royale', 'baccarat');
    await refusesWithoutMoney('agent01', gt, tok, [
      [{ perfectPair: BACCARAT_LIMITS.perfectPair.max + 1 }, 'bad_amount'],
      [{ banker: MIN, lucky6: BACCARAT_LIMITS.lucky6.min - 1 }, 'bad_amount'],
      [{ player: MIN, superSix: MIN }, 'unknown_option'],
    ]);
  });
});
