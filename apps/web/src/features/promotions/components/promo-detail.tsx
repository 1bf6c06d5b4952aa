import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { checkIn, claimReward, joinActivity, type TActivityAction, type TActivityDetail, type TActivityKind } from '@playhall/contract/calls/promotions';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { RichHtml } from '../../../components/ui/rich-html.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { call } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { createRequestIdSlot } from '../../../lib/money-input.ts';
import { showDialog } from '../../../stores/dialog-store.ts';
import { openModal } from '../../../stores/ui-store.ts';
import { useSessionStore } from '../../auth/session-store.ts';
import { afterMoneyMoved } from '../../wallet/api/get-merchant-wallet.ts';
import { rewardLine } from '../activity-text.ts';
import { useActivityDetail } from '../api/get-activity-detail.ts';
import { showActivityError } from './activity-error.ts';
import { ApplicationStatus, CheckInSection, ProgressSection, TiersSection } from './activity-sections.tsx';
import { ActivityArt, ActivityStatusBadge } from './activity-status.tsx';
import { ApplicationForm } from './application-form.tsx';
import { RaffleSection } from './raffle-section.tsx';
import styles from './promotions.module.css';

/** The side card: period, reward, limit, the member's status, one button per action and why not, if not. */
function ActionCard({ activity }: { activity: TActivityDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const token = useSessionStore((s) => s.token);
  const [pending, setPending] = useState<TActivityAction | null>(null);
  const [slot] = useState(createRequestIdSlot);

  async function run(action: TActivityAction) {
    if (action === 'apply') {
      document.querySelector<HTMLTextAreaElement>('[data-testid="apply-remark"]')?.focus();
      return;
    }
    setPending(action);
    try {
      const requestId = slot.take();
      if (action === 'join') {
        await call(joinActivity, { requestId, id: activity.id });
        showDialog({ icon: 'success', title: activity.title, text: t('promotions.joined') });
      } else if (action === 'checkIn') {
        const done = await call(checkIn, { requestId, id: activity.id });
        showDialog({ icon: 'success', title: activity.title, text: t('promotions.checkedIn', { streak: done.streak, amount: formatMoney(done.amount, true) }) });
      } else if (activity.claimRewardId !== null) {
        const done = await call(claimReward, { requestId, rewardId: activity.claimRewardId });
        showDialog({ icon: 'success', title: activity.title, text: t('promotions.claimedAmount', { amount: formatMoney(done.amount, true) }) });
      }
      slot.reset();
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['promotions'] }), afterMoneyMoved(queryClient, token)]);
    } catch (err) {
      // A refusal is an answer: the next press is a new request.
      if (isApiError(err) && err.status > 0) slot.reset();
      showActivityError(err);
    } finally {
      setPending(null);
    }
  }

  const reasons = activity.ineligible.filter((r) => r !== 'login');
  return (
    <aside className={styles.side}>
      <div className={styles.panel} data-testid="promo-actions">
        <div className={styles.panelBody}>
          <div className={styles.appHead}>
            <ActivityStatusBadge status={activity.status} testId="promo-status" />
            <span className={styles.muted}>{t(`promotions.kind.${activity.kind}`)}</span>
          </div>
          <dl className={styles.facts}>
            <dt>{t('promotions.periodLabel')}</dt>
            <dd>{t('promotions.period', { from: formatDateTime(activity.startsAt), to: formatDateTime(activity.endsAt) })}</dd>
            <dt>{t('promotions.rewardLabel')}</dt>
            <dd data-testid="promo-reward">{rewardLine(activity.reward, activity.turnoverMultiple, t)}</dd>
            {activity.perMemberLimit !== null && token && (
              <>
                <dt>{t('promotions.limitLabel')}</dt>
                <dd>{t('promotions.limitValue', { granted: activity.granted, limit: activity.perMemberLimit })}</dd>
              </>
            )}
          </dl>
          {!token ? (
            <Button size="lg" block onClick={() => openModal({ name: 'login' })} data-testid="promo-login">
              {t('promotions.loginToJoin')}
            </Button>
          ) : (
            activity.actions.length > 0 && (
              <div className={styles.actions}>
                {activity.actions.map((a) => (
                  <Button key={a} size="lg" block disabled={pending !== null} onClick={() => void run(a)} data-testid={`promo-action-${a}`}>
                    {t(`promotions.action.${a}`)}
                  </Button>
                ))}
              </div>
            )
          )}
          {token && reasons.length > 0 && (
            <ul className={styles.reasons} data-testid="promo-ineligible">
              <li className={styles.reasonsTitle}>{t('promotions.ineligibleTitle')}</li>
              {reasons.map((r) => (
                <li key={r}>{t(`promotions.ineligible.${r}`)}</li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </aside>
  );
}

/** The kinds whose reward follows the member's deposits, bets or losses: their page shows those figures. */
const PROGRESS_KINDS = new Set<TActivityKind>(['firstDeposit', 'reload', 'cashback', 'turnoverTiers', 'raffle']);

function DetailSkeleton() {
  return (
    <div className={`container ${styles.layout}`} data-testid="promo-detail-loading">
      <Skeleton height={560} radius={10} />
      <Skeleton height={320} radius={10} />
    </div>
  );
}

/** /promoDetail?id=: an activity's terms, the member's progress and what they can do now (issue 17). */
export function PromoDetailBody() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = useSessionStore((s) => s.token);
  const id = Number(params.get('id'));
  const detail = useActivityDetail(token, id);
  const valid = Number.isSafeInteger(id) && id > 0;

  if (valid && detail.isPending) return <DetailSkeleton />;
  const notFound = !valid || (detail.isError && isApiError(detail.error) && detail.error.status === 404);
  if (notFound || !detail.data) {
    return (
      <div className="container" data-testid="promo-detail-page">
        {detail.isError && !notFound ? (
          <LoadFailed onRetry={() => void detail.refetch()} />
        ) : (
          <EmptyState
            text={t('promo.notFound')}
            testId="promo-not-found"
            action={
              <Link className={buttonClass('primary')} to={paths.promotions}>
                {t('promo.all')}
              </Link>
            }
          />
        )}
      </div>
    );
  }

  const a = detail.data;
  const canApply = a.actions.includes('apply');
  return (
    <div className="container" data-testid="promo-detail-page" data-id={a.id}>
      <Link className={styles.back} to={paths.promotions}>
        <ArrowLeft size={16} aria-hidden className="flip-rtl" />
        {t('promo.all')}
      </Link>
      <div className={styles.layout}>
        <div className={styles.main}>
          <article className={styles.panel}>
            <ActivityArt kind={a.kind} image={a.imageUrl} size={80} banner />
            <div className={styles.panelBody}>
              <h1 className={styles.heading}>{a.title}</h1>
              {a.summary && <p className={styles.summary}>{a.summary}</p>}
              <p className={styles.rewardLine}>
                <Sparkles size={16} aria-hidden />
                {rewardLine(a.reward, a.turnoverMultiple, t)}
              </p>
              {a.termsHtml.trim() !== '' && (
                <>
                  <h2 className={styles.sectionTitle}>{t('promotions.terms')}</h2>
                  <RichHtml html={a.termsHtml} testId="promo-terms" />
                </>
              )}
            </div>
          </article>
          {a.progress && PROGRESS_KINDS.has(a.kind) && <ProgressSection progress={a.progress} />}
          {a.checkIn && <CheckInSection checkIn={a.checkIn} />}
          {a.tiers && a.tiers.length > 0 && <TiersSection tiers={a.tiers} />}
          {a.raffle && <RaffleSection activityId={a.id} raffle={a.raffle} />}
          {a.kind === 'proof' && token && (a.application || canApply) && (
            <section className={styles.panel} data-testid="promo-apply">
              <div className={styles.panelBody}>
                <h2 className={styles.sectionTitle}>{t('promotions.apply.title')}</h2>
                {a.application && <ApplicationStatus application={a.application} canApply={canApply} />}
                {canApply && <ApplicationForm activityId={a.id} />}
              </div>
            </section>
          )}
        </div>
        <ActionCard activity={a} />
      </div>
    </div>
  );
}
