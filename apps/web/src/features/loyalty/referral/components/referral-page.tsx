import { useQueryClient } from '@tanstack/react-query';
import { Check, Copy, Gift, Link2, UserCheck, Users } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { bindReferral, REFERRAL_STATES } from '@playhall/contract/calls/loyalty';
import { Button } from '../../../../components/ui/button.tsx';
import { CardSection } from '../../../../components/ui/card-section.tsx';
import { DataTable } from '../../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { LoadFailed } from '../../../../components/ui/load-failed.tsx';
import { MoneyText } from '../../../../components/ui/money-text.tsx';
import { Pagination } from '../../../../components/ui/pagination.tsx';
import { RefreshButton } from '../../../../components/ui/refresh-button.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { Tabs } from '../../../../components/ui/tabs.tsx';
import { call } from '../../../../lib/api-client.ts';
import { showErrorDialog } from '../../../../lib/error-dialog.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { showDialog } from '../../../../stores/dialog-store.ts';
import { rewardText } from '../../missions/mission-text.ts';
import { useInvitees, useReferralInfo, type TReferralState } from '../api/referral.ts';
import { qrPath } from '../qr-path.ts';
import { invitationUrl, termLines } from '../referral-text.ts';
import styles from './referral.module.css';

const PAGE_SIZE = 10;
type TFilter = TReferralState | 'all';
const STATE_TONE = { registered: styles.toneNeutral, deposited: styles.tonePending, qualified: styles.toneOk, notQualified: styles.toneBad } as const;

/** A value the member copies: shown in full, with a Copy button that says when it worked. */
function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      showDialog({ icon: 'info', title: label, text: t('referral.copyByHand', { value }) });
    }
  }
  return (
    <div className={styles.copyField}>
      <span className={styles.copyLabel}>{label}</span>
      <div className={styles.copyRow}>
        <output className={styles.copyValue} title={value} data-testid={testId}>
          {value}
        </output>
        <Button variant="secondary" size="sm" onClick={() => void copy()} data-testid={`${testId}-copy`} aria-label={`${t('referral.copy')}: ${label}`}>
          {copied ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
          {copied ? t('referral.copied') : t('referral.copy')}
        </Button>
      </div>
    </div>
  );
}

function QrCode({ text }: { text: string }) {
  const { t } = useTranslation();
  const { size, path } = useMemo(() => qrPath(text), [text]);
  return (
    <figure className={styles.qr}>
      <svg viewBox={`0 0 ${size} ${size}`} role="img" aria-label={t('referral.qrAlt')} shapeRendering="crispEdges" data-testid="ref-qr" data-text={text}>
        <rect width={size} height={size} fill="#fff" />
        <path d={path} fill="#0e1320" />
      </svg>
      <figcaption>{t('referral.qrHint')}</figcaption>
    </figure>
  );
}

/** Linking an inviter's code, for a member who registered without one and within the days allowed. */
function BindForm({ until }: { until: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!code.trim()) return;
    setBusy(true);
    try {
      const done = await call(bindReferral, { code: code.trim() });
      showDialog({ icon: 'success', title: t('referral.bindDoneTitle'), text: t('referral.bindDone', { inviter: done.inviter }) });
      setCode('');
      await queryClient.invalidateQueries({ queryKey: ['referral'] });
    } catch (err) {
      showErrorDialog(err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className={styles.bind} onSubmit={(e) => void submit(e)} data-testid="ref-bind">
      <h4 className={styles.subTitle}>{t('referral.bindTitle')}</h4>
      <p className={styles.muted}>{t('referral.bindText', { time: formatDateTime(until, { offset: true }) })}</p>
      <div className={styles.bindRow}>
        <Input
          label={t('referral.bindLabel')}
          value={code}
          maxLength={32}
          autoComplete="off"
          onChange={(e) => setCode(e.target.value)}
          data-testid="ref-bind-code"
        />
        <Button type="submit" disabled={busy || !code.trim()} data-testid="ref-bind-submit">
          <Link2 size={14} aria-hidden />
          {t('referral.bindSubmit')}
        </Button>
      </div>
    </form>
  );
}

function Invitees() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<TFilter>('all');
  const [page, setPage] = useState(1);
  const list = useInvitees(filter === 'all' ? undefined : filter, page, PAGE_SIZE);
  const tabs = (['all', ...REFERRAL_STATES] as const).map((s) => ({
    value: s as TFilter,
    label: s === 'all' ? t('referral.filterAll') : t(`referral.state.${s}`),
    testId: `ref-filter-${s}`,
  }));
  return (
    <CardSection
      title={t('referral.invitees')}
      testId="ref-invitees"
      actions={<RefreshButton label={t('records.refresh')} busy={list.isFetching} onClick={() => void list.refetch()} testId="ref-invitees-refresh" />}
    >
      <Tabs
        items={tabs}
        value={filter}
        label={t('referral.filterLabel')}
        onChange={(v) => {
          setFilter(v);
          setPage(1);
        }}
      />
      {list.isPending ? (
        <Skeleton height={160} radius={10} />
      ) : list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : list.data.list.length === 0 ? (
        <EmptyState compact text={filter === 'all' ? t('referral.empty') : t('referral.emptyFiltered')} testId="ref-invitees-empty" />
      ) : (
        <>
          <DataTable
            rows={list.data.list}
            rowKey={(r) => r.id}
            testId="ref-table"
            columns={[
              { key: 'member', header: t('referral.colMember'), cell: (r) => <span data-testid="ref-member">{r.member}</span> },
              { key: 'registeredAt', header: t('referral.colRegistered'), cell: (r) => formatDateTime(r.registeredAt) },
              {
                key: 'state',
                header: t('referral.colState'),
                wrap: true,
                cell: (r) => (
                  <span className={styles.stateCell}>
                    <span className={`${styles.pill} ${STATE_TONE[r.state]}`} data-testid="ref-state" data-state={r.state}>
                      {t(`referral.state.${r.state}`)}
                    </span>
                    {r.reason && (
                      <span className={styles.muted} data-testid="ref-reason">
                        {t(`referral.reason.${r.reason}`)}
                      </span>
                    )}
                  </span>
                ),
              },
              {
                key: 'reward',
                header: t('referral.colReward'),
                numeric: true,
                cell: (r) => <span data-testid="ref-reward">{r.reward ? rewardText(r.reward, t) : '—'}</span>,
              },
            ]}
          />
          <div className={styles.pager}>
            <span className={styles.muted}>{t('records.count', { count: list.data.total })}</span>
            <Pagination page={page} total={Math.ceil(list.data.total / PAGE_SIZE)} onChange={setPage} />
          </div>
        </>
      )}
    </CardSection>
  );
}

/**
 * referral (member centre "invite friends"): the member's code and link with copy buttons and the link's QR code,
 * the terms a friend must meet in words, what the invitations earned, the invitees with their state, and the form
 * to link an inviter's code while that is still possible.
 */
export function ReferralPage() {
  const { t } = useTranslation();
  const info = useReferralInfo();

  if (info.isPending) {
    return (
      <>
        <Skeleton height={220} radius={10} />
        <Skeleton height={160} radius={10} />
      </>
    );
  }
  if (info.isError) return <LoadFailed onRetry={() => void info.refetch()} />;
  const { code, link, terms, totals, inviter, bindUntil } = info.data;
  const url = invitationUrl(link, window.location.origin);
  return (
    <>
      <CardSection
        title={t('centre.referral')}
        testId="ref-section"
        actions={<RefreshButton label={t('records.refresh')} busy={info.isFetching} onClick={() => void info.refetch()} testId="ref-refresh" />}
      >
        <p className={styles.intro}>{t('referral.intro')}</p>
        <div className={styles.share}>
          <div className={styles.shareFields}>
            <CopyField label={t('referral.code')} value={code} testId="ref-code" />
            <CopyField label={t('referral.link')} value={url} testId="ref-link" />
          </div>
          <QrCode text={url} />
        </div>
        <div className={styles.terms} data-testid="ref-terms">
          <h4 className={styles.subTitle}>{t('referral.termsTitle')}</h4>
          <ol className={styles.termList}>
            {termLines(terms, t).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
          <p className={styles.rewardLine}>
            <Gift size={16} aria-hidden />
            <span data-testid="ref-terms-reward">{t('referral.termReward', { reward: rewardText(terms.reward, t) })}</span>
          </p>
          <p className={styles.muted}>{t('referral.termOnce')}</p>
        </div>
        <div className={styles.stats}>
          <div className={styles.stat}>
            <span className={styles.statLabel}>
              <Users size={14} aria-hidden />
              {t('referral.totalInvited')}
            </span>
            <span className={styles.statValue} data-testid="ref-total-invited">
              {totals.invited.toLocaleString('en-US')}
            </span>
          </div>
          <div className={styles.stat}>
            <span className={styles.statLabel}>
              <UserCheck size={14} aria-hidden />
              {t('referral.totalQualified')}
            </span>
            <span className={styles.statValue} data-testid="ref-total-qualified">
              {totals.qualified.toLocaleString('en-US')}
            </span>
          </div>
          <div className={styles.stat}>
            <span className={styles.statLabel}>
              <Gift size={14} aria-hidden />
              {t('referral.totalRewarded')}
            </span>
            <span className={styles.statValue}>
              <MoneyText minor={totals.rewarded} currency testId="ref-total-rewarded" />
              {totals.rewardedPoints > 0 && (
                <span className={styles.statExtra} data-testid="ref-total-points">
                  {t('promotions.reward.points', { count: totals.rewardedPoints })}
                </span>
              )}
            </span>
          </div>
        </div>
        {inviter ? (
          <p className={styles.inviter} data-testid="ref-inviter">
            <UserCheck size={16} aria-hidden />
            {t('referral.invitedBy', { inviter })}
          </p>
        ) : bindUntil ? (
          <BindForm until={bindUntil} />
        ) : null}
      </CardSection>
      <Invitees />
    </>
  );
}
