import { Headphones } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { RichHtml } from '../../../components/ui/rich-html.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { helpArticlePath } from '../../../config/paths.ts';
import { useHelpCenter } from '../api/get-help-center.ts';
import { usePermission } from '../api/get-status.ts';
import { isExternalUrl, sidebarEntries } from '../resources.ts';
import styles from './help-centre.module.css';

/** Customer-service channels, shown on ?topic=contact (where the live-chat resource points). */
function ContactChannels() {
  const { t } = useTranslation();
  const { info } = usePermission();
  const channels = sidebarEntries(info).filter((e) => e.type.startsWith('CS_') && isExternalUrl(e.url));
  return (
    <section data-testid="help-contact">
      <p className={styles.crumb}>{t('help.contactTitle')}</p>
      <h1 className={styles.title}>{t('help.contactHeading')}</h1>
      {channels.length === 0 ? (
        <EmptyState compact text={t('help.noContact')} />
      ) : (
        <div className={styles.contact}>
          {channels.map((c) => (
            <a key={c.url} className={styles.contactCard} href={c.url} target="_blank" rel="noopener noreferrer">
              <Headphones size={22} aria-hidden />
              <span>
                {c.label}
                <span className={styles.contactUrl}>{c.url.replace(/^https?:\/\//, '')}</span>
              </span>
            </a>
          ))}
        </div>
      )}
    </section>
  );
}

/** Help centre from GET /wps/system/helpCenter; `bare` is /helpmc, without the portal chrome. */
export function HelpCentre({ bare = false }: { bare?: boolean }) {
  const { t } = useTranslation();
  const { data, isPending } = useHelpCenter();
  const [params] = useSearchParams();
  const categories = data?.categories ?? [];
  const articleId = Number(params.get('id'));
  const categoryId = Number(params.get('category'));
  const contact = params.get('topic') === 'contact';

  const category =
    categories.find((c) => c.articles.some((a) => a.id === articleId)) ?? categories.find((c) => c.id === categoryId) ?? categories[0];
  const article = category?.articles.find((a) => a.id === articleId) ?? category?.articles[0];

  return (
    <div className={bare ? `${styles.layout} ${styles.bare}` : `container ${styles.layout}`} data-testid="help-centre">
      <nav className={styles.nav} aria-label={t('help.title')}>
        {isPending
          ? Array.from({ length: 4 }, (_, i) => <Skeleton key={i} height={64} />)
          : categories.map((c) => (
              <div key={c.id} className={styles.category} data-active={c.id === category?.id || undefined}>
                <span className={styles.categoryTitle}>{c.title}</span>
                {c.articles.map((a) => (
                  <Link
                    key={a.id}
                    className={styles.article}
                    to={helpArticlePath(a.id, bare)}
                    aria-current={!contact && a.id === article?.id ? 'page' : undefined}
                  >
                    {a.title}
                  </Link>
                ))}
              </div>
            ))}
      </nav>
      <article className={styles.content}>
        {contact ? (
          <ContactChannels />
        ) : isPending ? (
          <>
            <Skeleton width={120} height={12} />
            <Skeleton width="60%" height={28} />
            <Skeleton height={120} />
          </>
        ) : article && category ? (
          <>
            <p className={styles.crumb}>{category.title}</p>
            <h1 className={styles.title}>{article.title}</h1>
            <RichHtml html={article.content} testId="help-article" />
          </>
        ) : (
          <EmptyState text={t('help.none')} />
        )}
      </article>
    </div>
  );
}
