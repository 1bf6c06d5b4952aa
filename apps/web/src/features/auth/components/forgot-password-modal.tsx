import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { forgotPasswordEmail, resetPasswordByEmail, resetPasswordByMobile, smsNoLogin } from '@playhall/contract/calls/auth';
import { patternMessage, validateByRule } from '@playhall/contract/patterns';
import { passwordRule } from '@playhall/contract/validation';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { call } from '../../../lib/api-client.ts';
import { showErrorDialog } from '../../../lib/error-dialog.ts';
import { i18next } from '../../../lib/i18n.ts';
import { showDialog } from '../../../stores/dialog-store.ts';
import { openModal } from '../../../stores/ui-store.ts';
import { useRegisterSetting } from '../../system/api/get-register-setting.ts';
import { useFlag } from '../../system/flags.ts';
import { DEFAULT_DIALING_CODE, PhoneField, SmsCodeField } from './sms-fields.tsx';
import { ModeSwitch } from './mode-switch.tsx';
import styles from './auth-form.module.css';

type TMode = 'email' | 'mobile';
type TErrors = Record<string, string | undefined>;

/** The new password's check: the register rule of `password` (contract validation.ts). */
function usePasswordCheck() {
  const { t } = useTranslation();
  const { data } = useRegisterSetting();
  const rule = passwordRule(data?.rules ?? []);
  return (value: string): string | undefined => {
    const err = validateByRule(value, rule);
    if (err === 'required') return t('validation.required');
    if (err) return patternMessage(t(`pattern.${rule.patternId}` as 'pattern.0'), rule.minLength, rule.maxLength);
    return undefined;
  };
}

/** Success; with `login` the dialog's button opens the login modal (a modal opened under a dialog would hide it). */
function done(text: string, title: string, login = false) {
  showDialog({
    icon: 'success',
    title,
    text,
    buttons: login ? [{ label: i18next.t('auth.login'), variant: 'primary', onClick: () => openModal({ name: 'login' }) }] : undefined,
  });
}

/**
 * Forgot password (spec §4): by e-mail (CHNGPASSMAIL3) and by mobile (CHNGPASSVERIF3); the first
 * enabled mode is the default and the switcher shows only when both are on.
 */
export function ForgotPasswordModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const emailOn = useFlag('CHNGPASSMAIL3');
  const mobileOn = useFlag('CHNGPASSVERIF3');
  const [mode, setMode] = useState<TMode>(emailOn ? 'email' : 'mobile');
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('auth.forgotTitle')} width={460} minHeight={0} testId="forgot-modal">
      {emailOn && mobileOn && (
        <ModeSwitch
            label={t('auth.forgotTitle')}
            value={mode}
            onChange={setMode}
            items={[
              { value: 'email', label: t('auth.byEmail'), testId: 'forgot-tab-email' },
              { value: 'mobile', label: t('auth.byMobile'), testId: 'forgot-tab-mobile' },
            ]}
          />
      )}
      {!emailOn && !mobileOn ? (
        <p className={styles.intro}>{t('auth.forgotUnavailable')}</p>
      ) : mode === 'email' ? (
        <EmailForm onDone={onClose} />
      ) : (
        <MobileForm onDone={onClose} />
      )}
    </Modal>
  );
}

function EmailForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<TErrors>({});
  const [pending, setPending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = {
      username: username.trim() ? undefined : t('validation.required'),
      email: !email.trim() ? t('validation.required') : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) ? undefined : t('pattern.3'),
    };
    setErrors(found);
    if (found.username || found.email) return;
    setPending(true);
    try {
      await call(forgotPasswordEmail, { username: username.trim(), email: email.trim() });
      onDone();
      done(t('auth.resetMailSent'), t('auth.forgotTitle'));
    } catch (error) {
      showErrorDialog(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate data-testid="forgot-email-form">
      <p className={styles.intro}>{t('auth.forgotEmailIntro')}</p>
      <Input label={t('auth.username')} required autoComplete="username" value={username} error={errors.username} data-testid="forgot-username" onChange={(e) => setUsername(e.target.value)} />
      <Input label={t('register.field.email')} required type="email" autoComplete="email" value={email} error={errors.email} data-testid="forgot-email" onChange={(e) => setEmail(e.target.value)} />
      <Button type="submit" size="lg" block disabled={pending} data-testid="forgot-submit">
        {pending ? t('common.loading') : t('auth.sendResetLink')}
      </Button>
    </form>
  );
}

function MobileForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const checkPassword = usePasswordCheck();
  const [dialingCode, setDialingCode] = useState(DEFAULT_DIALING_CODE);
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<TErrors>({});
  const [pending, setPending] = useState(false);

  async function send(): Promise<number | undefined> {
    if (!mobile.trim()) {
      setErrors((x) => ({ ...x, mobile: t('validation.required') }));
      return undefined;
    }
    try {
      const sent = await call(smsNoLogin, { mobileNum: mobile.trim(), countryDialingCode: dialingCode, purpose: 'resetPassword' });
      return sent.expiredMinutes;
    } catch (error) {
      showErrorDialog(error);
      return undefined;
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = {
      mobile: mobile.trim() ? undefined : t('validation.required'),
      code: code.trim() ? undefined : t('validation.required'),
      password: checkPassword(password),
    };
    setErrors(found);
    if (found.mobile || found.code || found.password) return;
    setPending(true);
    try {
      await call(resetPasswordByMobile, {
        mobileNum: mobile.trim(),
        countryDialingCode: dialingCode,
        verificationCode: code.trim(),
        newPassword: password,
      });
      onDone();
      done(t('auth.passwordResetDone'), t('auth.forgotTitle'), true);
    } catch (error) {
      showErrorDialog(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate data-testid="forgot-mobile-form">
      <PhoneField dialingCode={dialingCode} onDialingCode={setDialingCode} value={mobile} onChange={setMobile} required error={errors.mobile} testId="forgot-mobile" />
      <SmsCodeField value={code} onChange={setCode} error={errors.code} onSend={send} testId="forgot-code" />
      <Input
        label={t('account.newPassword')}
        required
        type="password"
        autoComplete="new-password"
        value={password}
        error={errors.password}
        data-testid="forgot-new-password"
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" size="lg" block disabled={pending} data-testid="forgot-submit">
        {pending ? t('common.loading') : t('auth.resetPassword')}
      </Button>
    </form>
  );
}

/** The mailed link `/?resetToken=…` opens this: set a new password with the single-use token. */
export function ResetPasswordModal({ token, onClose }: { token: string; onClose: () => void }) {
  const { t } = useTranslation();
  const checkPassword = usePasswordCheck();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<TErrors>({});
  const [pending, setPending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = {
      password: checkPassword(password),
      confirm: !confirm ? t('validation.required') : confirm !== password ? t('error.password_mismatch') : undefined,
    };
    setErrors(found);
    if (found.password || found.confirm) return;
    setPending(true);
    try {
      await call(resetPasswordByEmail, { token, newPassword: password, confirmNewPassword: confirm });
      onClose();
      done(t('auth.passwordResetDone'), t('auth.resetTitle'), true);
    } catch (error) {
      showErrorDialog(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('auth.resetTitle')} width={440} minHeight={0} testId="reset-modal">
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <Input label={t('account.newPassword')} required type="password" autoComplete="new-password" value={password} error={errors.password} data-testid="reset-password" onChange={(e) => setPassword(e.target.value)} />
        <Input label={t('account.confirmNewPassword')} required type="password" autoComplete="new-password" value={confirm} error={errors.confirm} data-testid="reset-confirm" onChange={(e) => setConfirm(e.target.value)} />
        <Button type="submit" size="lg" block disabled={pending} data-testid="reset-submit">
          {pending ? t('common.loading') : t('auth.resetPassword')}
        </Button>
      </form>
    </Modal>
  );
}
