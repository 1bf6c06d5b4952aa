import { Coins, Gift, Infinity as InfinityIcon, ListChecks, ScrollText, TrendingUp } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOYALTY_CATEGORIES, type TLoyaltyCategory } from '@playhall/contract/calls/loyalty';
import type { TRedeemItem } from '@playhall/contract/calls/points';
import { CardGrid, InfoCard, PageHeader, PageSection, Panel } from '../../../../components/layout/page-header.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../../components/ui/load-failed.tsx';
import { Pagination } from '../../../../components/ui/pagination.tsx';
import { RichHtml } from '../../../../components/ui/rich-html.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { formatMoney } from '../../../../lib/format.ts';
import { openModal } from '../../../../stores/ui-store.ts';
import { useSessionStore } from '../../../auth/session-store.ts';
import { usePointBalance } from '../api/get-point-balance.ts';
import { usePointConfig } from '../api/get-point-config.ts';
import { usePointRewards } from '../api/get-point-rewards.ts';
import { formatPoints } from '../points-text.ts';
import { ConvertPanel } from './convert-panel.tsx';
import { RedeemItemCard } from './redeem-item-card.tsx';
import { RedeemItemDialog } from './redeem-item-dialog.tsx';
import styles from './points.module.css';

const PAGE_SIZE = 12;

/** The header's points balance with the two record screens of the member centre. */
function BalanceAside({ points }: { points: number | undefined }) {
  const { t } = useTranslation();
  return (
    <div className={styles.balance}>
      <span className={styles.balanceLabel}>{t('pointMall.myPoints')}</span>
      {points === undefined ? (
        <Skeleton width={120} height={30} radius={6} />
      ) : (
        <span className={`${styles.balanceValue} ${styles.gold}`} data-testid="pm-balance">
          <Coins size={22} aria-hidden />
          {formatPoints(points)}
        </span>
      )}
      <div className={styles.balanceLinks}>
        <Button size="sm" variant="ghost" onClick={() => openModal({ name: 'memberCentre', page: 'pointsDetails' })} data-testid="pm-open-details">
          {t('centre.pointsDetails')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => openModal({ name: 'memberCentre', page: 'redeemHistory' })} data-testid="pm-open-history">
          {t('centre.redeemHistory')}
        </Button>
      </div>
    </div>
  );
}

/** Points earned per category: one point for every so much valid bet. */
function EarnRates({ rates }: { rates: Partial<Record<TLoyaltyCategory, number>> }) {
  const { t } = useTranslation();
  const rows = LOYALTY_CATEGORIES.flatMap((c) => (rates[c] ? [[c, rates[c]] as const] : []));
  return (
    <section className={styles.panel} data-testid="pm-earn">
      <h3 className={styles.panelTitle}>
        <TrendingUp size={18} aria-hidden />
        {t('pointMall.earnTitle')}
      </h3>
      {rows.length === 0 ? (
        <p className={styles.muted}>{t('pointMall.earnText')}</p>
      ) : (
        <p className={styles.hint}>{t('pointMall.earnIntro')}</p>
      )}
      {rows.map(([category, perPoint]) => (
          <div key={category} className={styles.rateLine} data-testid={`pm-earn-${category}`}>
            <span>{t(`category.${category}`)}</span>
            <span>{t('pointMall.earnRate', { amount: formatMoney(perPoint, true) })}</span>
          </div>
        ))}
      <p className={styles.hint}>{t('pointMall.expiryText')}</p>
    </section>
  );
}

/** /pointMall (issue 18): the member's points, the catalogue with its redeem dialog, how points are earned, convert. */
export function PointMallPageBody() {
  const { t } = useTranslation();
  const token = useSessionStore((s) => s.token);
  const [page, setPage] = useState(1);
  const [redeeming, setRedeeming] = useState<TRedeemItem | null>(null);
  const balance = usePointBalance(token);
  const config = usePointConfig();
  const rewards = usePointRewards(page, PAGE_SIZE);
  const points = balance.data?.points;

  return (
    <div className="container" data-testid="point-mall-page">
      <PageHeader
        icon={Gift}
        hue="#e0533f"
        title={t('pointMall.title')}
        subtitle={t('pointMall.subtitle')}
        aside={
          token ? (
            <BalanceAside points={points} />
          ) : (
            <Button onClick={() => openModal({ name: 'login' })} data-testid="pm-login">
              {t('pointMall.login')}
            </Button>
          )
        }
      />
      <div className={styles.layout}>
        <PageSection icon={Gift} title={t('pointMall.rewards')} testId="pm-catalogue">
          {rewards.isPending ? (
            <div className={styles.grid}>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} height={300} radius={10} />
              ))}
            </div>
          ) : rewards.isError ? (
            <Panel>
              <LoadFailed onRetry={() => void rewards.refetch()} />
            </Panel>
          ) : rewards.data.list.length === 0 ? (
            <Panel>
              <EmptyState text={t('pointMall.noRewards')} testId="pm-empty" />
            </Panel>
          ) : (
            <>
              <div className={styles.grid}>
                {rewards.data.list.map((item) => (
                  <RedeemItemCard
                    key={item.id}
                    item={item}
                    loggedIn={token !== null}
                    onRedeem={() => (token ? setRedeeming(item) : openModal({ name: 'login' }))}
                  />
                ))}
              </div>
              {rewards.data.total > PAGE_SIZE && (
                <div className={styles.tableFoot} style={{ marginTop: 'var(--space-4)', justifyContent: 'center' }}>
                  <Pagination page={page} total={Math.ceil(rewards.data.total / PAGE_SIZE)} onChange={setPage} />
                </div>
              )}
            </>
          )}
        </PageSection>
        <PageSection icon={Coins} title={t('pointMall.earnAndConvert')} testId="pm-side">
          <div className={styles.side}>
            {config.isPending ? (
              <Skeleton height={200} radius={10} />
            ) : config.isError ? (
              <Panel>
                <LoadFailed onRetry={() => void config.refetch()} />
              </Panel>
            ) : (
              <>
                <EarnRates rates={config.data.earnRates} />
                {token && points !== undefined && <ConvertPanel config={config.data} balance={points} />}
                {config.data.rules && (
                  <section className={styles.panel} data-testid="pm-rules">
                    <h3 className={styles.panelTitle}>
                      <ScrollText size={18} aria-hidden />
                      {t('pointMall.rules')}
                    </h3>
                    <RichHtml html={config.data.rules} className={styles.muted} />
                  </section>
                )}
              </>
            )}
          </div>
        </PageSection>
      </div>
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
      {redeeming && points !== undefined && <RedeemItemDialog item={redeeming} balance={points} onOpenChange={(open) => !open && setRedeeming(null)} />}
    </div>
  );
}
