import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_DEFAULT_SIZE } from '@playhall/contract/constants';
import { openerNow, returnFocus } from '../../lib/focus-return.ts';
import styles from './modal.module.css';

/** Spec §9: clicks on the cover are ignored for 100 ms after opening, so the opening click cannot close it. */
export const COVER_CLICK_GRACE_MS = 100;

interface TModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Hide the title bar (the title is still announced to screen readers). */
  hideHeader?: boolean;
  children: ReactNode;
  footer?: ReactNode;
  width?: number;
  minHeight?: number;
  /** A fixed height (within the window): the modal keeps its size whatever its body shows. */
  height?: number;
  closeOnCover?: boolean;
  closeOnEscape?: boolean;
  /** False: no close button, cover and Escape ignored (the forced change-password modal). */
  closable?: boolean;
  testId?: string;
  bodyClassName?: string;
  /** 'alertdialog' for messages that need the member's response now (errors, warnings). */
  role?: 'dialog' | 'alertdialog';
  /** Id of the element holding the message, announced with the title. */
  describedBy?: string;
}

/**
 * The one modal: Radix Dialog (focus trap, scroll lock, Escape), spec default size 600 × 300. Closed, it gives the
 * focus back to the control it was opened from (lib/focus-return.ts: Radix would only return it to a Dialog.Trigger).
 */
export function Modal({
  open,
  onOpenChange,
  title,
  hideHeader,
  children,
  footer,
  width = MODAL_DEFAULT_SIZE.width,
  minHeight = MODAL_DEFAULT_SIZE.height,
  height,
  closeOnCover = true,
  closeOnEscape = true,
  closable = true,
  testId,
  bodyClassName,
  role = 'dialog',
  describedBy,
}: TModalProps) {
  const { t } = useTranslation();
  const openedAt = useRef(0);
  const opener = useRef<HTMLElement | null>(null);

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={styles.content}
          style={height === undefined ? { width, minHeight } : { width, height }}
          data-testid={testId}
          role={role}
          aria-describedby={describedBy}
          onOpenAutoFocus={(e) => {
            openedAt.current = Date.now();
            opener.current = openerNow();
            // Start in the body (first field, or a [data-autofocus] element), not on the close button.
            const body = (e.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('[data-modal-body]');
            const target =
              body?.querySelector<HTMLElement>('[data-autofocus]') ??
              body?.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea') ??
              body?.parentElement?.querySelector<HTMLElement>('[data-modal-footer] button');
            if (target) {
              e.preventDefault();
              target.focus();
            }
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocus(opener.current);
          }}
          onPointerDownOutside={(e) => {
            if (!closable || !closeOnCover || Date.now() - openedAt.current < COVER_CLICK_GRACE_MS) e.preventDefault();
          }}
          onEscapeKeyDown={(e) => {
            if (!closable || !closeOnEscape) e.preventDefault();
          }}
        >
          {hideHeader ? (
            <RadixDialog.Title className="sr-only">{title}</RadixDialog.Title>
          ) : (
            <div className={styles.header}>
              <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
              {closable && (
                <RadixDialog.Close className={styles.close} aria-label={t('common.close')}>
                  <X size={18} aria-hidden />
                </RadixDialog.Close>
              )}
            </div>
          )}
          <div className={[styles.body, bodyClassName].filter(Boolean).join(' ')} data-modal-body>
            {children}
          </div>
          {footer && (
            <div className={styles.footer} data-modal-footer>
              {footer}
            </div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
