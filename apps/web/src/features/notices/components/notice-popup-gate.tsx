import { lazy, Suspense, useState } from 'react';
import { ErrorBoundary } from '../../../components/error-boundary.tsx';
import { sessionStore } from '../../../lib/storage.ts';
import { useAnnouncements } from '../api/get-announcements.ts';
import { shouldShowPopup } from '../notice-pages.ts';

const NoticePopupModal = lazy(() => import('./notice-popup.tsx').then((m) => ({ default: m.NoticePopupModal })));

/** Popup notices once per session (sessionStorage `publicityClose`); waits while another modal is open. */
export function NoticePopup({ blocked }: { blocked: boolean }) {
  const { data } = useAnnouncements();
  const [publicityClose, setPublicityClose] = useState(() => sessionStore.get('publicityClose'));
  const popups = data?.popup ?? [];
  if (blocked || !shouldShowPopup(popups.length, publicityClose)) return null;

  const close = () => {
    sessionStore.set('publicityClose', '1');
    setPublicityClose('1');
  };
  // The popup is a courtesy: if its code cannot load, the page goes on without it.
  return (
    <ErrorBoundary fallback={() => null}>
      <Suspense fallback={null}>
        <NoticePopupModal popups={popups} onClose={close} />
      </Suspense>
    </ErrorBoundary>
  );
}
