import { Smartphone, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageSection } from '../../components/layout/page-header.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { usePermission } from '../../features/system/api/get-status.ts';
import { firstResource } from '../../features/system/resources.ts';
import { imageUrl } from '../../lib/image-url.ts';
import styles from './app-page.module.css';

/** Two phones drawn in SVG, showing the portal's colours. */
function PhonesArt() {
  return (
    <svg className={styles.phones} viewBox="0 0 420 320" aria-hidden>
      <g transform="translate(70 20) rotate(-8)">
        <rect width="150" height="290" rx="24" fill="#0e1320" stroke="var(--border)" strokeWidth="3" />
        <rect x="10" y="14" width="130" height="262" rx="16" fill="#161d2e" />
        <rect x="22" y="30" width="106" height="56" rx="10" fill="#6142bf" />
        <rect x="22" y="96" width="50" height="50" rx="10" fill="#e0533f" />
        <rect x="78" y="96" width="50" height="50" rx="10" fill="#1f8a5b" />
        <rect x="22" y="152" width="50" height="50" rx="10" fill="#d4881c" />
        <rect x="78" y="152" width="50" height="50" rx="10" fill="#1e88c8" />
        <rect x="22" y="214" width="106" height="28" rx="14" fill="#f2c14e" />
      </g>
      <g transform="translate(220 40) rotate(7)">
        <rect width="150" height="270" rx="24" fill="#f4f6fa" stroke="var(--border)" strokeWidth="3" />
        <rect x="10" y="14" width="130" height="242" rx="16" fill="#ffffff" />
        <rect x="22" y="30" width="106" height="16" rx="8" fill="#dde2ec" />
        <rect x="22" y="56" width="106" height="70" rx="10" fill="#c9961a" />
        <rect x="22" y="136" width="106" height="14" rx="7" fill="#dde2ec" />
        <rect x="22" y="158" width="80" height="14" rx="7" fill="#dde2ec" />
        <rect x="22" y="196" width="106" height="34" rx="17" fill="#6142bf" />
      </g>
    </svg>
  );
}

function Guide({ icon: Icon, title, sub, steps, testId }: { icon: typeof Smartphone; title: string; sub: string; steps: string[]; testId: string }) {
  return (
    <section className={styles.guide} data-testid={testId}>
      <div className={styles.guideHead}>
        <span className={styles.guideIcon}>
          <Icon size={22} aria-hidden />
        </span>
        <span>
          <h3 className={styles.guideTitle}>{title}</h3>
          <span className={styles.guideSub}>{sub}</span>
        </span>
      </div>
      <ol className={styles.steps}>
        {steps.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
    </section>
  );
}

/** /app and /download: the app QR code and the iOS and Lite installation guides (spec §2). */
export function AppPage() {
  const { t } = useTranslation();
  const { info } = usePermission();
  const app = firstResource(info.resources, 'APP');
  return (
    <div className="container" data-testid="app-page">
      <section className={styles.hero}>
        <div>
          <p className={styles.eyebrow}>{t('app.eyebrow')}</p>
          <h1 className={styles.title}>{t('app.title')}</h1>
          <p className={styles.text}>{t('app.text')}</p>
          {app?.qrCodeUrl ? (
            <div className={styles.qrBox}>
              <img className={styles.qr} src={imageUrl(app.qrCodeUrl)} alt={t('app.qrAlt')} data-testid="app-qr" />
              <p className={styles.qrText}>{t('app.scan')}</p>
            </div>
          ) : (
            <EmptyState compact text={t('app.noQr')} />
          )}
        </div>
        <PhonesArt />
      </section>
      <PageSection title={t('app.guides')}>
        <div className={styles.guides}>
          <Guide
            icon={Smartphone}
            title={t('app.iosTitle')}
            sub={t('app.iosSub')}
            steps={[t('app.ios1'), t('app.ios2'), t('app.ios3'), t('app.ios4')]}
            testId="guide-ios"
          />
          <Guide
            icon={Zap}
            title={t('app.liteTitle')}
            sub={t('app.liteSub')}
            steps={[t('app.lite1'), t('app.lite2'), t('app.lite3'), t('app.lite4')]}
            testId="guide-lite"
          />
        </div>
      </PageSection>
    </div>
  );
}
