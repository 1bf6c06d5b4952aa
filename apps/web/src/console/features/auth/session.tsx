import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { can, consoleLogout, consoleMe, type TConsolePermission, type TOperatorMe } from '@playhall/contract/console';
import { ConsoleError, consoleCall, setSessionEndedHandler } from '../../lib/console-api.ts';

interface TSession {
  /** undefined while the first "who am I" runs; null signed out. */
  me: TOperatorMe | null | undefined;
  /** Why the operator is at the login (the session ended), or null. */
  endedNotice: string | null;
  signedIn: (me: TOperatorMe) => void;
  signOut: () => Promise<void>;
  allows: (permission: TConsolePermission) => boolean;
}

const SessionContext = createContext<TSession | null>(null);
const ME_KEY = ['auth.me'] as const;

/** The operator's session: the server's cookie is the truth; the page only remembers who it said we are. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [endedNotice, setEndedNotice] = useState<string | null>(null);
  const meQuery = useQuery({
    queryKey: ME_KEY,
    queryFn: () =>
      consoleCall(consoleMe, {}).catch((err: unknown) => {
        if (err instanceof ConsoleError && err.status === 401) return null;
        throw err;
      }),
    staleTime: Infinity,
    retry: false,
  });
  const me = meQuery.isError ? null : meQuery.data;

  const end = useCallback(
    (notice: string | null) => {
      queryClient.clear();
      queryClient.setQueryData(ME_KEY, null);
      setEndedNotice(notice);
    },
    [queryClient],
  );

  useEffect(() => {
    setSessionEndedHandler(() => end('Your session ended. Sign in again to continue.'));
    return () => setSessionEndedHandler(null);
  }, [end]);

  const value = useMemo<TSession>(
    () => ({
      me,
      endedNotice,
      signedIn: (next) => {
        setEndedNotice(null);
        queryClient.setQueryData(ME_KEY, next);
      },
      signOut: async () => {
        await consoleCall(consoleLogout, {}).catch(() => undefined);
        end(null);
      },
      allows: (permission) => !!me && can(me.role, permission),
    }),
    [me, endedNotice, queryClient, end],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): TSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
