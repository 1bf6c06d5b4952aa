import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import * as auth from '@playhall/contract/calls/auth';
import * as games from '@playhall/contract/calls/games';
import * as wallet from '@playhall/contract/calls/wallet';
import { freshIp, type TApi, type TLogin } from './api.ts';
import { TEST_MERCHANT, type TTestApp } from './test-app.ts';

/**
 * What the house studio's server tests (issue 21) do alike: a member's login, the wallet balance, a launch and its
 * game token, and a call of the house API (`/wps/house/<path>` with `X-Game-Token`), and what the ledger holds for a member. The app and the API client are
 * read when a helper runs, so a test file makes the helpers before its `beforeAll` creates them:
 *
 *   let t: TTestApp;
 *   let api: TApi;
 *   const { token, balance, house } = houseClient(() => ({ t, api }));
 */
export interface THouseAnswer<V = Record<string, unknown>> {
  status: number;
  body: { code: string; message: string; value: V };
}

export function houseClient(get: () => { t: TTestApp; api: TApi }) {
  /** A demo member's session token. */
  async function token(username: string): Promise<string> {
    const { t, api } = get();
    const res = (await api.call(auth.login, { type: 'username', username, password: t.demoPassword }, { ip: freshIp() })) as TLogin;
    expect(res.body.code).toBe('ok');
    return res.body.value.token;
  }

  /** The member's wallet balance in minor units. */
  async function balance(tok: string): Promise<number> {
    return (await get().api.call<wallet.TBalance>(wallet.balance, {}, { token: tok })).body.value.sumBalance;
  }

  /** Launches a game (or a room) for the member and answers the game URL the portal would open. */
  async function launchUrl(tok: string, body: { vassalage: string; language: string; gameId?: string; roomId?: string }): Promise<string> {
    const { LAUNCH } = await import('@playhall/contract/constants');
    const res = await get().api.call<{ game_url: string }>(games.launchGame, { launchMode: LAUNCH.launchMode, merchantCode: TEST_MERCHANT, ...body }, { token: tok });
    expect(res.body.code, JSON.stringify(res.body)).toBe('ok');
    return res.body.value.game_url;
  }

  /** A call of the house API with a game token (none: the call without one). */
  async function house<V = Record<string, unknown>>(method: 'GET' | 'POST', path: string, gameTok: string | null, body?: unknown): Promise<THouseAnswer<V>> {
    const res = await get().t.app.inject({
      method,
      url: `/wps/house/${path}`,
      headers: { ...(gameTok ? { 'x-game-token': gameTok } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
    return { status: res.statusCode, body: res.json() as THouseAnswer<V>['body'] };
  }

  /** What the ledger and the round table hold for a member: postings on its accounts and its rounds. */
  async function moneyTrail(username: string): Promise<{ postings: number; rounds: number }> {
    const result = (await get().t.database.db.execute(sql`
      select (select count(*) from postings p join ledger_accounts a on a.id = p.account_id where a.user_id = u.id)::int as postings,
             (select count(*) from game_rounds r where r.user_id = u.id)::int as rounds
      from users u where u.username = ${username}`)) as unknown as { rows: { postings: number; rounds: number }[] };
    const [row] = result.rows;
    return { postings: Number(row?.postings), rounds: Number(row?.rounds) };
  }

  return { token, balance, launchUrl, house, moneyTrail };
}

/** The launch token in a game URL's fragment ('' without one). */
export const gameToken = (url: string): string => new URLSearchParams(url.split('#')[1]).get('token') ?? '';
