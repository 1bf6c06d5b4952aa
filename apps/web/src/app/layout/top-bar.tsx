import { lazy, Suspense, useState } from 'react';
import { LoginFormCompact } from '../../features/auth/components/login-form-compact.tsx';
import { useSessionStore } from '../../features/auth/session-store.ts';
import { LanguageTrigger } from '../../features/language/components/language-trigger.tsx';
import { NoticeMarquee } from '../../features/notices/components/notice-marquee.tsx';
import { ThemeToggle } from '../../features/theme/components/theme-toggle.tsx';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { currentLanguageCode } from '../../lib/i18n.ts';
import styles from './top-bar.module.css';

// The language menu loads right after the first paint; a press before then opens it once it arrives.
const LanguageSelector = lazy(() =>
  import('../../features/language/components/language-selector.tsx').then((m) => ({ default: m.LanguageSelector })),
);

// Balance and member menu load once someone is logged in; visitors never download them.
const MemberBar = lazy(() => import('../../features/auth/components/member-bar.tsx').then((m) => ({ default: m.MemberBar })));

/** The 36 px top bar (DESIGN.md): marquee left; theme, language and the login form or balance and menu right. */
export function TopBar() {
  const { t } = useTranslation();
  const token = useSessionStore((s) => s.token);
  const [languageRequested, setLanguageRequested] = useState(false);
  return (
    <div className={styles.bar} data-testid="layout-topbar">
      <div className={`container ${styles.inner}`}>
        <NoticeMarquee />
        <div className={styles.right}>
          <ThemeToggle />
          <Suspense
            fallback={<LanguageTrigger code={currentLanguageCode()} label={t('topbar.language')} onClick={() => setLanguageRequested(true)} />}
          >
            <LanguageSelector defaultOpen={languageRequested} />
          </Suspense>
          <span className={styles.divider} aria-hidden />
          {token ? (
            <Suspense fallback={<Skeleton width={240} height={28} radius={999} />}>
              <MemberBar token={token} />
            </Suspense>
          ) : (
            <LoginFormCompact />
          )}
        </div>
      </div>
    </div>
  );
}
