import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { TRegisterFieldRule } from '@playhall/contract/calls/system';
import { SMS_COUNTDOWN_SECONDS_PER_EXPIRED_MINUTE } from '@playhall/contract/constants';
import { patternMessage } from '@playhall/contract/patterns';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { openModal } from '../../../stores/ui-store.ts';
import { useRegisterSetting } from '../../system/api/get-register-setting.ts';
import { useFlag } from '../../system/flags.ts';
import { useCountryCodes } from '../api/get-country-codes.ts';
import { useRegister, useSendRegisterSms } from '../api/register.ts';
import { registerFieldViews, ruleOf, validateRegister, type TRegisterErrors, type TRegisterValues } from '../register-fields.ts';
import { useCountdown } from '../use-countdown.ts';
import { CaptchaField } from './captcha-field.tsx';
import styles from './auth-form.module.css';

/** Dialing code offered when the country list cannot be loaded: the merchant's market (Vietnam). */
const DEFAULT_DIALING_CODE = '+84';

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
        <RegisterForm rules={data.rules} onDone={onClose} />
      )}
    </Modal>
  );
}

function RegisterForm({ rules, onDone }: { rules: readonly TRegisterFieldRule[]; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const smsRequired = useFlag('REGMOBVERF3');
  const { data: countries } = useCountryCodes();
  const [values, setValues] = useState<TRegisterValues>({});
  const [dialingCode, setDialingCode] = useState(DEFAULT_DIALING_CODE);
  const [captchaId, setCaptchaId] = useState<string>();
  const [errors, setErrors] = useState<TRegisterErrors>({});
  const [countdown, startCountdown] = useCountdown();
  const captchaRule = ruleOf(rules, 'captcha');
  const verificationRule = smsRequired ? ruleOf(rules, 'verificationCode') : undefined;
  const views = registerFieldViews(rules);

  const registerMutation = useRegister({
    onSuccess: () => {
      onDone();
      void navigate(paths.home);
    },
  });
  const smsMutation = useSendRegisterSms();

  const set = (field: keyof TRegisterValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const onCaptchaId = useCallback((id: string | undefined) => {
    setCaptchaId(id);
    setValues((v) => ({ ...v, captcha: '' }));
  }, []);

  function message(field: keyof TRegisterValues): string | undefined {
    const code = errors[field];
    if (!code) return undefined;
    if (code === 'required') return t('validation.required');
    if (code === 'password_mismatch') return t('error.password_mismatch');
    const rule = ruleOf(rules, field);
    const id = Number(code.replace('pattern_', ''));
    return patternMessage(t(`pattern.${id}` as 'pattern.0'), rule?.minLength ?? 0, rule?.maxLength ?? 0);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateRegister(values, rules, { captcha: !!captchaRule, verificationCode: !!verificationRule });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const filled = Object.fromEntries(Object.entries(values).filter(([, v]) => v?.trim())) as TRegisterValues;
    const referralCode = new URLSearchParams(location.search).get('referralCode') ?? undefined;
    registerMutation.mutate({
      ...filled,
      ...(filled.mobileNum ? { countryDialingCode: dialingCode } : {}),
      ...(filled.captcha ? { captchaId } : {}),
      referralCode,
      domain: window.location.host,
      registerUrl: window.location.href,
      login: true,
      registerMethod: 'WEB',
    });
  }

  function sendSms() {
    if (!values.mobileNum?.trim()) {
      setErrors((x) => ({ ...x, mobileNum: 'required' }));
      return;
    }
    smsMutation.mutate(
      { countryDialingCode: dialingCode, mobileNo: values.mobileNum.trim(), username: values.username?.trim() || undefined },
      { onSuccess: (v) => startCountdown(v.expiredMinutes * SMS_COUNTDOWN_SECONDS_PER_EXPIRED_MINUTE) },
    );
  }

  const dialingOptions = countries?.list.map((c) => ({ value: c.countryDialingCode, label: `${c.countryCode} ${c.countryDialingCode}` }));

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="register-form">
      <p className={styles.intro}>{t('auth.registerIntro')}</p>
      <div className={styles.grid}>
        {views.map(({ field, rule, inputType, autoComplete }) =>
          field === 'mobileNum' ? (
            <div key={field} className={styles.phone}>
              {dialingOptions?.length ? (
                <Select label={t('register.field.countryDialingCode')} options={dialingOptions} value={dialingCode} onChange={(e) => setDialingCode(e.target.value)} />
              ) : (
                <Input label={t('register.field.countryDialingCode')} value={dialingCode} maxLength={5} onChange={(e) => setDialingCode(e.target.value)} />
              )}
              <Input
                label={t('register.field.mobileNum')}
                required={rule.required}
                type="tel"
                autoComplete={autoComplete}
                value={values.mobileNum ?? ''}
                maxLength={rule.maxLength || undefined}
                error={message('mobileNum')}
                onChange={(e) => set('mobileNum')(e.target.value)}
              />
            </div>
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
              onChange={(e) => set(field)(e.target.value)}
            />
          ),
        )}
        {verificationRule && (
          <div className={styles.phone} style={{ gridTemplateColumns: '1fr auto', alignItems: 'end' }}>
            <Input
              label={t('register.field.verificationCode')}
              required
              value={values.verificationCode ?? ''}
              maxLength={255}
              error={message('verificationCode')}
              onChange={(e) => set('verificationCode')(e.target.value)}
            />
            <Button variant="secondary" style={{ height: 40 }} disabled={countdown > 0 || smsMutation.isPending} onClick={sendSms}>
              {countdown > 0 ? t('auth.resendIn', { seconds: countdown }) : t('auth.sendCode')}
            </Button>
          </div>
        )}
        {captchaRule && (
          <div className={styles.full}>
            <CaptchaField purpose="register" value={values.captcha ?? ''} error={message('captcha')} onChange={set('captcha')} onCaptchaId={onCaptchaId} />
          </div>
        )}
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
