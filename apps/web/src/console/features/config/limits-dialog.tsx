import { useState } from 'react';
import type { z } from 'zod';
import { consoleConfigPaymentLimitsSet, type consoleConfigPaymentChannels } from '@playhall/contract/console-config';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ConsoleError, consoleCall } from '../../lib/console-api.ts';
import type { TFieldErrors } from '../../lib/field-errors.ts';
import { parseMajorAmount } from '../../lib/money.ts';
import { configErrors } from './config-messages.ts';
import styles from './config-page.module.css';

type TChannel = z.output<typeof consoleConfigPaymentChannels.response>['list'][number];

const major = (minor: number) => (minor / 100).toFixed(2);

interface TProps {
  channel: TChannel | null;
  onClose: () => void;
  onSaved: () => void;
  onError: (err: unknown) => void;
}

/** A channel's deposit limits, typed in major units; the contract's checks in the browser, the server's under the same fields. */
export function LimitsDialog(props: TProps) {
  // A fresh form per channel: its fields start from that channel's limits.
  return props.channel ? <LimitsForm key={props.channel.id} {...props} channel={props.channel} /> : null;
}

function LimitsForm({ channel, onClose, onSaved, onError }: TProps & { channel: TChannel }) {
  const [min, setMin] = useState(major(channel.minAmount));
  const [max, setMax] = useState(major(channel.maxAmount));
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function submit() {
    const minAmount = parseMajorAmount(min);
    const maxAmount = parseMajorAmount(max);
    const local: TFieldErrors = {};
    if (minAmount === null) local.minAmount = 'Enter an amount with at most two decimals.';
    if (maxAmount === null) local.maxAmount = 'Enter an amount with at most two decimals.';
    if (minAmount !== null && minAmount <= 0) local.minAmount = 'Enter an amount of at least 0.01.';
    if (maxAmount !== null && maxAmount <= 0) local.maxAmount = 'Enter an amount of at least 0.01.';
    if (minAmount !== null && maxAmount !== null && maxAmount > 0 && maxAmount < minAmount) local.maxAmount = 'The maximum cannot be below the minimum.';
    if (minAmount === null || maxAmount === null || Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    setBusy(true);
    try {
      await consoleCall(consoleConfigPaymentLimitsSet, { id: channel.id, minAmount, maxAmount });
      onSaved();
      onClose();
    } catch (err) {
      if (err instanceof ConsoleError && Object.keys(err.fields).length > 0) setErrors(configErrors(err.fields));
      else onError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Deposit limits: ${channel.name}`}
      width={440}
      minHeight={0}
      testId="config-limits-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={busy} data-testid="config-limits-save">
            Save limits
          </Button>
        </>
      }
    >
      <form
        className={styles.limits}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Input label="Minimum deposit" inputMode="decimal" required value={min} onChange={(e) => setMin(e.target.value)} error={errors.minAmount} data-testid="config-limits-min" />
        <Input label="Maximum deposit" inputMode="decimal" required value={max} onChange={(e) => setMax(e.target.value)} error={errors.maxAmount} data-testid="config-limits-max" />
      </form>
    </Modal>
  );
}
