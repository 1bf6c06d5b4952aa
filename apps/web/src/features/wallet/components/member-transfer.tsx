import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { transferDownline, transferUpline } from '@playhall/contract/calls/wallet';
import { Button } from '../../../components/ui/button.tsx';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { call } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { createRequestIdSlot, parseMoney } from '../../../lib/money-input.ts';
import { showDialog } from '../../../stores/dialog-store.ts';
import { getMemberInfoQueryOptions } from '../../auth/api/get-member-info.ts';
import { canUseAgentCentre, useSessionStore } from '../../auth/session-store.ts';
import { useBalance } from '../api/get-balance.ts';
import { afterMoneyMoved } from '../api/get-merchant-wallet.ts';
import { showMoneyError } from '../money-errors.ts';
import { PaymentPasswordForm } from './payment-password-form.tsx';
import styles from './wallet.module.css';

type TDirection = 'upline' | 'downline';
type TField = 'account' | 'amount' | 'paymentPassword' | 'remark';

/**
 * transferUpline (spec §2): money to one's own upline (member.info toUpline) or, for an agent, to a
 * direct downline by account name; both need the payment password, which is set here when missing.
 */
export function MemberTransfer() {
  const { t } = useTranslation();
  const token = useSessionStore((s) => s.token);
  const accountType = useSessionStore((s) => s.accountType);
  const member = useQuery(getMemberInfoQueryOptions(token));
  const balance = useBalance(token);
  const directions: TDirection[] = [...(member.data?.toUpline ? ['upline' as const] : []), ...(canUseAgentCentre(accountType) ? ['downline' as const] : [])];
  const [chosen, setChosen] = useState<TDirection>();
  const direction = chosen && directions.includes(chosen) ? chosen : directions[0];

  if (member.isPending) return <Skeleton height={260} radius={10} />;
  if (member.isError) return <LoadFailed onRetry={() => void member.refetch()} />;
  const info = member.data;

  if (!info.hasPaymentPassword) {
    return (
      <CardSection title={t('wallet.setPaymentPassword')} testId="mt-need-password">
        <p className={styles.note}>{t('wallet.paymentPasswordNeeded')}</p>
        <PaymentPasswordForm hasPaymentPassword={false} hasPassword={info.hasPassword} />
      </CardSection>
    );
  }

  return (
    <CardSection
      title={t('centre.transferUpline')}
      testId="mt-section"
      actions={
        <span className={styles.muted}>
          {t('wallet.mainWallet')}: <MoneyText minor={balance.data?.wallets.find((w) => w.wallet === 'MAIN')?.balance ?? 0} currency testId="mt-balance" />
        </span>
      }
    >
      {directions.length > 1 && (
        <Tabs
          label={t('centre.transferUpline')}
          value={direction}
          onChange={setChosen}
          variant="underline"
          items={directions.map((d) => ({ value: d, label: t(d === 'upline' ? 'wallet.toUpline' : 'wallet.toDownline'), testId: `mt-tab-${d}` }))}
        />
      )}
      {info.frozen && <p className={styles.warn}>{t('error.account_frozen')}</p>}
      {direction && <TransferForm key={direction} direction={direction} upline={info.uplineAccount} />}
    </CardSection>
  );
}

function TransferForm({ direction, upline }: { direction: TDirection; upline: string | null }) {
  const { t } = useTranslation();
  const token = useSessionStore((s) => s.token);
  const queryClient = useQueryClient();
  const [slot] = useState(createRequestIdSlot);
  const [values, setValues] = useState<Record<TField, string>>({ account: '', amount: '', paymentPassword: '', remark: '' });
  const [errors, setErrors] = useState<Partial<Record<TField, string>>>({});
  const [pending, setPending] = useState(false);

  function change(name: TField, value: string) {
    if (name !== 'paymentPassword') slot.reset();
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((v) => ({ ...v, [name]: undefined }));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Partial<Record<TField, string>> = {};
    const amount = parseMoney(values.amount);
    if (direction === 'downline' && !values.account.trim()) found.account = t('validation.required');
    if (amount === null) found.amount = t('wallet.amountInvalid');
    if (!values.paymentPassword) found.paymentPassword = t('error.payment_password_required');
    setErrors(found);
    if (Object.keys(found).length || amount === null) return;
    setPending(true);
    try {
      const common = { requestId: slot.take(), amount, paymentPassword: values.paymentPassword, ...(values.remark.trim() ? { remark: values.remark.trim() } : {}) };
      const done = direction === 'upline' ? await call(transferUpline, common) : await call(transferDownline, { ...common, account: values.account.trim() });
      slot.reset();
      setValues({ account: '', amount: '', paymentPassword: '', remark: '' });
      await afterMoneyMoved(queryClient, token);
      showDialog({
        icon: 'success',
        title: t('wallet.transfer'),
        text: t('wallet.memberTransferDone', { amount: formatMoney(Math.abs(done.amount), true), account: done.counterparty }),
      });
    } catch (err) {
      showMoneyError(err);
    } finally {
      setPending(false);
    }
  }

  return (
    <form className={styles.formNarrow} onSubmit={(e) => void submit(e)} noValidate data-testid={`mt-form-${direction}`}>
      {direction === 'upline' ? (
        <Input label={t('wallet.upline')} value={upline ?? ''} readOnly data-testid="mt-upline" />
      ) : (
        <Input label={t('wallet.downlineAccount')} value={values.account} error={errors.account} onChange={(e) => change('account', e.target.value)} required data-testid="mt-account" />
      )}
      <Input label={t('wallet.amount')} inputMode="decimal" value={values.amount} error={errors.amount} onChange={(e) => change('amount', e.target.value)} required data-testid="mt-amount" />
      <Input
        type="password"
        label={t('wallet.paymentPassword')}
        autoComplete="off"
        value={values.paymentPassword}
        error={errors.paymentPassword}
        onChange={(e) => change('paymentPassword', e.target.value)}
        required
        data-testid="mt-password"
      />
      <Input label={t('wallet.remark')} maxLength={140} value={values.remark} onChange={(e) => change('remark', e.target.value)} data-testid="mt-remark" />
      <div className={styles.formActions}>
        <Button type="submit" disabled={pending} data-testid="mt-submit">
          {t('wallet.transfer')}
        </Button>
      </div>
    </form>
  );
}
