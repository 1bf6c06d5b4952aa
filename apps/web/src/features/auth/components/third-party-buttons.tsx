import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { showErrorDialog } from '../../../lib/error-dialog.ts';
import { startOAuth, useThirdPartyProviders } from '../api/third-party.ts';
import styles from './third-party-buttons.module.css';

/** The agreement age of registration (spec §5, §9); a first third-party login opens an account. */
const AGREEMENT_AGE = 18;

/**
 * Log in with Google, Facebook or Telegram (spec §6: when their flags are on; the server also has to
 * be configured for them). Each leaves for the provider, which returns to /oauth/callback.
 */
export function ThirdPartyButtons() {
  const { t } = useTranslation();
  const { data } = useThirdPartyProviders();
  const [leaving, setLeaving] = useState(false);
  const providers = data?.providers ?? [];
  if (providers.length === 0) return null;

  async function go(provider: 'google' | 'facebook' | 'telegram') {
    setLeaving(true);
    try {
      if (provider === 'telegram') {
        if (!data?.telegramAuthUrl) throw new Error('no Telegram URL');
        window.location.assign(data.telegramAuthUrl);
      } else await startOAuth(provider);
    } catch (error) {
      setLeaving(false);
      showErrorDialog(error);
    }
  }

  return (
    <div className={styles.block} data-testid="third-party-login">
      <p className={styles.divider}>
        <span>{t('auth.orContinueWith')}</span>
      </p>
      <div className={styles.buttons}>
        {providers.map((provider) => (
          <Button
            key={provider}
            variant="secondary"
            disabled={leaving}
            className={styles[provider]}
            onClick={() => void go(provider)}
            data-testid={`third-party-${provider}`}
          >
            {t(`auth.provider_${provider}`)}
          </Button>
        ))}
      </div>
      <p className={styles.note}>{t('auth.thirdPartyAgreement', { age: AGREEMENT_AGE })}</p>
    </div>
  );
}
