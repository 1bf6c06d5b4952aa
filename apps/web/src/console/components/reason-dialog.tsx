import { useState, type ReactNode } from 'react';
import { Button, type TButtonVariant } from '../../components/ui/button.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { ConsoleError } from '../lib/console-api.ts';
import type { TFieldErrors } from '../lib/field-errors.ts';
import { Modal } from '../../components/ui/modal.tsx';
import { useShowError } from './error-dialog.tsx';
import styles from './console.module.css';

interface TReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  variant?: TButtonVariant;
  /** Ask for a reason (kept in the audit). Without one the dialog only confirms. */
  withReason?: boolean;
  /** Sends the change; a field refusal stays in the dialog under its field, any other shows the error dialog. */
  onConfirm: (reason: string) => Promise<unknown>;
  onDone?: () => void;
}

/** Confirms an action, with the reason the audit keeps; controlled from outside with `open` / `onOpenChange`. */
export function ReasonDialog({ open, onOpenChange, title, description, confirmLabel, variant = 'primary', withReason = true, onConfirm, onDone }: TReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [busy, setBusy] = useState(false);
  const showError = useShowError();

  function close(next: boolean) {
    onOpenChange(next);
    if (!next) {
      setReason('');
      setErrors({});
    }
  }

  async function submit() {
    if (withReason && reason.trim().length < 3) {
      setErrors({ reason: 'Give a reason of at least 3 characters.' });
      return;
    }
    setBusy(true);
    try {
      await onConfirm(reason.trim());
      close(false);
      onDone?.();
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
      onOpenChange={close}
      title={title}
      width={480}
      minHeight={0}
      testId="reason-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button variant={variant} onClick={() => void submit()} disabled={busy} data-testid="confirm">
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {description && <div className={styles.dialogText}>{description}</div>}
        {withReason && (
          <Textarea label="Reason" required value={reason} onChange={(e) => setReason(e.target.value)} error={errors.reason} data-testid="reason" maxLength={500} />
        )}
        {Object.entries(errors)
          .filter(([field]) => field !== 'reason')
          .map(([field, text]) => (
            <p key={field} role="alert" className={styles.formError}>
              {text}
            </p>
          ))}
      </form>
    </Modal>
  );
}
