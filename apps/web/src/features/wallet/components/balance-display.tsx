import { Eye, EyeOff, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCY } from '@playhall/contract/constants';
import { Button } from '../../../components/ui/button.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { openAccountPage } from '../../auth/account-pages.ts';
import { useBalance } from '../api/get-balance.ts';
import { useDepositReturn } from '../use-deposit-return.ts';
import styles from './balance-display.module.css';

/**
 * Balance in the top bar: '***' when hidden, a click refreshes, a placeholder while updating (spec §4); beside it
 * the Deposit button, the member's next step whenever the balance runs low.
 */
export function BalanceDisplay({ token }: { token: string }) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(false);
  const { data, isFetching, isError, refetch } = useBalance(token);
  useDepositReturn();

  const text = hidden ? '***' : isFetching ? t('wallet.updating') : isError || !data ? '—' : formatMoney(data.sumBalance);

  return (
    <>
      <span className={styles.balance} data-testid="balance">
        <span className={styles.currency}>{CURRENCY}</span>
        <button type="button" className={`${styles.amount} tabular`} onClick={() => void refetch()} title={t('wallet.refresh')} data-testid="balance-amount">
          {text}
        </button>
        <button type="button" className={styles.icon} onClick={() => void refetch()} aria-label={t('wallet.refresh')}>
          <RefreshCw size={13} className={isFetching ? styles.spinning : undefined} aria-hidden />
        </button>
        <button
          type="button"
          className={styles.icon}
          onClick={() => setHidden((h) => !h)}
          aria-label={hidden ? t('wallet.show') : t('wallet.hide')}
          aria-pressed={hidden}
        >
          {hidden ? <EyeOff size={13} aria-hidden /> : <Eye size={13} aria-hidden />}
        </button>
      </span>
      <Button size="sm" className={styles.deposit} onClick={() => openAccountPage('depositv2')} data-testid="header-deposit">
        {t('member.deposit')}
      </Button>
    </>
  );
}
