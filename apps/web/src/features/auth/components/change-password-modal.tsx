import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import styles from './auth-form.module.css';

/** Change password; `forced` (initial or expired password, spec §4) cannot be closed until changed. */
export function ChangePasswordModal({ forced, onClose }: { forced?: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      onOpenChange={(open) => !open && !forced && onClose()}
      closable={!forced}
      title={t('account.changePassword')}
      width={440}
      minHeight={0}
      testId={forced ? 'forced-password-modal' : 'change-password-modal'}
    >
      {forced && <p className={styles.intro}>{t('account.forcedChangeText')}</p>}
      <ChangePasswordForm onDone={onClose} />
    </Modal>
  );
}
