import { BadgePercent } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ACTIVITY_CATEGORIES, type TActivityCategory } from '@playhall/contract/calls/promotions';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { ActivityList } from './activity-list.tsx';
import styles from './promotions.module.css';

type TTab = TActivityCategory | 'all';

const isCategory = (v: string | null): v is TActivityCategory => (ACTIVITY_CATEGORIES as readonly string[]).includes(v ?? '');

/** /promotions: the activities by category (?category=), each card with the member's own status. */
export function PromotionsPageBody() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('category');
  const category = isCategory(raw) ? raw : undefined;
  const tabs = (['all', ...ACTIVITY_CATEGORIES] as const).map((c) => ({
    value: c as TTab,
    label: c === 'all' ? t('promotions.all') : t(`promotions.category.${c}`),
    testId: `promo-tab-${c}`,
  }));
  return (
    <div className="container" data-testid="promotions-page">
      <PageHeader icon={BadgePercent} hue="#c9961a" title={t('nav.promotions')} subtitle={t('promo.subtitle')} />
      <div className={styles.tabs}>
        <Tabs
          items={tabs}
          value={category ?? 'all'}
          label={t('promotions.tabsLabel')}
          idPrefix="promo"
          onChange={(v) => setParams(v === 'all' ? {} : { category: v }, { replace: true })}
        />
      </div>
      <div id="promo-panel" role="tabpanel">
        <ActivityList category={category} />
      </div>
    </div>
  );
}
