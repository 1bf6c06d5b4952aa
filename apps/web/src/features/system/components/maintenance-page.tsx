import { useEffect, useState } from 'react';
import type { TPermission } from '@playhall/contract/calls/system';
import { Logo } from '../../../components/brand/logo.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { i18next } from '../../../lib/i18n.ts';
import { ContactButton } from './contact-button.tsx';
import styles from './status-page.module.css';

/** The two languages the maintenance page is always shown in (spec §2). */
const BILINGUAL = ['vi', 'en'] as const;

function MaintenanceArt() {
  return (
    <svg className={styles.art} viewBox="0 0 220 150" aria-hidden>
      <ellipse cx="110" cy="138" rx="80" ry="8" fill="var(--surface-2)" />
      <rect x="40" y="30" width="140" height="92" rx="12" fill="var(--surface-2)" stroke="var(--border)" strokeWidth="2" />
      <rect x="40" y="30" width="140" height="20" rx="10" fill="var(--brand)" />
      <circle cx="54" cy="40" r="3" fill="#fff" opacity=".7" />
      <circle cx="64" cy="40" r="3" fill="#fff" opacity=".5" />
      <g transform="translate(110 86)">
        <circle r="22" fill="none" stroke="var(--accent)" strokeWidth="8" strokeDasharray="9 6" />
        <circle r="9" fill="var(--accent)" />
      </g>
      <g transform="translate(158 66) rotate(45)" fill="var(--text-muted)">
        <rect x="-5" y="8" width="10" height="52" rx="5" />
        <circle r="15" />
        <rect x="-6" y="-17" width="12" height="15" fill="var(--surface-2)" />
      </g>
    </svg>
  );
}

/** Status 1: the maintenance page in Vietnamese and English, the end time when known, and a contact button. */
export function MaintenancePage({ permission }: { permission: TPermission }) {
  const [ready, setReady] = useState(() => BILINGUAL.every((l) => i18next.hasResourceBundle(l, 'translation')));

  useEffect(() => {
    if (ready) return;
    void i18next.loadLanguages([...BILINGUAL]).finally(() => setReady(true));
  }, [ready]);

  if (!ready) return <PageSpinner />;

  const end = permission.maintenanceEnd;
  const endText = end ? formatDateTime(end, { offset: true }) : null;
  const [vi, en] = BILINGUAL.map((l) => i18next.getFixedT(l));
  if (!vi || !en) return null;

  return (
    <main className={styles.page} data-testid="maintenance-page">
      <div className={styles.card}>
        <span className={styles.logo}>
          <Logo height={32} />
        </span>
        <MaintenanceArt />
        {[
          { t: vi, lang: 'vi', name: 'Tiếng Việt' },
          { t: en, lang: 'en', name: 'English' },
        ].map(({ t, lang, name }, i) => (
          <div key={lang} className={styles.block} lang={lang}>
            {i > 0 && <div className={styles.divider} />}
            <span className={styles.lang}>{name}</span>
            <h1 className={styles.title}>{t('status.maintenanceTitle')}</h1>
            <p className={styles.text}>{t('status.maintenanceText')}</p>
          </div>
        ))}
        {end && endText ? (
          <div className={styles.facts}>
            <span className={styles.factLabel}>
              {vi('status.maintenanceEnd')} / {en('status.maintenanceEnd')}
            </span>
            <time className={styles.factValue} dateTime={end} data-testid="maintenance-end">
              {endText}
            </time>
          </div>
        ) : (
          <p className={styles.text}>
            {vi('status.maintenanceNoEnd')} / {en('status.maintenanceNoEnd')}
          </p>
        )}
        <ContactButton info={permission.info} label={`${vi('status.contact')} / ${en('status.contact')}`} />
      </div>
    </main>
  );
}
