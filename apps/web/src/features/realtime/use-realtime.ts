import { useEffect } from 'react';

/**
 * Starts the tab's socket once a member is logged in (the chat modal starts it for a visitor). The socket's code is
 * a chunk of its own, loaded after the page, so the home page's script stays within budget.
 */
export function useRealtime(token: string | null): void {
  useEffect(() => {
    if (token) void import('./connection.ts').then((m) => m.startRealtime());
  }, [token]);
}
