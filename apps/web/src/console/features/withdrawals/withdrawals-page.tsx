import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { consoleWithdrawalDecide, consoleWithdrawals } from '@playhall/contract/console';
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
import common from '../../components/console.module.css';
import { ProofDialog } from './proof-dialog.tsx';
import { missingPart, ResolveDialog } from './resolve-dialog.tsx';
import styles from './withdrawals-page.module.css';

type TStatus = 'pending' | 'paid' | 'disputed';
type TRow = z.output<typeof consoleWithdrawals.response>['list'][number];
const PAGE_SIZE = 20;

/**
 * Withdrawals to pay (the money is sent to the member's card) or reject (the amount goes back, with the reason), and
 * the disputed ones (the member said partly or not received): the member's claim, the proof image, and the resolution.
 */
export function WithdrawalsPage() {
  const { allows } = useSession();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<TStatus>('pending');
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<{ row: TRow; decision: 'pay' | 'reject' } | null>(null);
  const [proof, setProof] = useState<number | null>(null);
  const [resolving, setResolving] = useState<TRow | null>(null);
  const query = useQuery(consoleQuery(consoleWithdrawals, { status, page, pageSize: PAGE_SIZE }));
  const review = allows('withdrawals.review');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [consoleWithdrawals.name] });

  return (
    <>
      <PageHeader
        title="Withdrawals"
        actions={
          <CsvButton
            testId="withdrawals-csv"
            fileName={`withdrawals-${status}.csv`}
            fetchPage={(p) => consoleCall(consoleWithdrawals, { status, page: p, pageSize: 100 })}
            columns={[
              { header: 'id', value: (r) => r.id },
              { header: 'member', value: (r) => r.member },
              { header: 'amount', value: (r) => (r.amount / 100).toFixed(2) },
              { header: 'fee', value: (r) => (r.fee / 100).toFixed(2) },
              { header: 'bank', value: (r) => r.bank },
              { header: 'cardNumber', value: (r) => r.cardNumber },
              { header: 'holder', value: (r) => r.holder },
              { header: 'status', value: (r) => r.status },
              { header: 'createdAt', value: (r) => r.createdAt },
              ...(status === 'disputed'
                ? [
                    { header: 'confirmation', value: (r: TRow) => r.confirmation ?? '' },
                    { header: 'receivedAmount', value: (r: TRow) => (r.receivedAmount === null ? '' : (r.receivedAmount / 100).toFixed(2)) },
                    { header: 'missing', value: (r: TRow) => (missingPart(r) / 100).toFixed(2) },
                    { header: 'answeredAt', value: (r: TRow) => r.confirmedAt ?? '' },
                    { header: 'memberRemark', value: (r: TRow) => r.memberRemark ?? '' },
                  ]
                : []),
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
            { value: 'pending', label: 'Waiting to be paid' },
            { value: 'paid', label: 'Paid' },
            { value: 'disputed', label: 'Disputed' },
          ]}
          data-testid="withdrawal-status"
        />
      </div>
      <QueryView query={query}>
        {(result) =>
          result.list.length === 0 ? (
            <EmptyState text={status === 'pending' ? 'No withdrawal is waiting to be paid.' : `No ${status} withdrawals.`} />
          ) : (
            <>
              <DataTable
                caption="Withdrawals"
                testId="withdrawals-table"
                rows={result.list}
                rowKey={(r) => r.id}
                columns={[
                  { key: 'id', header: '#', cell: (r) => <span data-testid="withdrawal-row">{r.id}</span> },
                  { key: 'member', header: 'Member', cell: (r) => r.member },
                  { key: 'amount', header: 'Amount', numeric: true, cell: (r) => <MoneyText minor={r.amount} /> },
                  { key: 'fee', header: 'Fee', numeric: true, cell: (r) => <MoneyText minor={r.fee} /> },
                  { key: 'bank', header: 'Bank', cell: (r) => r.bank },
                  { key: 'card', header: 'Card', cell: (r) => <span className="tabular">{r.cardNumber}</span> },
                  { key: 'holder', header: 'Holder', cell: (r) => r.holder },
                  { key: 'status', header: 'Status', cell: (r) => <StatusChip status={r.status} /> },
                  // A dispute shows when it was paid and answered in its claim instead (the row stays within the page).
                  ...(status === 'disputed' ? [] : [{ key: 'created', header: 'Created', cell: (r: TRow) => formatTime(r.createdAt) }]),
                  ...(status === 'disputed' ? [{ key: 'claim', header: 'Member says', cell: (r: TRow) => <Claim row={r} /> }] : []),
                  {
                    key: 'actions',
                    header: <span className="sr-only">Actions</span>,
                    cell: (r) => (
                      <div className={common.rowActions}>
                        {review && r.status === 'pending' && (
                          <>
                            <Button size="sm" onClick={() => setDeciding({ row: r, decision: 'pay' })} data-testid="withdrawal-pay">
                              Pay
                            </Button>
                            <Button variant="danger" size="sm" onClick={() => setDeciding({ row: r, decision: 'reject' })} data-testid="withdrawal-reject">
                              Reject
                            </Button>
                          </>
                        )}
                        {r.status === 'disputed' && r.hasProof && (
                          <Button variant="ghost" size="sm" onClick={() => setProof(r.id)} data-testid="dispute-proof">
                            Proof
                          </Button>
                        )}
                        {review && r.status === 'disputed' && (
                          <Button size="sm" onClick={() => setResolving(r)} data-testid="dispute-resolve">
                            Resolve
                          </Button>
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
      <ReasonDialog
        open={deciding !== null}
        onOpenChange={(o) => !o && setDeciding(null)}
        title={deciding?.decision === 'pay' ? `Pay withdrawal #${deciding.row.id}` : `Reject withdrawal #${deciding?.row.id ?? ''}`}
        description={
          deciding && (
            <p>
              {deciding.row.member} · <MoneyText minor={deciding.row.amount} /> to {deciding.row.bank} {deciding.row.cardNumber} ({deciding.row.holder})
              {deciding.decision === 'pay' ? ' — confirm the transfer has been sent.' : ' — the amount goes back to the member.'}
            </p>
          )
        }
        withReason={deciding?.decision === 'reject'}
        confirmLabel={deciding?.decision === 'pay' ? 'Mark as paid' : 'Reject'}
        variant={deciding?.decision === 'pay' ? 'primary' : 'danger'}
        onConfirm={(reason) => {
          if (!deciding) return Promise.resolve();
          return consoleCall(consoleWithdrawalDecide, deciding.decision === 'pay' ? { id: deciding.row.id, decision: 'pay' } : { id: deciding.row.id, decision: 'reject', reason });
        }}
        onDone={refresh}
      />
      {proof !== null && <ProofDialog withdrawalId={proof} onClose={() => setProof(null)} />}
      {resolving && <ResolveDialog row={resolving} onClose={() => setResolving(null)} onDone={refresh} />}
    </>
  );
}

/** What the member answered to a paid withdrawal, and when: the claim a dispute is judged on. */
function Claim({ row }: { row: TRow }) {
  return (
    <div className={styles.claim} data-testid="dispute-claim">
      {row.confirmation === 'partlyReceived' ? (
        <>
          <span>
            Partly received: <MoneyText minor={row.receivedAmount ?? 0} />
          </span>
          <span className={styles.claimNote}>
            missing <MoneyText minor={missingPart(row)} />
          </span>
        </>
      ) : row.confirmation === 'notReceived' ? (
        <span>Not received</span>
      ) : (
        <span>{row.confirmation ?? '—'}</span>
      )}
      {row.memberRemark && <span className={styles.claimNote}>“{row.memberRemark}”</span>}
      {row.paidAt && <span className={styles.claimNote}>paid {formatTime(row.paidAt)}</span>}
      {row.confirmedAt && <span className={styles.claimNote}>answered {formatTime(row.confirmedAt)}</span>}
    </div>
  );
}
