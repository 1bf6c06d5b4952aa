import { lazy, Suspense, useEffect } from 'react';
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
const ForgotPasswordModal = lazy(() =>
  loadChunk(() => import('../features/auth/components/forgot-password-modal.tsx')).then((m) => ({ default: m.ForgotPasswordModal })),
);
const ResetPasswordModal = lazy(() =>
  loadChunk(() => import('../features/auth/components/forgot-password-modal.tsx')).then((m) => ({ default: m.ResetPasswordModal })),
);
const LoginVerifyModal = lazy(() =>
  loadChunk(() => import('../features/auth/components/login-verify-modal.tsx')).then((m) => ({ default: m.LoginVerifyModal })),
);
const ChangePasswordModal = lazy(() =>
  loadChunk(() => import('../features/auth/components/change-password-modal.tsx')).then((m) => ({ default: m.ChangePasswordModal })),
);
const AfterLoginModal = lazy(() =>
  loadChunk(() => import('../features/auth/components/after-login-modal.tsx')).then((m) => ({ default: m.AfterLoginModal })),
);
const OAuthCallbackModal = lazy(() =>
  loadChunk(() => import('../features/auth/components/oauth-callback-modal.tsx')).then((m) => ({ default: m.OAuthCallbackModal })),
);
const MemberCentreModal = lazy(() =>
  loadChunk(() => import('../features/account/components/member-centre-modal.tsx')).then((m) => ({ default: m.MemberCentreModal })),
);
const AgentCentreModal = lazy(() =>
  loadChunk(() => import('../features/agent/components/agent-centre-modal.tsx')).then((m) => ({ default: m.AgentCentreModal })),
);
const NotificationModal = lazy(() =>
  loadChunk(() => import('../features/notices/components/notification-modal.tsx')).then((m) => ({ default: m.NotificationModal })),
);
const ChatModal = lazy(() =>
  loadChunk(() => import('../features/chat/components/chat-modal.tsx')).then((m) => ({ default: m.ChatModal })),
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

  // A route that opened the login or register modal has done its job once a session exists.
  useEffect(() => {
    if (token && MODAL_ROUTES.has(pathname)) void navigate(paths.home, { replace: true });
  }, [token, pathname, navigate]);

  // Visitor modals have nothing to do once a session exists; member modals need one.
  const visitorModal = modal?.name === 'login' || modal?.name === 'register' || modal?.name === 'forgotPassword' || modal?.name === 'resetPassword' || modal?.name === 'loginVerify' || modal?.name === 'oauthCallback';
  const memberModal = modal?.name === 'changePassword' || modal?.name === 'memberCentre' || modal?.name === 'agentCentre' || modal?.name === 'afterLogin';
  if (!modal || (visitorModal && token) || (memberModal && !token)) return null;

  return (
    <ErrorBoundary key={modal.name} fallback={() => <LazyLoadFailed />}>
      <Suspense fallback={null}>
        {modal.name === 'login' && <LoginModal username={modal.username} password={modal.password} onClose={onClose} />}
        {modal.name === 'register' && <RegisterModal onClose={onClose} />}
        {modal.name === 'oauthCallback' && <OAuthCallbackModal onClose={onClose} />}
        {modal.name === 'forgotPassword' && <ForgotPasswordModal onClose={onClose} />}
        {modal.name === 'loginVerify' && <LoginVerifyModal challenge={modal.challenge} onClose={onClose} />}
        {modal.name === 'resetPassword' && <ResetPasswordModal token={modal.token} onClose={onClose} />}
        {modal.name === 'changePassword' && <ChangePasswordModal forced={modal.forced} onClose={onClose} />}
        {modal.name === 'afterLogin' && <AfterLoginModal onClose={onClose} />}
        {modal.name === 'memberCentre' && <MemberCentreModal page={modal.page ?? 'securityCenter'} onClose={onClose} />}
        {modal.name === 'agentCentre' && <AgentCentreModal page={modal.page ?? 'agentTeamOverview'} onClose={onClose} />}
        {modal.name === 'notification' && <NotificationModal noticeId={modal.noticeId} onClose={onClose} />}
        {modal.name === 'chat' && <ChatModal onClose={onClose} />}
      </Suspense>
    </ErrorBoundary>
  );
}
