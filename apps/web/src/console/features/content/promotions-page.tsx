import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  consolePromotionApplications,
  consolePromotionClose,
  consolePromotionImage,
  consolePromotionReview,
  consolePromotions,
  consolePromotionSchedule,
  consolePromotionShow,
  type TConsolePromotion,
  type TConsolePromotionApplication,
} from '@playhall/contract/console-content';
import { Button } from '../../../components/ui/button.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { StatusChip } from '../../components/status-chip.tsx';
import { consoleCall } from '../../lib/console-api.ts';
import { formatTime } from '../../lib/time.ts';
import { consoleQuery } from '../../lib/use-console-query.ts';
import { useSession } from '../auth/session.tsx';
import { KIND_LABELS, PromotionAddDialog } from './promotion-add-dialog.tsx';
import { SanitisedPreview } from './sanitised-preview.tsx';
import common from '../../components/console.module.css';
import styles from './content-pages.module.css';

type TTab = 'list' | 'applications';
type TState = 'all' | 'draft' | 'published' | 'closed';
const TABS = [
  { value: 'list', label: 'Promotions' },
  { value: 'applications', label: 'Proof applications' },
] as const;

/** A confirmation waiting in the dialog: what it says and the call it makes. */
interface TPending {
  title: string;
  description: string;
  confirmLabel: string;
  danger?: boolean;
  withReason?: boolean;
  run: (reason: string) => Promise<unknown>;
}

function RewardText({ p }: { p: Pick<TConsolePromotion, 'rewardType' | 'rewardValue' | 'rewardCap'> }) {
  if (p.rewardType === 'points') return <>{p.rewardValue} points</>;
  if (p.rewardType === 'fixed') return <MoneyText minor={p.rewardValue} />;
  return (
    <>
      {p.rewardValue / 100}%{p.rewardCap !== null && <> up to <MoneyText minor={p.rewardCap} /></>}
    </>
  );
}

/**
 * Promotions (issue 24): the activities with their state, a draft made with the common fields, scheduled (published)
 * and closed, and the proof applications waiting for review with their images — each change the CLI's `activity`
 * command on the server, audited as the operator.
 */
export function PromotionsPage() {
  const [params, setParams] = useSearchParams();
  const tab: TTab = params.get('tab') === 'applications' ? 'applications' : 'list';
  const edit = useSession().allows('content.edit');
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<TPending | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: [consolePromotions.name] });
    void queryClient.invalidateQueries({ queryKey: [consolePromotionApplications.name] });
    void queryClient.invalidateQueries({ queryKey: [consolePromotionShow.name] });
  };

  return (
    <>
      <PageHeader title="Promotions">
        <p className={common.muted}>Drafts are seen by members once scheduled. Every change is kept in the audit log.</p>
      </PageHeader>
      <div className={styles.tabs}>
        <Tabs<TTab> label="Promotion sections" variant="underline" idPrefix="promo" value={tab} onChange={(next) => setParams({ tab: next }, { replace: true })} items={TABS.map((t) => ({ ...t, testId: `promo-tab-${t.value}` }))} />
      </div>
      <section role="tabpanel" data-testid={`promo-panel-${tab}`}>
        {tab === 'list' ? <PromotionList edit={edit} ask={setPending} onSaved={refresh} /> : <ApplicationQueue edit={edit} ask={setPending} />}
      </section>
      <ReasonDialog
        open={pending !== null}
        onOpenChange={(o) => !o && setPending(null)}
        title={pending?.title ?? ''}
        description={pending?.description}
        withReason={pending?.withReason ?? false}
        confirmLabel={pending?.confirmLabel ?? 'Confirm'}
        variant={pending?.danger ? 'danger' : 'primary'}
        onConfirm={(reason) => pending?.run(reason) ?? Promise.resolve()}
        onDone={refresh}
      />
    </>
  );
}

function PromotionList({ edit, ask, onSaved }: { edit: boolean; ask: (p: TPending) => void; onSaved: () => void }) {
  const [state, setState] = useState<TState>('all');
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const query = useQuery(consoleQuery(consolePromotions, { state }));
  return (
    <>
      <div className={common.filters}>
        <Select
          label="State"
          value={state}
          onChange={(e) => setState(e.target.value as TState)}
          options={[
            { value: 'all', label: 'Every state' },
            { value: 'draft', label: 'Draft' },
            { value: 'published', label: 'Published' },
            { value: 'closed', label: 'Closed' },
          ]}
          data-testid="promo-state-filter"
        />
        {edit && (
          <Button onClick={() => setAdding(true)} data-testid="promo-add">
            Add promotion
          </Button>
        )}
      </div>
      <QueryView query={query}>
        {({ list }) =>
          list.length === 0 ? (
            <EmptyState text="No promotions in this state." />
          ) : (
            <DataTable
              caption="Promotions"
              testId="promo-table"
              rows={list}
              rowKey={(r) => r.id}
              columns={[
                { key: 'id', header: '#', numeric: true, cell: (r) => r.id },
                { key: 'state', header: 'State', cell: (r) => <StatusChip status={r.state} /> },
                { key: 'title', header: 'Title', wrap: true, cell: (r) => <span data-testid="promo-row">{r.title}</span> },
                { key: 'kind', header: 'Kind', cell: (r) => KIND_LABELS[r.kind] ?? r.kind },
                { key: 'period', header: 'Period', wrap: true, cell: (r) => `${formatTime(r.startsAt)} – ${formatTime(r.endsAt)}` },
                { key: 'reward', header: 'Reward', cell: (r) => <RewardText p={r} /> },
                { key: 'spent', header: 'Spent', numeric: true, cell: (r) => <MoneyText minor={r.spent} /> },
                {
                  key: 'actions',
                  header: <span className="sr-only">Actions</span>,
                  cell: (r) => (
                    <div className={common.rowActions}>
                      <Button variant="ghost" size="sm" onClick={() => setViewing(r.id)} data-testid="promo-view">
                        View
                      </Button>
                      {edit && r.state === 'draft' && (
                        <Button
                          size="sm"
                          onClick={() =>
                            ask({
                              title: `Schedule "${r.title}"`,
                              description: 'Members see it from now; it opens for them at its start time.',
                              confirmLabel: 'Schedule',
                              run: () => consoleCall(consolePromotionSchedule, { id: r.id }),
                            })
                          }
                          data-testid="promo-schedule"
                        >
                          Schedule
                        </Button>
                      )}
                      {edit && r.state !== 'closed' && (
                        <Button
                          variant="danger"
                          size="sm"
                          onClick={() =>
                            ask({
                              title: `Close "${r.title}"`,
                              description: 'It ends now for every member; applications waiting can still be reviewed.',
                              confirmLabel: 'Close',
                              danger: true,
                              run: () => consoleCall(consolePromotionClose, { id: r.id }),
                            })
                          }
                          data-testid="promo-close"
                        >
                          Close
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
      {adding && <PromotionAddDialog onClose={() => setAdding(false)} onSaved={onSaved} />}
      {viewing !== null && <PromotionDetail id={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}

function PromotionDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const query = useQuery(consoleQuery(consolePromotionShow, { id }));
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={`Promotion #${id}`} width={720} minHeight={240} testId="promo-detail-dialog">
      <QueryView query={query}>
        {(p) => (
          <div className={common.form}>
            <dl className={common.muted} data-testid="promo-detail">
              <div>
                {KIND_LABELS[p.kind] ?? p.kind} · {p.category} · <StatusChip status={p.state} />
              </div>
              <div>
                {formatTime(p.startsAt)} – {formatTime(p.endsAt)}
              </div>
              <div>
                Reward <RewardText p={p} />
                {p.depositMin !== null && (
                  <>
                    {' '}
                    on a deposit of at least <MoneyText minor={p.depositMin} />
                  </>
                )}
                {p.turnoverMultiple > 0 && <>, turnover ×{p.turnoverMultiple}</>}
                {p.perMemberLimit !== null && <>, {p.perMemberLimit} per member</>}
              </div>
              <div>Members: {p.participants.map((x) => `${x.status} ${x.n}`).join(', ') || 'none yet'}</div>
            </dl>
            <SanitisedPreview title={p.title} html={p.termsHtml || '<p>(no terms)</p>'} testId="promo-preview" />
          </div>
        )}
      </QueryView>
    </Modal>
  );
}

function ApplicationQueue({ edit, ask }: { edit: boolean; ask: (p: TPending) => void }) {
  const query = useQuery(consoleQuery(consolePromotionApplications, {}));
  const [looking, setLooking] = useState<{ app: TConsolePromotionApplication; index: number } | null>(null);
  return (
    <>
      <QueryView query={query}>
        {({ list }) =>
          list.length === 0 ? (
            <EmptyState text="No applications waiting for review." />
          ) : (
            <DataTable
              caption="Proof applications waiting for review"
              testId="promo-applications-table"
              rows={list}
              rowKey={(r) => r.id}
              columns={[
                { key: 'id', header: '#', numeric: true, cell: (r) => r.id },
                { key: 'time', header: 'Sent', cell: (r) => formatTime(r.createdAt) },
                { key: 'member', header: 'Member', cell: (r) => r.username },
                { key: 'promotion', header: 'Promotion', wrap: true, cell: (r) => r.activityTitle },
                { key: 'remark', header: 'Remark', wrap: true, cell: (r) => <span data-testid="promo-application-row">{r.remark}</span> },
                {
                  key: 'images',
                  header: 'Images',
                  cell: (r) => (
                    <div className={common.rowActions}>
                      {Array.from({ length: r.imageCount }, (_, i) => (
                        <Button key={i} variant="ghost" size="sm" onClick={() => setLooking({ app: r, index: i + 1 })} data-testid="promo-image">
                          {i + 1}
                        </Button>
                      ))}
                    </div>
                  ),
                },
                {
                  key: 'actions',
                  header: <span className="sr-only">Actions</span>,
                  cell: (r) =>
                    edit && (
                      <div className={common.rowActions}>
                        <Button
                          size="sm"
                          onClick={() =>
                            ask({
                              title: `Approve application #${r.id}`,
                              description: `${r.username}'s reward waits for the member's claim.`,
                              confirmLabel: 'Approve',
                              run: () => consoleCall(consolePromotionReview, { applicationId: r.id, decision: 'approve' }),
                            })
                          }
                          data-testid="promo-approve"
                        >
                          Approve
                        </Button>
                        <Button
                          variant="danger"
                          size="sm"
                          onClick={() =>
                            ask({
                              title: `Reject application #${r.id}`,
                              description: 'The member reads the reason and may apply again while the promotion is open.',
                              confirmLabel: 'Reject',
                              danger: true,
                              withReason: true,
                              run: (reason) => consoleCall(consolePromotionReview, { applicationId: r.id, decision: 'reject', reason }),
                            })
                          }
                          data-testid="promo-reject"
                        >
                          Reject
                        </Button>
                      </div>
                    ),
                },
              ]}
            />
          )
        }
      </QueryView>
      {looking && <ImageDialog app={looking.app} index={looking.index} onClose={() => setLooking(null)} />}
    </>
  );
}

function ImageDialog({ app, index, onClose }: { app: TConsolePromotionApplication; index: number; onClose: () => void }) {
  const query = useQuery(consoleQuery(consolePromotionImage, { applicationId: app.id, index }));
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={`Application #${app.id}: image ${index} of ${app.imageCount}`} width={720} minHeight={320} testId="promo-image-dialog">
      <QueryView query={query}>
        {(r) => <img style={{ maxWidth: '100%', height: 'auto', display: 'block', margin: '0 auto' }} src={`data:${r.mime};base64,${r.base64}`} alt={`Image ${index} sent by ${app.username}`} data-testid="promo-image-view" />}
      </QueryView>
    </Modal>
  );
}
