import type { QueryKey } from '@tanstack/react-query';
import type { TSignalKind } from '@playhall/contract/realtime';

/** The query-key prefixes each signal kind makes stale (the header balance is ['wallet','balance',token]). */
const KEYS_OF_SIGNAL: Record<TSignalKind, QueryKey[]> = {
  balance: [['wallet'], ['auth', 'memberInfo']],
  unread: [['messages']],
  records: [['records']],
  bonus: [['records', 'bonus'], ['promotions']],
  points: [['points'], ['loyalty']],
};

/** The distinct prefixes to invalidate for a signal's kinds. */
export function queryKeysOfSignal(kinds: readonly TSignalKind[]): QueryKey[] {
  const seen = new Set<string>();
  return kinds.flatMap((k) => KEYS_OF_SIGNAL[k]).filter((key) => {
    const id = JSON.stringify(key);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * What a member's page may show that the server can change behind its back: refetched on every (re)connect, so a
 * signal lost while the socket was down never leaves a wrong figure. Visitor data (status, games, captchas) is not.
 */
export const MEMBER_QUERY_ROOTS: readonly string[] = [
  'wallet',
  'messages',
  'feedback',
  'records',
  'promotions',
  'points',
  'loyalty',
  'missions',
  'referral',
  'agent',
  'chat',
];

/** True for a query the (re)connect refetches: the member roots and the member's own auth data (not captchas). */
export function isMemberQuery(key: QueryKey): boolean {
  const [root, part] = key;
  if (root === 'auth') return part === 'memberInfo' || part === 'avatar';
  return typeof root === 'string' && MEMBER_QUERY_ROOTS.includes(root);
}
