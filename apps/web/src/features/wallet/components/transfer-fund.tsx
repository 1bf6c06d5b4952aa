import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDownLeft, ArrowUpRight, Undo2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIN_WALLET, walletTransfer, type TBalance } from '@playhall/contract/calls/wallet';
import { Button } from '../../../components/ui/button.tsx';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { call } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { createRequestIdSlot, parseMoney, toMoneyInput } from '../../../lib/money-input.ts';
import { showDialog } from '../../../stores/dialog-store.ts';
import { useSessionStore } from '../../auth/session-store.ts';
import { getBalanceQueryOptions } from '../api/get-balance.ts';
import { afterMoneyMoved, getMerchantWalletQueryOptions } from '../api/get-merchant-wallet.ts';
import { showMoneyError } from '../money-errors.ts';
import styles from './wallet.module.css';

type TTransferInput = { from: string; to: string; amount: number } | 'recallAll';

/** transferFund (spec §2, §3): the main wallet and, with transfer wallets, each vendor's; moves between them. */
export function TransferFund() {
  const { t } = useTranslation();
  const token = useSessionStore((s) => s.token);
  const mode = useQuery(getMerchantWalletQueryOptions());
  // The page shows every wallet: load them anew when it opens, whatever the header holds.
  const balance = useQuery({ ...getBalanceQueryOptions(token), refetchOnMount: 'always' });
  const queryClient = useQueryClient();
  const [slot] = useState(createRequestIdSlot);
  const [form, setForm] = useState({ from: MAIN_WALLET, to: '', amount: '' });
  const [error, setError] = useState<string>();

  const transfer = useMutation({
    mutationFn: (input: TTransferInput) =>
      call(walletTransfer, input === 'recallAll' ? { action: 'recallAll', requestId: slot.take() } : { action: 'transfer', requestId: slot.take(), ...input }),
    onSuccess: async (value: TBalance, input) => {
      slot.reset();
      setForm((f) => ({ ...f, amount: '' }));
      await afterMoneyMoved(queryClient, token, value);
      showDialog({ icon: 'success', title: t(input === 'recallAll' ? 'wallet.recallAll' : 'wallet.transfer'), text: t('wallet.transferDone'), autoCloseMs: 2000 });
    },
    // A break or limit (issue 22) says its figures and links to the settings, as on the deposit page.
    meta: { silent: true },
    onError: (err) => showMoneyError(err),
  });

  if (mode.isPending || balance.isPending) return <Skeleton height={220} radius={10} />;
  if (mode.isError || balance.isError || !balance.data) {
    return (
      <LoadFailed
        onRetry={() => {
          void mode.refetch();
          void balance.refetch();
        }}
      />
    );
  }

  const wallets = balance.data.wallets;
  const main = wallets.find((w) => w.wallet === MAIN_WALLET);
  const vendors = wallets.filter((w) => w.wallet !== MAIN_WALLET);
  const single = mode.data.isSingle;
  const nameOf = (code: string) => (code === MAIN_WALLET ? t('wallet.mainWallet') : (wallets.find((w) => w.wallet === code)?.displayName ?? code));
  const balanceOf = (code: string) => wallets.find((w) => w.wallet === code)?.balance ?? 0;
  const open = vendors.filter((w) => w.status === 'ok');
  const vendorOptions = open.map((w) => ({ value: w.wallet, label: w.displayName }));
  const to = form.to || (form.from === MAIN_WALLET ? (open[0]?.wallet ?? '') : MAIN_WALLET);

  function change(next: Partial<typeof form>) {
    slot.reset();
    setError(undefined);
    setForm((f) => {
      const merged = { ...f, ...next };
      // One side is always the main wallet: choosing a vendor as the source sends to main, and back.
      if (next.from !== undefined && next.to === undefined) merged.to = next.from === MAIN_WALLET ? (open[0]?.wallet ?? '') : MAIN_WALLET;
      return merged;
    });
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const amount = parseMoney(form.amount);
    if (amount === null) return setError(t('wallet.amountInvalid'));
    if (amount > balanceOf(form.from)) return setError(t('error.insufficient_balance'));
    if (!to) return setError(t('wallet.chooseWallet'));
    transfer.mutate({ from: form.from, to, amount });
  }

  // Out of a vendor wallet offers its whole balance; into one, the member types the amount.
  const preset = (from: string, target: string) => change({ from, to: target, amount: from === MAIN_WALLET ? '' : toMoneyInput(balanceOf(from)) });

  return (
    <>
      <CardSection title={t('centre.transferFund')} testId="tf-summary">
        <div className={styles.stats}>
          <div className={styles.stat}>
            <span className={styles.statLabel}>{t('wallet.totalBalance')}</span>
            <span className={styles.statValue} data-testid="tf-total">
              <MoneyText minor={balance.data.sumBalance} currency />
            </span>
          </div>
          <div className={styles.stat}>
            <span className={styles.statLabel}>{t('wallet.mainWallet')}</span>
            <span className={styles.statValue} data-testid="tf-main">
              <MoneyText minor={main?.balance ?? 0} currency />
            </span>
          </div>
          <div className={styles.stat}>
            <span className={styles.statLabel}>{t('wallet.held')}</span>
            <span className={styles.statValue}>
              <MoneyText minor={balance.data.held} currency />
            </span>
          </div>
        </div>
        {single && <p className={styles.note} data-testid="tf-single">{t('wallet.singleWalletText')}</p>}
      </CardSection>

      {!single && (
        <>
          <CardSection title={t('wallet.transfer')} testId="tf-form-section">
            <form className={styles.form} onSubmit={submit} noValidate data-testid="tf-form">
              <Select
                label={t('wallet.from')}
                value={form.from}
                onChange={(e) => change({ from: e.target.value })}
                options={[{ value: MAIN_WALLET, label: t('wallet.mainWallet') }, ...vendorOptions]}
                data-testid="tf-from"
              />
              <Select
                label={t('wallet.to')}
                value={to}
                onChange={(e) => change({ to: e.target.value })}
                options={form.from === MAIN_WALLET ? vendorOptions : [{ value: MAIN_WALLET, label: t('wallet.mainWallet') }]}
                data-testid="tf-to"
              />
              <Input
                label={t('wallet.amount')}
                inputMode="decimal"
                value={form.amount}
                error={error}
                hint={t('wallet.available', { amount: formatMoney(balanceOf(form.from), true) })}
                onChange={(e) => change({ amount: e.target.value })}
                data-testid="tf-amount"
              />
              <div className={`${styles.formActions} ${styles.besideFields}`}>
                <Button variant="secondary" onClick={() => change({ amount: toMoneyInput(balanceOf(form.from)) })} data-testid="tf-all">
                  {t('wallet.all')}
                </Button>
                <Button type="submit" disabled={transfer.isPending} data-testid="tf-submit">
                  {t('wallet.transfer')}
                </Button>
              </div>
            </form>
          </CardSection>

          <CardSection
            title={t('wallet.vendorWallets')}
            testId="tf-vendors"
            actions={
              <Button variant="secondary" size="sm" disabled={transfer.isPending || !vendors.some((w) => w.balance > 0)} onClick={() => transfer.mutate('recallAll')} data-testid="tf-recall-all">
                <Undo2 size={14} aria-hidden />
                {t('wallet.recallAll')}
              </Button>
            }
          >
            <div className={styles.wallets}>
              {vendors.map((w) => (
                <div key={w.wallet} className={styles.walletCard} data-testid={`tf-wallet-${w.wallet}`}>
                  <div className={styles.walletHead}>
                    <span className={styles.walletName} title={nameOf(w.wallet)}>
                      {w.displayName}
                    </span>
                    {w.status === 'maintenance' && <span className={`${styles.status} ${styles.pending}`}>{t('wallet.maintenance')}</span>}
                  </div>
                  <span className={styles.money} data-testid={`tf-balance-${w.wallet}`}>
                    <MoneyText minor={w.balance} />
                  </span>
                  <div className={styles.walletActions}>
                    <Button size="sm" variant="secondary" disabled={w.status !== 'ok'} onClick={() => preset(MAIN_WALLET, w.wallet)} data-testid={`tf-in-${w.wallet}`}>
                      <ArrowDownLeft size={14} aria-hidden />
                      {t('wallet.transferIn')}
                    </Button>
                    <Button size="sm" variant="secondary" disabled={w.status !== 'ok' || w.balance <= 0} onClick={() => preset(w.wallet, MAIN_WALLET)} data-testid={`tf-out-${w.wallet}`}>
                      <ArrowUpRight size={14} aria-hidden />
                      {t('wallet.transferOut')}
                    </Button>
                  </div>
                </div>
              ))}
            </div>
          </CardSection>
        </>
      )}
    </>
  );
}
