import { Flame } from 'lucide-react';
import type { ReactNode } from 'react';
import styles from './badge.module.css';

type TBadgeKind = 'hot' | 'new' | 'count' | 'brand';

export function Badge({ kind, children, label }: { kind: TBadgeKind; children?: ReactNode; label?: string }) {
  return (
    <span className={[styles.badge, styles[kind]].join(' ')} aria-label={label} data-testid={`badge-${kind}`}>
      {kind === 'hot' && <Flame size={11} aria-hidden />}
      {children}
    </span>
  );
}
