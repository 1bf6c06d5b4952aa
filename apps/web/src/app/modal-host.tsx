import { lazy, Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { LazyLoadFailed } from '../components/ui/lazy-fallback.tsx';
import { paths } from '../config/paths.ts';
import { useSessionStore } from '../features/auth/session-store.ts';
import { loadChunk } from '../lib/load-chunk.ts';
import { closeModal, useUiStore } from '../stores/ui-store.ts';
import { ROUTES } from './route-table.ts';

// Modals load on first use, keeping the home page's initial script small.
const LoginModal = lazy(() =>
  loadChunk(() => import('../features/auth/components/login-modal.tsx')).then((m) => ({ default: m.LoginModal })),
);
const RegisterModal = lazy(() =>
  loadChunk(() => import('../features/auth/components/register-modal.tsx')).then((m) => ({ default: m.RegisterModal })),
);
const NotificationModal = lazy(() =>
  loadChunk(() => import('../features/notices/components/notification-modal.tsx')).then((m) => ({ default: m.NotificationModal })),
);

const MODAL_ROUTES = new Set(ROUTES.filter((r) => r.modal).map((r) => r.path));

/** Renders the open named modal. Closing a modal that its route opened (/login, /register) returns to /. */
export function ModalHost() {
  const modal = useUiStore((s) => s.modal);
  const token = useSessionStore((s) => s.token);
  const { pathname } = useLocation();
  const navigate = useNavigate();

  const onClose = () => {
    closeModal();
    if (MODAL_ROUTES.has(pathname)) void navigate(paths.home, { replace: true });
  };

  // A login or register modal has nothing to do once a session exists.
  const authModal = modal?.name === 'login' || modal?.name === 'register';
  if (!modal || (authModal && token)) return null;

  return (
    <ErrorBoundary key={modal.name} fallback={() => <LazyLoadFailed />}>
      <Suspense fallback={null}>
        {modal.name === 'login' && <LoginModal onClose={onClose} />}
        {modal.name === 'register' && <RegisterModal onClose={onClose} />}
        {modal.name === 'notification' && <NotificationModal noticeId={modal.noticeId} onClose={onClose} />}
      </Suspense>
    </ErrorBoundary>
  );
}
