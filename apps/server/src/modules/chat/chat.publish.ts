import { sql } from 'drizzle-orm';
import type { TServerFrame } from '@playhall/contract/realtime';
import type { TDb } from '../../db/client.ts';
import { CHAT_CHANNEL, type TBusMessage } from '../realtime/bus.ts';
import type { TRealtimeHub } from '../realtime/hub.ts';

/** The hubs of the servers running in this process, by their database (the ops API runs commands in the server). */
const localHubs = new WeakMap<TDb, Set<Pick<TRealtimeHub, 'publishRoom' | 'publishMember'>>>();

/** chat.module.ts: the operator commands run in this process over `db` reach this hub's sockets. */
export function attachLocalHub(db: TDb, hub: Pick<TRealtimeHub, 'publishRoom' | 'publishMember'>): void {
  const hubs = localHubs.get(db) ?? new Set();
  hubs.add(hub);
  localHubs.set(db, hubs);
}

/** Ids per NOTIFY payload (PostgreSQL refuses 8000 bytes; an id is at most 16 characters and a comma). */
const IDS_PER_NOTIFY = 400;

/**
 * Sends an operator's chat frame (a deletion, a member's new standing) to every connected client, after its change
 * committed. In a server process (the ops API; PGlite, and the tests) through the hub, which fans out to its own
 * sockets and to the other processes; in the CLI's own process (PostgreSQL) as the NOTIFY the hubs exchange
 * (modules/realtime/bus.ts), which every server process fans out to its sockets: it comes from no server, so none
 * skips it as its own.
 */
export async function publishChatFrame(db: TDb, target: { roomId: number } | { userId: number }, frame: TServerFrame): Promise<void> {
  const hubs = localHubs.get(db);
  if (hubs && hubs.size > 0) {
    for (const hub of hubs) {
      if ('roomId' in target) await hub.publishRoom(target.roomId, frame);
      else await hub.publishMember(target.userId, frame);
    }
    return;
  }
  const parts = frame.t === 'chatDeleted' ? chunks(frame.ids, IDS_PER_NOTIFY).map((ids) => ({ ...frame, ids })) : [frame];
  for (const f of parts) {
    const msg: TBusMessage = 'roomId' in target ? { k: 'room', r: target.roomId, a: null, f } : { k: 'member', u: target.userId, f };
    await db.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify({ o: 'ops-cli', ...msg })})`);
  }
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
