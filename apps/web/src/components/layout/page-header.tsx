import type { ComponentType, CSSProperties, ReactNode } from 'react';
import styles from './page-header.module.css';

type TIcon = ComponentType<{ size?: number; 'aria-hidden'?: boolean; strokeWidth?: number }>;

interface TPageHeaderProps {
  icon: TIcon;
  title: ReactNode;
  subtitle?: ReactNode;
  eyebrow?: ReactNode;
  aside?: ReactNode;
  /** Accent colour of the page (category colour); the brand purple by default. */
  hue?: string;
}

/** The banner strip every page opens with: icon, title, one line, optional actions. */
export function PageHeader({ icon: Icon, title, subtitle, eyebrow, aside, hue }: TPageHeaderProps) {
  const style = hue ? ({ '--hue': hue, '--hue-soft': `color-mix(in srgb, ${hue} 22%, transparent)` } as CSSProperties) : undefined;
  return (
    <section className={styles.hero} style={style} data-testid="page-header">
      <span className={styles.art} aria-hidden>
        <Icon size={260} strokeWidth={1} />
      </span>
      <div className={styles.row}>
        <span className={styles.icon}>
          <Icon size={32} aria-hidden />
        </span>
        <div className={styles.text}>
          {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
          <h1 className={styles.title}>{title}</h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        </div>
        {aside && <div className={styles.aside}>{aside}</div>}
      </div>
    </section>
  );
}

/** A titled block of a page. */
export function PageSection({ icon: Icon, title, action, children, testId }: { icon?: TIcon; title: ReactNode; action?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className={styles.section} data-testid={testId}>
      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle}>
          {Icon && <Icon size={20} aria-hidden />}
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

export function Panel({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={[styles.panel, className].filter(Boolean).join(' ')}>{children}</div>;
}

/** A grid of info cards. */
export function CardGrid({ columns = 3, children }: { columns?: number; children: ReactNode }) {
  return (
    <div className={styles.cards} style={{ '--cols': columns } as CSSProperties}>
      {children}
    </div>
  );
}

/** A card with an icon (or a step number), a title and a sentence or two. */
export function InfoCard({ icon: Icon, step, title, children }: { icon?: TIcon; step?: number; title: ReactNode; children?: ReactNode }) {
  return (
    <div className={styles.card}>
      {step !== undefined ? (
        <span className={styles.step}>{step}</span>
      ) : (
        Icon && (
          <span className={styles.cardIcon}>
            <Icon size={20} aria-hidden />
          </span>
        )
      )}
      <h3 className={styles.cardTitle}>{title}</h3>
      {children && <div className={styles.cardText}>{children}</div>}
    </div>
  );
}
