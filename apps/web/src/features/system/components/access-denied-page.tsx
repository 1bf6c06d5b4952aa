import { useTranslation } from 'react-i18next';
import type { TPermission } from '@playhall/contract/calls/system';
import { Logo } from '../../../components/brand/logo.tsx';
import { ContactButton } from './contact-button.tsx';
import styles from './status-page.module.css';

function BlockedArt() {
  return (
    <svg className={styles.art} viewBox="0 0 220 150" aria-hidden>
      <ellipse cx="110" cy="138" rx="80" ry="8" fill="var(--surface-2)" />
      <circle cx="110" cy="74" r="56" fill="var(--surface-2)" stroke="var(--border)" strokeWidth="2" />
      <path d="M62 60h96M62 88h96M110 18c-18 18-18 94 0 112M110 18c18 18 18 94 0 112" fill="none" stroke="var(--border)" strokeWidth="2" />
      <circle cx="150" cy="104" r="24" fill="var(--danger)" />
      <path d="M138 104h24" stroke="#fff" strokeWidth="6" strokeLinecap="round" />
    </svg>
  );
}

/** Status 2: Access Denied, with the visitor's IP and country, and a contact button. */
export function AccessDeniedPage({ permission }: { permission: TPermission }) {
  const { t } = useTranslation();
  const { ip, country, countryName } = permission.location;
  const countryText = countryName ? `${countryName}${country ? ` (${country})` : ''}` : country || t('status.unknownCountry');
  return (
    <main className={styles.page} data-testid="access-denied-page">
      <div className={styles.card}>
        <span className={styles.logo}>
          <Logo height={32} />
        </span>
        <BlockedArt />
        <div className={styles.block}>
          <h1 className={styles.title}>{t('status.accessDeniedTitle')}</h1>
          <p className={styles.text}>{t('status.accessDeniedText')}</p>
        </div>
        <dl className={styles.facts}>
          <dt className={styles.factLabel}>{t('status.yourIp')}</dt>
          <dd className={styles.factValue} style={{ margin: 0 }} data-testid="visitor-ip">
            {ip}
          </dd>
          <dt className={styles.factLabel}>{t('status.country')}</dt>
          <dd className={styles.factValue} style={{ margin: 0 }} data-testid="visitor-country">
            {countryText}
          </dd>
        </dl>
        <ContactButton info={permission.info} label={t('status.contact')} />
      </div>
    </main>
  );
}
