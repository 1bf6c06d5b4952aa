import { RefreshCw } from 'lucide-react';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CAPTCHA_REFRESH_MIN_MS } from '@playhall/contract/constants';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useCaptcha } from '../api/get-captcha.ts';
import styles from './captcha-field.module.css';

/** The picture's size as the server draws it (captcha.image.ts), shown 1:1. */
const IMAGE_WIDTH = 200;
const IMAGE_HEIGHT = 64;

interface TCaptchaFieldProps {
  purpose: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  /** The id of the image shown; a new image invalidates what was typed for the old one. */
  onCaptchaId: (captchaId: string | undefined) => void;
  /**
   * Counts the form's refused attempts: each new value loads a new picture, because the server uses
   * up a captcha when it checks one (a refused answer's picture can never pass again).
   */
  refreshKey?: number;
}

/**
 * Captcha input with its picture (GET /wps/captcha). A click on the picture or a refused attempt
 * loads a new one, never sooner than a second after the last (the server's limit per address);
 * the form's other fields are the parent's and stay as they are.
 */
export function CaptchaField({ purpose, value, error, onChange, onCaptchaId, refreshKey = 0 }: TCaptchaFieldProps) {
  const { t } = useTranslation();
  const { data, isFetching, isError, refetch, dataUpdatedAt, errorUpdatedAt } = useCaptcha(purpose);
  const lastAsked = useRef(0);
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A picture whose last reload failed is not shown: its captcha may be used up.
  const captchaId = isError ? undefined : data?.captchaId;

  useEffect(() => onCaptchaId(captchaId), [captchaId, onCaptchaId]);
  useEffect(() => () => clearTimeout(pending.current), []);

  function refresh() {
    if (pending.current !== undefined) return;
    const since = Math.max(lastAsked.current, dataUpdatedAt, errorUpdatedAt);
    const wait = Math.max(0, since + CAPTCHA_REFRESH_MIN_MS - Date.now());
    pending.current = setTimeout(() => {
      pending.current = undefined;
      lastAsked.current = Date.now();
      void refetch();
    }, wait);
  }

  // After a refused attempt: a new picture, and the typed answer goes with the old one.
  const onRefused = useEffectEvent(() => {
    onChange('');
    refresh();
  });
  const seenKey = useRef(refreshKey);
  useEffect(() => {
    if (refreshKey === seenKey.current) return;
    seenKey.current = refreshKey;
    onRefused();
  }, [refreshKey]);

  return (
    <div className={styles.row}>
      <Input
        label={t('auth.captcha')}
        required
        value={value}
        maxLength={16}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={error}
        data-testid="captcha-input"
        onChange={(e) => onChange(e.target.value)}
      />
      <button
        type="button"
        className={styles.image}
        onClick={refresh}
        aria-label={t('auth.refreshCaptcha')}
        title={t('auth.refreshCaptcha')}
        data-testid="captcha-refresh"
      >
        {isFetching ? (
          <Skeleton width={IMAGE_WIDTH} height={IMAGE_HEIGHT} radius={0} />
        ) : data && !isError ? (
          <img src={`data:image/png;base64,${data.image}`} width={IMAGE_WIDTH} height={IMAGE_HEIGHT} alt={t('auth.captchaImage')} data-testid="captcha-image" />
        ) : (
          <span className={styles.failed}>{isError ? t('auth.refreshCaptcha') : null}</span>
        )}
        <span className={styles.refresh} aria-hidden>
          <RefreshCw size={16} />
        </span>
      </button>
    </div>
  );
}
