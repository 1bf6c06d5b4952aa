import type { ReactNode } from 'react';
import styles from './card-section.module.css';

/** A titled card of a member-centre page, with optional actions at the end of its title row. */
export function CardSection({ title, actions, testId, children }: { title: ReactNode; actions?: ReactNode; testId?: string; children: ReactNode }) {
  return (
    <section className={styles.section} data-testid={testId}>
      <div className={styles.head}>
        <h3 className={styles.title}>{title}</h3>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
      {children}
    </section>
  );
}
