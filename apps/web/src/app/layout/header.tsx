import { ChevronDown, ExternalLink, House } from 'lucide-react';
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import type { TVendorLane } from '@playhall/contract/calls/system';
import { CATEGORY_ROUTE } from '@playhall/contract/categories';
import { Logo } from '../../components/brand/logo.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { paths } from '../../config/paths.ts';
import { useGameVendors } from '../../features/games/api/get-game-vendors.ts';
import { navDropdown, navLanes } from '../../features/games/nav-dropdown.ts';
import { usePermission } from '../../features/system/api/get-status.ts';
import { firstResource, isExternalUrl } from '../../features/system/resources.ts';
import styles from './header.module.css';

// The vendor cards load on the first hover or focus of a category, not with the page.
const NavDropdownCards = lazy(() =>
  import('../../features/games/components/nav-dropdown-cards.tsx').then((m) => ({ default: m.NavDropdownCards })),
);

function CategoryItem({ lane }: { lane: TVendorLane }) {
  const { t } = useTranslation();
  const dropdown = navDropdown(lane);
  const [armed, setArmed] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);
  // After a choice the panel closes even though the pointer still rests on it, until the pointer leaves or the
  // focus comes back from outside the item.
  const [closed, setClosed] = useState(false);
  /**
   * A pointer's choice drops the focus (on the link it would open the panel again once the pointer leaves); a key's
   * choice (a click of detail 0) keeps the focus on the category's link, where the keyboard user goes on from.
   */
  const close = (byKey: boolean) => {
    setClosed(true);
    if (byKey) link.current?.focus();
    else if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  };
  return (
    <li
      className={styles.item}
      data-testid={`nav-${lane.gameCategory}`}
      data-closed={closed || undefined}
      onMouseEnter={() => setArmed(true)}
      onFocus={(e) => {
        setArmed(true);
        if (!e.currentTarget.contains(e.relatedTarget)) setClosed(false);
      }}
      onMouseLeave={() => setClosed(false)}
      onClick={(e) => (e.target as HTMLElement).closest('a') && close(e.detail === 0)}
    >
      <NavLink ref={link} className={styles.link} to={CATEGORY_ROUTE[lane.gameCategory]}>
        {t(`category.${lane.gameCategory}`)}
        <ChevronDown size={14} className={styles.chevron} aria-hidden />
      </NavLink>
      <div className={styles.panel} data-testid={`nav-panel-${lane.gameCategory}`} data-arrangement={dropdown.centred ? 'centred' : 'grid'}>
        {armed && (
          <Suspense fallback={<Skeleton height={120} radius={10} />}>
            <NavDropdownCards lane={lane} />
          </Suspense>
        )}
      </div>
    </li>
  );
}

/** The 64 px header: logo and navigation (spec §2). */
/**
 * Some languages' labels are long (DESIGN.md: text never overflows its box): when the items do not fit
 * at normal spacing, the navigation switches to its compact spacing.
 */
function useCompactNav(contentKey: string) {
  const ref = useRef<HTMLUListElement>(null);
  const [compact, setCompact] = useState(false);
  useLayoutEffect(() => {
    const list = ref.current;
    if (!list) return;
    const measure = () => {
      list.removeAttribute('data-compact');
      const fits = list.scrollWidth <= list.clientWidth + 1;
      if (!fits) list.setAttribute('data-compact', '');
      setCompact(!fits);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, [contentKey]);
  return { ref, compact };
}

export function Header() {
  const { t, i18n } = useTranslation();
  const { info } = usePermission();
  const { data: lanes } = useGameVendors();
  const affiliate = firstResource(info.resources, 'AFFILIATE');
  const { ref: navRef, compact } = useCompactNav(`${i18n.language}:${(lanes ?? []).map((l) => l.vendors.length).join(',')}`);

  return (
    <header className={styles.header} data-testid="layout-header">
      <div className={`container ${styles.inner}`}>
        <Link to={paths.home} className={styles.logo}>
          <Logo height={34} />
        </Link>
        <nav aria-label={t('nav.main')} className={styles.navWrap}>
          <ul className={styles.nav} ref={navRef} data-compact={compact || undefined}>
            <li className={styles.item}>
              <NavLink className={styles.link} to={paths.home} end data-testid="nav-home">
                <House size={15} aria-hidden />
                {t('nav.home')}
              </NavLink>
            </li>
            {navLanes(lanes ?? []).map((lane) => (
              <CategoryItem key={lane.gameCategory} lane={lane} />
            ))}
            <li className={styles.item}>
              <NavLink className={styles.link} to={paths.promotions} data-testid="nav-promotions">
                {t('nav.promotions')}
              </NavLink>
            </li>
            <li className={styles.item}>
              <NavLink className={styles.link} to={paths.pointMall} data-testid="nav-point-mall">
                {t('nav.pointMall')}
              </NavLink>
            </li>
            <li className={styles.item}>
              <NavLink className={styles.link} to={paths.app} data-testid="nav-app">
                {t('nav.app')}
              </NavLink>
            </li>
            {affiliate && (
              <li className={styles.item}>
                {isExternalUrl(affiliate.url) ? (
                  <a className={styles.link} href={affiliate.url} target="_blank" rel="noopener noreferrer" data-testid="nav-affiliates">
                    {t('nav.affiliates')}
                    <ExternalLink size={12} className={styles.external} aria-hidden />
                  </a>
                ) : (
                  <NavLink className={styles.link} to={affiliate.url} data-testid="nav-affiliates">
                    {t('nav.affiliates')}
                  </NavLink>
                )}
              </li>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}
