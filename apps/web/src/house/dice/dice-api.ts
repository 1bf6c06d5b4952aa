import { HouseApiError, houseHeaders } from '../shared/house-api.ts';

/**
 * The dice room's calls (apps/server/src/modules/house/house.routes.ts: `/wps/house/room`, `…/join`,
 * `…/leave`), with the launch token in `X-Game-Token` and the portal's envelope. Each answer also gives the
 * server's clock (the `Date` header), so the countdown to `nextRoundAt` does not depend on the player's clock.
 */

export interface TRoomSeat {
  /** The member's own name in their own seat, masked (`me***2`) in the others. */
  player: string;
  you: boolean;
}

export interface TRoundSeat {
  /** Masked for everyone, the member too. */
  player: string;
  dice: number[];
  total: number;
  winner: boolean;
  stake: number;
  payout: number;
}

export interface TLastRound {
  roundNo: number;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  at: string;
  ante: number;
  pot: number;
  houseTake: number;
  rakeBasisPoints: number;
  seats: TRoundSeat[];
}

export interface TRoomView {
  roomId: string;
  name: string;
  /** Minor units. */
  ante: number;
  minPlayers: number;
  maxPlayers: number;
  /** The round being gathered; its seed's hash is committed before anyone pays. */
  roundNo: number;
  serverSeedHash: string;
  clientSeed: string;
  seats: TRoomSeat[];
  seated: boolean;
  nextRoundAt: string | null;
  lastRound: TLastRound | null;
}

export interface TRoomAnswer {
  room: TRoomView;
  /** Server clock minus the page's clock, ms (0 when the server sent no usable Date header). */
  clockOffset: number;
}

export function createRoomApi(token: string) {
  async function call(method: 'GET' | 'POST', path: string): Promise<TRoomAnswer> {
    let res: Response;
    const sent = Date.now();
    try {
      res = await fetch(path, { method, headers: houseHeaders(token, false), cache: 'no-store' });
    } catch {
      // The player reads these two in the launch's language (messages.ts describeError); the messages are for logs.
      throw new HouseApiError('network_error', 'The game server could not be reached.');
    }
    const envelope = (await res.json().catch(() => null)) as { success?: boolean; code?: string; message?: string; value?: unknown } | null;
    if (!envelope || typeof envelope.success !== 'boolean') throw new HouseApiError('bad_answer', `The game server answered ${res.status}.`, { status: res.status });
    if (!envelope.success) {
      if (!envelope.code) throw new HouseApiError('bad_answer', envelope.message ?? `The game server refused the request (${res.status}).`, { status: res.status });
      throw new HouseApiError(envelope.code, envelope.message ?? 'The game server refused the request.', envelope.value ?? null);
    }
    const date = Date.parse(res.headers.get('date') ?? '');
    // The header has whole seconds: only an offset beyond that rounding is a clock difference worth correcting.
    const raw = Number.isNaN(date) ? 0 : date + 500 - (sent + Date.now()) / 2;
    return { room: envelope.value as TRoomView, clockOffset: Math.abs(raw) > 1500 ? raw : 0 };
  }
  return {
    room: () => call('GET', '/wps/house/room'),
    join: () => call('POST', '/wps/house/room/join'),
    leave: () => call('POST', '/wps/house/room/leave'),
  };
}

export type TRoomApi = ReturnType<typeof createRoomApi>;
