import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { smsNoLogin } from '@playhall/contract/calls/auth';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { call } from '../../../lib/api-client.ts';
import { showErrorDialog } from '../../../lib/error-dialog.ts';
import { openModal } from '../../../stores/ui-store.ts';
import { useFlag } from '../../system/flags.ts';
import { useLogin } from '../api/login.ts';
import { createPhoneProviderSession, usePhoneProvider } from '../api/phone-provider.ts';
import { readRemembered, remember } from '../remember.ts';
import { useSessionStore } from '../session-store.ts';
import { CaptchaField } from './captcha-field.tsx';
import { DEFAULT_DIALING_CODE, PhoneField, SmsCodeField } from './sms-fields.tsx';
import { ModeSwitch } from './mode-switch.tsx';
import { ThirdPartyButtons } from './third-party-buttons.tsx';
import more from './auth-more.module.css';
import styles from './auth-form.module.css';

type TMode = 'username' | 'sms';

function rememberedMobile(): { code: string; mobile: string } {
  const raw = readRemembered('rememberMobile');
  const [code, mobile] = raw?.split(' ') ?? [];
  return code && mobile ? { code, mobile } : { code: DEFAULT_DIALING_CODE, mobile: '' };
}

interface TLoginModalProps {
  /** What the top bar's form held when this modal took over; it starts with these. */
  username?: string;
  password?: string;
  onClose: () => void;
}

/**
 * The login modal (spec §2, §4): username and password, or mobile and SMS code when
 * MOBILEVERCODELOGIN3 is on; the captcha once the server asks for it, a new picture after each
 * refused attempt (the fields keep what was typed); remember-me keeps the username or mobile (never
 * the password) for 24 hours.
 */
export function LoginModal({ username: givenUsername, password: givenPassword, onClose }: TLoginModalProps) {
  const { t } = useTranslation();
  const directRegister = useFlag('DIRECTREG3');
  const smsOn = useFlag('MOBILEVERCODELOGIN3');
  const forgotByMail = useFlag('CHNGPASSMAIL3');
  const forgotByMobile = useFlag('CHNGPASSVERIF3');
  const captchaRequired = useSessionStore((s) => s.captchaRequired);
  const [mode, setMode] = useState<TMode>('username');
  const [username, setUsername] = useState(() => givenUsername || (readRemembered('rememberUser') ?? ''));
  const [password, setPassword] = useState(givenPassword ?? '');
  const [dialingCode, setDialingCode] = useState(() => rememberedMobile().code);
  const [mobile, setMobile] = useState(() => rememberedMobile().mobile);
  const [smsCode, setSmsCode] = useState('');
  const [rememberMe, setRememberMe] = useState(() => readRemembered('remember') === '1');
  const [captcha, setCaptcha] = useState('');
  const [captchaId, setCaptchaId] = useState<string>();
  const [refusals, setRefusals] = useState(0);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  // Success replaces this modal with the after-login or forced change-password modal (afterLogin).
  const loginMutation = useLogin();
  const sms = smsOn && mode === 'sms';
  // Provider-based SMS (issue 22): the provider sends and confirms the code; its token logs in.
  const provider = usePhoneProvider().data?.provider ?? null;
  const providerSession = useMemo(() => (provider ? createPhoneProviderSession(provider) : null), [provider]);

  const onCaptchaId = useCallback((id: string | undefined) => {
    setCaptchaId(id);
    setCaptcha('');
  }, []);

  function keepRemembered() {
    remember('remember', rememberMe ? '1' : null);
    if (!rememberMe) {
      remember('rememberUser', null);
      remember('rememberMobile', null);
    } else if (sms) remember('rememberMobile', `${dialingCode} ${mobile.trim()}`);
    else remember('rememberUser', username.trim());
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const required = (v: string) => (v.trim() ? undefined : t('validation.required'));
    const next = sms
      ? { mobile: required(mobile), code: required(smsCode) }
      : { username: required(username), password: required(password) };
    const found: Record<string, string | undefined> = { ...next, captcha: captchaRequired ? required(captcha) : undefined };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    keepRemembered();
    const captchaFields = captchaRequired ? { captcha, captchaId } : {};
    if (sms && providerSession) {
      providerSession.confirm(smsCode).then(
        (firebaseIdToken) => logIn({ sms: true, mobileNum: mobile, countryDialingCode: dialingCode, verificationCode: smsCode, firebaseIdToken, ...captchaFields }),
        (error: unknown) => showErrorDialog(error),
      );
    } else {
      logIn(
        sms
          ? { sms: true, mobileNum: mobile, countryDialingCode: dialingCode, verificationCode: smsCode, ...captchaFields }
          : { username, password, ...captchaFields },
      );
    }
  }

  function logIn(input: Parameters<typeof loginMutation.mutate>[0]) {
    loginMutation.mutate(
      input,
      // A refused attempt used up the captcha it carried: show a new one.
      {
        onSuccess: (ok) => {
          if (!ok && captchaRequired) setRefusals((n) => n + 1);
        },
      },
    );
  }

  async function sendSms(): Promise<number | undefined> {
    if (!mobile.trim()) {
      setErrors((x) => ({ ...x, mobile: t('validation.required') }));
      return undefined;
    }
    try {
      if (providerSession) return await providerSession.send(dialingCode, mobile);
      return (await call(smsNoLogin, { mobileNum: mobile.trim(), countryDialingCode: dialingCode, purpose: 'login' })).expiredMinutes;
    } catch (error) {
      showErrorDialog(error);
      return undefined;
    }
  }

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('auth.loginTitle')} width={440} minHeight={0} testId="login-modal">
      {smsOn && (
        <ModeSwitch
            label={t('auth.loginTitle')}
            value={mode}
            onChange={setMode}
            items={[
              { value: 'username', label: t('auth.byPassword'), testId: 'login-tab-username' },
              { value: 'sms', label: t('auth.bySms'), testId: 'login-tab-sms' },
            ]}
          />
      )}
      <form className={styles.form} onSubmit={submit} noValidate data-testid="login-modal-form">
        {sms ? (
          <>
            <PhoneField dialingCode={dialingCode} onDialingCode={setDialingCode} value={mobile} onChange={setMobile} required error={errors.mobile} testId="login-mobile" />
            <SmsCodeField value={smsCode} onChange={setSmsCode} error={errors.code} onSend={sendSms} testId="login-sms-code" />
          </>
        ) : (
          <>
            <Input
              label={t('auth.username')}
              required
              autoComplete="username"
              value={username}
              error={errors.username}
              data-testid="login-username"
              onChange={(e) => setUsername(e.target.value)}
            />
            <Input
              label={t('auth.password')}
              required
              type="password"
              autoComplete="current-password"
              value={password}
              error={errors.password}
              data-testid="login-password"
              onChange={(e) => setPassword(e.target.value)}
            />
          </>
        )}
        {captchaRequired && (
          <CaptchaField purpose="login" value={captcha} error={errors.captcha} onChange={setCaptcha} onCaptchaId={onCaptchaId} refreshKey={refusals} />
        )}
        <div className={more.row}>
          <label className={more.check}>
            <input type="checkbox" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} data-testid="login-remember" />
            <span>{t('auth.rememberMe')}</span>
          </label>
          {(forgotByMail || forgotByMobile) && (
            <button type="button" className={styles.link} onClick={() => openModal({ name: 'forgotPassword' })} data-testid="login-forgot">
              {t('auth.forgot')}
            </button>
          )}
        </div>
        <Button type="submit" size="lg" block disabled={loginMutation.isPending} data-testid="login-modal-submit">
          {loginMutation.isPending ? t('common.loading') : t('auth.login')}
        </Button>
        <ThirdPartyButtons />
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
