import { BadgePercent } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader, PageSection } from '../../components/layout/page-header.tsx';
import { PromotionCards } from '../../features/notices/components/promotion-cards.tsx';

/** /promotions: every promotion notice (PR). */
export function PromotionsPage() {
  const { t } = useTranslation();
  return (
    <div className="container" data-testid="promotions-page">
      <PageHeader icon={BadgePercent} hue="#c9961a" title={t('nav.promotions')} subtitle={t('promo.subtitle')} />
      <PageSection title={t('promo.current')}>
        <PromotionCards />
      </PageSection>
    </div>
  );
}
