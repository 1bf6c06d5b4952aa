import { RefreshCw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CAPTCHA_REFRESH_MIN_MS } from '@playhall/contract/constants';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useCaptcha } from '../api/get-captcha.ts';
import styles from './captcha-field.module.css';

interface TCaptchaFieldProps {
  purpose: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  /** The id of the image shown; a new image invalidates what was typed for the old one. */
  onCaptchaId: (captchaId: string | undefined) => void;
}

/** Captcha input with its image (GET /wps/captcha); a click loads a new one, at most once a second. */
export function CaptchaField({ purpose, value, error, onChange, onCaptchaId }: TCaptchaFieldProps) {
  const { t } = useTranslation();
  const { data, isFetching, isError, refetch } = useCaptcha(purpose);
  const lastRefresh = useRef(0);
  const captchaId = data?.captchaId;

  useEffect(() => onCaptchaId(captchaId), [captchaId, onCaptchaId]);

  function refresh() {
    const now = Date.now();
    if (now - lastRefresh.current < CAPTCHA_REFRESH_MIN_MS) return;
    lastRefresh.current = now;
    void refetch();
  }

  return (
    <div className={styles.row}>
      <Input
        label={t('auth.captcha')}
        required
        value={value}
        maxLength={16}
        autoComplete="off"
        error={error}
        data-testid="captcha-input"
        onChange={(e) => onChange(e.target.value)}
      />
      <button type="button" className={styles.image} onClick={refresh} aria-label={t('auth.refreshCaptcha')} title={t('auth.refreshCaptcha')}>
        {isFetching ? (
          <Skeleton width={118} height={38} radius={0} />
        ) : data ? (
          <img src={`data:image/png;base64,${data.image}`} alt={t('auth.captchaImage')} />
        ) : isError ? (
          <RefreshCw size={16} aria-hidden />
        ) : null}
      </button>
    </div>
  );
}
