import { Plus } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { lotteryBetAmount, type TBetTypeConfig } from '@playhall/contract/calls/games';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { gridColumns, nextGridIndex } from '../../../components/ui/roving-grid.ts';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { parseMoney, toMoneyInput } from '../../../lib/money-input.ts';
import { boardKind, boardNumbers, formatOdds, parseTypedNumbers, pickProblem, quickPick, stakeProblem, type TQuickPick, type TSlipBet } from '../bet-slip.ts';
import styles from './lottery.module.css';

const PLAIN_PICKS: TQuickPick[] = ['even', 'odd', 'big', 'small'];
const DIGITS = Array.from({ length: 10 }, (_, i) => i);

/**
 * The left half of the betting view: bet-type tabs with their odds, the number board of the chosen type
 * (0–9, 00–99, a hundreds row over 00–99, or typed numbers for 4 digits), quick picks, the stake per
 * number and Add, which puts the pick on the slip.
 */
export function BetPanel({ types, onAdd, disabled }: { types: readonly TBetTypeConfig[]; onAdd: (bet: Omit<TSlipBet, 'id'>) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const [code, setCode] = useState(types[0]?.code);
  const cfg = types.find((c) => c.code === code) ?? types[0];
  const [picked, setPicked] = useState<string[]>([]);
  const [hundred, setHundred] = useState(0);
  const [typed, setTyped] = useState('');
  const [stakeText, setStakeText] = useState(() => toMoneyInput(types[0]?.minStake ?? 100));
  // The board is one Tab stop, the cell focused last; arrow keys move over it (components/ui/roving-grid.ts).
  const [boardStop, setBoardStop] = useState(0);
  if (!cfg) return null;

  const kind = boardKind(cfg.digits);
  const board = kind === 'typed' ? [] : boardNumbers(kind, hundred);
  const stop = Math.min(boardStop, board.length - 1);
  const typedPick = kind === 'typed' ? parseTypedNumbers(typed, cfg.digits) : null;
  const numbers = typedPick ? typedPick.numbers : picked;
  const stake = parseMoney(stakeText);
  const pickIssue = pickProblem(cfg, numbers.length);
  const stakeIssue = stakeProblem(cfg, stake);
  const amount = stake !== null && !pickIssue ? lotteryBetAmount(cfg, numbers.length, stake) : null;
  const canAdd = !disabled && !pickIssue && !stakeIssue && !(typedPick && typedPick.invalid.length > 0);

  function selectType(next: TBetTypeConfig['code']) {
    const nextCfg = types.find((c) => c.code === next);
    setCode(next);
    setPicked([]);
    setTyped('');
    setHundred(0);
    if (nextCfg && stakeProblem(nextCfg, parseMoney(stakeText))) setStakeText(toMoneyInput(nextCfg.minStake));
  }

  function toggle(n: string) {
    setPicked((cur) => (cur.includes(n) ? cur.filter((x) => x !== n) : cur.length >= (cfg?.maxNumbers ?? 0) ? cur : [...cur, n]));
  }

  function applyPick(pick: TQuickPick, digit?: number) {
    const list = quickPick(kind, pick, hundred, digit);
    // A quick pick replaces the numbers of the page shown; picks on other hundreds stay.
    setPicked((cur) => [...cur.filter((n) => kind === 'hundreds' && !n.startsWith(String(hundred))), ...list].slice(0, cfg?.maxNumbers));
  }

  function onBoardKey(e: KeyboardEvent<HTMLDivElement>) {
    const cells = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
    const rtl = document.documentElement.dir === 'rtl';
    const next = nextGridIndex(e.key, cells.indexOf(document.activeElement as HTMLButtonElement), cells.length, gridColumns(cells), rtl);
    if (next === null) return;
    e.preventDefault();
    cells[next]?.focus();
  }

  function add() {
    if (!cfg || stake === null || !canAdd) return;
    onAdd({ betType: cfg.code, numbers: [...numbers].sort(), stake });
    setPicked([]);
    setTyped('');
  }

  const pickMessage =
    pickIssue === 'exact'
      ? t('lottery.pick.exact', { count: cfg.minNumbers })
      : pickIssue === 'tooFew'
        ? t('lottery.pick.tooFew', { count: cfg.minNumbers })
        : pickIssue === 'tooMany'
          ? t('lottery.pick.tooMany', { count: cfg.maxNumbers })
          : null;
  const stakeMessage =
    stakeIssue === 'invalid'
      ? t('lottery.stake.invalid')
      : stakeIssue === 'min'
        ? t('lottery.stake.min', { amount: formatMoney(cfg.minStake) })
        : stakeIssue === 'max'
          ? t('lottery.stake.max', { amount: formatMoney(cfg.maxStake) })
          : undefined;
  const quickPicks = kind !== 'typed' && cfg.maxNumbers >= 10;

  return (
    <div className={styles.betPanel}>
      <Tabs
        label={t('lottery.betTypes')}
        value={cfg.code}
        onChange={selectType}
        items={types.map((c) => ({
          value: c.code,
          testId: `lotto-bettype-${c.code}`,
          label: (
            <span className={styles.typeTab}>
              {t(`lottery.betType.${c.code}`, { defaultValue: c.name })}
              <span className={styles.typeOdds}>1:{formatOdds(c.oddsX1000)}</span>
            </span>
          ),
        }))}
      />
      <p className={styles.rule} data-testid="lotto-rule">
        {t(`lottery.betRule.${cfg.code}`, { defaultValue: '' })}{' '}
        <span className={styles.muted}>
          {cfg.combo
            ? t('lottery.chargeCombo', { count: cfg.minNumbers })
            : cfg.chargeMultiplier > 1
              ? t('lottery.chargeMulti', { multiplier: cfg.chargeMultiplier })
              : t('lottery.chargeEach')}
        </span>
      </p>

      {kind === 'hundreds' && (
        <div className={styles.hundreds} role="group" aria-label={t('lottery.hundreds')}>
          <span className={styles.pickLabel}>{t('lottery.hundreds')}</span>
          {DIGITS.map((d) => (
            <button
              key={d}
              type="button"
              className={styles.hundred}
              aria-pressed={hundred === d}
              data-count={picked.filter((n) => n.startsWith(String(d))).length || undefined}
              onClick={() => setHundred(d)}
              data-testid={`lotto-hundred-${d}`}
            >
              {d}
            </button>
          ))}
        </div>
      )}

      {kind === 'typed' ? (
        <Input
          label={t('lottery.typedLabel', { count: cfg.digits })}
          hint={t('lottery.typedHint')}
          error={typedPick && typedPick.invalid.length > 0 ? t('lottery.typedInvalid', { numbers: typedPick.invalid.slice(0, 5).join(', ') }) : undefined}
          value={typed}
          inputMode="numeric"
          placeholder={'1234, 5678'}
          onChange={(e) => setTyped(e.target.value)}
          data-testid="lotto-typed"
        />
      ) : (
        <div className={kind === 'digit' ? styles.boardDigits : styles.board} role="group" aria-label={t('lottery.board')} onKeyDown={onBoardKey} data-testid="lotto-board">
          {board.map((n, i) => (
            <button
              key={n}
              type="button"
              className={styles.cell}
              aria-pressed={picked.includes(n)}
              tabIndex={i === stop ? 0 : -1}
              onFocus={() => setBoardStop(i)}
              onClick={() => toggle(n)}
              data-testid={`lotto-num-${kind === 'hundreds' ? n.slice(-2) : n}`}
              data-number={n}
            >
              {n}
            </button>
          ))}
        </div>
      )}

      {quickPicks && (
        <div className={styles.quick} data-testid="lotto-quick">
          <div className={styles.quickRow}>
            <span className={styles.pickLabel}>{t('lottery.quick.title')}</span>
            {PLAIN_PICKS.map((p) => (
              <button key={p} type="button" className={styles.chip} onClick={() => applyPick(p)} data-testid={`lotto-quick-${p}`}>
                {t(`lottery.quick.${p}`)}
              </button>
            ))}
            <button type="button" className={styles.chip} onClick={() => setPicked([])} data-testid="lotto-quick-clear">
              {t('lottery.quick.clear')}
            </button>
          </div>
          {kind !== 'digit' &&
            (['head', 'tail'] as const).map((p) => (
              <div key={p} className={styles.quickRow}>
                <span className={styles.pickLabel}>{t(`lottery.quick.${p}`)}</span>
                {DIGITS.map((d) => (
                  <button key={d} type="button" className={styles.chipDigit} onClick={() => applyPick(p, d)} data-testid={`lotto-quick-${p}-${d}`}>
                    {d}
                  </button>
                ))}
              </div>
            ))}
        </div>
      )}

      <div className={styles.addRow}>
        <div className={styles.picked}>
          <span className={styles.pickLabel}>{t('lottery.selected', { count: numbers.length })}</span>
          <span className={styles.pickedList} data-testid="lotto-picked">
            {numbers.length ? [...numbers].sort().join(' ') : '—'}
          </span>
          {pickMessage && numbers.length > 0 && <span className={styles.warn}>{pickMessage}</span>}
        </div>
        <Input
          className={styles.stake}
          label={cfg.combo ? t('lottery.stakeCombo') : t('lottery.stakePerNumber')}
          hint={t('lottery.stakeRange', { min: formatMoney(cfg.minStake), max: formatMoney(cfg.maxStake) })}
          error={stakeMessage}
          value={stakeText}
          inputMode="decimal"
          onChange={(e) => setStakeText(e.target.value)}
          data-testid="lotto-stake"
        />
        <div className={styles.addAmount}>
          <span className={styles.pickLabel}>{t('lottery.amount')}</span>
          <strong className={styles.amountValue}>{amount === null ? '—' : <MoneyText minor={amount} />}</strong>
        </div>
        <Button size="lg" onClick={add} disabled={!canAdd} data-testid="lotto-add">
          <Plus size={16} aria-hidden />
          {t('lottery.add')}
        </Button>
      </div>
    </div>
  );
}
