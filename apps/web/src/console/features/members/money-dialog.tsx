import { useState } from 'react';
import { consoleMemberMoney } from '@playhall/contract/console';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useShowError } from '../../components/error-dialog.tsx';
import { ConsoleError, consoleCall } from '../../lib/console-api.ts';
import type { TFieldErrors } from '../../lib/field-errors.ts';
import { parseMajorAmount } from '../../lib/money.ts';
import { newRequestId } from '../../lib/time.ts';
import styles from '../../components/console.module.css';

type TKind = 'adjust' | 'bonus';

/**
 * Adjust a member's wallet (signed) or grant a bonus: the amount typed in major units (100.00) and sent as integer
 * minor units, with its reason and a request id made fresh for each submit (a retried request moves money once).
 */
export function MoneyDialog({ memberId, username, open, onOpenChange, onDone }: { memberId: number; username: string; open: boolean; onOpenChange: (open: boolean) => void; onDone: () => void }) {
  const [kind, setKind] = useState<TKind>('adjust');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [busy, setBusy] = useState(false);
  const showError = useShowError();

  function close() {
    setAmount('');
    setReason('');
    setErrors({});
    onOpenChange(false);
  }

  async function submit() {
    const minor = parseMajorAmount(amount);
    const local: TFieldErrors = {};
    if (minor === null) local.amount = 'Enter an amount like 100.00 (at most two decimals).';
    else if (minor === 0) local.amount = 'Enter an amount other than zero.';
    else if (kind === 'bonus' && minor < 0) local.amount = 'A bonus is a positive amount.';
    if (reason.trim().length < 3) local.reason = 'Give a reason of at least 3 characters.';
    setErrors(local);
    if (Object.keys(local).length > 0 || minor === null) return;
    setBusy(true);
    try {
      await consoleCall(consoleMemberMoney, { id: memberId, kind, amount: minor, reason: reason.trim(), requestId: newRequestId() });
      close();
      onDone();
    } catch (err) {
      if (err instanceof ConsoleError && Object.keys(err.fields).length > 0) setErrors(err.fields);
      else showError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={`Adjust wallet or grant bonus: ${username}`}
      width={480}
      minHeight={0}
      testId="money-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={busy} data-testid="confirm">
            {kind === 'bonus' ? 'Grant bonus' : 'Adjust wallet'}
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
        <Select
          label="Kind"
          value={kind}
          onChange={(e) => setKind(e.target.value as TKind)}
          options={[
            { value: 'adjust', label: 'Wallet adjustment (+ credit, − debit)' },
            { value: 'bonus', label: 'Bonus grant' },
          ]}
          error={errors.kind}
          data-testid="money-kind"
        />
        <Input label="Amount" inputMode="decimal" placeholder="100.00" value={amount} onChange={(e) => setAmount(e.target.value)} error={errors.amount} hint="In major units, e.g. 100.00 or -25.50" required data-testid="money-amount" />
        <Textarea label="Reason" required value={reason} onChange={(e) => setReason(e.target.value)} error={errors.reason} maxLength={500} data-testid="reason" />
      </form>
    </Modal>
  );
}
