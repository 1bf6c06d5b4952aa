import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { TRegisterFieldRule } from '@playhall/contract/calls/system';
import { patternMessage } from '@playhall/contract/patterns';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { openModal } from '../../../stores/ui-store.ts';
import { useRegisterSetting } from '../../system/api/get-register-setting.ts';
import { useFlag } from '../../system/flags.ts';
import { createPhoneProviderSession, usePhoneProvider } from '../api/phone-provider.ts';
import { useRegister, useSendRegisterSms } from '../api/register.ts';
import { showErrorDialog } from '../../../lib/error-dialog.ts';
import { isServerChecked, registerFieldProblem } from '../api/validate-register-field.ts';
import { registerFieldViews, ruleOf, validateRegister, type TRegisterErrors, type TRegisterValues } from '../register-fields.ts';
import { CaptchaField } from './captcha-field.tsx';
import { DEFAULT_DIALING_CODE, PhoneField, SmsCodeField } from './sms-fields.tsx';
import { ModeSwitch } from './mode-switch.tsx';
import more from './auth-more.module.css';
import styles from './auth-form.module.css';

/** The register modal (spec §2, §3, §5): fields, requirement marks and checks from the stored rules. */
export function RegisterModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useRegisterSetting();
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('auth.registerTitle')} width={640} testId="register-modal">
      {isPending ? (
        <div style={{ display: 'grid', gap: 16, gridTemplateColumns: '1fr 1fr' }}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={62} />
          ))}
        </div>
      ) : isError || !data ? (
        <EmptyState
          compact
          text={t('auth.registerUnavailable')}
          action={<Button onClick={() => void refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <RegisterTabs rules={data.rules} onDone={onClose} />
      )}
    </Modal>
  );
}

type TRegisterMode = 'username' | 'mobile';

/** Values as they are checked and sent: trimmed, except passwords (spec §5). */
function trimmedValues(values: TRegisterValues): TRegisterValues {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, k.toLowerCase().includes('password') ? v : v?.trim()]));
}

/** Tabs register (username) and registerMobile, the latter only when MOBILENUMREG3 is on (spec §4). */
function RegisterTabs({ rules, onDone }: { rules: readonly TRegisterFieldRule[]; onDone: () => void }) {
  const { t } = useTranslation();
  const mobileOn = useFlag('MOBILENUMREG3');
  const [mode, setMode] = useState<TRegisterMode>('username');
  return (
    <>
      {mobileOn && (
        <ModeSwitch
            label={t('auth.registerTitle')}
            value={mode}
            onChange={setMode}
            items={[
              { value: 'username', label: t('auth.registerByUsername'), testId: 'register-tab-username' },
              { value: 'mobile', label: t('auth.registerByMobile'), testId: 'register-tab-mobile' },
            ]}
          />
      )}
      <RegisterForm key={mode} mode={mode} rules={rules} onDone={onDone} />
    </>
  );
}

function RegisterForm({ mode, rules, onDone }: { mode: TRegisterMode; rules: readonly TRegisterFieldRule[]; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const options = { mode, smsCode: useFlag('REGMOBVERF3'), mobilePassword: useFlag('MOBILENUMPASSREG3') };
  const [values, setValues] = useState<TRegisterValues>({});
  const [dialingCode, setDialingCode] = useState(DEFAULT_DIALING_CODE);
  const [captchaId, setCaptchaId] = useState<string>();
  const [refusals, setRefusals] = useState(0);
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const [ageError, setAgeError] = useState(false);
  const [errors, setErrors] = useState<TRegisterErrors>({});
  // What the fields hold now, for a blur check that finishes after more typing.
  const latest = useRef(values);
  useEffect(() => {
    latest.current = values;
  }, [values]);
  const captchaRule = ruleOf(rules, 'captcha', options);
  const verificationRule = ruleOf(rules, 'verificationCode', options);
  const views = registerFieldViews(rules, options);

  const registerMutation = useRegister({
    onSuccess: () => {
      onDone();
      void navigate(paths.home);
    },
  });
  const smsMutation = useSendRegisterSms();
  // Provider-based SMS (issue 22): the provider sends and confirms the code; its token goes with the form.
  const provider = usePhoneProvider().data?.provider ?? null;
  const providerSession = useMemo(() => (provider ? createPhoneProviderSession(provider) : null), [provider]);

  const set = (field: keyof TRegisterValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const onCaptchaId = useCallback((id: string | undefined) => {
    setCaptchaId(id);
    setValues((v) => ({ ...v, captcha: '' }));
  }, []);

  function message(field: keyof TRegisterValues): string | undefined {
    const code = errors[field];
    if (!code) return undefined;
    if (code === 'required') return t('validation.required');
    if (code.startsWith('pattern_')) {
      const rule = ruleOf(rules, field, options);
      const id = Number(code.replace('pattern_', ''));
      return patternMessage(t(`pattern.${id}` as 'pattern.0'), rule?.minLength ?? 0, rule?.maxLength ?? 0);
    }
    // A catalogue code: password_mismatch, username_taken, mobile_taken, a phone error …
    return t(`error.${code}` as 'error.unknown_error');
  }

  /**
   * Live validation when a field loses focus: the same rule check as on submit for that field, then
   * (for username, mobile, e-mail, ID number) whether the server already has the value.
   */
  async function checkField(field: keyof TRegisterValues) {
    const trimmed = trimmedValues(latest.current);
    const found = validateRegister(trimmed, rules, options);
    const local = found[field];
    // A confirmation already typed is checked again against the changed password.
    const related = field === 'password' && trimmed.confirmPassword ? { confirmPassword: found.confirmPassword } : {};
    setErrors((x) => ({ ...x, ...related, [field]: local }));
    const value = trimmed[field];
    if (local || !value || !isServerChecked(field)) return;
    const problem = await registerFieldProblem(field, value, field === 'mobileNum' ? dialingCode : undefined);
    // Only if the field still holds what was checked.
    if (problem && trimmedValues(latest.current)[field] === value) setErrors((x) => ({ ...x, [field]: problem }));
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const trimmed = trimmedValues(values);
    const found = validateRegister(trimmed, rules, options);
    setErrors(found);
    setAgeError(!ageConfirmed);
    if (Object.keys(found).length > 0 || !ageConfirmed) return;
    const filled = Object.fromEntries(Object.entries(trimmed).filter(([, v]) => v)) as TRegisterValues;
    const referralCode = new URLSearchParams(location.search).get('referralCode') ?? undefined;
    if (providerSession && filled.verificationCode) {
      // The provider confirms the typed code first; a refusal is its §8 message and nothing is sent to us.
      providerSession.confirm(filled.verificationCode).then(
        (firebaseIdToken) => send({ firebaseChannel: 'sms', firebaseIdToken }),
        (error: unknown) => showErrorDialog(error),
      );
    } else send({});

    function send(proof: { firebaseChannel?: 'sms'; firebaseIdToken?: string }) {
      registerMutation.mutate(
        {
          mode,
          payload: {
            ...filled,
            ...proof,
            ...(filled.mobileNum ? { countryDialingCode: dialingCode } : {}),
            ...(filled.captcha ? { captchaId } : {}),
            referralCode,
            domain: window.location.host,
            registerUrl: window.location.href,
            login: true,
            registerMethod: 'WEB',
            ageConfirmed: true,
          },
        },
        // A refused registration used up the captcha it carried: show a new one, keep the rest.
        {
          onError: () => {
            if (filled.captcha) setRefusals((n) => n + 1);
          },
        },
      );
    }
  }

  async function sendSms(): Promise<number | undefined> {
    const mobileNo = values.mobileNum?.trim();
    if (!mobileNo) {
      setErrors((x) => ({ ...x, mobileNum: 'required' }));
      return undefined;
    }
    if (providerSession) {
      try {
        return await providerSession.send(dialingCode, mobileNo);
      } catch (error) {
        showErrorDialog(error);
        return undefined;
      }
    }
    const sent = await smsMutation
      .mutateAsync({ countryDialingCode: dialingCode, mobileNo, regType: mode, username: values.username?.trim() || undefined })
      .catch(() => undefined);
    return sent?.expiredMinutes;
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="register-form">
      <p className={styles.intro}>{t('auth.registerIntro')}</p>
      <div className={styles.grid}>
        {views.map(({ field, rule, inputType, autoComplete }) =>
          field === 'mobileNum' ? (
            <PhoneField
              key={field}
              dialingCode={dialingCode}
              onDialingCode={setDialingCode}
              value={values.mobileNum ?? ''}
              onChange={set('mobileNum')}
              required={rule.required}
              maxLength={rule.maxLength || undefined}
              error={message('mobileNum')}
              testId="register-mobileNum"
              onBlur={() => void checkField('mobileNum')}
            />
          ) : (
            <Input
              key={field}
              label={t(`register.field.${field}`)}
              required={rule.required}
              type={inputType}
              autoComplete={autoComplete}
              value={values[field] ?? ''}
              maxLength={rule.maxLength || undefined}
              error={message(field)}
              data-testid={`register-${field}`}
              onChange={(e) => set(field)(e.target.value)}
              onBlur={() => void checkField(field)}
            />
          ),
        )}
        {verificationRule && (
          <SmsCodeField
            value={values.verificationCode ?? ''}
            onChange={set('verificationCode')}
            error={message('verificationCode')}
            onSend={sendSms}
            required={verificationRule.required}
            testId="register-verificationCode"
          />
        )}
        {captchaRule && (
          <div className={styles.full}>
            <CaptchaField purpose="register" value={values.captcha ?? ''} error={message('captcha')} onChange={set('captcha')} onCaptchaId={onCaptchaId} refreshKey={refusals} />
          </div>
        )}
        <div className={styles.full}>
          <label className={more.check}>
            <input
              type="checkbox"
              checked={ageConfirmed}
              data-testid="register-age"
              aria-invalid={ageError || undefined}
              onChange={(e) => {
                setAgeConfirmed(e.target.checked);
                if (e.target.checked) setAgeError(false);
              }}
            />
            <span>{t('auth.ageConfirm', { age: 18 })}</span>
          </label>
          {ageError && (
            <span className={more.checkError} role="alert">
              {t('auth.ageRequired')}
            </span>
          )}
        </div>
      </div>
      <Button type="submit" size="lg" block disabled={registerMutation.isPending} data-testid="register-submit">
        {registerMutation.isPending ? t('common.loading') : t('auth.createAccount')}
      </Button>
      <p className={styles.switch}>
        {t('auth.haveAccount')}{' '}
        <button type="button" className={styles.link} onClick={() => openModal({ name: 'login' })}>
          {t('auth.login')}
        </button>
      </p>
    </form>
  );
}
