import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { openModal } from '../../../stores/ui-store.ts';
import { useFlag } from '../../system/flags.ts';
import { useLogin } from '../api/login.ts';
import { useSessionStore } from '../session-store.ts';
import { CaptchaField } from './captcha-field.tsx';
import styles from './auth-form.module.css';

/** The login modal (spec §2): username and password, the captcha once the server asks for it. */
export function LoginModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const directRegister = useFlag('DIRECTREG3');
  const captchaRequired = useSessionStore((s) => s.captchaRequired);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [captchaId, setCaptchaId] = useState<string>();
  const [errors, setErrors] = useState<{ username?: string; password?: string; captcha?: string }>({});
  const loginMutation = useLogin({ onSuccess: onClose });

  const onCaptchaId = useCallback((id: string | undefined) => {
    setCaptchaId(id);
    setCaptcha('');
  }, []);

  function submit(e: FormEvent) {
    e.preventDefault();
    const next = {
      username: username.trim() ? undefined : t('validation.required'),
      password: password.trim() ? undefined : t('validation.required'),
      captcha: captchaRequired && !captcha.trim() ? t('validation.required') : undefined,
    };
    setErrors(next);
    if (next.username || next.password || next.captcha) return;
    loginMutation.mutate({ username, password, ...(captchaRequired ? { captcha, captchaId } : {}) });
  }

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('auth.loginTitle')} width={440} minHeight={0} testId="login-modal">
      <form className={styles.form} onSubmit={submit} noValidate>
        <Input
          label={t('auth.username')}
          required
          autoComplete="username"
          value={username}
          error={errors.username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <Input
          label={t('auth.password')}
          required
          type="password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {captchaRequired && (
          <CaptchaField purpose="login" value={captcha} error={errors.captcha} onChange={setCaptcha} onCaptchaId={onCaptchaId} />
        )}
        <Button type="submit" size="lg" block disabled={loginMutation.isPending}>
          {loginMutation.isPending ? t('common.loading') : t('auth.login')}
        </Button>
        {directRegister && (
          <p className={styles.switch}>
            {t('auth.noAccount')}{' '}
            <button type="button" className={styles.link} onClick={() => openModal({ name: 'register' })}>
              {t('auth.register')}
            </button>
          </p>
        )}
      </form>
    </Modal>
  );
}
