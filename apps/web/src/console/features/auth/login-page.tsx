import { useState } from 'react';
import { Navigate } from 'react-router';
import { consoleEnrolFinish, consoleEnrolStart, consoleLogin, consoleVerify, type TOperatorMe } from '@playhall/contract/console';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useShowError } from '../../components/error-dialog.tsx';
import { ConsoleError, consoleCall } from '../../lib/console-api.ts';
import type { TFieldErrors } from '../../lib/field-errors.ts';
import { paths } from '../../config/paths.ts';
import { useSession } from './session.tsx';
import styles from './login-page.module.css';

type TStep =
  | { kind: 'password' }
  | { kind: 'totp'; ticket: string; recovery: boolean }
  | { kind: 'enrol'; ticket: string; secret: string; qrPng: string }
  | { kind: 'recovery-codes'; me: TOperatorMe; codes: string[] };

/** A form's submit: field refusals under their fields, any other refusal in the error dialog. */
function useSubmit(setErrors: (e: TFieldErrors) => void) {
  const showError = useShowError();
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setErrors({});
    try {
      await work();
    } catch (err) {
      if (err instanceof ConsoleError && Object.keys(err.fields).length > 0) setErrors(err.fields);
      else showError(err);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** Sign-in in two steps: username and password, then a code from the authenticator (or its enrolment, the first time). */
export function LoginPage() {
  const { me, signedIn, endedNotice } = useSession();
  const [step, setStep] = useState<TStep>({ kind: 'password' });
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<TFieldErrors>({});
  const { busy, run } = useSubmit(setErrors);

  if (me && step.kind !== 'recovery-codes') return <Navigate to={paths.dashboard} replace />;

  const restart = () => {
    setStep({ kind: 'password' });
    setPassword('');
    setCode('');
    setErrors({});
  };

  const submitPassword = () =>
    run(async () => {
      const answer = await consoleCall(consoleLogin, { username, password });
      setCode('');
      if (answer.next === 'totp') setStep({ kind: 'totp', ticket: answer.ticket, recovery: false });
      else {
        const enrol = await consoleCall(consoleEnrolStart, { ticket: answer.ticket });
        setStep({ kind: 'enrol', ticket: answer.ticket, secret: enrol.secret, qrPng: enrol.qrPng });
      }
    });

  const submitCode = (ticket: string, recovery: boolean) =>
    run(async () => {
      const answer = await consoleCall(consoleVerify, recovery ? { ticket, recoveryCode: code } : { ticket, code });
      signedIn(answer.me);
    });

  const submitEnrol = (ticket: string) =>
    run(async () => {
      const answer = await consoleCall(consoleEnrolFinish, { ticket, code });
      setStep({ kind: 'recovery-codes', me: answer.me, codes: answer.recoveryCodes });
    });

  const codeError = errors.code ?? errors.recoveryCode ?? errors.ticket;

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="login-title">
        <p className={styles.brand}>Playhall</p>
        {step.kind === 'password' && (
          <form
            className={styles.form}
            onSubmit={(e) => {
              e.preventDefault();
              void submitPassword();
            }}
            noValidate
          >
            <h1 id="login-title" className={styles.title}>
              Operator console
            </h1>
            {endedNotice && (
              <p className={styles.notice} role="status" data-testid="session-ended">
                {endedNotice}
              </p>
            )}
            <Input label="Username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} error={errors.username} data-testid="login-username" required autoFocus />
            <Input label="Password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} data-testid="login-password" required />
            <Button type="submit" size="lg" block disabled={busy} data-testid="login-submit">
              Sign in
            </Button>
          </form>
        )}

        {step.kind === 'totp' && (
          <form
            className={styles.form}
            onSubmit={(e) => {
              e.preventDefault();
              void submitCode(step.ticket, step.recovery);
            }}
            noValidate
          >
            <h1 id="login-title" className={styles.title}>
              {step.recovery ? 'Enter a recovery code' : 'Enter the 6-digit code'}
            </h1>
            <p className={styles.muted}>{step.recovery ? 'Each recovery code works once.' : 'Open your authenticator app and type the code it shows for Playhall.'}</p>
            {step.recovery ? (
              <Input key="recovery" label="Recovery code" autoComplete="off" placeholder="xxxxx-xxxxx" value={code} onChange={(e) => setCode(e.target.value)} error={codeError} data-testid="recovery-code" autoFocus />
            ) : (
              <Input key="totp" label="Code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} error={codeError} data-testid="totp-code" autoFocus />
            )}
            <Button type="submit" size="lg" block disabled={busy} data-testid="totp-submit">
              Verify
            </Button>
            <div className={styles.links}>
              <button
                type="button"
                className={styles.link}
                data-testid="use-recovery"
                onClick={() => {
                  setCode('');
                  setErrors({});
                  setStep({ ...step, recovery: !step.recovery });
                }}
              >
                {step.recovery ? 'Use the authenticator code' : 'Use a recovery code'}
              </button>
              <button type="button" className={styles.link} onClick={restart}>
                Start again
              </button>
            </div>
          </form>
        )}

        {step.kind === 'enrol' && (
          <form
            className={styles.form}
            onSubmit={(e) => {
              e.preventDefault();
              void submitEnrol(step.ticket);
            }}
            noValidate
          >
            <h1 id="login-title" className={styles.title}>
              Scan this QR code
            </h1>
            <p className={styles.muted}>Two-factor sign-in is required. Scan the code with an authenticator app, or type the key below into it.</p>
            <img className={styles.qr} src={`data:image/png;base64,${step.qrPng}`} alt="QR code for the authenticator app" width={192} height={192} />
            <p className={styles.secretLabel} id="enrol-secret-label">
              Key for manual entry
            </p>
            <code className={styles.secret} data-testid="enrol-secret" aria-labelledby="enrol-secret-label">
              {step.secret}
            </code>
            <Input label="First code from the app" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} error={codeError} data-testid="enrol-code" />
            <Button type="submit" size="lg" block disabled={busy} data-testid="enrol-submit">
              Turn on two-factor sign-in
            </Button>
          </form>
        )}

        {step.kind === 'recovery-codes' && (
          <div className={styles.form}>
            <h1 id="login-title" className={styles.title}>
              Your recovery codes
            </h1>
            <p className={styles.muted}>Keep them somewhere safe: each one signs you in once if you lose your phone. They are shown only now.</p>
            <ol className={styles.codes} data-testid="recovery-codes">
              {step.codes.map((c) => (
                <li key={c}>
                  <code>{c}</code>
                </li>
              ))}
            </ol>
            <Button
              size="lg"
              block
              onClick={() => {
                signedIn(step.me);
                setStep({ kind: 'password' });
              }}
              data-testid="recovery-done"
              autoFocus
            >
              I have saved these codes
            </Button>
          </div>
        )}
      </section>
    </main>
  );
}
