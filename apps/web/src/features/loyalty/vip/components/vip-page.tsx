import { Cake, Crown, Gauge, Headphones, ShieldCheck, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CardGrid, InfoCard, PageHeader, PageSection, Panel } from '../../../../components/layout/page-header.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../../components/ui/load-failed.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { formatMoney } from '../../../../lib/format.ts';
import { openModal } from '../../../../stores/ui-store.ts';
import { useSessionStore } from '../../../auth/session-store.ts';
import { useVipLevels } from '../api/get-vip-levels.ts';
import { BirthdayForm } from './birthday-form.tsx';
import { VipCard } from './vip-card.tsx';
import { VipLevelTable } from './vip-level-table.tsx';
import styles from './vip.module.css';

/** /vip (issue 18): the level table for everyone; a member's card with the way up and what keeps the level; the birthday. */
export function VipPageBody() {
  const { t } = useTranslation();
  const token = useSessionStore((s) => s.token);
  const vip = useVipLevels(token);
  const me = vip.data?.me ?? null;
  const levels = vip.data?.levels ?? [];
  const mine = me ? levels.find((l) => l.level === me.level) : undefined;

  return (
    <div className="container" data-testid="vip-page">
      <PageHeader
        icon={Crown}
        hue="#c9961a"
        title={t('vip.title')}
        subtitle={t('vip.subtitle')}
        aside={
          token ? (
            <div className={styles.asideLevel}>
              <span className={styles.asideLabel}>{t('vip.yourLevel')}</span>
              {me ? (
                <span className={styles.levelBadge} data-testid="vip-header-level">
                  <Crown size={14} aria-hidden />
                  VIP {me.level} · {me.name}
                </span>
              ) : (
                <Skeleton width={120} height={28} radius={999} />
              )}
            </div>
          ) : (
            <Button onClick={() => openModal({ name: 'login' })} data-testid="vip-login">
              {t('vip.loginToSee')}
            </Button>
          )
        }
      />
      {token && (
        <PageSection icon={Gauge} title={t('vip.myStatus')} testId="vip-my-status">
          {vip.isPending ? (
            <Skeleton height={180} radius={10} />
          ) : vip.isError ? (
            <Panel>
              <LoadFailed onRetry={() => void vip.refetch()} />
            </Panel>
          ) : me ? (
            <VipCard me={me} levels={levels} />
          ) : null}
        </PageSection>
      )}
      {!token && (
        <div className={styles.prompt} style={{ marginTop: 'var(--space-5)' }} data-testid="vip-visitor-prompt">
          <span>{t('vip.visitorPrompt')}</span>
          <Button variant="secondary" onClick={() => openModal({ name: 'register' })}>
            {t('auth.register')}
          </Button>
        </div>
      )}
      <PageSection icon={Star} title={t('vip.levels')} testId="vip-levels-section">
        {vip.isPending ? (
          <Skeleton height={360} radius={10} />
        ) : vip.isError ? (
          <Panel>
            <LoadFailed onRetry={() => void vip.refetch()} />
          </Panel>
        ) : levels.length === 0 ? (
          <Panel>
            <EmptyState text={t('vip.noLevels')} />
          </Panel>
        ) : (
          <VipLevelTable levels={levels} current={me?.level ?? null} />
        )}
      </PageSection>
      {me && (
        <PageSection icon={Cake} title={t('vip.birthdayTitle')} testId="vip-birthday">
          <Panel>
            <BirthdayForm birthday={me.birthday} bonus={formatMoney(mine?.birthdayBonus ?? 0, true)} />
          </Panel>
        </PageSection>
      )}
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
