import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { openModal } from '../../../stores/ui-store.ts';
import { useFlag } from '../../system/flags.ts';
import { useSessionStore } from '../session-store.ts';
import styles from './login-form-compact.module.css';

const LoginExtras = lazy(() => import('./login-extras.tsx'));

/**
 * The top bar's login form; once a captcha is needed (or a field is empty) the full login modal takes
 * over, starting with what was typed here.
 */
export function LoginFormCompact() {
  const { t } = useTranslation();
  const directRegister = useFlag('DIRECTREG3');
  const captchaRequired = useSessionStore((s) => s.captchaRequired);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (captchaRequired || !username.trim() || !password.trim()) {
      openModal({ name: 'login', username, password });
      return;
    }
    setPending(true);
    // The login code (and the encryption it needs) loads on the first submit, not with the page.
    const { performLogin, handOverToLoginModal } = await import('../api/login.ts');
    const ok = await performLogin({ username, password });
    setPending(false);
    if (ok) {
      setUsername('');
      setPassword('');
    } else if (useSessionStore.getState().captchaRequired) {
      // The server now wants the captcha: the modal shows it, with the username and password kept.
      handOverToLoginModal({ username, password });
    }
  }

  return (
    <form className={styles.compact} onSubmit={(e) => void submit(e)} noValidate data-testid="login-form">
      <Input
        compact
        label={t('auth.username')}
        hideLabel
        placeholder={t('auth.username')}
        autoComplete="username"
        // Where the focus lands when the control it was on left with the member's session (lib/focus-return.ts).
        data-focus-fallback
        value={username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <Input
        compact
        type="password"
        label={t('auth.password')}
        hideLabel
        placeholder={t('auth.password')}
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" size="sm" disabled={pending} data-testid="login-submit">
        {t('auth.login')}
      </Button>
      <Suspense fallback={null}>
        <LoginExtras />
      </Suspense>
      {directRegister && (
        <Button variant="secondary" size="sm" onClick={() => openModal({ name: 'register' })} data-testid="register-button">
          {t('auth.register')}
        </Button>
      )}
    </form>
  );
}
