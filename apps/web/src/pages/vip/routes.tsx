import { Crown, Headphones, ShieldCheck, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CardGrid, InfoCard, PageHeader, PageSection, Panel } from '../../components/layout/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { useSessionStore } from '../../features/auth/session-store.ts';
import { openModal } from '../../stores/ui-store.ts';

/** /vip: the member's VIP level when logged in; the level table is published by the operator. */
export function VipPage() {
  const { t } = useTranslation();
  const token = useSessionStore((s) => s.token);
  const member = useSessionStore((s) => s.member);
  return (
    <div className="container" data-testid="vip-page">
      <PageHeader
        icon={Crown}
        hue="#c9961a"
        title={t('vip.title')}
        subtitle={t('vip.subtitle')}
        aside={
          token ? (
            <Panel>
              <strong>{t('vip.yourLevel')}</strong>
              <div style={{ fontSize: 28, fontWeight: 800, color: 'var(--accent)' }} className="tabular">
                {member ? `VIP ${member.vipLevel}` : '—'}
              </div>
            </Panel>
          ) : (
            <Button onClick={() => openModal({ name: 'login' })}>{t('vip.loginToSee')}</Button>
          )
        }
      />
      <PageSection icon={Star} title={t('vip.levels')}>
        <Panel>
          <EmptyState text={t('vip.noLevels')} />
        </Panel>
      </PageSection>
      <PageSection title={t('vip.howTitle')}>
        <CardGrid>
          <InfoCard step={1} title={t('vip.how1Title')}>
            {t('vip.how1Text')}
          </InfoCard>
          <InfoCard step={2} title={t('vip.how2Title')}>
            {t('vip.how2Text')}
          </InfoCard>
          <InfoCard step={3} title={t('vip.how3Title')}>
            {t('vip.how3Text')}
          </InfoCard>
        </CardGrid>
      </PageSection>
      <PageSection title={t('vip.serviceTitle')}>
        <CardGrid columns={2}>
          <InfoCard icon={Headphones} title={t('vip.serviceCsTitle')}>
            {t('vip.serviceCsText')}
          </InfoCard>
          <InfoCard icon={ShieldCheck} title={t('vip.serviceSafeTitle')}>
            {t('vip.serviceSafeText')}
          </InfoCard>
        </CardGrid>
      </PageSection>
    </div>
  );
}
