import { RefreshCw } from 'lucide-react';
import { Button } from './button.tsx';
import styles from './refresh-button.module.css';

/** A small button that loads a list again, spinning while it does. */
export function RefreshButton({ label, onClick, busy, testId }: { label: string; onClick: () => void; busy: boolean; testId?: string }) {
  return (
    <Button variant="ghost" size="sm" onClick={onClick} disabled={busy} aria-label={label} title={label} data-testid={testId}>
      <RefreshCw size={14} aria-hidden className={busy ? styles.spinning : undefined} />
    </Button>
  );
}
