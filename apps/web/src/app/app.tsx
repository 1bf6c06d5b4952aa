import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { SYSTEM_STATUS } from '@playhall/contract/constants';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { useStatus } from '../features/system/api/get-status.ts';
import { queryClient } from '../lib/query-client.ts';
import { getRouter } from './router.tsx';
import { StartupError } from './startup-error.tsx';

// The status pages load only when the site is not open.
const MaintenancePage = lazy(() =>
  import('../features/system/components/maintenance-page.tsx').then((m) => ({ default: m.MaintenancePage })),
);
const AccessDeniedPage = lazy(() =>
  import('../features/system/components/access-denied-page.tsx').then((m) => ({ default: m.AccessDeniedPage })),
);
const InvalidUrlPage = lazy(() =>
  import('../features/system/components/invalid-url-page.tsx').then((m) => ({ default: m.InvalidUrlPage })),
);

/** Start-up (spec §2): status 0 shows the site, 1 the maintenance page, 2 Access Denied, 3 Invalid URL (issue 22). */
function StartupGate() {
  const { data, error, isError, isFetching, refetch } = useStatus();
  if (isError) return <StartupError error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  if (!data) return <PageSpinner />;
  if (data.status === SYSTEM_STATUS.normal) return <RouterProvider router={getRouter()} />;
  return (
    <Suspense fallback={<PageSpinner />}>
      {data.status === SYSTEM_STATUS.maintenance ? (
        <MaintenancePage permission={data} />
      ) : data.status === SYSTEM_STATUS.invalidUrl ? (
        <InvalidUrlPage permission={data} />
      ) : (
        <AccessDeniedPage permission={data} />
      )}
    </Suspense>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <StartupGate />
    </QueryClientProvider>
  );
}
