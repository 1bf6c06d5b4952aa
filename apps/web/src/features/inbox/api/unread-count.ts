import { useQuery } from '@tanstack/react-query';
import { unreadCount } from '@playhall/contract/calls/system';
import { call } from '../../../lib/api-client.ts';
import { isTrialAccount, useSessionStore } from '../../auth/session-store.ts';

/**
 * Query key of the unread count (CSP_unreadCount). Every messages query starts with 'messages': the realtime client
 * invalidates that prefix on an 'unread' signal, and the message pages after they change something.
 */
export const UNREAD_KEY = ['messages', 'unread'] as const;

/**
 * The member's unread messages for the header's and the member menu's badges; 0 while loading, for a guest, or when the
 * call fails (a badge is a hint: no error dialog). Fresh on a signal or a change, and on focus as any query.
 */
export function useUnreadCount(): number {
  const token = useSessionStore((s) => s.token);
  const accountType = useSessionStore((s) => s.accountType);
  const { data } = useQuery({
    queryKey: [...UNREAD_KEY, token],
    queryFn: async () => (await call(unreadCount, {})).count,
    enabled: token !== null && !isTrialAccount(accountType),
    staleTime: 30_000,
    retry: false,
    meta: { silent: true },
  });
  return data ?? 0;
}
