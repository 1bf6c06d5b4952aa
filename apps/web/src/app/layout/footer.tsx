import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FOOTER_GROUPS } from '@playhall/contract/categories';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { paths } from '../../config/paths.ts';
import { useHelpCenter } from '../../features/system/api/get-help-center.ts';
import { useWhitelabel } from '../../features/system/api/get-whitelabel.ts';
import { useThemeStore } from '../../features/theme/theme-store.ts';
import { imageUrl } from '../../lib/image-url.ts';
import styles from './footer.module.css';

// The floating red envelope (issue 17) comes with the footer's chunk, after the first paint: the home page's first
// script has no byte to spare, and the pages without a footer (games, lottery) are better without it. A failed load shows nothing.
const EnvelopeEntry = lazy(() =>
  import('../../features/promotions/components/envelope-rain.tsx').then(
    (m) => ({ default: m.EnvelopeEntry }),
    () => ({ default: () => null }),
  ),
);

function ProviderGroupsSkeleton() {
  return (
    <div className={styles.providers}>
      {FOOTER_GROUPS.map((g) => (
        <div key={g} className={styles.group}>
          <Skeleton width={80} height={12} />
          <div className={styles.skeletonRow}>
            {Array.from({ length: 10 }, (_, i) => (
              <Skeleton key={i} width={120} height={32} radius={8} />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/** Footer (spec §1): 47 provider logos in LIVE, SPORTS, RNG and PVP; help links; the copyright line. */
export function Footer() {
  const { t } = useTranslation();
  const { data, isPending } = useWhitelabel();
  const { data: help } = useHelpCenter();
  // The server draws each logo's words in the theme's text colours.
  const theme = useThemeStore((s) => s.theme);
  const logoSrc = (logo: string) => (theme === 'light' ? `${imageUrl(logo)}?theme=light` : imageUrl(logo));

  return (
    <>
      <footer className={styles.footer} data-testid="layout-footer">
        <div className="container">
          {isPending ? (
            <ProviderGroupsSkeleton />
          ) : (
            <div className={styles.providers}>
              {data?.footer.map((group) => (
                <section
                  key={group.group}
                  className={styles.group}
                  data-testid={`footer-group-${group.group}`}
                  aria-label={t(`footer.group.${group.group}`)}
                >
                  <h2 className={styles.groupTitle}>{t(`footer.group.${group.group}`)}</h2>
                  <ul className={styles.logos}>
                    {group.providers.map((p) => (
                      <li key={p.code} data-testid="footer-provider">
                        <img className={styles.logo} src={logoSrc(p.logo)} alt={p.name} title={p.name} width={120} height={32} loading="lazy" />
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          )}
          <div className={styles.bottom}>
            <ul className={styles.links}>
              <li>
                <Link to={paths.help}>{t('footer.help')}</Link>
              </li>
              {help?.categories.map((c) => (
                <li key={c.id}>
                  <Link to={`${paths.help}?category=${c.id}`}>{c.title}</Link>
                </li>
              ))}
              <li>
                <Link to={paths.join}>{t('footer.join')}</Link>
              </li>
            </ul>
            <div className={styles.legal}>
              <span className={styles.age} aria-label={t('footer.adultsOnly')}>
                18+
              </span>
              <span data-testid="copyright">{data?.copyright ?? ''}</span>
            </div>
          </div>
        </div>
      </footer>
      <Suspense fallback={null}>
        <EnvelopeEntry />
      </Suspense>
    </>
  );
}
