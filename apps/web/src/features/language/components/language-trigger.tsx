import { ChevronDown, Globe } from 'lucide-react';
import type { ButtonHTMLAttributes } from 'react';
import styles from './language-trigger.module.css';

interface TLanguageTriggerProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  code: string;
  label: string;
}

/**
 * The language selector's button. The top bar shows it at once; the menu behind it loads just after
 * the first paint (top-bar.tsx), keeping the home page's initial script small.
 */
export function LanguageTrigger({ code, label, ...rest }: TLanguageTriggerProps) {
  return (
    <button type="button" className={styles.trigger} data-testid="language-selector" aria-haspopup="menu" {...rest}>
      <Globe size={14} aria-hidden />
      <span className="sr-only">{label}</span>
      <span className={styles.code}>{code}</span>
      <ChevronDown size={12} aria-hidden />
    </button>
  );
}
