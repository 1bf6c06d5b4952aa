import { useEffect } from 'react';

/** Runs the reality check while a member is logged in; its code is a chunk of its own, loaded after log-in. */
export function useRealityCheck(token: string | null): void {
  useEffect(() => {
    if (!token) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./reality-check.ts').then((m) => {
      if (!cancelled) stop = m.startRealityCheck();
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [token]);
}
