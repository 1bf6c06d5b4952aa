import { CircleAlert, CircleCheck, Info, TriangleAlert, WifiOff } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TDialog } from '../../stores/dialog-store.ts';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';
import { RichHtml } from './rich-html.tsx';
import styles from './dialog.module.css';

const ICONS = { info: Info, success: CircleCheck, warning: TriangleAlert, error: CircleAlert, network: WifiOff } as const;

/** The generic dialog of spec §2. */
export function Dialog({ dialog, onClose }: { dialog: TDialog; onClose: () => void }) {
  const { t } = useTranslation();
  const { icon, title, html, text, buttons, closeOnCover = true, autoCloseMs } = dialog;
  const Icon = icon ? ICONS[icon] : null;
  const messageId = useId();
  // Errors, warnings and network failures interrupt: screen readers announce them as alerts, message included.
  const alert = icon === 'error' || icon === 'warning' || icon === 'network';

  useEffect(() => {
    if (!autoCloseMs) return;
    const timer = setTimeout(onClose, autoCloseMs);
    return () => clearTimeout(timer);
  }, [autoCloseMs, onClose]);

  const list = buttons?.length ? buttons : [{ label: t('common.ok'), variant: 'primary' as const }];

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={title ?? t('common.notice')}
      hideHeader
      width={420}
      minHeight={0}
      closeOnCover={closeOnCover}
      testId="dialog"
      role={alert ? 'alertdialog' : 'dialog'}
      describedBy={html || text ? messageId : undefined}
    >
      <div className={styles.wrap}>
        {icon && Icon && (
          <span className={[styles.icon, styles[icon]].join(' ')} aria-hidden>
            <Icon size={28} />
          </span>
        )}
        {title && <p className={styles.title}>{title}</p>}
        {html ? <RichHtml html={html} className={styles.text} id={messageId} /> : text ? <p className={styles.text} id={messageId}>{text}</p> : null}
        <div className={styles.buttons}>
          {list.map((b, i) => (
            <Button
              key={`${b.label}-${i}`}
              data-autofocus={i === list.length - 1 || undefined}
              variant={b.variant ?? (i === list.length - 1 ? 'primary' : 'secondary')}
              onClick={() => {
                b.onClick?.();
                if (!b.keepOpen) onClose();
              }}
            >
              {b.label}
            </Button>
          ))}
        </div>
      </div>
    </Modal>
  );
}
