import { keepPreviousData, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { CheckCircle2, Circle } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { bankCards, banks, bindBankCard, WITHDRAWAL_STATUSES, withdraw, withdrawalInfo, withdrawalRecords, type TBankCard, type TWithdrawal } from '@playhall/contract/calls/wallet';
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
import { PaymentPasswordForm } from './payment-password-form.tsx';
import { StatusBadge, type TTone } from './status-badge.tsx';
import { WithdrawalConfirmDialog } from './withdrawal-confirm-dialog.tsx';
import styles from './wallet.module.css';

type TStatus = TWithdrawal['status'];
const PAGE_SIZE = 10;
const TONES: Record<TStatus, TTone> = { pending: 'pending', paid: 'pending', disputed: 'bad', rejected: 'bad', confirmed: 'ok' };
const BANK_CARDS_KEY = ['wallet', 'bankCards'];

function useMember() {
  const token = useSessionStore((s) => s.token);
  return useQuery(getMemberInfoQueryOptions(token));
}

/** Brings a step of the page into view and puts the cursor in its first field. */
function openStep(el: HTMLElement | null): void {
  el?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  el?.querySelector<HTMLElement>('input, select')?.focus({ preventScroll: true });
}

/**
 * withdraw (spec §2, §4): what is missing before a withdrawal (a transaction password, a bank card) as steps that
 * open where they are done, the request form, bank cards, the payment password, then the records to confirm.
 */
export function WithdrawPage() {
  const { t } = useTranslation();
  const member = useMember();
  const cards = useQuery({ queryKey: BANK_CARDS_KEY, queryFn: () => call(bankCards, {}) });
  const [binding, setBinding] = useState(false);
  const cardsRef = useRef<HTMLDivElement>(null);
  const passwordRef = useRef<HTMLDivElement>(null);
  // The bind form exists only once opened: bring it into view after it renders.
  useEffect(() => {
    if (binding) openStep(cardsRef.current?.querySelector('form') ?? null);
  }, [binding]);

  if (member.isPending) return <Skeleton height={260} radius={10} />;
  if (member.isError) return <LoadFailed onRetry={() => void member.refetch()} />;
  const { hasPaymentPassword, hasPassword } = member.data;
  const hasCard = (cards.data?.list.length ?? 0) > 0;

  return (
    <>
      {(!hasPaymentPassword || (cards.isSuccess && !hasCard)) && (
        <section className={styles.steps} aria-labelledby="wd-steps-title" data-testid="wd-steps">
          <h3 id="wd-steps-title" className={styles.stepsTitle}>
            {t('wallet.steps.title')}
          </h3>
          <ol className={styles.stepList}>
            <Step done={hasPaymentPassword} label={t('wallet.steps.password')} action={t('wallet.setPaymentPassword')} onOpen={() => openStep(passwordRef.current)} testId="wd-step-password" />
            <Step
              done={hasCard}
              label={hasPaymentPassword ? t('wallet.steps.card') : t('wallet.steps.cardAfterPassword')}
              action={t('wallet.bindCard')}
              onOpen={() => (binding ? openStep(cardsRef.current?.querySelector('form') ?? null) : setBinding(true))}
              testId="wd-step-card"
            />
          </ol>
        </section>
      )}
      <WithdrawForm cards={cards.data?.list ?? []} cardsLoading={cards.isPending} hasPaymentPassword={hasPaymentPassword} />
      <div ref={cardsRef}>
        <BankCards cards={cards} hasPaymentPassword={hasPaymentPassword} payeeName={member.data.payeeName} binding={binding} setBinding={setBinding} />
      </div>
      <div ref={passwordRef}>
        <CardSection title={hasPaymentPassword ? t('wallet.changePaymentPassword') : t('wallet.setPaymentPassword')} testId="wd-password">
          {!hasPaymentPassword && <p className={styles.note}>{t('wallet.paymentPasswordNeeded')}</p>}
          <PaymentPasswordForm key={String(hasPaymentPassword)} hasPaymentPassword={hasPaymentPassword} hasPassword={hasPassword} />
        </CardSection>
      </div>
      <WithdrawalRecords />
    </>
  );
}

/** One thing a withdrawal needs: done (ticked), or a link that opens where it is done. */
function Step({ done, label, action, onOpen, testId }: { done: boolean; label: string; action: string; onOpen: () => void; testId: string }) {
  const Icon = done ? CheckCircle2 : Circle;
  return (
    <li className={styles.step} data-done={done} data-testid={testId}>
      <Icon size={18} className={done ? styles.positive : styles.stepTodo} aria-hidden />
      <span className={styles.stepLabel}>{label}</span>
      {!done && (
        <button type="button" className={styles.stepLink} onClick={onOpen} data-testid={`${testId}-open`}>
          {action} →
        </button>
      )}
    </li>
  );
}

type TCards = UseQueryResult<z.output<typeof bankCards.response>>;

function WithdrawForm({ cards, cardsLoading, hasPaymentPassword }: { cards: readonly TBankCard[]; cardsLoading: boolean; hasPaymentPassword: boolean }) {
  const { t } = useTranslation();
  const token = useSessionStore((s) => s.token);
  const queryClient = useQueryClient();
  const info = useQuery({ queryKey: ['wallet', 'withdrawalInfo'], queryFn: () => call(withdrawalInfo, {}), refetchOnMount: 'always' });
  const [slot] = useState(createRequestIdSlot);
  const [values, setValues] = useState({ cardId: '', amount: '', paymentPassword: '' });
  const [errors, setErrors] = useState<{ amount?: string; paymentPassword?: string; cardId?: string }>({});
  const [pending, setPending] = useState(false);

  if (info.isPending || cardsLoading) return <Skeleton height={200} radius={10} />;
  if (info.isError) return <LoadFailed onRetry={() => void info.refetch()} />;
  const limits = info.data;
  const cardId = values.cardId || String(cards.find((c) => c.isDefault)?.id ?? cards[0]?.id ?? '');
  const minor = parseMoney(values.amount);
  const fee = minor === null ? 0 : Math.ceil((minor * limits.feeRate) / 10_000);
  const countLeft = limits.dailyCountLimit === 0 ? null : Math.max(0, limits.dailyCountLimit - limits.dailyCountUsed);
  const blocked = limits.frozen || countLeft === 0 || cards.length === 0 || !hasPaymentPassword;

  function change(name: keyof typeof values, value: string) {
    if (name !== 'paymentPassword') slot.reset();
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((v) => ({ ...v, [name]: undefined }));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: typeof errors = {};
    if (!cardId) found.cardId = t('wallet.bindCardFirst');
    if (minor === null) found.amount = t('wallet.amountInvalid');
    else if (minor < limits.minAmount || minor > limits.maxAmount) found.amount = t('wallet.range', { min: formatMoney(limits.minAmount), max: formatMoney(limits.maxAmount) });
    else if (minor > limits.withdrawable) found.amount = t('error.insufficient_balance');
    if (!values.paymentPassword) found.paymentPassword = t('error.payment_password_required');
    setErrors(found);
    if (Object.keys(found).length || minor === null) return;
    setPending(true);
    try {
      const done = await call(withdraw, { requestId: slot.take(), amount: minor, bankCardId: Number(cardId), paymentPassword: values.paymentPassword });
      slot.reset();
      setValues((v) => ({ ...v, amount: '', paymentPassword: '' }));
      await afterMoneyMoved(queryClient, token);
      showDialog({ icon: 'success', title: t('centre.withdraw'), text: t('wallet.withdrawSubmitted', { amount: formatMoney(done.amount, true), fee: formatMoney(done.fee, true) }) });
    } catch (err) {
      showMoneyError(err);
    } finally {
      setPending(false);
    }
  }

  return (
    <CardSection title={t('centre.withdraw')} testId="wd-form-section">
      <div className={styles.stats}>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('wallet.withdrawable')}</span>
          <span className={styles.statValue} data-testid="wd-withdrawable">
            <MoneyText minor={limits.withdrawable} currency />
          </span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('wallet.limits')}</span>
          <span className={styles.money}>
            {formatMoney(limits.minAmount)} – {formatMoney(limits.maxAmount)}
          </span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('wallet.feeRate')}</span>
          <span className={styles.money}>{(limits.feeRate / 100).toFixed(2)}%</span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('wallet.dailyCount')}</span>
          <span className={styles.money} data-testid="wd-count">
            {countLeft === null ? t('wallet.unlimited') : t('wallet.countLeft', { used: limits.dailyCountUsed, limit: limits.dailyCountLimit })}
          </span>
        </div>
      </div>
      {limits.frozen && <p className={styles.warn}>{t('error.account_frozen')}</p>}
      {countLeft === 0 && <p className={styles.warn}>{t('error.withdrawal_daily_limit')}</p>}
      <form className={styles.formNarrow} onSubmit={(e) => void submit(e)} noValidate data-testid="wd-form">
        <Select
          label={t('wallet.bankCard')}
          value={cardId}
          error={errors.cardId}
          onChange={(e) => change('cardId', e.target.value)}
          options={cards.map((c) => ({ value: String(c.id), label: `${c.bankName} ${c.accountNumberMasked}` }))}
          data-testid="wd-card"
        />
        <Input
          label={t('wallet.amount')}
          inputMode="decimal"
          value={values.amount}
          error={errors.amount}
          hint={minor !== null ? t('wallet.feeHint', { fee: formatMoney(fee, true), total: formatMoney(minor + fee, true) }) : undefined}
          onChange={(e) => change('amount', e.target.value)}
          required
          data-testid="wd-amount"
        />
        <Input
          type="password"
          label={t('wallet.paymentPassword')}
          autoComplete="off"
          value={values.paymentPassword}
          error={errors.paymentPassword}
          onChange={(e) => change('paymentPassword', e.target.value)}
          required
          data-testid="wd-password-input"
        />
        <div className={styles.formActions}>
          <Button type="submit" disabled={pending || blocked} data-testid="wd-submit">
            {t('wallet.withdrawNow')}
          </Button>
        </div>
      </form>
    </CardSection>
  );
}

function BankCards({
  cards,
  hasPaymentPassword,
  payeeName,
  binding,
  setBinding,
}: {
  cards: TCards;
  hasPaymentPassword: boolean;
  payeeName: string | null;
  binding: boolean;
  setBinding: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <CardSection
      title={t('wallet.bankCards')}
      testId="wd-cards"
      actions={
        !binding && (
          <Button variant="secondary" size="sm" onClick={() => setBinding(true)} data-testid="wd-bind-open">
            {t('wallet.bindCard')}
          </Button>
        )
      }
    >
      {cards.isPending ? (
        <Skeleton height={100} radius={10} />
      ) : cards.isError ? (
        <LoadFailed onRetry={() => void cards.refetch()} />
      ) : cards.data.list.length === 0 ? (
        !binding && <EmptyState compact text={t('wallet.noCards')} testId="wd-no-cards" />
      ) : (
        <div className={styles.cards}>
          {cards.data.list.map((c) => (
            <div key={c.id} className={styles.bankCard} data-testid={`wd-card-${c.id}`}>
              <span className={styles.cardMeta}>
                {c.bankName}
                {c.isDefault && ` · ${t('wallet.default')}`}
              </span>
              <span className={styles.cardNumber}>{c.accountNumberMasked}</span>
              <span className={styles.cardMeta}>
                {c.accountName}
                {c.branch && ` · ${c.branch}`}
              </span>
            </div>
          ))}
        </div>
      )}
      {binding && <BindCardForm hasPaymentPassword={hasPaymentPassword} payeeName={payeeName} onDone={() => setBinding(false)} />}
    </CardSection>
  );
}

type TBindField = 'bankCode' | 'accountName' | 'accountNumber' | 'branch' | 'paymentPassword';

function BindCardForm({ hasPaymentPassword, payeeName, onDone }: { hasPaymentPassword: boolean; payeeName: string | null; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const bankList = useQuery({ queryKey: ['wallet', 'banks'], queryFn: () => call(banks, {}), staleTime: 10 * 60_000 });
  const [values, setValues] = useState<Record<TBindField, string>>({ bankCode: '', accountName: payeeName ?? '', accountNumber: '', branch: '', paymentPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<TBindField, string>>>({});
  const [pending, setPending] = useState(false);
  const bankCode = values.bankCode || (bankList.data?.list[0]?.code ?? '');
  const set = (name: TBindField, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((v) => ({ ...v, [name]: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Partial<Record<TBindField, string>> = {};
    if (!bankCode) found.bankCode = t('validation.required');
    if (!values.accountName.trim()) found.accountName = t('validation.required');
    if (!/^[0-9]{6,32}$/.test(values.accountNumber.replace(/\s/g, ''))) found.accountNumber = t('wallet.accountNumberRule');
    if (hasPaymentPassword && !values.paymentPassword) found.paymentPassword = t('error.payment_password_required');
    setErrors(found);
    if (Object.keys(found).length) return;
    setPending(true);
    try {
      await call(bindBankCard, {
        bankCode,
        accountName: values.accountName.trim(),
        accountNumber: values.accountNumber.replace(/\s/g, ''),
        ...(values.branch.trim() ? { branch: values.branch.trim() } : {}),
        ...(hasPaymentPassword ? { paymentPassword: values.paymentPassword } : {}),
      });
      await queryClient.invalidateQueries({ queryKey: BANK_CARDS_KEY });
      showDialog({ icon: 'success', title: t('wallet.bindCard'), text: t('wallet.cardBound'), autoCloseMs: 2500 });
      onDone();
    } catch (err) {
      showMoneyError(err);
    } finally {
      setPending(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate data-testid="wd-bind-form">
      <Select
        label={t('wallet.bank')}
        value={bankCode}
        error={errors.bankCode}
        // Not disabled while the list loads: the withdraw steps put the cursor here as the form opens.
        onChange={(e) => set('bankCode', e.target.value)}
        options={(bankList.data?.list ?? []).map((b) => ({ value: b.code, label: b.name }))}
        required
        data-testid="wd-bind-bank"
      />
      <Input label={t('wallet.accountName')} value={values.accountName} error={errors.accountName} hint={t('wallet.accountNameHint')} onChange={(e) => set('accountName', e.target.value)} maxLength={128} required data-testid="wd-bind-name" />
      <Input label={t('wallet.accountNumber')} inputMode="numeric" value={values.accountNumber} error={errors.accountNumber} onChange={(e) => set('accountNumber', e.target.value)} maxLength={40} required data-testid="wd-bind-number" />
      <Input label={t('wallet.branch')} value={values.branch} onChange={(e) => set('branch', e.target.value)} maxLength={128} data-testid="wd-bind-branch" />
      {hasPaymentPassword && (
        <Input type="password" label={t('wallet.paymentPassword')} autoComplete="off" value={values.paymentPassword} error={errors.paymentPassword} onChange={(e) => set('paymentPassword', e.target.value)} required data-testid="wd-bind-password" />
      )}
      <div className={`${styles.formActions} ${styles.besideFields}`}>
        <Button variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={pending} data-testid="wd-bind-submit">
          {t('wallet.bindCard')}
        </Button>
      </div>
    </form>
  );
}

function WithdrawalRecords() {
  const { t } = useTranslation();
  const token = useSessionStore((s) => s.token);
  const queryClient = useQueryClient();
  const [range, setRange] = useState<TDayRange>(() => quickRange('last7'));
  const [status, setStatus] = useState<TStatus | ''>('');
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<TWithdrawal | null>(null);
  const query = { ...(status ? { status } : {}), ...range };
  const records = useQuery({
    queryKey: ['wallet', 'withdrawalRecords', query, page],
    queryFn: () => call(withdrawalRecords, { ...query, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    // Statuses change on the server (review, payment, credit): a page opened again loads them anew.
    refetchOnMount: 'always',
  });

  const statusText = (w: TWithdrawal) => (w.confirmation ? t(`wallet.confirmation.${w.confirmation}`) : t(`wallet.withdrawalStatus.${w.status}`));

  return (
    <CardSection
      title={t('wallet.withdrawalRecords')}
      testId="wd-records"
      actions={<RefreshButton label={t('records.refresh')} busy={records.isFetching} onClick={() => void records.refetch()} testId="wd-records-refresh" />}
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
          options={[{ value: '', label: t('wallet.allStatuses') }, ...WITHDRAWAL_STATUSES.map((s) => ({ value: s, label: t(`wallet.withdrawalStatus.${s}`) }))]}
        />
        <DateRangePicker
          value={range}
          onChange={(r) => {
            setRange(r);
            setPage(1);
          }}
          testId="wd-range"
        />
      </div>
      {records.isPending ? (
        <Skeleton height={160} radius={10} />
      ) : records.isError ? (
        <LoadFailed onRetry={() => void records.refetch()} />
      ) : records.data.list.length === 0 ? (
        <EmptyState compact text={t('wallet.noWithdrawals')} />
      ) : (
        <>
          <DataTable
            rows={records.data.list}
            rowKey={(r) => r.id}
            testId="wd-table"
            columns={[
              { key: 'time', header: t('records.time'), wrap: true, cell: (r) => formatDateTime(r.createdAt, true) },
              { key: 'card', header: t('wallet.bankCard'), wrap: true, cell: (r) => `${r.bankCard.bankName} ${r.bankCard.accountNumberMasked}` },
              { key: 'amount', header: t('records.amount'), numeric: true, cell: (r) => <MoneyText minor={r.amount} /> },
              { key: 'fee', header: t('wallet.fee'), numeric: true, cell: (r) => <MoneyText minor={r.fee} /> },
              { key: 'status', header: t('wallet.status'), cell: (r) => <StatusBadge tone={TONES[r.status]} label={statusText(r)} testId={`wd-status-${r.id}`} /> },
              {
                key: 'action',
                header: '',
                cell: (r) =>
                  r.status === 'paid' || (r.status === 'disputed' && r.confirmation !== null) ? (
                    <Button size="sm" variant={r.status === 'paid' ? 'primary' : 'secondary'} onClick={() => setConfirming(r)} data-testid={`wd-confirm-open-${r.id}`}>
                      {t('wallet.confirmWithdrawal')}
                    </Button>
                  ) : (
                    (r.reviewRemark ?? '')
                  ),
              },
            ]}
          />
          <Pagination page={page} total={Math.ceil(records.data.total / PAGE_SIZE)} onChange={setPage} />
        </>
      )}
      {confirming && (
        <WithdrawalConfirmDialog
          withdrawal={confirming}
          onOpenChange={(open) => !open && setConfirming(null)}
          onDone={() => {
            setConfirming(null);
            void afterMoneyMoved(queryClient, token);
          }}
        />
      )}
    </CardSection>
  );
}
