import { useState } from 'react';
import { CONSOLE_ROLES, consoleOperatorCreate, type TConsoleRole } from '@playhall/contract/console';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useShowError } from '../../components/error-dialog.tsx';
import { ConsoleError, consoleCall } from '../../lib/console-api.ts';
import { fieldErrorsOf, type TFieldErrors } from '../../lib/field-errors.ts';
import common from '../../components/console.module.css';

export const ROLE_OPTIONS = CONSOLE_ROLES.map((r) => ({ value: r, label: r[0]?.toUpperCase() + r.slice(1) }));

/** A new operator with a role and a first password; they set up two-factor sign-in at their first login. */
export function OperatorCreateDialog({ open, onOpenChange, onDone }: { open: boolean; onOpenChange: (open: boolean) => void; onDone: () => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<TConsoleRole>('support');
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [busy, setBusy] = useState(false);
  const showError = useShowError();

  function close() {
    setUsername('');
    setPassword('');
    setErrors({});
    onOpenChange(false);
  }

  async function submit() {
    // The contract's own checks first (username pattern, 12-character password): nothing is sent until they pass.
    const local = consoleOperatorCreate.request.safeParse({ username, password, role });
    if (!local.success) return setErrors(fieldErrorsOf(local.error.issues));
    setErrors({});
    setBusy(true);
    try {
      await consoleCall(consoleOperatorCreate, local.data);
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
      onOpenChange={(o) => (o ? onOpenChange(true) : close())}
      title="Create an operator"
      width={480}
      minHeight={0}
      testId="operator-create-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={busy} data-testid="operator-submit">
            Create
          </Button>
        </>
      }
    >
      <form
        className={common.form}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Input label="Username" required autoComplete="off" maxLength={32} value={username} onChange={(e) => setUsername(e.target.value)} error={errors.username} hint="Lower-case letters, digits, . _ -" data-testid="operator-username" />
        <Input label="First password" type="password" required autoComplete="new-password" maxLength={128} value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} hint="At least 12 characters." data-testid="operator-password" />
        <Select label="Role" value={role} onChange={(e) => setRole(e.target.value as TConsoleRole)} options={ROLE_OPTIONS} error={errors.role} data-testid="operator-role" />
      </form>
    </Modal>
  );
}
