import { LockKeyhole } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import type { TMemberCentrePage } from '../../auth/account-pages.ts';
import { SecurityCenter } from './security-center.tsx';
import styles from './member-centre.module.css';

const NAV: readonly { page: TMemberCentrePage; label: 'account.securityCenter'; icon: typeof LockKeyhole }[] = [
  { page: 'securityCenter', label: 'account.securityCenter', icon: LockKeyhole },
];

/**
 * The member centre (spec §2): a modal frame with its navigation, listing only the pages that exist;
 * securityCenter is the default page.
 */
export function MemberCentreModal({ page, onClose }: { page: TMemberCentrePage; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('account.memberCentre')}
      width={960}
      minHeight={560}
      testId="member-centre"
      bodyClassName={styles.body}
    >
      <div className={styles.frame}>
        <nav className={styles.nav} aria-label={t('account.memberCentre')}>
          {NAV.map(({ page: p, label, icon: Icon }) => (
            <button key={p} type="button" className={styles.navItem} aria-current={p === page ? 'page' : undefined} data-testid={`mc-nav-${p}`}>
              <Icon size={16} aria-hidden />
              {t(label)}
            </button>
          ))}
        </nav>
        <div className={styles.page}>{page === 'securityCenter' && <SecurityCenter />}</div>
      </div>
    </Modal>
  );
}
