import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RG_LIMIT_MAX, type TRgLimit } from '@playhall/contract/calls/responsible';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { errorMessage, showErrorDialog } from '../../../lib/error-dialog.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { parseMoney, toMoneyInput } from '../../../lib/money-input.ts';
import { showDialog } from '../../../stores/dialog-store.ts';
import { useSessionStore } from '../../auth/session-store.ts';
import { useResponsibleChange } from '../api/responsible.ts';
import styles from './responsible.module.css';

const at = (time: string) => formatDateTime(time, { offset: true }) ?? '';

/** A typed limit in minor units, or the reason it cannot be one (a whole amount, 1 … RG_LIMIT_MAX). */
export function readLimit(text: string): number | 'invalid' | 'whole' {
  const minor = parseMoney(text);
  if (minor === null || minor > RG_LIMIT_MAX) return 'invalid';
  return minor % 100 === 0 ? minor : 'whole';
}

/** One kind × period: the limit, the period's use as a bar, when it resets, a waiting raise; set, lower or remove. */
export function LimitRow({ limit, locked }: { limit: TRgLimit; locked: boolean }) {
  const { t } = useTranslation();
  const token = useSessionStore((s) => s.token);
  const change = useResponsibleChange(token);
  const [editing, setEditing] = useState(false);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const id = `rg-limit-${limit.kind}-${limit.period}`;
  const share = limit.amount ? Math.min(1, limit.used / limit.amount) : 0;

  function save(next: number | null) {
    change.mutate(
      { call: 'limit', input: { kind: limit.kind, period: limit.period, amount: next } },
      {
        onSuccess: (state) => {
          setEditing(false);
          const row = state.limits.find((l) => l.kind === limit.kind && l.period === limit.period);
          const text = row?.pending ? t('rg.savedPending', { time: at(row.pending.effectiveAt) }) : t('rg.savedNow');
          showDialog({ icon: 'success', title: t(`rg.limitTitle.${limit.kind}`), text, autoCloseMs: 3000 });
        },
        onError: (err) => (err instanceof ApiError && err.status === 400 ? setError(errorMessage(err)) : showErrorDialog(err)),
      },
    );
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const read = readLimit(amount);
    if (read === 'invalid') return setError(t('rg.amountInvalid', { max: formatMoney(RG_LIMIT_MAX) }));
    if (read === 'whole') return setError(t('error.rg_whole_amount'));
    save(read);
  }

  function remove() {
    showDialog({
      icon: 'warning',
      title: t('rg.removeLimit'),
      text: t('rg.removeConfirm'),
      buttons: [
        { label: t('common.cancel'), variant: 'secondary' },
        { label: t('rg.removeLimit'), variant: 'primary', onClick: () => save(null) },
      ],
    });
  }

  return (
    <div className={styles.limit} role="listitem" data-testid={id}>
      <div className={styles.limitHead}>
        <span className={styles.period}>{t(`rg.period.${limit.period}`)}</span>
        <span className={styles.amount} data-testid={`${id}-amount`}>
          {limit.amount === null ? <span className={styles.muted}>{t('rg.noLimit')}</span> : <MoneyText minor={limit.amount} currency />}
        </span>
      </div>
      <div className={styles.usage}>
        <div
          className={styles.bar}
          role="progressbar"
          aria-label={t('rg.used')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(share * 100)}
          data-full={share >= 1 || undefined}
          data-warn={(share >= 0.8 && share < 1) || undefined}
        >
          <span style={{ width: `${share * 100}%` }} />
        </div>
        <span className={styles.usedText} data-testid={`${id}-used`}>
          {t('rg.usedOf', { used: formatMoney(limit.used, true) })}
        </span>
        <span className={styles.muted}>{t('rg.resetsAt', { time: at(limit.resetsAt) })}</span>
      </div>
      {limit.pending && (
        <p className={styles.pending} data-testid={`${id}-pending`}>
          {limit.pending.amount === null
            ? t('rg.pendingRemoval', { time: at(limit.pending.effectiveAt) })
            : t('rg.pendingRaise', { amount: formatMoney(limit.pending.amount, true), time: at(limit.pending.effectiveAt) })}
        </p>
      )}
      {editing ? (
        <form className={styles.edit} onSubmit={submit} noValidate>
          <Input
            label={t('rg.newLimit')}
            inputMode="numeric"
            value={amount}
            error={error}
            hint={t('rg.coolingNote')}
            autoFocus
            onChange={(e) => {
              setAmount(e.target.value);
              setError(undefined);
            }}
            data-testid="rg-limit-input"
          />
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => setEditing(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={change.isPending} data-testid="rg-limit-save">
              {t('rg.save')}
            </Button>
          </div>
        </form>
      ) : (
        <div className={styles.actions}>
          <Button
            size="sm"
            variant="secondary"
            disabled={locked}
            onClick={() => {
              setAmount(limit.amount === null ? '' : toMoneyInput(limit.amount).replace(/\.00$/, ''));
              setEditing(true);
            }}
            data-testid={`${id}-edit`}
          >
            {limit.amount === null ? t('rg.setLimit') : t('rg.changeLimit')}
          </Button>
          {limit.amount !== null && limit.pending?.amount !== null && (
            <Button size="sm" variant="ghost" disabled={locked || change.isPending} onClick={remove} data-testid={`${id}-remove`}>
              {t('rg.removeLimit')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
