import { useEffect } from 'react';
import { consoleMe, type TOperatorMe } from '@playhall/contract/console';
import { consoleCall, lastAnswerTime } from '../../lib/console-api.ts';

/**
 * The idle timeout: the server ends a session nobody used for its idle period (`idleUntil` says when, counted from the
 * last call). Once that time has passed with no call since, the page asks the server; the 401 it gets sends the
 * operator to the login, saying the session ended.
 */
export function useIdleWatch(me: TOperatorMe | null | undefined): void {
  useEffect(() => {
    if (!me) return;
    const idleMs = Math.max(60_000, new Date(me.idleUntil).getTime() - Date.now());
    const timer = setInterval(() => {
      if (Date.now() - lastAnswerTime() > idleMs + 1000) void consoleCall(consoleMe, {}).catch(() => undefined);
    }, 15_000);
    return () => clearInterval(timer);
  }, [me]);
}
