import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SMS_BUTTON_THROTTLE_MS, SMS_COUNTDOWN_SECONDS_PER_EXPIRED_MINUTE } from '@playhall/contract/constants';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useCountryCodes } from '../api/get-country-codes.ts';
import { useCountdown } from '../use-countdown.ts';
import { DialingCodeSelect } from './dialing-code-select.tsx';
import more from './auth-more.module.css';
import styles from './auth-form.module.css';

/** Dialing code offered when the country list cannot be loaded: the merchant's market (Vietnam). */
export const DEFAULT_DIALING_CODE = '+84';

interface TPhoneFieldProps {
  dialingCode: string;
  onDialingCode: (code: string) => void;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  maxLength?: number;
  testId?: string;
  /** The number field lost focus (live validation of the register form). */
  onBlur?: () => void;
}

/** Country dialing code and national number (spec §3 country list; digit count checked on the server). */
export function PhoneField({ dialingCode, onDialingCode, value, onChange, error, required, maxLength, testId, onBlur }: TPhoneFieldProps) {
  const { t } = useTranslation();
  const { data: countries } = useCountryCodes();
  const options = countries?.list.map((c) => ({ value: c.countryDialingCode, label: `${c.countryCode} ${c.countryDialingCode}` }));
  return (
    <div className={styles.phone}>
      {options?.length ? (
        <DialingCodeSelect label={t('register.field.countryDialingCode')} options={options} value={dialingCode} onChange={onDialingCode} />
      ) : (
        <Input label={t('register.field.countryDialingCode')} value={dialingCode} maxLength={5} onChange={(e) => onDialingCode(e.target.value)} />
      )}
      <Input
        label={t('register.field.mobileNum')}
        required={required}
        type="tel"
        autoComplete="tel-national"
        inputMode="numeric"
        value={value}
        maxLength={maxLength}
        error={error}
        data-testid={testId}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
    </div>
  );
}

interface TSmsCodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Sends the code; resolves with the server's expiredMinutes, or undefined when it failed. */
  onSend: () => Promise<number | undefined>;
  /** Marked required (default); registration by username without REGMOBVERF3 leaves it optional. */
  required?: boolean;
  /** The field's label; the SMS code by default (the second verification also sends e-mail codes). */
  label?: string;
  testId?: string;
}

/**
 * The SMS code with its Get-SMS button (spec §4): presses at most once per second, then disabled for
 * 60 s × expiredMinutes.
 */
export function SmsCodeField({ value, onChange, error, onSend, required = true, label, testId }: TSmsCodeFieldProps) {
  const { t } = useTranslation();
  const [countdown, startCountdown] = useCountdown();
  const lastPress = useRef(0);
  const sending = useRef(false);

  async function send() {
    const now = Date.now();
    if (sending.current || now - lastPress.current < SMS_BUTTON_THROTTLE_MS) return;
    lastPress.current = now;
    sending.current = true;
    try {
      const minutes = await onSend();
      if (minutes) startCountdown(minutes * SMS_COUNTDOWN_SECONDS_PER_EXPIRED_MINUTE);
    } finally {
      sending.current = false;
    }
  }

  return (
    <div className={more.code}>
      <Input
        label={label ?? t('register.field.verificationCode')}
        required={required}
        value={value}
        maxLength={255}
        autoComplete="one-time-code"
        inputMode="numeric"
        error={error}
        data-testid={testId}
        onChange={(e) => onChange(e.target.value)}
      />
      <Button variant="secondary" className={more.codeButton} disabled={countdown > 0} onClick={() => void send()} data-testid="send-sms">
        {countdown > 0 ? t('auth.resendIn', { seconds: countdown }) : t('auth.sendCode')}
      </Button>
    </div>
  );
}
