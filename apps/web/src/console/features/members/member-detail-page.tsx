import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { consoleMemberDetail, consoleMemberForceChange, consoleMemberLock, consoleMemberNote, consoleMemberResetPassword } from '@playhall/contract/console';
import { Button } from '../../../components/ui/button.tsx';
import { DataTable, type TColumn } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useShowError } from '../../components/error-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { StatusChip } from '../../components/status-chip.tsx';
import { paths } from '../../config/paths.ts';
import { ConsoleError, consoleCall } from '../../lib/console-api.ts';
import { formatTime } from '../../lib/time.ts';
import { consoleQuery } from '../../lib/use-console-query.ts';
import { useSession } from '../auth/session.tsx';
import { MoneyDialog } from './money-dialog.tsx';
import styles from './member-detail-page.module.css';
import common from '../../components/console.module.css';

type TTab = 'ledger' | 'bets' | 'logins' | 'cards' | 'contracts' | 'notes';
type TAction = 'lock' | 'reset' | 'force' | 'money' | null;

function Table<Row>({ rows, columns, rowKey, empty, testId }: { rows: readonly Row[]; columns: readonly TColumn<Row>[]; rowKey: (r: Row) => string | number; empty: string; testId: string }) {
  return rows.length === 0 ? <EmptyState compact text={empty} /> : <DataTable rows={rows} columns={columns} rowKey={rowKey} testId={testId} />;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function MemberDetailPage() {
  const id = Number(useParams().id);
  const { allows } = useSession();
  const queryClient = useQueryClient();
  const query = useQuery(consoleQuery(consoleMemberDetail, { id }));
  const [tab, setTab] = useState<TTab>('ledger');
  const [action, setAction] = useState<TAction>(null);
  const [newPassword, setNewPassword] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const showError = useShowError();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [consoleMemberDetail.name] });

  async function addNote() {
    if (!note.trim()) return setNoteError('Write the note.');
    setNoteError(undefined);
    try {
      await consoleCall(consoleMemberNote, { id, text: note });
      setNote('');
      refresh();
    } catch (err) {
      if (err instanceof ConsoleError && err.fields.text) setNoteError(err.fields.text);
      else showError(err);
    }
  }

  return (
    <QueryView query={query}>
      {(d) => {
        const p = d.profile;
        const locked = p.status === 'locked';
        return (
          <>
            <PageHeader
              title={p.username}
              actions={
                <>
                  {allows('members.lock') && (
                    <Button variant={locked ? 'secondary' : 'danger'} size="sm" onClick={() => setAction('lock')} data-testid="member-lock">
                      {locked ? 'Unlock' : 'Lock'}
                    </Button>
                  )}
                  {allows('members.password') && (
                    <>
                      <Button variant="secondary" size="sm" onClick={() => setAction('reset')} data-testid="member-reset-password">
                        Reset password
                      </Button>
                      <Button variant="secondary" size="sm" onClick={() => setAction('force')} data-testid="member-force-change">
                        Force password change
                      </Button>
                    </>
                  )}
                  {allows('members.money') && (
                    <Button size="sm" onClick={() => setAction('money')} data-testid="member-money">
                      Adjust / bonus
                    </Button>
                  )}
                </>
              }
            >
              <Link to={paths.members} className={common.linkButton}>
                ← Members
              </Link>
            </PageHeader>

            <div className={styles.top}>
              <section className={common.card} aria-labelledby="profile-title" data-testid="member-profile">
                <h2 id="profile-title" className={styles.h2}>
                  Profile
                </h2>
                <dl className={styles.facts}>
                  <Fact label="Status">
                    <StatusChip status={p.status} />
                  </Fact>
                  <Fact label="Type">{p.type}</Fact>
                  <Fact label="Nickname">{p.nickname || '—'}</Fact>
                  <Fact label="Mobile">{p.mobile ?? '—'}</Fact>
                  <Fact label="E-mail">{p.email ?? '—'}</Fact>
                  <Fact label="Payee name">{p.payeeName ?? '—'}</Fact>
                  <Fact label="Upline">{p.upline ?? '—'}</Fact>
                  <Fact label="VIP level">{p.vipLevel ?? '—'}</Fact>
                  <Fact label="Two-factor">{p.twoFactor ? 'On' : 'Off'}</Fact>
                  <Fact label="Must change password">{p.mustChangePassword ? 'Yes' : 'No'}</Fact>
                  <Fact label="Registered">{formatTime(p.createdAt)}</Fact>
                  <Fact label="Last login">{formatTime(p.lastLoginAt)}</Fact>
                </dl>
              </section>
              <section className={common.card} aria-labelledby="balances-title" data-testid="member-balances">
                <h2 id="balances-title" className={styles.h2}>
                  Balances
                </h2>
                {d.balances.length === 0 && <p className={common.muted}>No wallets yet.</p>}
                <dl className={styles.balances}>
                  {d.balances.map((b) => (
                    <div key={b.wallet} className={styles.balance}>
                      <dt>{b.wallet}</dt>
                      <dd>
                        <MoneyText minor={b.balance} />
                      </dd>
                    </div>
                  ))}
                </dl>
              </section>
            </div>

            <Tabs<TTab>
              label="Member records"
              idPrefix="member-records"
              variant="underline"
              value={tab}
              onChange={setTab}
              items={[
                { value: 'ledger', label: `Ledger (${d.ledger.length})`, testId: 'tab-ledger' },
                { value: 'bets', label: `Bets (${d.bets.length})`, testId: 'tab-bets' },
                { value: 'logins', label: `Logins (${d.logins.length})`, testId: 'tab-logins' },
                { value: 'cards', label: `Bank cards (${d.bankCards.length})`, testId: 'tab-cards' },
                { value: 'contracts', label: `Contracts (${d.contracts.length})`, testId: 'tab-contracts' },
                { value: 'notes', label: `Notes (${d.notes.length})`, testId: 'tab-notes' },
              ]}
            />
            <div id="member-records-panel" role="tabpanel" className={styles.panel}>
              {tab === 'ledger' && (
                <Table
                  testId="member-ledger"
                  empty="No ledger entries."
                  rows={d.ledger}
                  rowKey={(r) => r.id}
                  columns={[
                    { key: 'at', header: 'Time', cell: (r) => formatTime(r.at) },
                    { key: 'kind', header: 'Kind', cell: (r) => r.kind },
                    { key: 'amount', header: 'Amount', numeric: true, cell: (r) => <MoneyText minor={r.amount} signed /> },
                    { key: 'after', header: 'Balance after', numeric: true, cell: (r) => (r.balanceAfter === null ? '—' : <MoneyText minor={r.balanceAfter} />) },
                    { key: 'remark', header: 'Remark', wrap: true, cell: (r) => r.remark },
                  ]}
                />
              )}
              {tab === 'bets' && (
                <Table
                  testId="member-bets"
                  empty="No bets."
                  rows={d.bets}
                  rowKey={(r) => r.id}
                  columns={[
                    { key: 'at', header: 'Time', cell: (r) => formatTime(r.at) },
                    { key: 'game', header: 'Game', cell: (r) => r.game },
                    { key: 'stake', header: 'Stake', numeric: true, cell: (r) => <MoneyText minor={r.stake} /> },
                    { key: 'payout', header: 'Payout', numeric: true, cell: (r) => <MoneyText minor={r.payout} /> },
                    { key: 'status', header: 'Status', cell: (r) => <StatusChip status={r.status} /> },
                  ]}
                />
              )}
              {tab === 'logins' && (
                <Table
                  testId="member-logins"
                  empty="No logins."
                  rows={d.logins}
                  rowKey={(r) => `${r.at}-${r.ip ?? ''}`}
                  columns={[
                    { key: 'at', header: 'Time', cell: (r) => formatTime(r.at) },
                    { key: 'ip', header: 'IP', cell: (r) => r.ip ?? '—' },
                    { key: 'device', header: 'Device', wrap: true, cell: (r) => r.device ?? '—' },
                    { key: 'ok', header: 'Result', cell: (r) => <StatusChip status={r.ok ? 'ok' : 'failed'} /> },
                  ]}
                />
              )}
              {tab === 'cards' && (
                <Table
                  testId="member-cards"
                  empty="No bank cards."
                  rows={d.bankCards}
                  rowKey={(r) => r.id}
                  columns={[
                    { key: 'bank', header: 'Bank', cell: (r) => r.bank },
                    { key: 'card', header: 'Card number', cell: (r) => <span className="tabular">{r.cardNumber}</span> },
                    { key: 'holder', header: 'Holder', cell: (r) => r.holder },
                  ]}
                />
              )}
              {tab === 'contracts' && (
                <Table
                  testId="member-contracts"
                  empty="No contracts."
                  rows={d.contracts}
                  rowKey={(r) => r.id}
                  columns={[
                    { key: 'kind', header: 'Kind', cell: (r) => r.kind },
                    { key: 'counterparty', header: 'Counterparty', cell: (r) => r.counterparty },
                    { key: 'status', header: 'Status', cell: (r) => <StatusChip status={r.status} /> },
                  ]}
                />
              )}
              {tab === 'notes' && (
                <div className={styles.notes}>
                  <form
                    className={styles.noteForm}
                    onSubmit={(e) => {
                      e.preventDefault();
                      void addNote();
                    }}
                  >
                    <Textarea label="New note" value={note} onChange={(e) => setNote(e.target.value)} error={noteError} maxLength={2000} data-testid="member-note-text" />
                    <Button type="submit" size="sm" data-testid="member-note-add">
                      Add note
                    </Button>
                  </form>
                  {d.notes.length === 0 ? (
                    <EmptyState compact text="No notes yet." />
                  ) : (
                    <ul className={styles.noteList} data-testid="member-notes">
                      {d.notes.map((n) => (
                        <li key={n.id}>
                          <p className={common.muted}>
                            {n.author} · {formatTime(n.at)}
                          </p>
                          <p className={styles.noteText}>{n.text}</p>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              )}
            </div>

            <ReasonDialog
              open={action === 'lock'}
              onOpenChange={(o) => setAction(o ? 'lock' : null)}
              title={locked ? `Unlock ${p.username}` : `Lock ${p.username}`}
              description={locked ? 'The member can sign in again.' : 'The member is signed out everywhere and cannot sign in until unlocked.'}
              confirmLabel={locked ? 'Unlock' : 'Lock'}
              variant={locked ? 'primary' : 'danger'}
              onConfirm={(reason) => consoleCall(consoleMemberLock, { id, locked: !locked, reason })}
              onDone={refresh}
            />
            <ReasonDialog
              open={action === 'reset'}
              onOpenChange={(o) => setAction(o ? 'reset' : null)}
              title={`Reset the password of ${p.username}`}
              description="A new password is made and shown once; the member must change it at the next sign-in."
              confirmLabel="Reset password"
              onConfirm={async (reason) => setNewPassword((await consoleCall(consoleMemberResetPassword, { id, reason })).password)}
              onDone={refresh}
            />
            <ReasonDialog
              open={action === 'force'}
              onOpenChange={(o) => setAction(o ? 'force' : null)}
              title={`Force ${p.username} to change the password`}
              description="The member must choose a new password at the next sign-in."
              confirmLabel="Force change"
              onConfirm={(reason) => consoleCall(consoleMemberForceChange, { id, reason })}
              onDone={refresh}
            />
            <MoneyDialog memberId={id} username={p.username} open={action === 'money'} onOpenChange={(o) => setAction(o ? 'money' : null)} onDone={refresh} />
            <Modal
              open={newPassword !== null}
              onOpenChange={(o) => !o && setNewPassword(null)}
              title="New password"
              width={420}
              minHeight={0}
              testId="new-password-dialog"
              footer={
                <Button onClick={() => setNewPassword(null)} data-testid="new-password-done">
                  Done
                </Button>
              }
            >
              <p className={styles.onceHint}>Give it to the member now: it is not shown again.</p>
              <code className={common.once} data-testid="new-password">
                {newPassword}
              </code>
            </Modal>
          </>
        );
      }}
    </QueryView>
  );
}
