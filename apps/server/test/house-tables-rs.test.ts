import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as wallet from '@playhall/contract/calls/wallet';
import { recheckRound } from '@playhall/contract/house-rules/registry';
import { ROULETTE_LIMITS } from '@playhall/contract/house-rules/roulette';
import { SICBO_LIMITS } from '@playhall/contract/house-rules/sicbo';
import { apiOf, type TApi } from './support/api.ts';
import { gameToken, houseClient } from './support/house-client.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';

/** European roulette and sic bo (issue 21): solo rounds through /wps/house/play, refusals that move no money. */
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

const MIN = ROULETTE_LIMITS.straight.min;

async function launch(tok: string, gameId: string): Promise<string> {
  const url = await launchUrl(tok, { vassalage: 'PH_LIVE', gameId, language: 'VI' });
  const gt = gameToken(url);
  if (!gt) throw new Error(url);
  return url.includes(`/house/${gameId === 'sic-bo' ? 'sicbo' : 'roulette'}.html#`) ? gt : '';
}
async function play(gt: string, input: unknown) {
  const res = await t.app.inject({ method: 'POST', url: '/wps/house/play', headers: { 'x-game-token': gt, 'content-type': 'application/json' }, payload: JSON.stringify({ input }) });
  return { status: res.statusCode, body: res.json() as { code: string; message?: string; value: Record<string, unknown> } };
}
type TRound = { roundId: string; stake: number; payout: number; balance: number; detail: Record<string, unknown>; fairness: { nonce: number } };
type TDetail = wallet.TBetRecord & { houseGame?: string; detail: Record<string, unknown>; fairness: { serverSeedHash: string; serverSeed: string | null; clientSeed: string; nonce: number } };

async function roundInRecord(tok: string, gt: string, round: TRound, engine: string) {
  const record = await api.call<{ list: wallet.TBetRecord[] }>(wallet.bets, { category: 'LIVE', pageSize: 50 }, { token: tok });
  const row = record.body.value.list.find((r) => r.roundId === round.roundId);
  expect(row).toMatchObject({ betAmount: round.stake });
  const detail = (await api.call<TDetail>(wallet.betDetail, { roundId: round.roundId }, { token: tok })).body.value;
  expect(detail.detail.outcome).toEqual(round.detail);
  // Once the seed is revealed the round re-runs from the record with the same rules the browser uses.
  await t.app.inject({ method: 'POST', url: '/wps/house/seed', headers: { 'x-game-token': gt, 'content-type': 'application/json' }, payload: JSON.stringify({ clientSeed: 'next-seed' }) });
  const revealed = (await api.call<TDetail>(wallet.betDetail, { roundId: round.roundId }, { token: tok })).body.value;
  expect(revealed.fairness.serverSeed).toMatch(/^[0-9a-f]{64}$/);
  expect(recheckRound(engine, { detail: revealed.detail, fairness: revealed.fairness })).toEqual({ commitMatches: true, outcomeMatches: true });
}

describe('European roulette', () => {
  it('plays a round of several bets: the balance moves by payout − stake, the round is in the record and re-checks', async () => {
    const tok = await token('member01');
    const gt = await launch(tok, 'european-roulette');
    expect(gt).not.toBe('');
    const before = await balance(tok);
    const input = { bets: [{ type: 'straight', selection: [17], amount: MIN }, { type: 'split', selection: [17, 20], amount: MIN }, { type: 'dozen', selection: 2, amount: 2 * MIN }, { type: 'red', amount: 3 * MIN }] };
    const res = await play(gt, input);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const round = res.body.value as unknown as TRound;
    expect(round.stake).toBe(7 * MIN);
    const n = round.detail.number as number;
    expect(n).toBeGreaterThanOrEqual(0);
    expect(n).toBeLessThanOrEqual(36);
    const expected = (n === 17 ? 36 * MIN : 0) + ([17, 20].includes(n) ? 18 * MIN : 0) + (n >= 13 && n <= 24 ? 6 * MIN : 0) + (round.detail.colour === 'red' ? 6 * MIN : 0);
    expect(round.payout).toBe(expected);
    expect(round.balance).toBe(before - round.stake + round.payout);
    expect(await balance(tok)).toBe(round.balance);
    await roundInRecord(tok, gt, round, 'HOUSE_ROULETTE_EU');
  });

  it('refuses a stake below or above the table limit, an unknown bet and a group not on the board, moving no money', async () => {
    const tok = await token('member02');
    const gt = await launch(tok, 'european-roulette');
    const before = await balance(tok);
    const trail = await moneyTrail('member02');
    const refused: [unknown, string][] = [
      [{ bets: [{ type: 'red', amount: MIN - 1 }] }, 'bad_amount'],
      [{ bets: [{ type: 'straight', selection: [7], amount: ROULETTE_LIMITS.straight.max + 1 }] }, 'bad_amount'],
      [{ bets: [{ type: 'neighbours', amount: MIN }] }, 'unknown_option'],
      [{ bets: [{ type: 'split', selection: [3, 4], amount: MIN }] }, 'unknown_option'],
      [{ bets: [] }, 'bad_input'],
    ];
    for (const [input, reason] of refused) {
      const res = await play(gt, input);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      expect(JSON.stringify(res.body.value)).toContain(reason);
    }
    expect(await balance(tok)).toBe(before);
    expect(await moneyTrail('member02')).toEqual(trail);
    expect((await api.ops({ kind: 'ledger.check' })).message).toMatch(/ledger clean/);
  });
});

describe('sic bo', () => {
  it('plays a round of several bets: the balance moves by payout − stake, the round is in the record and re-checks', async () => {
    const tok = await token('member03');
    const gt = await launch(tok, 'sic-bo');
    expect(gt).not.toBe('');
    const before = await balance(tok);
    const input = { bets: [{ type: 'big', amount: 2 * MIN }, { type: 'total', selection: 11, amount: MIN }, { type: 'single', selection: 6, amount: MIN }] };
    const res = await play(gt, input);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const round = res.body.value as unknown as TRound;
    const dice = round.detail.dice as number[];
    const total = dice.reduce((a, b) => a + b, 0);
    const triple = dice[0] === dice[1] && dice[1] === dice[2];
    const sixes = dice.filter((d) => d === 6).length;
    expect(round.stake).toBe(4 * MIN);
    expect(round.payout).toBe((!triple && total >= 11 ? 4 * MIN : 0) + (total === 11 ? 7 * MIN : 0) + (sixes > 0 ? (sixes + 1) * MIN : 0));
    expect(round.balance).toBe(before - round.stake + round.payout);
    expect(await balance(tok)).toBe(round.balance);
    await roundInRecord(tok, gt, round, 'HOUSE_SICBO');
  });

  it('refuses a stake below or above the table limit, an unknown bet and a bad selection, moving no money', async () => {
    const tok = await token('agent01');
    const gt = await launch(tok, 'sic-bo');
    const before = await balance(tok);
    const trail = await moneyTrail('agent01');
    const refused: [unknown, string][] = [
      [{ bets: [{ type: 'small', amount: MIN - 1 }] }, 'bad_amount'],
      [{ bets: [{ type: 'triple', selection: 6, amount: SICBO_LIMITS.triple.max + 1 }] }, 'bad_amount'],
      [{ bets: [{ type: 'tai', amount: MIN }] }, 'unknown_option'],
      [{ bets: [{ type: 'total', selection: 3, amount: MIN }] }, 'unknown_option'],
      [{ bets: [{ type: 'big', amount: MIN }, { type: 'big', amount: MIN }] }, 'bad_input'],
    ];
    for (const [input, reason] of refused) {
      const res = await play(gt, input);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      expect(JSON.stringify(res.body.value)).toContain(reason);
    }
    expect(await balance(tok)).toBe(before);
    expect(await moneyTrail('agent01')).toEqual(trail);
    expect((await api.ops({ kind: 'ledger.check' })).message).toMatch(/ledger clean/);
  });
});
