import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TContractTerms } from '@playhall/contract/calls/agent';
import { CONTRACT_PERIODS } from '@playhall/contract/constants';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { emptyTier, formatRate, MAX_TIERS, type TDraftErrors, type TPeriod, type TTermsDraft } from '../contract-terms.ts';
import styles from './agent-centre.module.css';

/**
 * The terms of one contract kind: tiers (rate, active members, team valid bet or net loss) for the
 * salaries and the dividend (with its period), profit and loss rates and the single bet amount for
 * real-time salary. Rates are typed in percent; `maxRate` (basis points) is the agent's own.
 */
export function TermsEditor({
  draft,
  onChange,
  errors,
  maxRate,
  testId,
}: {
  draft: TTermsDraft;
  onChange: (draft: TTermsDraft) => void;
  errors: TDraftErrors;
  maxRate?: number | null;
  testId: string;
}) {
  const { t } = useTranslation();
  const message = (key: string) => {
    const e = errors[key];
    return e ? t(`agent.terms.invalid.${e}`) : undefined;
  };
  const own = maxRate != null && <p className={styles.note}>{t('agent.terms.maxRate', { rate: formatRate(maxRate) })}</p>;

  if (draft.kind === 'realtimeSalary') {
    return (
      <div className={styles.tiers} data-testid={testId}>
        {own}
        <div className={styles.realtime}>
          <Input label={t('agent.terms.profitRate')} inputMode="decimal" value={draft.profitRate} error={message('profitRate')} onChange={(e) => onChange({ ...draft, profitRate: e.target.value })} data-testid={`${testId}-profit-rate`} />
          <Input label={t('agent.terms.lossRate')} inputMode="decimal" value={draft.lossRate} error={message('lossRate')} onChange={(e) => onChange({ ...draft, lossRate: e.target.value })} data-testid={`${testId}-loss-rate`} />
          <Input label={t('agent.terms.minBetAmount')} inputMode="decimal" value={draft.minBetAmount} error={message('minBetAmount')} onChange={(e) => onChange({ ...draft, minBetAmount: e.target.value })} data-testid={`${testId}-min-bet`} />
        </div>
      </div>
    );
  }

  const setTier = (i: number, field: keyof TTermsDraft['tiers'][number], value: string) =>
    onChange({ ...draft, tiers: draft.tiers.map((tier, j) => (j === i ? { ...tier, [field]: value } : tier)) });
  const thresholdLabel = draft.kind === 'dividend' ? t('agent.terms.minNetLoss') : t('agent.terms.minValidBet');

  return (
    <div className={styles.tiers} data-testid={testId}>
      {own}
      {draft.kind === 'dividend' && (
        <Select
          className={styles.filter}
          label={t('agent.terms.period')}
          value={draft.period}
          onChange={(e) => onChange({ ...draft, period: e.target.value as TPeriod })}
          options={CONTRACT_PERIODS.map((p) => ({ value: p, label: t(`agent.period.${p}`) }))}
          data-testid={`${testId}-period`}
        />
      )}
      {draft.tiers.map((tier, i) => (
        <div key={i} className={styles.tier} data-testid={`${testId}-tier`}>
          <span className={styles.tierNo}>{i + 1}</span>
          <Input label={t('agent.terms.rate')} inputMode="decimal" placeholder="0.5" value={tier.rate} error={message(`tiers.${i}.rate`)} onChange={(e) => setTier(i, 'rate', e.target.value)} data-testid={`${testId}-rate-${i}`} />
          <Input label={t('agent.terms.minActiveMembers')} inputMode="numeric" value={tier.minActiveMembers} error={message(`tiers.${i}.minActiveMembers`)} onChange={(e) => setTier(i, 'minActiveMembers', e.target.value)} data-testid={`${testId}-members-${i}`} />
          <Input label={thresholdLabel} inputMode="decimal" value={tier.threshold} error={message(`tiers.${i}.threshold`)} onChange={(e) => setTier(i, 'threshold', e.target.value)} data-testid={`${testId}-threshold-${i}`} />
          <button
            type="button"
            className={styles.iconButton}
            disabled={draft.tiers.length === 1}
            aria-label={t('agent.terms.removeTier')}
            title={t('agent.terms.removeTier')}
            onClick={() => onChange({ ...draft, tiers: draft.tiers.filter((_, j) => j !== i) })}
          >
            <Trash2 size={14} aria-hidden />
          </button>
        </div>
      ))}
      <div>
        <Button variant="ghost" size="sm" disabled={draft.tiers.length >= MAX_TIERS} onClick={() => onChange({ ...draft, tiers: [...draft.tiers, emptyTier()] })} data-testid={`${testId}-add-tier`}>
          <Plus size={14} aria-hidden /> {t('agent.terms.addTier')}
        </Button>
      </div>
    </div>
  );
}

/** Terms in one line for tables: rate per tier with its thresholds, the dividend's period first. */
export function TermsText({ terms }: { terms: TContractTerms }) {
  const { t } = useTranslation();
  let text: string;
  if (terms.kind === 'realtimeSalary') {
    text = t('agent.terms.realtimeLine', { profit: formatRate(terms.profitRate), loss: formatRate(terms.lossRate), min: formatMoney(terms.minBetAmount) });
  } else {
    const tiers = terms.tiers
      .map((tier) =>
        t('agent.terms.tierLine', {
          rate: formatRate(tier.rate),
          members: tier.minActiveMembers,
          min: formatMoney((terms.kind === 'dividend' ? tier.minNetLoss : tier.minValidBet) ?? 0),
        }),
      )
      .join(' · ');
    text = terms.kind === 'dividend' ? `${t(`agent.period.${terms.period}`)} · ${tiers}` : tiers;
  }
  return (
    <span className={styles.terms} title={text}>
      {text}
    </span>
  );
}
