import { useState } from 'react';
import type { z } from 'zod';
import type { consoleWithdrawals } from '@playhall/contract/console';
import { consoleWithdrawalResolve } from '@playhall/contract/console-disputes';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useShowError } from '../../components/error-dialog.tsx';
import { ConsoleError, consoleCall } from '../../lib/console-api.ts';
import type { TFieldErrors } from '../../lib/field-errors.ts';
import { parseMajorAmount } from '../../lib/money.ts';
import styles from '../../components/console.module.css';

type TRow = z.output<typeof consoleWithdrawals.response>['list'][number];

/** The part of the withdrawal the member says did not arrive: the most a resolution refunds (withdrawal.review.ts). */
export const missingPart = (r: TRow) => r.amount - (r.confirmation === 'partlyReceived' ? (r.receivedAmount ?? 0) : 0);

/**
 * Ends a dispute: a refund typed in major units (0 for none) and sent as minor units, never above the missing part,
 * with the reason the audit keeps. The server's field errors show under their fields.
 */
export function ResolveDialog({ row, onClose, onDone }: { row: TRow; onClose: () => void; onDone: () => void }) {
  const max = missingPart(row);
  const [refund, setRefund] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [busy, setBusy] = useState(false);
  const showError = useShowError();
  const tooMuch = `At most ${formatMoney(max)}: the part the member did not receive.`;

  async function submit() {
    const minor = parseMajorAmount(refund);
    const local: TFieldErrors = {};
    if (minor === null) local.refund = 'Enter an amount like 100.00 (0 for no refund).';
    else if (minor < 0) local.refund = 'A refund cannot be negative.';
    else if (minor > max) local.refund = tooMuch;
    if (reason.trim().length < 3) local.reason = 'Give a reason of at least 3 characters.';
    setErrors(local);
    if (Object.keys(local).length > 0 || minor === null) return;
    setBusy(true);
    try {
      await consoleCall(consoleWithdrawalResolve, { id: row.id, refund: minor, reason: reason.trim() });
      onClose();
      onDone();
    } catch (err) {
      if (err instanceof ConsoleError && Object.keys(err.fields).length > 0) {
        const fields = { ...err.fields };
        if (fields.refund === 'refund_above_missing') fields.refund = tooMuch;
        if (fields.refund === 'refund_negative') fields.refund = 'A refund cannot be negative.';
        setErrors(fields);
      } else showError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title={`Resolve the dispute on withdrawal #${row.id}`}
      width={520}
      minHeight={0}
      testId="dispute-resolve-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={busy} data-testid="dispute-resolve-confirm">
            Resolve
          </Button>
        </>
      }
    >
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <p>
          {row.member} · paid <MoneyText minor={row.amount} /> to {row.bank} {row.cardNumber} ({row.holder}).{' '}
          {row.confirmation === 'partlyReceived' ? (
            <>
              The member says <MoneyText minor={row.receivedAmount ?? 0} /> arrived; <MoneyText minor={max} /> is missing.
            </>
          ) : (
            <>The member says nothing arrived.</>
          )}{' '}
          The withdrawal becomes confirmed; the fee stays with the house.
        </p>
        <Input
          label="Refund to the member's wallet"
          inputMode="decimal"
          placeholder="0.00"
          value={refund}
          onChange={(e) => setRefund(e.target.value)}
          error={errors.refund}
          hint={`In major units, 0 for no refund; at most ${formatMoney(max)}`}
          required
          data-testid="dispute-refund"
        />
        <Textarea label="Reason" required value={reason} onChange={(e) => setReason(e.target.value)} error={errors.reason} maxLength={500} data-testid="dispute-reason" />
        {Object.entries(errors)
          .filter(([field]) => field !== 'refund' && field !== 'reason')
          .map(([field, text]) => (
            <p key={field} role="alert" className={styles.formError}>
              {text}
            </p>
          ))}
      </form>
    </Modal>
  );
}
