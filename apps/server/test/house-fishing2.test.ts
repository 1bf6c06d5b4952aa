import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as wallet from '@playhall/contract/calls/wallet';
import { titleOfHouseGame } from '@playhall/contract/house-rules/catalog';
import { MAX_STAKE } from '@playhall/contract/house-rules/house-game';
import { recheckRound } from '@playhall/contract/house-rules/registry';
import { STAKES } from '@playhall/contract/stakes';
import { apiOf, type TApi } from './support/api.ts';
import { gameToken, houseClient } from './support/house-client.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';

/** Both fishing titles (Ocean Hunter, Dragon Fishing of issue 21) on a real server and database: a shot each, refusals. */
let t: TTestApp;
let api: TApi;
const { token, balance, launchUrl, house } = houseClient(() => ({ t, api }));
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
});
afterAll(async () => {
  await t?.close();
});

async function ledger(): Promise<string> {
  const r = await api.ops({ kind: 'ledger.check' });
  expect(r.message).toMatch(/ledger clean/);
  return r.message;
}
const launch = (tok: string, gameId: string): Promise<string> => launchUrl(tok, { language: 'CN', vassalage: 'PH_FISH', gameId });
type TDetail = wallet.TBetRecord & { detail: Record<string, unknown>; houseGame: string | null; fairness: { serverSeedHash: string; serverSeed: string | null; clientSeed: string; nonce: number } | null };

const BET = STAKES.fishDefault;

describe('fishing titles', () => {
  it('Ocean Hunter and Dragon Fishing each play a shot from /fish: stake out, payout in, recorded, re-checked once the seed is revealed', async () => {
    const tok = await token('member02');
    const cases = [
      { gameId: 'ocean-hunter', houseGame: 'fishing', input: { bet: BET, target: 'clownfish' }, stake: BET },
      { gameId: 'dragon-fishing', houseGame: 'fishing-dragon', input: { bet: BET, weapon: 'lightning', level: 2, targets: ['koi', 'whale', 'golden-dragon'] }, stake: BET * 2 * 3 },
    ];
    for (const c of cases) {
      const url = await launch(tok, c.gameId);
      expect(url).toMatch(new RegExp(`^/house/fishing\\.html#token=[\\w-]+&lang=CN&game=${c.gameId}$`));
      const gt = gameToken(url);
      const state = await house('GET', 'state', gt);
      expect(state.body.value).toMatchObject({ game: { gameId: c.gameId, houseGame: c.houseGame, vassalage: 'PH_FISH' } });
      const before = await balance(tok);
      const shot = await house('POST', 'play', gt, { input: c.input });
      expect(shot.status, JSON.stringify(shot.body)).toBe(200);
      const v = shot.body.value as { roundId: string; stake: number; payout: number; balance: number; detail: Record<string, unknown> };
      expect(v.stake).toBe(c.stake);
      expect(v.balance).toBe(before - v.stake + v.payout);
      expect(await balance(tok)).toBe(v.balance);
      if (c.houseGame === 'fishing-dragon') {
        expect(v.detail).toMatchObject({ weapon: 'lightning', level: 2, stake: c.stake });
        expect((v.detail.hits as unknown[]).length).toBe(3);
      }
      await ledger();

      // The round in the betting record, then re-checked as the browser does once the seed is rotated.
      const hidden = await api.call<TDetail>(wallet.betDetail, { roundId: v.roundId }, { token: tok });
      expect(hidden.body.value).toMatchObject({ houseGame: c.houseGame, category: 'FISH', betAmount: c.stake, payout: v.payout, status: 'settled' });
      const engine = titleOfHouseGame(c.houseGame)?.engine ?? '';
      expect(recheckRound(engine, hidden.body.value)).toBeNull();
      expect((await house('POST', 'seed', gt, { clientSeed: `fish-${c.gameId}` })).status).toBe(200);
      const revealed = await api.call<TDetail>(wallet.betDetail, { roundId: v.roundId }, { token: tok });
      expect(revealed.body.value.fairness?.serverSeed).toMatch(/^[0-9a-f]{64}$/);
      expect(recheckRound(engine, revealed.body.value)).toEqual({ commitMatches: true, outcomeMatches: true });
    }
  });

  it('refuses bad shots with a clear error and moves no money', async () => {
    const tok = await token('member03');
    const dragon = gameToken(await launch(tok, 'dragon-fishing'));
    const ocean = gameToken(await launch(tok, 'ocean-hunter'));
    const before = await balance(tok);
    const lines = await ledger();
    const refusals: [string, unknown, RegExp][] = [
      [dragon, { bet: BET, weapon: 'harpoon', level: 1, targets: ['koi'] }, /unknown weapon/],
      [dragon, { bet: BET, weapon: 'cannon', level: 4, targets: ['koi'] }, /cannon level/],
      [dragon, { bet: BET, weapon: 'net', level: 1, targets: ['koi', 'crab', 'whale'] }, /0 to 2 fish/],
      [dragon, { bet: BET, weapon: 'cannon', level: 1, targets: ['clownfish'] }, /unknown fish/],
      [dragon, { bet: 1, weapon: 'cannon', level: 1, targets: ['koi'] }, /at least/],
      [dragon, { bet: Math.floor(MAX_STAKE / 2), weapon: 'lightning', level: 1, targets: ['koi'] }, /the shot/],
      [dragon, { bet: BET, target: 'koi' }, /unknown weapon/],
      [ocean, { bet: BET, weapon: 'net', level: 1, targets: ['koi'] }, /unknown fish/],
      [ocean, { bet: MAX_STAKE + 1, target: 'shark' }, /bet/],
    ];
    for (const [gt, input, message] of refusals) {
      const res = await house('POST', 'play', gt, { input });
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      expect(`${res.body.message} ${JSON.stringify(res.body.value)}`, JSON.stringify(input)).toMatch(message);
    }
    expect(await balance(tok)).toBe(before);
    expect(await ledger()).toBe(lines);
    const record = await api.call<{ list: wallet.TBetRecord[] }>(wallet.bets, { category: 'FISH', from: '2000-01-01', to: '2100-01-01' }, { token: tok });
    expect(record.body.code, JSON.stringify(record.body)).toBe('ok');
    expect(record.body.value.list).toHaveLength(0);
  });
});
