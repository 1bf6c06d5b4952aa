import type { TServerFrame } from '@playhall/contract/realtime';
import type { TDb } from '../../db/client.ts';
import { notifyBus, type TBusMessage } from '../realtime/bus.ts';
import type { TRealtimeHub } from '../realtime/hub.ts';

/** The hubs of the servers running in this process, by their database (the ops API runs commands in the server). */
const localHubs = new WeakMap<TDb, Set<Pick<TRealtimeHub, 'publishRoom' | 'publishMember'>>>();

/** chat.module.ts: the operator commands run in this process over `db` reach this hub's sockets. */
export function attachLocalHub(db: TDb, hub: Pick<TRealtimeHub, 'publishRoom' | 'publishMember'>): void {
  const hubs = localHubs.get(db) ?? new Set();
  hubs.add(hub);
  localHubs.set(db, hubs);
}

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
  const msg: TBusMessage = 'roomId' in target ? { k: 'room', r: target.roomId, a: null, f: frame } : { k: 'member', u: target.userId, f: frame };
  await notifyBus(db, 'ops-cli', msg);
}
