import { expect } from 'vitest';
import * as auth from '@playhall/contract/calls/auth';
import * as games from '@playhall/contract/calls/games';
import * as wallet from '@playhall/contract/calls/wallet';
import { LAUNCH } from '@playhall/contract/constants';
import { freshIp, type TApi, type TLogin } from './api.ts';
import { TEST_MERCHANT, type TTestApp } from './test-app.ts';

export type TBookAnswer<T> = { status: number; body: { code: string; value: T } };

/**
 * What the house books' server suites do as a member (issue 20): log in, read the balance, launch a book and call its
 * page API with the launch token, and check the ledger. Given getters, since the suites make their app in beforeAll.
 */
export function bookMember(app: () => TTestApp, client: () => TApi) {
  async function launchUrl(token: string, vassalage: string, gameId: string): Promise<string> {
    const res = await client().call<{ game_url: string }>(games.launchGame, { launchMode: LAUNCH.launchMode, vassalage, gameId, merchantCode: TEST_MERCHANT, language: 'EN' }, { token });
    expect(res.body.code, JSON.stringify(res.body)).toBe('ok');
    return res.body.value.game_url;
  }
  return {
    async login(username: string, password = app().demoPassword): Promise<string> {
      const res = (await client().call(auth.login, { type: 'username', username, password }, { ip: freshIp() })) as TLogin;
      expect(res.body.code).toBe('ok');
      return res.body.value.token;
    },
    async balance(token: string): Promise<number> {
      return (await client().call<wallet.TBalance>(wallet.balance, {}, { token })).body.value.sumBalance;
    },
    async ledgerClean(): Promise<void> {
      expect((await client().ops({ kind: 'ledger.check' })).message).toMatch(/ledger clean/);
    },
    /** The launch's game URL (`/house/sportsbook.html#token=…`). */
    launchUrl,
    /** The launch token of a book (what its page sends as `X-Game-Token`). */
    async launch(token: string, vassalage: string, gameId: string): Promise<string> {
      return gameToken(await launchUrl(token, vassalage, gameId));
    },
    /** One call of the book page's API, `/wps/house/sports/<path>`, with the launch token (none: null). */
    async book<T = unknown>(method: 'GET' | 'POST', path: string, gameTok: string | null, body?: unknown): Promise<TBookAnswer<T>> {
      const res = await app().app.inject({
        method,
        url: `/wps/house/sports/${path}`,
        headers: { ...(gameTok ? { 'x-game-token': gameTok } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      });
      return { status: res.statusCode, body: res.json() };
    },
  };
}

/** The launch token in a game URL's fragment. */
export const gameToken = (url: string): string => new URLSearchParams(url.split('#')[1]).get('token') ?? '';
