import type { TBookBet, TBookBets, TBookFixtures, TBookResults, TBookState, TPlaceBetRequest, TPlacedBet } from '@playhall/contract/sportsbook-api';
import { HouseApiError } from '../shared/house-api.ts';

/**
 * The book's calls (packages/contract/src/sportsbook-api.ts, under /wps/house/sports/), with the launch token in
 * `X-Game-Token` and the portal's envelope. A refusal throws HouseApiError with its code and value.
 */
export function createBookApi(token: string) {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(path, {
        method,
        headers: { 'x-game-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: 'no-store',
      });
    } catch {
      throw new HouseApiError('network_error', 'The book could not be reached.');
    }
    const envelope = (await res.json().catch(() => null)) as { success?: boolean; code?: string; message?: string; value?: unknown } | null;
    if (!envelope || typeof envelope.success !== 'boolean') throw new HouseApiError('bad_answer', `The book answered ${res.status}.`);
    if (!envelope.success) throw new HouseApiError(envelope.code ?? 'error', envelope.message ?? '', envelope.value ?? null);
    return envelope.value as T;
  }
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
