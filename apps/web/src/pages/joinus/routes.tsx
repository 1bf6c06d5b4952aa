import { CalendarDays, Clock, Handshake, Timer, TrendingUp, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CardGrid, InfoCard, PageHeader, PageSection } from '../../components/layout/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useSessionStore } from '../../features/auth/session-store.ts';
import { useFlag } from '../../features/system/flags.ts';
import { openModal } from '../../stores/ui-store.ts';

/** /join: the agent programme — the contract kinds and periods of spec §1. */
export function JoinPage() {
  const { t } = useTranslation();
  const token = useSessionStore((s) => s.token);
  const directRegister = useFlag('DIRECTREG3');
  return (
    <div className="container" data-testid="join-page">
      <PageHeader
        icon={Handshake}
        hue="#1f8a5b"
        eyebrow={t('join.eyebrow')}
        title={t('join.title')}
        subtitle={t('join.subtitle')}
        aside={!token && directRegister && <Button size="lg" onClick={() => openModal({ name: 'register' })}>{t('join.cta')}</Button>}
      />
      <PageSection title={t('join.contractsTitle')}>
        <CardGrid columns={4}>
          <InfoCard icon={TrendingUp} title={t('join.dividendTitle')}>
            {t('join.dividendText')}
          </InfoCard>
          <InfoCard icon={CalendarDays} title={t('join.dailyTitle')}>
            {t('join.dailyText')}
          </InfoCard>
          <InfoCard icon={Clock} title={t('join.hourlyTitle')}>
            {t('join.hourlyText')}
          </InfoCard>
          <InfoCard icon={Timer} title={t('join.realtimeTitle')}>
            {t('join.realtimeText')}
          </InfoCard>
        </CardGrid>
      </PageSection>
      <PageSection icon={Users} title={t('join.stepsTitle')}>
        <CardGrid columns={4}>
          <InfoCard step={1} title={t('join.step1Title')}>
            {t('join.step1Text')}
          </InfoCard>
          <InfoCard step={2} title={t('join.step2Title')}>
            {t('join.step2Text')}
          </InfoCard>
          <InfoCard step={3} title={t('join.step3Title')}>
            {t('join.step3Text')}
          </InfoCard>
          <InfoCard step={4} title={t('join.step4Title')}>
            {t('join.step4Text')}
          </InfoCard>
        </CardGrid>
      </PageSection>
    </div>
  );
}
