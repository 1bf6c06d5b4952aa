import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './tabs.module.css';

export interface TTabItem<V extends string> {
  value: V;
  label: ReactNode;
  testId?: string;
}

interface TTabsProps<V extends string> {
  items: readonly TTabItem<V>[];
  value: V | undefined;
  onChange: (value: V) => void;
  label: string;
  /** pill: a row of pills; underline: text tabs on a rule; cards: a grid of larger tiles (vendor tabs). */
  variant?: 'pill' | 'underline' | 'cards';
  /** id prefix linking each tab to its panel (`<prefix>-panel`). */
  idPrefix?: string;
}

/** A tab list with arrow-key navigation; the caller renders the selected panel. */
export function Tabs<V extends string>({ items, value, onChange, label, variant = 'pill', idPrefix }: TTabsProps<V>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const index = items.findIndex((i) => i.value === value);
    const rtl = document.documentElement.dir === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[e.key];
    let next: number | undefined;
    if (step !== undefined) next = (index + step + items.length) % items.length;
    if (e.key === 'Home') next = 0;
    if (e.key === 'End') next = items.length - 1;
    const item = next === undefined ? undefined : items[next];
    if (next === undefined || !item) return;
    e.preventDefault();
    onChange(item.value);
    refs.current[next]?.focus();
  }

  return (
    <div role="tablist" aria-label={label} className={variant === 'pill' ? styles.list : `${styles.list} ${styles[variant]}`} onKeyDown={onKeyDown}>
      {items.map((item, i) => {
        const selected = item.value === value;
        return (
          <button
            key={item.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={idPrefix ? `${idPrefix}-panel` : undefined}
            tabIndex={selected || (value === undefined && i === 0) ? 0 : -1}
            className={styles.tab}
            data-testid={item.testId}
            onClick={() => onChange(item.value)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
