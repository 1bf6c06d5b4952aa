import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { RichHtml } from '../../../components/ui/rich-html.tsx';
import { currentLanguageCode } from '../../../lib/i18n.ts';
import { imageUrl } from '../../../lib/image-url.ts';
import { useDialogStore } from '../../../stores/dialog-store.ts';
import { useFillingForm } from '../filling-form.ts';
import type { TNotice } from '@playhall/contract/calls/system';
import styles from './notice-popup.module.css';

/**
 * The popup notices in a modal, one at a time (loaded only when there is a popup to show). It waits
 * while a dialog is open or the visitor is filling a form (typing into the top bar's login, say)
 * and opens once the focus leaves the form, so typed input never lands in the popup. Once open it
 * holds the focus itself, so it stays until closed.
 */
export function NoticePopupModal({ popups, onClose: close }: { popups: readonly TNotice[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const filling = useFillingForm();
  const dialogOpen = useDialogStore((s) => s.dialogs.length > 0);
  const notice = popups[Math.min(index, popups.length - 1)];
  if (!notice || filling || dialogOpen) return null;

  return (
    <Modal
      open
      onOpenChange={(open) => !open && close()}
      title={t('notices.popupTitle')}
      testId="notice-popup"
      footer={
        <>
          {popups.length > 1 && (
            <span className={styles.pager}>
              <Button variant="ghost" size="sm" disabled={index === 0} onClick={() => setIndex(index - 1)}>
                {t('common.previous')}
              </Button>
              {index + 1} / {popups.length}
              <Button variant="ghost" size="sm" disabled={index >= popups.length - 1} onClick={() => setIndex(index + 1)}>
                {t('common.next')}
              </Button>
            </span>
          )}
          <Button onClick={close}>{t('common.gotIt')}</Button>
        </>
      }
    >
      {notice.imageUrl && <img className={styles.art} src={imageUrl(notice.imageUrl, currentLanguageCode())} alt="" />}
      <h2 className={styles.title}>{notice.title}</h2>
      <RichHtml html={notice.content} />
    </Modal>
  );
}
