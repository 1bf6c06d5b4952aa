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

  const figure = data ? formatMoney(data.sumBalance) : null;
  const text = hidden ? '***' : isFetching ? t('wallet.updating') : isError || !figure ? '—' : figure;

  // The live region speaks a new figure once it changes: not the first one, not a refetch that brings the same
  // figure, not while hidden (a hidden change empties it, so the next shown figure is spoken even if it matches).
  const [seen, setSeen] = useState(figure);
  const [spoken, setSpoken] = useState('');
  if (figure !== null && figure !== seen) {
    setSeen(figure);
    if (seen !== null) setSpoken(hidden ? '' : figure);
  }

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
      <span className="sr-only" role="status" aria-live="polite" data-testid="balance-live">
        {spoken && t('wallet.balanceNow', { amount: spoken })}
      </span>
      <Button size="sm" className={styles.deposit} onClick={() => openAccountPage('depositv2')} data-testid="header-deposit">
        {t('member.deposit')}
      </Button>
    </>
  );
}
