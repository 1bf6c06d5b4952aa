import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { consoleDepositDecide, consoleDeposits } from '@playhall/contract/console';
import { Button } from '../../../components/ui/button.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { CsvButton } from '../../components/csv-button.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Pager } from '../../components/pager.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { StatusChip } from '../../components/status-chip.tsx';
import { consoleCall } from '../../lib/console-api.ts';
import { formatTime } from '../../lib/time.ts';
import { consoleQuery } from '../../lib/use-console-query.ts';
import { useSession } from '../auth/session.tsx';
import { ReceiptDialog } from './receipt-dialog.tsx';
import common from '../../components/console.module.css';

type TStatus = 'review' | 'all';
type TRow = z.output<typeof consoleDeposits.response>['list'][number];
const PAGE_SIZE = 20;

/** Deposits waiting for review (bank transfers with their receipt): approve credits the member, reject says why. */
export function DepositsPage() {
  const { allows } = useSession();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<TStatus>('review');
  const [page, setPage] = useState(1);
  const [receipt, setReceipt] = useState<number | null>(null);
  const [deciding, setDeciding] = useState<{ row: TRow; decision: 'approve' | 'reject' } | null>(null);
  const query = useQuery(consoleQuery(consoleDeposits, { status, page, pageSize: PAGE_SIZE }));
  const review = allows('deposits.review');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [consoleDeposits.name] });

  return (
    <>
      <PageHeader
        title="Deposits"
        actions={
          <CsvButton
            testId="deposits-csv"
            fileName={`deposits-${status}.csv`}
            fetchPage={(p) => consoleCall(consoleDeposits, { status, page: p, pageSize: 100 })}
            columns={[
              { header: 'id', value: (r) => r.id },
              { header: 'member', value: (r) => r.member },
              { header: 'amount', value: (r) => (r.amount / 100).toFixed(2) },
              { header: 'channel', value: (r) => r.channel },
              { header: 'status', value: (r) => r.status },
              { header: 'createdAt', value: (r) => r.createdAt },
              { header: 'hasReceipt', value: (r) => r.hasReceipt },
            ]}
          />
        }
      />
      <div className={common.filters}>
        <Select
          label="Show"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as TStatus);
            setPage(1);
          }}
          options={[
            { value: 'review', label: 'Waiting for review' },
            { value: 'all', label: 'All deposits' },
          ]}
          data-testid="deposit-status"
        />
      </div>
      <QueryView query={query}>
        {(result) =>
          result.list.length === 0 ? (
            <EmptyState text={status === 'review' ? 'No deposit is waiting for review.' : 'No deposits yet.'} />
          ) : (
            <>
              <DataTable
                caption="Deposits"
                testId="deposits-table"
                rows={result.list}
                rowKey={(r) => r.id}
                columns={[
                  { key: 'id', header: '#', cell: (r) => <span data-testid="deposit-row">{r.id}</span> },
                  { key: 'member', header: 'Member', cell: (r) => r.member },
                  { key: 'amount', header: 'Amount', numeric: true, cell: (r) => <MoneyText minor={r.amount} /> },
                  { key: 'channel', header: 'Channel', cell: (r) => r.channel },
                  { key: 'status', header: 'Status', cell: (r) => <StatusChip status={r.status} /> },
                  { key: 'created', header: 'Created', cell: (r) => formatTime(r.createdAt) },
                  {
                    key: 'actions',
                    header: <span className="sr-only">Actions</span>,
                    cell: (r) => (
                      <div className={common.rowActions}>
                        {r.hasReceipt && (
                          <Button variant="ghost" size="sm" onClick={() => setReceipt(r.id)} data-testid="deposit-receipt">
                            Receipt
                          </Button>
                        )}
                        {review && r.status === 'pendingReview' && (
                          <>
                            <Button size="sm" onClick={() => setDeciding({ row: r, decision: 'approve' })} data-testid="deposit-approve">
                              Approve
                            </Button>
                            <Button variant="danger" size="sm" onClick={() => setDeciding({ row: r, decision: 'reject' })} data-testid="deposit-reject">
                              Reject
                            </Button>
                          </>
                        )}
                      </div>
                    ),
                  },
                ]}
              />
              <Pager page={result.page} pageSize={result.pageSize} total={result.total} onChange={setPage} />
            </>
          )
        }
      </QueryView>
      {receipt !== null && <ReceiptDialog depositId={receipt} onClose={() => setReceipt(null)} />}
      <ReasonDialog
        open={deciding !== null}
        onOpenChange={(o) => !o && setDeciding(null)}
        title={deciding?.decision === 'approve' ? `Approve deposit #${deciding.row.id}` : `Reject deposit #${deciding?.row.id ?? ''}`}
        description={
          deciding && (
            <p>
              {deciding.row.member} · <MoneyText minor={deciding.row.amount} /> · {deciding.row.channel}
              {deciding.decision === 'approve' ? ' — the amount is credited to the member.' : ''}
            </p>
          )
        }
        withReason={deciding?.decision === 'reject'}
        confirmLabel={deciding?.decision === 'approve' ? 'Approve' : 'Reject'}
        variant={deciding?.decision === 'approve' ? 'primary' : 'danger'}
        onConfirm={(reason) => {
          if (!deciding) return Promise.resolve();
          return consoleCall(consoleDepositDecide, deciding.decision === 'approve' ? { id: deciding.row.id, decision: 'approve' } : { id: deciding.row.id, decision: 'reject', reason });
        }}
        onDone={refresh}
      />
    </>
  );
}
