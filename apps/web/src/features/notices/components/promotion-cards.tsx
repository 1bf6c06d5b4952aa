import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TNotice } from '@playhall/contract/calls/system';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { promoDetailPath } from '../../../config/paths.ts';
import { htmlToText } from '../../../lib/format.ts';
import { imageUrl } from '../../../lib/image-url.ts';
import { useAnnouncements } from '../api/get-announcements.ts';
import styles from './promotion-cards.module.css';

function PromotionCard({ promo }: { promo: TNotice }) {
  const { t } = useTranslation();
  return (
    <Link className={styles.card} to={promoDetailPath(promo.id)} data-testid="promotion-card">
      {promo.imageUrl ? <img className={styles.art} src={imageUrl(promo.imageUrl)} alt="" loading="lazy" /> : <div className={styles.art} />}
      <div className={styles.body}>
        <h3 className={styles.title}>{promo.title}</h3>
        <p className={styles.excerpt}>{htmlToText(promo.content)}</p>
        <div className={styles.foot}>
          <time>{promo.timestamp.slice(0, 10)}</time>
          <span className={styles.more}>
            {t('promo.details')}
            <ArrowRight size={14} aria-hidden className="flip-rtl" />
          </span>
        </div>
      </div>
    </Link>
  );
}

/** Promotions (announcement type PR) as cards; `limit` for a preview. */
export function PromotionCards({ limit }: { limit?: number }) {
  const { t } = useTranslation();
  const { data, isPending } = useAnnouncements();
  if (isPending) {
    return (
      <div className={styles.grid}>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} height={300} radius={10} />
        ))}
      </div>
    );
  }
  const promos = (data?.promotion ?? []).slice(0, limit);
  if (promos.length === 0) return <EmptyState text={t('promo.none')} />;
  return (
    <div className={styles.grid}>
      {promos.map((p) => (
        <PromotionCard key={p.id} promo={p} />
      ))}
    </div>
  );
}
