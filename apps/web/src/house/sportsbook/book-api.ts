import type { TBookBet, TBookBets, TBookFixtures, TBookResults, TBookState, TPlaceBetRequest, TPlacedBet } from '@playhall/contract/sportsbook-api';
import { houseCall } from '../shared/house-api.ts';

/**
 * The book's calls (packages/contract/src/sportsbook-api.ts, under /wps/house/sports/), with the launch token in
 * `X-Game-Token` and the portal's envelope. A refusal throws HouseApiError with its code and value.
 */
export function createBookApi(token: string) {
  const call = <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => houseCall<T>(token, method, path, body, 'The book');
  const base = '/wps/house/sports';
  return {
    state: () => call<TBookState>('GET', `${base}/state`),
    fixtures: (day?: string) => call<TBookFixtures>('GET', `${base}/fixtures${day ? `?day=${day}` : ''}`),
    results: (page: number) => call<TBookResults>('GET', `${base}/results?page=${page}`),
    bets: (status: 'open' | 'settled', page: number, pageSize = 20) => call<TBookBets>('GET', `${base}/bets?status=${status}&page=${page}&pageSize=${pageSize}`),
    bet: (betId: string) => call<TBookBet>('GET', `${base}/bet?betId=${encodeURIComponent(betId)}`),
    place: (request: TPlaceBetRequest) => call<TPlacedBet>('POST', `${base}/bet`, request),
  };
}

export type TBookApi = ReturnType<typeof createBookApi>;
