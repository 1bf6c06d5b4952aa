import { z } from 'zod';
import { ZChatMessage } from './calls/inbox.ts';

// The one WebSocket per tab at `/ws` (ARCHITECTURE.md, Realtime; issue 19). Frames are JSON text, one object each,
// told apart by `t`. A signal carries no amount or private data: the page refetches through the normal calls, and
// refetches everything it shows on every (re)connect, so a dropped signal never leaves a wrong figure.

export const REALTIME_PATH = '/ws';
/** The server closes a socket that sent nothing (not even a ping) for this long. */
export const REALTIME_IDLE_MS = 60_000;
/** The web pings this often; the server answers `pong`. */
export const REALTIME_PING_MS = 25_000;
/** Close codes the web acts on: revoked (log out, do not reconnect), kicked (banned from chat), going away. */
export const REALTIME_CLOSE = { revoked: 4001, badFrame: 4002, tooManySockets: 4003 } as const;

/** What changed for the member: the page refetches what shows it. */
export const SIGNAL_KINDS = ['balance', 'unread', 'records', 'bonus', 'points'] as const;
export type TSignalKind = (typeof SIGNAL_KINDS)[number];

/** Frames from the browser. */
export const ZClientFrame = z.discriminatedUnion('t', [
  /** First frame of a member's tab (the session token, never in the URL); a visitor sends none. */
  z.strictObject({ t: z.literal('auth'), token: z.string().min(1).max(512) }),
  /** Join a chat room to receive its messages (one room at a time per socket; joining another leaves the first). */
  z.strictObject({ t: z.literal('join'), roomId: z.number().int().positive() }),
  z.strictObject({ t: z.literal('leave') }),
  z.strictObject({ t: z.literal('ping') }),
]);
export type TClientFrame = z.infer<typeof ZClientFrame>;

/** Frames from the server. */
export const ZServerFrame = z.discriminatedUnion('t', [
  /** Answer to `auth` (member true) or sent on connect to a visitor (member false). */
  z.object({ t: z.literal('hello'), member: z.boolean() }),
  /** Something of this member changed; no figures travel. */
  z.object({ t: z.literal('signal'), kinds: z.array(z.enum(SIGNAL_KINDS)).min(1) }),
  /** A new message in the joined room (`mine` is true on the author's own sockets). */
  z.object({ t: z.literal('chat'), message: ZChatMessage }),
  /** The operator deleted messages: every client removes them. */
  z.object({ t: z.literal('chatDeleted'), roomId: z.number().int(), ids: z.array(z.number().int()) }),
  /** This member's right to write changed (muted until, banned, or restored): the input follows at once. */
  z.object({ t: z.literal('chatMe'), canWrite: z.boolean(), mutedUntil: z.string().nullable(), banned: z.boolean() }),
  /** Answer to `join`: the room's last messages, oldest first, and the online count. */
  z.object({ t: z.literal('joined'), roomId: z.number().int(), history: z.array(ZChatMessage), online: z.number().int() }),
  z.object({ t: z.literal('pong') }),
  /**
   * A refused frame (bad JSON, unknown room, auth failed): `code` is an error code of the contract. Also, just before
   * a 4001 close, why the session ended when the member self-excluded on another device: `rg_self_excluded` with
   * `until` (ISO time), so this tab says so instead of "session expired".
   */
  z.object({ t: z.literal('error'), code: z.string(), until: z.string().optional() }),
]);
export type TServerFrame = z.infer<typeof ZServerFrame>;
