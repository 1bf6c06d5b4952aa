import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

/** Drawn illustration (an open box with a sparkle) tinted by the theme tokens. */
function EmptyArt() {
  return (
    <svg className={styles.art} viewBox="0 0 160 120" aria-hidden>
      <ellipse cx="80" cy="104" rx="56" ry="8" fill="var(--surface-2)" />
      <path d="M36 52 80 36l44 16v40L80 108 36 92z" fill="var(--surface-2)" stroke="var(--border)" strokeWidth="2" />
      <path d="M36 52 80 68l44-16" fill="none" stroke="var(--border)" strokeWidth="2" />
      <path d="M80 68v40" stroke="var(--border)" strokeWidth="2" />
      <path d="M36 52 22 68l44 16 14-16z" fill="var(--surface)" stroke="var(--border)" strokeWidth="2" />
      <path d="m124 52 14 16-44 16-14-16z" fill="var(--surface)" stroke="var(--border)" strokeWidth="2" />
      <path d="M80 10v12M74 16h12" stroke="var(--accent)" strokeWidth="3" strokeLinecap="round" />
      <circle cx="104" cy="22" r="3" fill="var(--brand)" />
      <circle cx="58" cy="26" r="2" fill="var(--accent)" />
    </svg>
  );
}

/** Empty state: a drawn SVG and one sentence, optionally an action. */
export function EmptyState({ text, action, compact, testId }: { text: ReactNode; action?: ReactNode; compact?: boolean; testId?: string }) {
  return (
    <div className={[styles.empty, compact ? styles.compact : ''].join(' ')} data-testid={testId ?? 'empty-state'}>
      <EmptyArt />
      <p className={styles.text}>{text}</p>
      {action}
    </div>
  );
}
