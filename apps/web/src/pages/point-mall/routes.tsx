import { Coins, Gift, Infinity as InfinityIcon, ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CardGrid, InfoCard, PageHeader, PageSection, Panel } from '../../components/layout/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { useSessionStore } from '../../features/auth/session-store.ts';
import { openModal } from '../../stores/ui-store.ts';

/** /pointMall (header and footer only): rewards to redeem with points; points never expire (spec §9). */
export function PointMallPage() {
  const { t } = useTranslation();
  const token = useSessionStore((s) => s.token);
  return (
    <div className="container" data-testid="point-mall-page">
      <PageHeader
        icon={Gift}
        hue="#e0533f"
        title={t('pointMall.title')}
        subtitle={t('pointMall.subtitle')}
        aside={!token && <Button onClick={() => openModal({ name: 'login' })}>{t('pointMall.login')}</Button>}
      />
      <PageSection icon={Gift} title={t('pointMall.rewards')}>
        <Panel>
          <EmptyState text={t('pointMall.noRewards')} />
        </Panel>
      </PageSection>
      <PageSection title={t('pointMall.rulesTitle')}>
        <CardGrid>
          <InfoCard icon={Coins} title={t('pointMall.earnTitle')}>
            {t('pointMall.earnText')}
          </InfoCard>
          <InfoCard icon={ListChecks} title={t('pointMall.redeemTitle')}>
            {t('pointMall.redeemText')}
          </InfoCard>
          <InfoCard icon={InfinityIcon} title={t('pointMall.expiryTitle')}>
            {t('pointMall.expiryText')}
          </InfoCard>
        </CardGrid>
      </PageSection>
    </div>
  );
}
