import { Megaphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader, Panel } from '../../components/layout/page-header.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useAnnouncements } from '../../features/notices/api/get-announcements.ts';
import { NoticeBrowser } from '../../features/notices/components/notice-browser.tsx';
import { HelpCentre } from '../../features/system/components/help-centre.tsx';

/** /help: the help centre inside the portal. */
export function HelpPage() {
  return <HelpCentre />;
}

/** /helpmc: the same help centre without header, footer or side bar. */
export function HelpMcPage() {
  return <HelpCentre bare />;
}

/** /noticePage: the notices as a page, 10 per page; ?id= opens on that notice. */
export function NoticePage() {
  const { t } = useTranslation();
  const { data, isPending } = useAnnouncements();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  return (
    <div className="container" data-testid="notice-page">
      <PageHeader icon={Megaphone} title={t('notices.title')} subtitle={t('notices.subtitle')} />
      <div style={{ marginTop: 24 }}>
        <Panel>
          {isPending ? (
            <Skeleton height={420} />
          ) : (
            <NoticeBrowser key={id ?? 'all'} notices={data?.player ?? []} initialId={id} emptyText={t('notices.none')} />
          )}
        </Panel>
      </div>
    </div>
  );
}
