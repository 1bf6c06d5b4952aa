import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';
import { showErrorDialog } from './error-dialog.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** silent: the query handles its own failure (start-up status, optional widgets). */
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** Retry a network failure twice; never retry an answer the server gave on purpose. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return error instanceof ApiError && error.code === 'network_error' && failureCount < 2;
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
    // A failed call shows the generic dialog with the translated message and a Retry (DESIGN.md, States).
    queryCache: new QueryCache({
      onError(error, query) {
        if (query.meta?.silent) return;
        showErrorDialog(error, () => void client.refetchQueries({ queryKey: query.queryKey, exact: true }), query.queryHash);
      },
    }),
    mutationCache: new MutationCache({
      onError(error, _vars, _ctx, mutation) {
        if (mutation.meta?.silent) return;
        showErrorDialog(error);
      },
    }),
  });
  return client;
}

export const queryClient = createQueryClient();
