import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Building2, CheckCircle2, CircleAlert, Globe, LoaderCircle, X } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DEPOSIT_STATUSES, depositChannels, depositCreate, depositRecords, type TDeposit } from '@playhall/contract/calls/wallet';
import type { TImageUpload } from '@playhall/contract/fields';
import { Button } from '../../../components/ui/button.tsx';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { quickRange, type TDayRange } from '../../../components/ui/date-range.ts';
import { DateRangePicker } from '../../../components/ui/date-range-picker.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { RefreshButton } from '../../../components/ui/refresh-button.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { call } from '../../../lib/api-client.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { createRequestIdSlot, parseMoney } from '../../../lib/money-input.ts';
import { showDialog } from '../../../stores/dialog-store.ts';
import { getMemberInfoQueryOptions } from '../../auth/api/get-member-info.ts';
import { useSessionStore } from '../../auth/session-store.ts';
import { afterMoneyMoved } from '../api/get-merchant-wallet.ts';
import { showMoneyError } from '../money-errors.ts';
import { useReturnedDeposit } from '../use-deposit-return.ts';
import { ImagePicker } from './image-picker.tsx';
import { StatusBadge, type TTone } from './status-badge.tsx';
import styles from './wallet.module.css';

type TChannel = z.infer<typeof depositChannels.response>['channels'][number];
type TStatus = TDeposit['status'];
type TField = 'amount' | 'payerName' | 'receipt';

const PAGE_SIZE = 10;
const TONES: Record<TStatus, TTone> = { awaitingPayment: 'pending', pendingReview: 'pending', credited: 'ok', rejected: 'bad', expired: 'neutral' };

/**
 * depositv2 (spec §2): the configured channels; a bank channel takes the payer's name and a receipt for
 * the operator's review, an online channel opens the gateway's hosted payment page; then the records.
 */
export function DepositPage() {
  const { t } = useTranslation();
  const channels = useQuery({ queryKey: ['wallet', 'depositChannels'], queryFn: () => call(depositChannels, {}) });
  const [chosenId, setChosenId] = useState<number>();
  const channelList = useRef<HTMLDivElement>(null);

  const list = channels.data?.channels ?? [];
  const channel = list.find((c) => c.id === chosenId) ?? list[0];

  return (
    <>
      {/* Closed, the outcome hands the focus to the chosen channel: the next deposit starts there. */}
      <DepositOutcomeHost onClosed={() => channelList.current?.querySelector<HTMLElement>('[aria-pressed="true"]')?.focus()} />
      <CardSection title={t('centre.depositv2')} testId="dp-channels">
        {channels.isPending ? (
          <Skeleton height={120} radius={10} />
        ) : channels.isError ? (
          <LoadFailed onRetry={() => void channels.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState compact text={t('wallet.noChannels')} />
        ) : (
          <>
            <div ref={channelList} className={styles.channels} role="group" aria-label={t('wallet.channel')}>
              {list.map((c) => {
                const Icon = c.type === 'bank' ? Building2 : Globe;
                return (
                  <button key={c.id} type="button" className={styles.channel} aria-pressed={c.id === channel?.id} onClick={() => setChosenId(c.id)} data-testid={`dp-channel-${c.id}`}>
                    <span className={styles.walletHead}>
                      <Icon size={16} aria-hidden />
                      <span className={styles.walletName}>{c.name}</span>
                    </span>
                    {/* The kind, unless the channel's own name already says it. */}
                    {c.name !== t(c.type === 'bank' ? 'wallet.bankTransfer' : 'wallet.onlinePayment') && (
                      <span className={styles.muted}>{t(c.type === 'bank' ? 'wallet.bankTransfer' : 'wallet.onlinePayment')}</span>
                    )}
                    <span className={styles.muted}>
                      {formatMoney(c.minAmount)} – {formatMoney(c.maxAmount, true)}
                    </span>
                  </button>
                );
              })}
            </div>
            {channel && <DepositForm key={channel.id} channel={channel} />}
          </>
        )}
      </CardSection>
      <DepositRecords highlightId={useReturnedDeposit((s) => s.returned?.id)} />
    </>
  );
}

function DepositForm({ channel }: { channel: TChannel }) {
  const { t } = useTranslation();
  const token = useSessionStore((s) => s.token);
  const queryClient = useQueryClient();
  const { data: member } = useQuery(getMemberInfoQueryOptions(token));
  const [slot] = useState(createRequestIdSlot);
  const [amount, setAmount] = useState('');
  const [payerName, setPayerName] = useState(member?.payeeName ?? '');
  const [receipt, setReceipt] = useState<TImageUpload | null>(null);
  const [errors, setErrors] = useState<Partial<Record<TField, string>>>({});
  const [pending, setPending] = useState(false);
  const bank = channel.type === 'bank';
  const range = t('wallet.range', { min: formatMoney(channel.minAmount), max: formatMoney(channel.maxAmount) });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Partial<Record<TField, string>> = {};
    const minor = parseMoney(amount);
    if (minor === null) found.amount = t('wallet.amountInvalid');
    else if (minor < channel.minAmount || minor > channel.maxAmount) found.amount = range;
    if (bank && !payerName.trim()) found.payerName = t('validation.required');
    if (bank && !receipt) found.receipt = t('wallet.receiptRequired');
    setErrors(found);
    if (Object.keys(found).length || minor === null) return;
    setPending(true);
    try {
      const { deposit, paymentUrl } = await call(depositCreate, {
        requestId: slot.take(),
        channelId: channel.id,
        amount: minor,
        ...(bank ? { payerName: payerName.trim(), ...(receipt ? { receipt } : {}) } : {}),
      });
      slot.reset();
      if (paymentUrl) {
        // The gateway's hosted page opens in this tab; its return page brings the member back here.
        window.location.assign(paymentUrl);
        return;
      }
      setAmount('');
      setReceipt(null);
      await afterMoneyMoved(queryClient, token);
      showDialog({ icon: 'success', title: t('centre.depositv2'), text: t('wallet.depositSubmitted', { amount: formatMoney(deposit.amount, true) }) });
    } catch (err) {
      showMoneyError(err);
    } finally {
      setPending(false);
    }
  }

  return (
    <form className={styles.formNarrow} onSubmit={(e) => void submit(e)} noValidate data-testid="dp-form">
      {bank && channel.bank && (
        <dl className={styles.details} data-testid="dp-bank">
          <dt>{t('wallet.bankName')}</dt>
          <dd>{channel.bank.bankName}</dd>
          <dt>{t('wallet.accountName')}</dt>
          <dd>{channel.bank.accountName}</dd>
          <dt>{t('wallet.accountNumber')}</dt>
          <dd className="tabular">{channel.bank.accountNumber}</dd>
          {channel.bank.branch && (
            <>
              <dt>{t('wallet.branch')}</dt>
              <dd>{channel.bank.branch}</dd>
            </>
          )}
        </dl>
      )}
      <Input
        label={t('wallet.amount')}
        inputMode="decimal"
        value={amount}
        hint={range}
        error={errors.amount}
        onChange={(e) => {
          slot.reset();
          setAmount(e.target.value);
          setErrors((v) => ({ ...v, amount: undefined }));
        }}
        required
        data-testid="dp-amount"
      />
      {bank && (
        <>
          <Input
            label={t('wallet.payerName')}
            value={payerName}
            error={errors.payerName}
            onChange={(e) => {
              setPayerName(e.target.value);
              setErrors((v) => ({ ...v, payerName: undefined }));
            }}
            maxLength={128}
            required
            data-testid="dp-payer"
          />
          <ImagePicker
            label={t('wallet.receipt')}
            error={errors.receipt}
            onChange={(image) => {
              setReceipt(image);
              setErrors((v) => ({ ...v, receipt: undefined }));
            }}
            testId="dp-receipt"
          />
        </>
      )}
      <div className={styles.formActions}>
        <Button type="submit" disabled={pending} data-testid="dp-submit">
          {bank ? t('wallet.submitDeposit') : t('wallet.payOnline')}
        </Button>
      </div>
    </form>
  );
}

/** How long the page looks for the gateway's confirmation of a paid deposit (every 2 s). */
const CONFIRM_WAIT_MS = 60_000;

/** The outcome of the deposit the member came back from the gateway for, until the member closes it. */
function DepositOutcomeHost({ onClosed }: { onClosed: () => void }) {
  const returned = useReturnedDeposit((s) => s.returned);
  const clear = useReturnedDeposit((s) => s.clear);
  return returned ? (
    <DepositOutcome
      key={returned.id}
      returned={returned}
      onClose={() => {
        clear();
        onClosed();
      }}
    />
  ) : null;
}

/**
 * Back from the gateway: what became of that deposit, from its own record (deposit.records by id), looked at again
 * until the gateway's callback has credited it; the balance is loaded again once it has.
 */
function DepositOutcome({ returned, onClose }: { returned: { id: number; paid: boolean }; onClose: () => void }) {
  const { t } = useTranslation();
  const token = useSessionStore((s) => s.token);
  const queryClient = useQueryClient();
  const [since] = useState(() => Date.now());
  const record = useQuery({
    queryKey: ['wallet', 'depositRecords', 'returned', returned.id],
    queryFn: async () => (await call(depositRecords, { id: returned.id, page: 1, pageSize: 1 })).list[0] ?? null,
    refetchInterval: (q) => (returned.paid && q.state.data?.status === 'awaitingPayment' && Date.now() - since < CONFIRM_WAIT_MS ? 2000 : false),
  });
  const deposit = record.data;
  const credited = deposit?.status === 'credited';
  useEffect(() => {
    if (credited) void afterMoneyMoved(queryClient, token);
  }, [credited, queryClient, token]);
  if (record.isError || deposit === null) return null;

  const waiting = !deposit || (returned.paid && deposit.status === 'awaitingPayment');
  const gaveUp = waiting && record.dataUpdatedAt - since >= CONFIRM_WAIT_MS;
  const tone = credited ? 'ok' : waiting ? 'pending' : 'bad';
  const Icon = credited ? CheckCircle2 : waiting ? LoaderCircle : CircleAlert;
  const title = credited ? t('wallet.returned.creditedTitle') : waiting ? t('wallet.returned.waitingTitle') : t('wallet.returned.failedTitle');
  const text = credited
    ? t('wallet.returned.credited', { amount: formatMoney(deposit.amount, true) })
    : gaveUp
      ? t('wallet.returned.slow')
      : waiting
        ? t('wallet.returned.waiting')
        : t('wallet.returned.failed');
  return (
    <section className={`${styles.outcome} ${styles[`outcome_${tone}`]}`} role="status" aria-live="polite" data-testid="dp-outcome" data-status={deposit?.status ?? 'loading'}>
      <Icon size={28} className={waiting && !gaveUp ? styles.spin : undefined} aria-hidden />
      <div className={styles.outcomeBody}>
        <h3 className={styles.outcomeTitle}>{title}</h3>
        <p className={styles.outcomeText}>{text}</p>
        {deposit && (
          <dl className={styles.outcomeRecord} data-testid="dp-outcome-record">
            <dt>{t('wallet.returned.number')}</dt>
            <dd className="tabular">{deposit.id}</dd>
            <dt>{t('wallet.channel')}</dt>
            <dd>{t(deposit.channelType === 'bank' ? 'wallet.bankTransfer' : 'wallet.onlinePayment')}</dd>
            <dt>{t('records.amount')}</dt>
            <dd className="tabular">{formatMoney(deposit.amount, true)}</dd>
            <dt>{t('wallet.status')}</dt>
            <dd>
              <StatusBadge tone={TONES[deposit.status]} label={t(`wallet.depositStatus.${deposit.status}`)} />
            </dd>
            <dt>{t('records.time')}</dt>
            <dd className="tabular">{formatDateTime(deposit.createdAt, true)}</dd>
          </dl>
        )}
      </div>
      <button type="button" className={styles.outcomeClose} onClick={onClose} aria-label={t('common.close')} title={t('common.close')} data-testid="dp-outcome-close">
        <X size={16} aria-hidden />
      </button>
    </section>
  );
}

function DepositRecords({ highlightId }: { highlightId?: number }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<TDayRange>(() => quickRange('last7'));
  const [status, setStatus] = useState<TStatus | ''>('');
  const [page, setPage] = useState(1);
  const query = { ...(status ? { status } : {}), ...range };
  const records = useQuery({
    queryKey: ['wallet', 'depositRecords', query, page],
    queryFn: () => call(depositRecords, { ...query, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    // Statuses change on the server (review, payment, credit): a page opened again loads them anew.
    refetchOnMount: 'always',
  });

  return (
    <CardSection
      title={t('wallet.depositRecords')}
      testId="dp-records"
      actions={<RefreshButton label={t('records.refresh')} busy={records.isFetching} onClick={() => void records.refetch()} testId="dp-records-refresh" />}
    >
      <div className={styles.filters}>
        <Select
          className={styles.filterSelect}
          aria-label={t('wallet.status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as TStatus | '');
            setPage(1);
          }}
          options={[{ value: '', label: t('wallet.allStatuses') }, ...DEPOSIT_STATUSES.map((s) => ({ value: s, label: t(`wallet.depositStatus.${s}`) }))]}
        />
        <DateRangePicker
          value={range}
          onChange={(r) => {
            setRange(r);
            setPage(1);
          }}
          testId="dp-range"
        />
      </div>
      {records.isPending ? (
        <Skeleton height={160} radius={10} />
      ) : records.isError ? (
        <LoadFailed onRetry={() => void records.refetch()} />
      ) : records.data.list.length === 0 ? (
        <EmptyState compact text={t('wallet.noDeposits')} />
      ) : (
        <>
          <DataTable
            rows={records.data.list}
            rowKey={(r) => r.id}
            highlight={(r) => r.id === highlightId}
            testId="dp-table"
            columns={[
              { key: 'time', header: t('records.time'), cell: (r) => formatDateTime(r.createdAt, true) },
              { key: 'channel', header: t('wallet.channel'), cell: (r) => t(r.channelType === 'bank' ? 'wallet.bankTransfer' : 'wallet.onlinePayment') },
              { key: 'amount', header: t('records.amount'), numeric: true, cell: (r) => <MoneyText minor={r.amount} /> },
              {
                key: 'status',
                header: t('wallet.status'),
                cell: (r) => <StatusBadge tone={TONES[r.status]} label={t(`wallet.depositStatus.${r.status}`)} testId={`dp-status-${r.id}`} />,
              },
              {
                key: 'remark',
                header: t('records.remark'),
                cell: (r) =>
                  r.status === 'awaitingPayment' && r.paymentUrl ? (
                    <a href={r.paymentUrl} data-testid={`dp-resume-${r.id}`}>
                      {t('wallet.resumePayment')}
                    </a>
                  ) : (
                    (r.reviewRemark ?? r.remark ?? '—')
                  ),
              },
            ]}
          />
          <Pagination page={page} total={Math.ceil(records.data.total / PAGE_SIZE)} onChange={setPage} />
        </>
      )}
    </CardSection>
  );
}
