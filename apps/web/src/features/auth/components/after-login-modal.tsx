import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { openModal } from '../../../stores/ui-store.ts';
import { useSessionStore } from '../session-store.ts';
import styles from './auth-form.module.css';

/** The after-login modal (spec §2, §4): a welcome, with the way into the member centre. */
export function AfterLoginModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const account = useSessionStore((s) => s.account);
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('auth.welcomeTitle', { account: account ?? '' })}
      width={420}
      minHeight={0}
      testId="after-login-modal"
      footer={
        <>
          <Button
            variant="secondary"
            onClick={() => {
              onClose();
              // Only members reach this modal (free play does not), so the centre opens directly.
              openModal({ name: 'memberCentre', page: 'securityCenter' });
            }}
          >
            {t('account.securityCenter')}
          </Button>
          <Button onClick={onClose} data-testid="after-login-close">
            {t('auth.startPlaying')}
          </Button>
        </>
      }
    >
      <p className={styles.intro}>{t('auth.welcomeText')}</p>
    </Modal>
  );
}
