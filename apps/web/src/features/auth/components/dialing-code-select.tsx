import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { COUNTRY_DROPDOWN_BLUR_CLOSE_MS } from '@playhall/contract/constants';
import type { TSelectOption } from '../../../components/ui/select.tsx';
import field from '../../../components/ui/field.module.css';
import styles from './dialing-code-select.module.css';

interface TDialingCodeSelectProps {
  label: string;
  value: string;
  options: readonly TSelectOption[];
  onChange: (value: string) => void;
}

/**
 * The country dialing-code dropdown. Its list closes 200 ms after focus leaves it (spec §9), so a
 * click on an option still lands; choosing closes it at once and returns focus to the button.
 */
export function DialingCodeSelect({ label, value, options, onChange }: TDialingCodeSelectProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => () => clearTimeout(closeTimer.current), []);
  useEffect(() => {
    if (open) list.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.focus();
  }, [open]);

  function choose(next: string) {
    clearTimeout(closeTimer.current);
    onChange(next);
    setOpen(false);
    button.current?.focus();
  }

  function onKeyDown(e: KeyboardEvent<HTMLUListElement>) {
    const items = [...(list.current?.querySelectorAll<HTMLElement>('[role="option"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape') {
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      items[Math.min(items.length - 1, Math.max(0, at + (e.key === 'ArrowDown' ? 1 : -1)))]?.focus();
    }
  }

  const current = options.find((o) => o.value === value);
  return (
    <div
      className={`${field.field} ${styles.root}`}
      onFocus={() => clearTimeout(closeTimer.current)}
      onBlur={(e) => {
        if (e.currentTarget.contains(e.relatedTarget)) return;
        clearTimeout(closeTimer.current);
        closeTimer.current = setTimeout(() => setOpen(false), COUNTRY_DROPDOWN_BLUR_CLOSE_MS);
      }}
    >
      <span id={`${id}-label`} className={field.label}>
        {label}
      </span>
      <button
        ref={button}
        type="button"
        className={`${field.control} ${styles.trigger}`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}-value`}
        data-testid="dialing-code"
        onClick={() => setOpen((o) => !o)}
      >
        <span id={`${id}-value`}>{current?.value ?? value}</span>
      </button>
      {open && (
        <ul ref={list} role="listbox" aria-labelledby={`${id}-label`} className={styles.list} onKeyDown={onKeyDown} data-testid="dialing-code-list">
          {options.map((o) => (
            <li
              key={o.value}
              role="option"
              tabIndex={-1}
              aria-selected={o.value === value}
              className={styles.option}
              onClick={() => choose(o.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  choose(o.value);
                }
              }}
            >
              {o.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
