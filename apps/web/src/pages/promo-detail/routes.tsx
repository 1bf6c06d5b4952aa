import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { RichHtml } from '../../components/ui/rich-html.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { paths, promoDetailPath } from '../../config/paths.ts';
import { useAnnouncements } from '../../features/notices/api/get-announcements.ts';
import { imageUrl } from '../../lib/image-url.ts';
import styles from './promo-detail.module.css';

/** /promoDetail?id=: one promotion notice (PR) with its sanitised content. */
export function PromoDetailPage() {
  const { t } = useTranslation();
  const { data, isPending } = useAnnouncements();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const promos = data?.promotion ?? [];
  const promo = promos.find((p) => p.id === id);

  if (isPending) {
    return (
      <div className={`container ${styles.layout}`}>
        <Skeleton height={520} radius={10} />
        <Skeleton height={320} radius={10} />
      </div>
    );
  }

  if (!promo) {
    return (
      <div className="container" data-testid="promo-detail-page">
        <EmptyState
          text={t('promo.notFound')}
          action={
            <Link className={buttonClass('primary')} to={paths.promotions}>
              {t('promo.all')}
            </Link>
          }
        />
      </div>
    );
  }

  const others = promos.filter((p) => p.id !== promo.id);
  return (
    <div className="container" data-testid="promo-detail-page">
      <Link className={styles.back} to={paths.promotions}>
        <ArrowLeft size={16} aria-hidden className="flip-rtl" />
        {t('promo.all')}
      </Link>
      <div className={styles.layout}>
        <article className={styles.article}>
          {promo.imageUrl && <img className={styles.art} src={imageUrl(promo.imageUrl)} alt="" />}
          <div className={styles.body}>
            <time className={styles.date}>{promo.timestamp}</time>
            <h1 className={styles.title}>{promo.title}</h1>
            <RichHtml html={promo.content} testId="promo-content" />
          </div>
        </article>
        <aside className={styles.side}>
          <p className={styles.sideTitle}>{t('promo.more')}</p>
          {others.length === 0 ? (
            <EmptyState compact text={t('promo.noOthers')} />
          ) : (
            others.map((p) => (
              <Link key={p.id} className={styles.other} to={promoDetailPath(p.id)}>
                {p.imageUrl ? <img className={styles.otherArt} src={imageUrl(p.imageUrl)} alt="" loading="lazy" /> : <span className={styles.otherArt} />}
                <span className={styles.otherTitle}>{p.title}</span>
              </Link>
            ))
          )}
        </aside>
      </div>
    </div>
  );
}
