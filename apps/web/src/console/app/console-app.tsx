import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ErrorDialogProvider } from '../components/error-dialog.tsx';
import { SessionProvider } from '../features/auth/session.tsx';
import { router } from './router.tsx';

// Staff see fresh figures: a list is re-read when its page opens again; a refused call is not retried behind their back.
const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 10_000, retry: false, refetchOnWindowFocus: false } } });

export function ConsoleApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <ErrorDialogProvider>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </ErrorDialogProvider>
    </QueryClientProvider>
  );
}
