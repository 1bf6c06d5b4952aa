import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation } from 'react-router';
import { NoticePopup } from '../../features/notices/components/notice-popup-gate.tsx';
import { useUiStore } from '../../stores/ui-store.ts';
import { LAYOUT_PARTS, type TLayoutKind } from '../route-table.ts';
import { Header } from './header.tsx';
import { MAIN_ID, SkipLink } from './skip-link.tsx';
import { TopBar } from './top-bar.tsx';
import styles from './site-layout.module.css';

// The footer sits below the fold; its code follows the first paint instead of delaying it.
const Footer = lazy(() => import('./footer.tsx').then((m) => ({ default: m.Footer })));
// The floating side bar (customer service, chat room) likewise: nothing of it is needed for the first paint.
const SideBar = lazy(() => import('./side-bar.tsx').then((m) => ({ default: m.SideBar })));

/** The page frame of a layout kind of spec §2; the page renders in the Outlet. */
export function SiteLayout({ kind }: { kind: TLayoutKind }) {
  const { t } = useTranslation();
  const parts = LAYOUT_PARTS[kind];
  const navigating = useNavigation().state === 'loading';
  const modalOpen = useUiStore((s) => s.modal !== null);
  return (
    <div className={styles.shell} data-layout={kind}>
      {navigating && <div className={styles.progress} role="progressbar" aria-label={t('common.loading')} />}
      {parts.header && <SkipLink />}
      {parts.topbar && <TopBar />}
      {parts.header && <Header />}
      <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      {parts.footer && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
      {parts.sidebar && (
        <Suspense fallback={null}>
          <SideBar />
        </Suspense>
      )}
      {/* The popup belongs to the portal's chrome; the bare help page never shows it. */}
      {parts.header && <NoticePopup blocked={modalOpen} />}
    </div>
  );
}
