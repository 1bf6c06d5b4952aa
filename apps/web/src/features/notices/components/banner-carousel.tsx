import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TBanner } from '@playhall/contract/calls/system';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { isSafeLink } from '@playhall/contract/links';
import { currentLanguageCode } from '../../../lib/i18n.ts';
import { imageUrl } from '../../../lib/image-url.ts';
import { isExternalUrl } from '../../system/resources.ts';
import { useAnnouncements } from '../api/get-announcements.ts';
import styles from './banner-carousel.module.css';

const SLIDE_MS = 6000;

function Slide({ banner, active, language }: { banner: TBanner; active: boolean; language: string }) {
  const img = <img src={imageUrl(banner.imageUrl, language)} alt={banner.title} width={1200} height={360} />;
  const props = { className: styles.slide, 'data-active': active || undefined, 'aria-hidden': !active, tabIndex: active ? 0 : -1 };
  // A stored link that is not http(s) or this site's is not a link (issue 15; refused when written, too).
  if (!banner.linkUrl || !isSafeLink(banner.linkUrl)) return <div {...props}>{img}</div>;
  return isExternalUrl(banner.linkUrl) ? (
    <a {...props} href={banner.linkUrl} target="_blank" rel="noopener noreferrer">
      {img}
    </a>
  ) : (
    <Link {...props} to={banner.linkUrl}>
      {img}
    </Link>
  );
}

/** The home hero: banners (announcement type B) as server-drawn SVG art, advancing on their own. */
export function BannerCarousel() {
  const { t } = useTranslation();
  const { data, isPending } = useAnnouncements();
  const banners = data?.banners ?? [];
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = banners.length;
  // The art draws its words in the interface language; useTranslation re-renders when it changes.
  const language = currentLanguageCode();

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), SLIDE_MS);
    return () => clearInterval(timer);
  }, [paused, count]);

  if (isPending) return <Skeleton height={360} radius={14} className={styles.carousel} />;
  if (count === 0) return <EmptyState compact text={t('home.noBanners')} />;
  const current = index % count;

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={t('home.banners')}
      data-testid="banner-carousel"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {banners.map((b, i) => (
        <Slide key={b.id} banner={b} active={i === current} language={language} />
      ))}
      {count > 1 && (
        <>
          <button type="button" className={`${styles.nav} ${styles.prev}`} onClick={() => setIndex((current - 1 + count) % count)} aria-label={t('common.previous')}>
            <ChevronLeft size={22} aria-hidden className="flip-rtl" />
          </button>
          <button type="button" className={`${styles.nav} ${styles.next}`} onClick={() => setIndex((current + 1) % count)} aria-label={t('common.next')}>
            <ChevronRight size={22} aria-hidden className="flip-rtl" />
          </button>
          <div className={styles.dots}>
            {banners.map((b, i) => (
              <button key={b.id} type="button" className={styles.dot} aria-current={i === current} aria-label={b.title} onClick={() => setIndex(i)} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
