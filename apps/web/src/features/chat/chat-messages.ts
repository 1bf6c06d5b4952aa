import type { TChatMessage } from '@playhall/contract/calls/inbox';

/** Messages in id order (the server's order of arrival), each once: history, pushes and catch-up overlap freely. */
export function mergeMessages(list: readonly TChatMessage[], incoming: readonly TChatMessage[]): TChatMessage[] {
  if (incoming.length === 0) return list as TChatMessage[];
  const byId = new Map<number, TChatMessage>();
  for (const m of list) byId.set(m.id, m);
  for (const m of incoming) byId.set(m.id, { ...m, mine: m.mine || (byId.get(m.id)?.mine ?? false) });
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export function removeMessages(list: readonly TChatMessage[], ids: readonly number[]): TChatMessage[] {
  const gone = new Set(ids);
  return list.filter((m) => !gone.has(m.id));
}

/**
 * After a reconnect the room answers with its last messages: when the newest message this tab had is older than the
 * first of them, messages were missed in between, to fetch with `after`.
 */
export function missedSince(list: readonly TChatMessage[], history: readonly TChatMessage[]): number | null {
  const last = list.at(-1)?.id;
  const first = history[0]?.id;
  if (last === undefined || first === undefined) return null;
  return first > last + 1 ? last : null;
}

/** A send's id (chat.send `clientId`): a retry of the same message reuses it, so the server stores it once. */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface TChatRights {
  canWrite: boolean;
  mutedUntil: string | null;
  banned: boolean;
}

/** `closed`: the server says no for another reason (a trial account). */
export type TWriteState = { kind: 'visitor' } | { kind: 'banned' } | { kind: 'muted'; until: string } | { kind: 'closed' } | { kind: 'open' };

/** May this tab write now: a visitor reads only; a mute ends by itself at its time. */
export function writeState(rights: TChatRights | null, now: number): TWriteState {
  if (!rights) return { kind: 'visitor' };
  if (rights.banned) return { kind: 'banned' };
  if (rights.mutedUntil && Date.parse(rights.mutedUntil) > now) return { kind: 'muted', until: rights.mutedUntil };
  return rights.canWrite || rights.mutedUntil ? { kind: 'open' } : { kind: 'closed' };
}
