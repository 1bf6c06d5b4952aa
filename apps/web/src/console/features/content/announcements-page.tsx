import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { consoleAnnouncementRemove, consoleAnnouncements } from '@playhall/contract/console';
import { Button } from '../../../components/ui/button.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { RichHtml } from '../../../components/ui/rich-html.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { consoleCall } from '../../lib/console-api.ts';
import { formatTime } from '../../lib/time.ts';
import { consoleQuery } from '../../lib/use-console-query.ts';
import { useSession } from '../auth/session.tsx';
import { AnnouncementAddDialog, ANNOUNCEMENT_TYPE_LABELS } from './announcement-add-dialog.tsx';
import common from '../../components/console.module.css';

type TRow = z.output<typeof consoleAnnouncements.response>['list'][number];

export function AnnouncementsPage() {
  const { allows } = useSession();
  const edit = allows('content.edit');
  const queryClient = useQueryClient();
  const query = useQuery(consoleQuery(consoleAnnouncements, {}));
  const [adding, setAdding] = useState(false);
  const [previewing, setPreviewing] = useState<TRow | null>(null);
  const [removing, setRemoving] = useState<TRow | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [consoleAnnouncements.name] });

  return (
    <>
      <PageHeader
        title="Announcements"
        actions={
          edit && (
            <Button onClick={() => setAdding(true)} data-testid="announcement-add">
              Add announcement
            </Button>
          )
        }
      />
      <QueryView query={query}>
        {({ list }) =>
          list.length === 0 ? (
            <EmptyState text="No announcements yet." />
          ) : (
            <DataTable
              caption="Announcements"
              testId="announcements-table"
              rows={list}
              rowKey={(r) => r.id}
              columns={[
                { key: 'type', header: 'Type', cell: (r) => ANNOUNCEMENT_TYPE_LABELS[r.type] },
                { key: 'title', header: 'Title', wrap: true, cell: (r) => <span data-testid="announcement-row">{r.title}</span> },
                { key: 'ends', header: 'Ends', cell: (r) => formatTime(r.endsAt) },
                {
                  key: 'actions',
                  header: <span className="sr-only">Actions</span>,
                  cell: (r) => (
                    <div className={common.rowActions}>
                      <Button variant="ghost" size="sm" onClick={() => setPreviewing(r)} data-testid="announcement-view">
                        Preview
                      </Button>
                      {edit && (
                        <Button variant="danger" size="sm" onClick={() => setRemoving(r)} data-testid="announcement-remove">
                          Remove
                        </Button>
                      )}
                    </div>
                  ),
                },
              ]}
            />
          )
        }
      </QueryView>
      <AnnouncementAddDialog open={adding} onOpenChange={setAdding} onSaved={refresh} />
      <Modal open={previewing !== null} onOpenChange={(o) => !o && setPreviewing(null)} title={previewing?.title ?? ''} width={640} minHeight={0} testId="announcement-preview-dialog">
        {previewing && <RichHtml html={previewing.content} testId="announcement-preview" />}
      </Modal>
      <ReasonDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={`Remove "${removing?.title ?? ''}"`}
        description="Members stop seeing it at once."
        withReason={false}
        confirmLabel="Remove"
        variant="danger"
        onConfirm={() => (removing ? consoleCall(consoleAnnouncementRemove, { id: removing.id }) : Promise.resolve())}
        onDone={refresh}
      />
    </>
  );
}
