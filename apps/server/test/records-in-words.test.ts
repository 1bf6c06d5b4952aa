import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as agent from '@playhall/contract/calls/agent';
import * as auth from '@playhall/contract/calls/auth';
import * as games from '@playhall/contract/calls/games';
import * as wallet from '@playhall/contract/calls/wallet';
import { LAUNCH } from '@playhall/contract/constants';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { createTestApp, TEST_MERCHANT, type TTestApp } from './support/test-app.ts';

// Records in words (issue 16): an account record row says what it is about — the game round with its category, game
// and vendor, the platform's own entries by name — for the member and for its agent's downline page, never as the
// ledger key it was written under. The game is named in the reader's language, as the betting record names it (issue 23).

let t: TTestApp;
let api: TApi;
const EN = { language: 'EN' };
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
});
afterAll(async () => {
  await t?.close();
});

async function token(username: string): Promise<string> {
  const res = (await api.call(auth.login, { type: 'username', username, password: t.demoPassword }, { ip: freshIp() })) as TLogin;
  expect(res.body.code, username).toBe('ok');
  return res.body.value.token;
}

/** One spin of the house slot Lucky Crown for the member; its round id. */
async function spin(tok: string): Promise<string> {
  const launch = await api.call<{ game_url: string }>(
    games.launchGame,
    { launchMode: LAUNCH.launchMode, vassalage: 'PH_SLOT', gameId: 'lucky-crown', merchantCode: TEST_MERCHANT, language: 'EN' },
    { token: tok },
  );
  const gameToken = new URLSearchParams(launch.body.value.game_url.split('#')[1]).get('token') ?? '';
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/house/play',
    headers: { 'x-game-token': gameToken, 'content-type': 'application/json' },
    payload: JSON.stringify({ input: { betPerLine: 5_000 } }),
  });
  const round = res.json() as { code: string; value: { roundId: string } };
  expect(round.code).toBe('ok');
  return round.value.roundId;
}

describe('the account record', () => {
  it('says what each row is about: the game round, the demo balance and the welcome bonus', async () => {
    const tok = await token('member02');
    const roundId = await spin(tok);
    const res = await api.call<{ list: wallet.TTransaction[] }>(wallet.transactions, {}, { token: tok, headers: EN });
    const rows = res.body.value.list;
    const bet = rows.find((r) => r.type === 'bet');
    expect(bet?.detail).toEqual({ kind: 'game', category: 'RNG', vendor: 'Playhall Slots', game: 'Lucky Crown', round: roundId, rollback: false });
    expect(rows.find((r) => r.type === 'adjustment')?.detail).toEqual({ kind: 'system', code: 'demoBalance' });
    expect(rows.find((r) => r.type === 'bonus')?.detail).toEqual({ kind: 'system', code: 'welcomeBonus' });
    // Every row of this record is said in words.
    expect(rows.filter((r) => r.detail === null)).toEqual([]);
    // Bonus details name the source for the page to translate, without the platform's English memo beside it.
    const bonus = await api.call<{ list: { source: string; remark: string | null }[] }>(wallet.bonusDetails, {}, { token: tok });
    expect(bonus.body.value.list).toEqual([expect.objectContaining({ source: 'welcome', remark: null })]);

    // The agent's page of its downlines' records says the same.
    const team = await api.call<{ list: (wallet.TTransaction & { account: string })[] }>(agent.downlineTransactions, { account: 'member02' }, { token: await token('agent01'), headers: EN });
    expect(team.body.value.list.find((r) => r.type === 'bet')?.detail).toEqual(bet?.detail);
  });

  it('names the game in the reader\'s language, in the account record and in the agent centre\'s team pages', async () => {
    const tok = await token('member03');
    const roundId = await spin(tok);
    const gameOf = async (language: string | null) => {
      const rows = (await api.call<{ list: wallet.TTransaction[] }>(wallet.transactions, {}, { token: tok, headers: language ? { language } : {} })).body.value.list;
      const detail = rows.find((r) => r.type === 'bet' && r.detail?.kind === 'game' && r.detail.round === roundId)?.detail;
      return detail?.kind === 'game' ? [detail.game, detail.vendor] : null;
    };
    // The vendor is a brand (Playhall Slots), the same in every language.
    expect(await gameOf('VI')).toEqual(['Vương Miện May Mắn', 'Playhall Slots']);
    expect(await gameOf('CN')).toEqual(['幸运皇冠', 'Playhall Slots']);
    expect(await gameOf('EN')).toEqual(['Lucky Crown', 'Playhall Slots']);
    // No language named, or one without a name of its own: the site language's (MY).
    expect(await gameOf(null)).toEqual(['ကံကောင်းသရဖူ', 'Playhall Slots']);
    expect(await gameOf('TH')).toEqual(['ကံကောင်းသရဖူ', 'Playhall Slots']);

    const agentTok = await token('agent01');
    const teamDetail = async (language: string) => {
      const rows = (await api.call<{ list: wallet.TTransaction[] }>(agent.downlineTransactions, { account: 'member03' }, { token: agentTok, headers: { language } })).body.value.list;
      const detail = rows.find((r) => r.detail?.kind === 'game' && r.detail.round === roundId)?.detail;
      return detail?.kind === 'game' ? detail.game : null;
    };
    expect(await teamDetail('CN')).toBe('幸运皇冠');
    const teamBet = async (language: string) =>
      (await api.call<{ list: (wallet.TBetRecord & { account: string })[] }>(agent.teamBets, { account: 'member03' }, { token: agentTok, headers: { language } })).body.value.list.find(
        (b) => b.roundId === roundId,
      )?.gameName;
    expect(await teamBet('VI')).toBe('Vương Miện May Mắn');
    expect(await teamBet('EN')).toBe('Lucky Crown');
  });
});
