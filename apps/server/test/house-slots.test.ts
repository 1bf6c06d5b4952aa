import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as games from '@playhall/contract/calls/games';
import * as wallet from '@playhall/contract/calls/wallet';
import { MAX_STAKE } from '@playhall/contract/house-rules/house-game';
import { SLOT_TITLES } from '@playhall/contract/house-rules/titles-slots';
import { SLOT_CONFIGS } from '@playhall/contract/house-rules/slots/index';
import { apiOf, type TApi } from './support/api.ts';
import { houseClient } from './support/house-client.ts';
import { createTestApp, TEST_MERCHANT, type TTestApp } from './support/test-app.ts';

/** Every house slot title (Lucky Crown and the 12 titles of the slot engine, issue 21) launches and settles a spin. */

let t: TTestApp;
let api: TApi;
const { token, balance, house, moneyTrail } = houseClient(() => ({ t, api }));
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
});
afterAll(async () => {
  await t?.close();
});

async function ledgerClean() {
  expect((await api.ops({ kind: 'ledger.check' })).message).toMatch(/ledger clean/);
}
type TBets = { list: wallet.TBetRecord[]; total: number };

describe('house slot titles', () => {
  it('launches each of the 13 titles, spins once through /wps/house/play and records the round; a bet below, above or off the ladder moves nothing', async () => {
    const { LAUNCH } = await import('@playhall/contract/constants');
    expect(SLOT_TITLES).toHaveLength(13);
    const tok = await token('member02');
    let expected = await balance(tok);
    const configs = new Map(SLOT_CONFIGS.map((c) => [c.id, c]));
    for (const [i, title] of SLOT_TITLES.entries()) {
      const launch = await api.call<{ game_url: string }>(games.launchGame, { launchMode: LAUNCH.launchMode, vassalage: title.vassalage, gameId: title.gameId, merchantCode: TEST_MERCHANT, language: 'VI' }, { token: tok });
      expect(launch.body.code, title.gameId).toBe('ok');
      expect(launch.body.value.game_url).toMatch(new RegExp(`^/house/slot\\.html#token=[A-Za-z0-9_-]{43}&lang=VI&game=${title.gameId}$`));
      const gt = new URLSearchParams(launch.body.value.game_url.split('#')[1]).get('token') ?? '';
      const state = await house('GET', 'state', gt);
      expect(state.body.value, title.gameId).toMatchObject({ player: 'member02', game: { gameId: title.gameId } });

      const config = configs.get(title.gameId);
      const input = config ? { bet: config.bet.default } : { betPerLine: 5_000 };
      const stake = config ? config.bet.default : 100_000;
      // Refused first, with no money moved: a bet below the title's lowest step, above its highest, between two steps
      // (Lucky Crown: a spin under the smallest stake, a total above the largest, a line bet off its ladder).
      const refusals: [unknown, RegExp][] = config
        ? [
            [{ bet: config.bet.steps[0]! - 1 }, /below the table's minimum/],
            [{ bet: config.bet.steps[config.bet.steps.length - 1]! + config.bet.coins }, /above the table's maximum/],
            [{ bet: config.bet.steps[0]! + config.bet.coins }, /one of the steps/],
          ]
        : [
            [{ betPerLine: 4_999 }, /at least/],
            [{ betPerLine: MAX_STAKE / 20 + 1 }, /total bet must be .* to 100000000/],
          ];
      const trail = await moneyTrail('member02');
      for (const [bad, message] of refusals) {
        const refused = await house('POST', 'play', gt, { input: bad });
        expect(refused.status, `${title.gameId} ${JSON.stringify(bad)} ${JSON.stringify(refused.body)}`).toBe(400);
        expect(refused.body.code).toBe('validation_failed');
        expect(refused.body.message, title.gameId).toMatch(message);
      }
      expect(await balance(tok)).toBe(expected);
      expect(await moneyTrail('member02')).toEqual(trail);

      const spin = await house('POST', 'play', gt, { input });
      expect(spin.status, `${title.gameId} ${JSON.stringify(spin.body)}`).toBe(200);
      const v = spin.body.value as { stake: number; payout: number; balance: number; detail?: unknown };
      expect(v.stake).toBe(stake);
      expected += v.payout - v.stake;
      expect(v.balance, title.gameId).toBe(expected);
      expect(await balance(tok)).toBe(expected);
      // Read in English (the titles' base names; without a Language header a reader gets the site language's, MY).
      const record = await api.call<TBets>(wallet.bets, { category: 'RNG', pageSize: 50 }, { token: tok, headers: { language: 'EN' } });
      expect(record.body.value.total).toBe(i + 1);
      expect(record.body.value.list[0]).toMatchObject({ gameName: title.name, betAmount: stake });
    }
    await ledgerClean();
  });
});
