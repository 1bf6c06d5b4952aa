import { Flame, LayoutGrid, Megaphone } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSection, Panel } from '../../components/layout/page-header.tsx';
import { CategoryTiles } from '../../features/games/components/category-tiles.tsx';
import { useAnnouncements } from '../../features/notices/api/get-announcements.ts';
import { BannerCarousel } from '../../features/notices/components/banner-carousel.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { htmlToText } from '../../lib/format.ts';
import styles from './home-page.module.css';

// Below the fold: the hot games and the promotions section load after the first paint.
const HotGames = lazy(() => import('../../features/games/components/hot-games.tsx').then((m) => ({ default: m.HotGames })));
const WinnerBoard = lazy(() => import('../../features/games/components/winner-board.tsx').then((m) => ({ default: m.WinnerBoard })));
const HomePromotions = lazy(() =>
  import('../../features/promotions/components/home-promotions.tsx').then((m) => ({ default: m.HomePromotions })),
);

function Headlines() {
  const { data } = useAnnouncements();
  const headlines = data?.headline ?? [];
  if (headlines.length === 0) return null;
  return (
    <div className={styles.headlines} style={{ marginTop: 24 }}>
      {headlines.slice(0, 2).map((h) => (
        <div key={h.id} className={styles.headline}>
          <span className={styles.headlineIcon}>
            <Megaphone size={18} aria-hidden />
          </span>
          <span>
            <span className={styles.headlineTitle}>{h.title}</span>
            <br />
            <span className={styles.headlineText}>{htmlToText(h.content)}</span>
          </span>
        </div>
      ))}
    </div>
  );
}

/** Home (index group): banners, category entries, hot games, the winner board, headlines and promotions. */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <div className="container" data-testid="home-page">
      <BannerCarousel />
      <Headlines />
      <PageSection icon={LayoutGrid} title={t('home.categories')} testId="home-categories">
        <CategoryTiles />
      </PageSection>
      <PageSection icon={Flame} title={t('home.hotGames')} testId="hot-games">
        <Panel>
          <Suspense fallback={<Skeleton height={220} radius={10} />}>
            <HotGames />
          </Suspense>
        </Panel>
      </PageSection>
      <Suspense fallback={<Skeleton height={300} radius={10} />}>
        <WinnerBoard />
      </Suspense>
      <Suspense fallback={<Skeleton height={380} radius={10} />}>
        <HomePromotions />
      </Suspense>
    </div>
  );
}
