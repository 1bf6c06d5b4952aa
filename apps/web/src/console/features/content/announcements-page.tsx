import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { consoleAnnouncementRemove, consoleAnnouncements, ZConsoleAnnouncementType } from '@playhall/contract/console';
import { Button } from '../../../components/ui/button.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { RichHtml } from '../../../components/ui/rich-html.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Select } from '../../../components/ui/select.tsx';
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
  // Banners are announcements of type B (the member home's slides): the filter shows them alone.
  const [typeFilter, setTypeFilter] = useState<TRow['type'] | 'all'>('all');
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
      <div className={common.filters}>
        <Select
          label="Type"
          value={typeFilter}
          onChange={(e) => setTypeFilter(e.target.value as TRow['type'] | 'all')}
          options={[{ value: 'all', label: 'Every type' }, ...ZConsoleAnnouncementType.options.map((t) => ({ value: t, label: t === 'B' ? 'Banner (home page slides)' : ANNOUNCEMENT_TYPE_LABELS[t] }))]}
          data-testid="announcement-type-filter"
        />
      </div>
      <QueryView query={query}>
        {({ list: all }) => {
          const list = typeFilter === 'all' ? all : all.filter((r) => r.type === typeFilter);
          return list.length === 0 ? (
            <EmptyState text={all.length === 0 ? 'No announcements yet.' : 'No announcements of this type.'} />
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
          );
        }}
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
