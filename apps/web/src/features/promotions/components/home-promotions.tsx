import { ArrowRight, Percent } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageSection } from '../../../components/layout/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { ActivityList } from './activity-list.tsx';
import styles from './promotions.module.css';

/**
 * The home page's promotions: three activity cards and a link to all. The whole section loads after the first paint
 * (its title and icons too), so the home page's first script carries none of it.
 */
export function HomePromotions() {
  const { t } = useTranslation();
  return (
    <PageSection
      icon={Percent}
      title={t('nav.promotions')}
      testId="home-promotions"
      action={
        <Link className={styles.viewAll} to={paths.promotions}>
          {t('common.viewAll')}
          <ArrowRight size={14} aria-hidden className="flip-rtl" />
        </Link>
      }
    >
      <ActivityList limit={3} />
    </PageSection>
  );
}
