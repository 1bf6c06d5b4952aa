import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { showDialog } from '../../../stores/dialog-store.ts';
import { completeLogin } from '../api/login.ts';
import { readCallback, sendCallback } from '../api/third-party.ts';
import styles from './third-party-buttons.module.css';

/**
 * /oauth/callback, where Google, Facebook and Telegram send the visitor back: the provider's answer
 * goes to the server, then the after-login steps of a password login (the after-login modal, or the
 * second verification). A cancelled or failed login says so and returns to /.
 */
export function OAuthCallbackModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { search, hash } = useLocation();
  const started = useRef(false);
  const [callback] = useState(() => readCallback(search, hash));

  useEffect(() => {
    // Once: a code and a state are single-use (React's development double effect would spend them).
    if (started.current || callback.kind === 'empty') return;
    started.current = true;
    // The provider's answer must not stay in the address bar or the history.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (callback.kind === 'cancelled') {
      showDialog({ icon: 'info', title: t('common.notice'), text: t('auth.thirdPartyCancelled') });
      onClose();
      return;
    }
    void completeLogin(sendCallback(callback)).then((ok) => {
      if (!ok) onClose();
    });
  }, [callback, onClose, t]);

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('auth.loginTitle')} width={360} minHeight={0} testId="oauthCallback-modal">
      {callback.kind === 'empty' ? (
        <p>{t('auth.thirdPartyNothing')}</p>
      ) : (
        <p className={styles.status}>
          <Spinner size={20} label={t('auth.signingIn')} /> {t('auth.signingIn')}
        </p>
      )}
    </Modal>
  );
}
