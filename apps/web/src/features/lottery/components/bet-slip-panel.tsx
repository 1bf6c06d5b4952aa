import { CheckCircle2, ReceiptText, Trash2, X } from 'lucide-react';
import { useEffect, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBetTypeConfig } from '@playhall/contract/calls/games';
import { Button } from '../../../components/ui/button.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { betAmount, slipTotal, type TSlipBet } from '../bet-slip.ts';
import styles from './lottery.module.css';

interface TBetSlipProps {
  bets: readonly TSlipBet[];
  types: readonly TBetTypeConfig[];
  drawNo: string | null;
  onRemove: (id: number) => void;
  onClear: () => void;
  onPlace: () => void;
  placing: boolean;
  /** Betting is closed (or the draw unknown): the slip waits for the next draw. */
  closed: boolean;
  /** How many tickets the last slip became, shown until the slip changes. */
  placed: number | null;
  placeRef?: Ref<HTMLButtonElement>;
}

/** The bet slip: each bet with its type, numbers, stake and amount, the total and Place bets. */
export function BetSlipPanel({ bets, types, drawNo, onRemove, onClear, onPlace, placing, closed, placed, placeRef }: TBetSlipProps) {
  const { t } = useTranslation();
  const total = slipTotal(bets, types);
  // Placed, the slip empties and Place bets goes disabled under the focus: the focus moves to the confirmation.
  const placedNote = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (placed !== null) placedNote.current?.focus();
  }, [placed]);
  return (
    <aside className={styles.slip} data-testid="lotto-slip" aria-label={t('lottery.slip')}>
      <div className={styles.slipHead}>
        <h2 className={styles.slipTitle}>
          <ReceiptText size={18} aria-hidden />
          {t('lottery.slip')}
          {bets.length > 0 && <span className={styles.groupCount}>{bets.length}</span>}
        </h2>
        {bets.length > 0 && (
          <button type="button" className={styles.linkButton} onClick={onClear} data-testid="lotto-slip-clear">
            <Trash2 size={14} aria-hidden />
            {t('lottery.clearSlip')}
          </button>
        )}
      </div>
      {drawNo && <p className={styles.slipDraw}>{t('lottery.forDraw', { drawNo })}</p>}
      {bets.length === 0 ? (
        <p className={styles.slipEmpty} data-testid="lotto-slip-empty">
          {placed !== null ? (
            <span ref={placedNote} tabIndex={-1} className={styles.placed} role="status" data-testid="lotto-placed">
              <CheckCircle2 size={16} aria-hidden />
              {t('lottery.placed', { count: placed })}
            </span>
          ) : (
            t('lottery.slipEmpty')
          )}
        </p>
      ) : (
        <ul className={styles.slipList}>
          {bets.map((b) => {
            const cfg = types.find((c) => c.code === b.betType);
            return (
              <li key={b.id} className={styles.slipItem} data-testid="lotto-slip-bet" data-bettype={b.betType}>
                <div className={styles.slipItemHead}>
                  <strong>{t(`lottery.betType.${b.betType}`, { defaultValue: cfg?.name ?? b.betType })}</strong>
                  <button type="button" className={styles.iconButton} onClick={() => onRemove(b.id)} aria-label={t('lottery.remove')} data-testid="lotto-slip-remove">
                    <X size={14} aria-hidden />
                  </button>
                </div>
                <div className={styles.slipNumbers}>{b.numbers.join(' ')}</div>
                <div className={styles.slipMeta}>
                  <span>
                    {t('lottery.stake.label')} <MoneyText minor={b.stake} />
                    {cfg && !cfg.combo && b.numbers.length > 1 ? ` × ${b.numbers.length}` : ''}
                    {cfg && cfg.chargeMultiplier > 1 ? ` × ${cfg.chargeMultiplier}` : ''}
                  </span>
                  <strong>
                    <MoneyText minor={betAmount(b, types)} />
                  </strong>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <div className={styles.slipTotal}>
        <span>{t('lottery.total')}</span>
        <strong data-testid="lotto-slip-total">
          <MoneyText minor={total} currency />
        </strong>
      </div>
      <Button ref={placeRef} size="lg" block onClick={onPlace} disabled={bets.length === 0 || placing || closed} data-testid="lotto-place">
        {placing ? t('lottery.placing') : closed ? t('lottery.waitNextDraw') : t('lottery.place')}
      </Button>
    </aside>
  );
}
