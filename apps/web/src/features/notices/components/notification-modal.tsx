import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useAnnouncements } from '../api/get-announcements.ts';
import { NoticeBrowser } from './notice-browser.tsx';

/** The notification modal of spec §2: opens on the page of the chosen notice. */
export function NotificationModal({ noticeId, onClose }: { noticeId?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isPending } = useAnnouncements();
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('notices.title')} width={900} minHeight={520} testId="notification-modal">
      {isPending ? (
        <div style={{ display: 'grid', gap: 12 }}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={40} />
          ))}
        </div>
      ) : (
        <NoticeBrowser notices={data?.player ?? []} initialId={noticeId} emptyText={t('notices.none')} />
      )}
    </Modal>
  );
}
