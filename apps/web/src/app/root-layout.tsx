import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useNavigationType } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { DialogHost } from '../components/ui/dialog-host.tsx';
import { LazyLoadFailed } from '../components/ui/lazy-fallback.tsx';
import { LoadingOverlay } from '../components/ui/spinner.tsx';
import { useMemberInfoSync } from '../features/auth/api/get-member-info.ts';
import { useSessionStore } from '../features/auth/session-store.ts';
import { useRealtime } from '../features/realtime/use-realtime.ts';
import { useRealityCheck } from '../features/responsible/use-reality-check.ts';
import { useFlag } from '../features/system/flags.ts';
import { openModal, useUiStore } from '../stores/ui-store.ts';
import { guardRedirect } from './route-guard.ts';
import { usePageTitle } from './use-page-title.ts';
import type { TPageTitleKey, TRouteModal } from './route-table.ts';

// The modal host and its modals load when the first modal opens.
const ModalHost = lazy(() => import('./modal-host.tsx').then((m) => ({ default: m.ModalHost })));

export interface TRouteHandle {
  modal?: TRouteModal;
  title?: TPageTitleKey;
}

/** The root route: the login-required guard, the modal a route opens, and the app-wide hosts. */
export function RootLayout() {
  const { pathname } = useLocation();
  const token = useSessionStore((s) => s.token);
  const loginRequired = useFlag('LOGINREQUIRED3');
  const loading = useUiStore((s) => s.loading > 0);
  const modalOpen = useUiStore((s) => s.modal !== null);
  const handle = useMatches().at(-1)?.handle as TRouteHandle | undefined;
  const routeModal = handle?.modal;
  useMemberInfoSync();
  useRealtime(token);
  useRealityCheck(token);
  usePageTitle(handle?.title);

  useEffect(() => {
    if (routeModal) openModal({ name: routeModal });
  }, [routeModal, pathname]);

  // A new page starts at the top; back and forward keep the browser's own scroll restoration.
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);

  const redirect = guardRedirect(pathname, { loginRequired, hasToken: token !== null });
  if (redirect) return <Navigate to={redirect} replace />;

  return (
    <>
      <Outlet />
      {modalOpen && (
        <ErrorBoundary fallback={() => <LazyLoadFailed />}>
          <Suspense fallback={null}>
            <ModalHost />
          </Suspense>
        </ErrorBoundary>
      )}
      <DialogHost />
      <LoadingOverlay loading={loading} />
    </>
  );
}
