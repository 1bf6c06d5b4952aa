import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ZServerFrame, type TServerFrame } from '@playhall/contract/realtime';
import type { TDatabase, TDb } from '../../db/client.ts';

/** The channel of chat frames, member frames and room online counts between server processes. */
export const CHAT_CHANNEL = 'playhall_chat';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const PAYLOAD_MAX = 7_900;

export type TBusMessage =
  | { k: 'room'; r: number; a: number | null; f: TServerFrame }
  | { k: 'member'; u: number; f: TServerFrame }
  | { k: 'online'; c: Record<string, number> };

/**
 * Cross-process fan-out (ARCHITECTURE.md, Realtime): a frame is delivered to this process's sockets at once and sent
 * to the others with `pg_notify` on its own statement, never inside a caller's transaction (a NOTIFY holds a
 * database-wide lock until its transaction commits). Each process skips its own notifications by the origin id. On
 * PGlite there is only this process: nothing is sent.
 */
export function createBus(database: TDatabase, onRemote: (msg: TBusMessage, origin: string) => void, log: (err: unknown) => void) {
  const origin = crypto.randomBytes(6).toString('base64url');
  const shared = database.kind === 'postgres';

  async function notify(msg: TBusMessage): Promise<void> {
    if (shared) await notifyBus(database.db, origin, msg);
  }

  return {
    origin,
    shared,
    notify,
    async start(): Promise<void> {
      if (!shared) return;
      await database.listen(CHAT_CHANNEL, (payload) => {
        // No payload: the listening connection dropped or came back (what was sent in between is lost).
        if (payload === undefined) return;
        try {
          const raw = JSON.parse(payload) as { o?: unknown } & Record<string, unknown>;
          if (typeof raw.o !== 'string' || raw.o === origin) return;
          const msg = parseBusMessage(raw);
          if (msg) onRemote(msg, raw.o);
        } catch (err) {
          log(err);
        }
      });
    },
  };
}

/**
 * One bus message as a NOTIFY, from a server (its origin id) or from a process with no hub such as the ops CLI
 * (`ops-cli`, which no server skips). Only a long list of deleted ids can pass PostgreSQL's payload limit: it is sent
 * in parts.
 */
export async function notifyBus(db: TDb, origin: string, msg: TBusMessage): Promise<void> {
  const payload = JSON.stringify({ o: origin, ...msg });
  if (Buffer.byteLength(payload) > PAYLOAD_MAX) {
    if (msg.k === 'room' && msg.f.t === 'chatDeleted' && msg.f.ids.length > 1) {
      const half = Math.ceil(msg.f.ids.length / 2);
      await notifyBus(db, origin, { ...msg, f: { ...msg.f, ids: msg.f.ids.slice(0, half) } });
      await notifyBus(db, origin, { ...msg, f: { ...msg.f, ids: msg.f.ids.slice(half) } });
      return;
    }
    throw new Error(`realtime frame too large for NOTIFY (${payload.length} bytes)`);
  }
  await db.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${payload})`);
}

/** Anyone who can connect to the database can NOTIFY: a payload is checked like a frame from outside. */
function parseBusMessage(raw: Record<string, unknown>): TBusMessage | null {
  if (raw.k === 'online') {
    const c = raw.c;
    if (typeof c !== 'object' || c === null) return null;
    const counts: Record<string, number> = {};
    for (const [room, n] of Object.entries(c)) if (Number.isInteger(n) && (n as number) >= 0) counts[room] = n as number;
    return { k: 'online', c: counts };
  }
  const frame = ZServerFrame.safeParse(raw.f);
  if (!frame.success) return null;
  if (raw.k === 'room' && Number.isInteger(raw.r)) return { k: 'room', r: raw.r as number, a: Number.isInteger(raw.a) ? (raw.a as number) : null, f: frame.data };
  if (raw.k === 'member' && Number.isInteger(raw.u)) return { k: 'member', u: raw.u as number, f: frame.data };
  return null;
}
