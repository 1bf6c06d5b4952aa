import { useState } from 'react';
import { ACTIVITY_CATEGORIES, type TActivityCategory } from '@playhall/contract/calls/promotions';
import { CONSOLE_PROMOTION_KINDS, consolePromotionAdd, type TConsolePromotionDetail } from '@playhall/contract/console-content';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useShowError } from '../../components/error-dialog.tsx';
import { ConsoleError, consoleCall } from '../../lib/console-api.ts';
import type { TFieldErrors } from '../../lib/field-errors.ts';
import { parseMajorAmount } from '../../lib/money.ts';
import { contentErrors } from './content-messages.ts';
import { RichTextEditor } from './rich-text-editor.tsx';
import { SanitisedPreview } from './sanitised-preview.tsx';
import common from '../../components/console.module.css';

type TKind = (typeof CONSOLE_PROMOTION_KINDS)[number];
type TRewardType = 'fixed' | 'percent' | 'points';

export const KIND_LABELS: Record<string, string> = {
  firstDeposit: 'First deposit',
  reload: 'Reload',
  proof: 'Proof (members send images)',
  checkIn: 'Check-in',
  cashback: 'Cashback',
  turnoverTiers: 'Turnover tiers',
  raffle: 'Raffle',
};
const REWARD_LABELS: Record<TRewardType, string> = { fixed: 'A fixed amount', percent: 'A percentage of the deposit', points: 'Points' };
const PAYS: Record<TKind, TRewardType[]> = { firstDeposit: ['fixed', 'percent'], reload: ['fixed', 'percent'], proof: ['fixed', 'points'] };

/** "50" or "0.5" percent → basis points, on the digits; null when it is not such a number. */
function basisPoints(text: string): number | null {
  const m = /^\s*(\d{1,5})(?:\.(\d{1,2}))?\s*$/.exec(text);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}

/**
 * A new promotion as a draft with the common fields (kind, category, title, period, reward, cap, deposit minimum,
 * turnover, per-member limit, terms in the rich-text editor). The other kinds and options are the CLI's
 * (`activity add`). Once saved, the terms show as the server stored them, sanitised.
 */
export function PromotionAddDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const [kind, setKind] = useState<TKind>('reload');
  const [category, setCategory] = useState<TActivityCategory>('deposit');
  const [title, setTitle] = useState('');
  const [summary, setSummary] = useState('');
  const [terms, setTerms] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [rewardType, setRewardType] = useState<TRewardType>('fixed');
  const [reward, setReward] = useState('');
  const [cap, setCap] = useState('');
  const [depositMin, setDepositMin] = useState('');
  const [turnover, setTurnover] = useState('0');
  const [perMember, setPerMember] = useState('');
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<TConsolePromotionDetail | null>(null);
  const showError = useShowError();
  const deposit = kind !== 'proof';

  async function submit() {
    const local: TFieldErrors = {};
    if (!title.trim()) local.title = 'Enter a title.';
    if (!startsAt) local.startsAt = 'Choose when it opens.';
    if (!endsAt) local.endsAt = 'Choose when it ends.';
    const value = rewardType === 'percent' ? basisPoints(reward) : rewardType === 'points' ? (/^\s*\d{1,9}\s*$/.test(reward) ? Number(reward) : null) : parseMajorAmount(reward);
    if (value === null || value <= 0) local.rewardValue = rewardType === 'percent' ? 'A percentage such as 50 or 0.5.' : rewardType === 'points' ? 'A whole number of points.' : 'An amount such as 100 or 25.50.';
    const capMinor = cap.trim() ? parseMajorAmount(cap) : null;
    if (cap.trim() && (capMinor === null || capMinor <= 0)) local.rewardCap = 'An amount, or empty for no cap.';
    const minMinor = deposit ? parseMajorAmount(depositMin) : null;
    if (deposit && (minMinor === null || minMinor < 0)) local.depositMin = 'The smallest deposit that takes part, such as 100.';
    if (!/^\s*\d{1,4}\s*$/.test(turnover)) local.turnoverMultiple = 'A whole number (0: paid as cash).';
    if (perMember.trim() && !/^\s*[1-9]\d{0,5}\s*$/.test(perMember)) local.perMemberLimit = 'A whole number, or empty for no limit.';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    try {
      const row = await consoleCall(consolePromotionAdd, {
        kind,
        category,
        title,
        summary,
        termsHtml: terms,
        startsAt: new Date(startsAt).toISOString(),
        endsAt: new Date(endsAt).toISOString(),
        rewardType,
        rewardValue: value ?? 0,
        rewardCap: rewardType === 'percent' ? capMinor : null,
        depositMin: minMinor,
        turnoverMultiple: Number(turnover),
        perMemberLimit: perMember.trim() ? Number(perMember) : null,
      });
      setSaved(row);
      onSaved();
    } catch (err) {
      if (err instanceof ConsoleError && Object.keys(err.fields).length > 0) setErrors(contentErrors(err.fields));
      else showError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={saved ? 'Draft saved' : 'Add a promotion'}
      width={760}
      minHeight={0}
      testId="promo-dialog"
      footer={
        saved ? (
          <Button onClick={onClose} data-testid="promo-done">
            Done
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => void submit()} disabled={busy} data-testid="promo-save">
              Save as draft
            </Button>
          </>
        )
      }
    >
      {saved ? (
        <>
          <p className={common.muted}>Draft #{saved.id}: members see it once it is scheduled.</p>
          <SanitisedPreview title={saved.title} html={saved.termsHtml || '<p>(no terms)</p>'} testId="promo-saved-preview" />
        </>
      ) : (
        <form
          className={common.form}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          noValidate
        >
          <Select
            label="Kind"
            value={kind}
            onChange={(e) => {
              const next = e.target.value as TKind;
              setKind(next);
              if (!PAYS[next].includes(rewardType)) setRewardType('fixed');
            }}
            options={CONSOLE_PROMOTION_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] ?? k }))}
            hint="Check-in, cashback, turnover tiers and raffles are made with npm run ops -- activity add."
            error={errors.kind}
            data-testid="promo-kind"
          />
          <Select label="Category (tab on the promotions page)" value={category} onChange={(e) => setCategory(e.target.value as TActivityCategory)} options={ACTIVITY_CATEGORIES.map((c) => ({ value: c, label: c }))} error={errors.category} data-testid="promo-category" />
          <Input label="Title" required maxLength={120} value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} data-testid="promo-title" />
          <Input label="Summary" hint="Optional: one line on the card." maxLength={300} value={summary} onChange={(e) => setSummary(e.target.value)} error={errors.summary} data-testid="promo-summary" />
          <Input label="Opens at" type="datetime-local" required value={startsAt} onChange={(e) => setStartsAt(e.target.value)} error={errors.startsAt} data-testid="promo-starts" />
          <Input label="Ends at" type="datetime-local" required value={endsAt} onChange={(e) => setEndsAt(e.target.value)} error={errors.endsAt} data-testid="promo-ends" />
          <Select label="Reward" value={rewardType} onChange={(e) => setRewardType(e.target.value as TRewardType)} options={PAYS[kind].map((r) => ({ value: r, label: REWARD_LABELS[r] }))} error={errors.rewardType} data-testid="promo-reward-type" />
          <Input
            label={rewardType === 'percent' ? 'Percentage' : rewardType === 'points' ? 'Points' : 'Amount'}
            required
            inputMode="decimal"
            value={reward}
            onChange={(e) => setReward(e.target.value)}
            error={errors.rewardValue}
            data-testid="promo-reward"
          />
          {rewardType === 'percent' && <Input label="Cap" hint="Optional: the most one reward pays." inputMode="decimal" value={cap} onChange={(e) => setCap(e.target.value)} error={errors.rewardCap} data-testid="promo-cap" />}
          {deposit && <Input label="Deposit minimum" required inputMode="decimal" value={depositMin} onChange={(e) => setDepositMin(e.target.value)} error={errors.depositMin} data-testid="promo-deposit-min" />}
          <Input label="Turnover multiple" hint="How many times the bonus is bet before it can be withdrawn; 0 pays cash." inputMode="numeric" value={turnover} onChange={(e) => setTurnover(e.target.value)} error={errors.turnoverMultiple} data-testid="promo-turnover" />
          <Input label="Per-member limit" hint="Optional: how many times one member may take it." inputMode="numeric" value={perMember} onChange={(e) => setPerMember(e.target.value)} error={errors.perMemberLimit} data-testid="promo-per-member" />
          <RichTextEditor label="Terms" onChange={setTerms} error={errors.termsHtml} testId="promo-terms" />
        </form>
      )}
    </Modal>
  );
}
