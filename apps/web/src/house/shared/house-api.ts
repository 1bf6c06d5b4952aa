import { loadedHouseLang } from './text.ts';

/**
 * The house vendor's game-page API (apps/server/src/modules/house/house.routes.ts): the launch token from
 * the URL fragment goes in `X-Game-Token`; answers use the portal's envelope {success, code, message, value}.
 */

export interface THouseLaunch {
  token: string;
  lang: string;
  game: string;
}

export interface TFairness {
  serverSeedHash: string;
  clientSeed: string;
  /** The nonce of the next round (in state) or of the round just played (in a play answer). */
  nonce: number;
}

export interface THouseState {
  game: { vassalage: string; gameId: string; name: string; houseGame: string | null };
  player: string;
  /** Minor units. */
  balance: number;
  expiresAt: string;
  fairness: TFairness;
}

export interface TPlayResult<TDetail> {
  roundId: string;
  stake: number;
  payout: number;
  detail: TDetail;
  balance: number;
  fairness: TFairness;
}

export interface TSeedRotation {
  revealed: { serverSeed: string; serverSeedHash: string; clientSeed: string; rounds: number } | null;
  next: TFairness | null;
}

/** A refused call: the envelope's code and value (insufficient_balance carries `{ balance }`). */
export class HouseApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly value: unknown = null,
  ) {
    super(message);
    this.name = 'HouseApiError';
  }

  /** The balance an insufficient_balance answer reports, when it does. */
  get balance(): number | null {
    const v = this.value as { balance?: unknown } | null;
    return typeof v?.balance === 'number' ? v.balance : null;
  }
}

/** `#token=…&lang=…&game=…` as the launch service writes it; null without a token. */
export function readLaunch(hash: string): THouseLaunch | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('token');
  if (!token) return null;
  return { token, lang: params.get('lang') ?? 'EN', game: params.get('game') ?? '' };
}

/**
 * The headers of a house page's call: the launch token, and the page's language in `Language` as the portal sends it,
 * so the game's and the room's names come in it (issue 23).
 */
export function houseHeaders(token: string, json: boolean): Record<string, string> {
  const lang = loadedHouseLang();
  return { 'x-game-token': token, ...(lang ? { language: lang } : {}), ...(json ? { 'content-type': 'application/json' } : {}) };
}

/**
 * One call of a house page's API with the launch token in `X-Game-Token`, unwrapping the portal's envelope: a refusal
 * throws HouseApiError with its code, message and value. A failed fetch throws `network_error`, an answer that is no
 * envelope (or a refusal without a code) `bad_answer` with `{ status }`: the player reads them in the launch's
 * language (messages.ts `describeError`); the English messages, naming the other side (`server`), are for logs.
 */
export async function houseCall<T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown, server = 'The game server'): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: houseHeaders(token, body !== undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch {
    throw new HouseApiError('network_error', `${server} could not be reached.`);
  }
  const envelope = (await res.json().catch(() => null)) as { success?: boolean; code?: string; message?: string; value?: unknown } | null;
  if (!envelope || typeof envelope.success !== 'boolean') throw new HouseApiError('bad_answer', `${server} answered ${res.status}.`, { status: res.status });
  if (!envelope.success) {
    if (!envelope.code) throw new HouseApiError('bad_answer', envelope.message ?? `${server} refused the request (${res.status}).`, { status: res.status });
    throw new HouseApiError(envelope.code, envelope.message ?? `${server} refused the request.`, envelope.value ?? null);
  }
  return envelope.value as T;
}

export function createHouseApi(token: string) {
  const call = <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => houseCall<T>(token, method, path, body);
  return {
    state: () => call<THouseState>('GET', '/wps/house/state'),
    play: <TDetail>(input: unknown) => call<TPlayResult<TDetail>>('POST', '/wps/house/play', { input }),
    rotateSeed: (clientSeed: string) => call<TSeedRotation>('POST', '/wps/house/seed', { clientSeed }),
  };
}

export type THouseApi = ReturnType<typeof createHouseApi>;
