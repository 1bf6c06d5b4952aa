import { useTranslation } from 'react-i18next';
import type { TPermission } from '@playhall/contract/calls/system';
import { Logo } from '../../../components/brand/logo.tsx';
import { ContactButton } from './contact-button.tsx';
import styles from './status-page.module.css';

function BrokenLinkArt() {
  return (
    <svg className={styles.art} viewBox="0 0 220 150" aria-hidden>
      <ellipse cx="110" cy="138" rx="80" ry="8" fill="var(--surface-2)" />
      <rect x="30" y="34" width="160" height="84" rx="12" fill="var(--surface-2)" stroke="var(--border)" strokeWidth="2" />
      <rect x="44" y="48" width="132" height="18" rx="9" fill="var(--bg)" stroke="var(--border)" strokeWidth="2" />
      <circle cx="56" cy="57" r="4" fill="var(--danger)" />
      <path d="M66 57h70" stroke="var(--text-muted)" strokeWidth="3" strokeLinecap="round" strokeDasharray="6 5" />
      <g fill="none" stroke="var(--accent)" strokeWidth="7" strokeLinecap="round">
        <path d="M86 96h-10a10 10 0 0 1 0-20h10" />
        <path d="M134 76h10a10 10 0 0 1 0 20h-10" />
      </g>
      <path d="M104 74l-6-8M116 74l6-8M104 98l-6 8M116 98l6 8" stroke="var(--danger)" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/**
 * Status 3 (issue 22): the page was opened on a host that is not one of the merchant's domains. Spec §8's "Invalid
 * URL, please contact customer service", the address as the browser shows it, and the contact button.
 */
export function InvalidUrlPage({ permission }: { permission: TPermission }) {
  const { t } = useTranslation();
  return (
    <main className={styles.page} data-testid="invalid-url-page">
      <div className={styles.card}>
        <span className={styles.logo}>
          <Logo height={32} />
        </span>
        <BrokenLinkArt />
        <div className={styles.block}>
          <h1 className={styles.title}>{t('status.invalidUrlTitle')}</h1>
          <p className={styles.text}>{t('status.invalidUrlText')}</p>
        </div>
        <dl className={styles.facts}>
          <dt className={styles.factLabel}>{t('status.openedAddress')}</dt>
          <dd className={styles.factValue} style={{ margin: 0 }} data-testid="opened-address">
            {window.location.host}
          </dd>
        </dl>
        <ContactButton info={permission.info} label={t('status.contact')} />
      </div>
    </main>
  );
}
