import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styles from './menu.module.css';

/** Focusable entries of an open menu, in order. */
const ITEM_SELECTOR = '[role^="menuitem"]:not([aria-disabled="true"])';

/** Index of the item to focus after a key press, or null when the key does not move focus. */
export function nextMenuIndex(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return (current + 1 + count) % count;
    case 'ArrowUp':
      return current < 0 ? count - 1 : (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

interface TMenuProps {
  /** Renders the trigger; spread the props onto a button. */
  trigger: (props: {
    'aria-haspopup': 'menu';
    'aria-expanded': boolean;
    'aria-controls': string;
    'data-state': 'open' | 'closed';
    id: string;
    onClick: () => void;
  }) => ReactNode;
  /** The panel's content; `close` shuts the menu (items call it after acting). */
  children: (close: () => void) => ReactNode;
  label: string;
  panelClassName?: string;
  testId?: string;
  /** Start open (the trigger was pressed before the menu's code arrived). */
  defaultOpen?: boolean;
}

/**
 * A small accessible menu button (WAI-ARIA menu pattern): opens below its trigger, arrow keys move
 * between items, Escape or a click outside closes it and focus returns to the trigger.
 */
export function Menu({ trigger, children, label, panelClassName, testId, defaultOpen = false }: TMenuProps) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  const triggerId = `${id}-trigger`;
  const rootRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const close = useCallback(() => {
    setOpen(false);
    document.getElementById(triggerId)?.focus();
  }, [triggerId]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    const first =
      panelRef.current?.querySelector<HTMLElement>(`${ITEM_SELECTOR}[aria-checked="true"]`) ??
      panelRef.current?.querySelector<HTMLElement>(ITEM_SELECTOR);
    first?.focus();
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
      return;
    }
    if (e.key === 'Tab') {
      setOpen(false);
      return;
    }
    const items = [...(panelRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? [])];
    const next = nextMenuIndex(e.key, items.indexOf(document.activeElement as HTMLElement), items.length);
    if (next === null) return;
    e.preventDefault();
    items[next]?.focus();
  }

  return (
    <div className={styles.root} ref={rootRef}>
      {trigger({
        'aria-haspopup': 'menu',
        'aria-expanded': open,
        'aria-controls': id,
        'data-state': open ? 'open' : 'closed',
        id: triggerId,
        onClick: () => setOpen((o) => !o),
      })}
      {open && (
        <div
          id={id}
          ref={panelRef}
          role="menu"
          aria-label={label}
          className={[styles.panel, panelClassName].filter(Boolean).join(' ')}
          onKeyDown={onKeyDown}
          data-testid={testId}
        >
          {children(close)}
        </div>
      )}
    </div>
  );
}
