import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { consoleOperators, consoleOperatorUpdate, type TConsoleRole } from '@playhall/contract/console';
import { Button } from '../../../components/ui/button.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { StatusChip } from '../../components/status-chip.tsx';
import { consoleCall } from '../../lib/console-api.ts';
import { formatTime } from '../../lib/time.ts';
import { consoleQuery } from '../../lib/use-console-query.ts';
import { useSession } from '../auth/session.tsx';
import { OperatorCreateDialog, ROLE_OPTIONS } from './operator-create-dialog.tsx';
import common from '../../components/console.module.css';

type TRow = z.output<typeof consoleOperators.response>['list'][number];
type TChange = { row: TRow; kind: 'role'; role: TConsoleRole } | { row: TRow; kind: 'lock' } | { row: TRow; kind: 'reset2fa' };

function changeText(c: TChange): { title: string; description: string; confirm: string } {
  if (c.kind === 'role') return { title: `Change the role of ${c.row.username}`, description: `From ${c.row.role} to ${c.role}: the menu and permissions change at their next call.`, confirm: 'Change role' };
  if (c.kind === 'lock')
    return c.row.status === 'locked'
      ? { title: `Unlock ${c.row.username}`, description: 'They can sign in again.', confirm: 'Unlock' }
      : { title: `Lock ${c.row.username}`, description: 'Their sessions end now and they cannot sign in until unlocked.', confirm: 'Lock' };
  return { title: `Reset two-factor sign-in of ${c.row.username}`, description: 'Their authenticator and recovery codes stop working; they enrol a new one at the next sign-in.', confirm: 'Reset 2FA' };
}

export function OperatorsPage() {
  const { me } = useSession();
  const queryClient = useQueryClient();
  const query = useQuery(consoleQuery(consoleOperators, {}));
  const [creating, setCreating] = useState(false);
  const [change, setChange] = useState<TChange | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [consoleOperators.name] });
  const text = change && changeText(change);

  return (
    <>
      <PageHeader
        title="Operators"
        actions={
          <Button onClick={() => setCreating(true)} data-testid="operator-create">
            Create operator
          </Button>
        }
      />
      <QueryView query={query}>
        {({ list }) =>
          list.length === 0 ? (
            <EmptyState text="No operators." />
          ) : (
            <DataTable
              caption="Operators"
              testId="operators-table"
              rows={list}
              rowKey={(r) => r.id}
              columns={[
                { key: 'username', header: 'Username', cell: (r) => <span data-testid="operator-row">{r.username}</span> },
                {
                  key: 'role',
                  header: 'Role',
                  cell: (r) =>
                    r.username === me?.username ? (
                      r.role
                    ) : (
                      <Select
                        label={<span className="sr-only">Role of {r.username}</span>}
                        value={r.role}
                        onChange={(e) => setChange({ row: r, kind: 'role', role: e.target.value as TConsoleRole })}
                        options={ROLE_OPTIONS}
                        data-testid="operator-role-change"
                      />
                    ),
                },
                { key: 'status', header: 'Status', cell: (r) => <StatusChip status={r.status} /> },
                { key: '2fa', header: 'Two-factor', cell: (r) => (r.twoFactor ? 'On' : 'Not set up') },
                { key: 'login', header: 'Last login', cell: (r) => formatTime(r.lastLoginAt) },
                { key: 'created', header: 'Created', cell: (r) => formatTime(r.createdAt) },
                {
                  key: 'actions',
                  header: <span className="sr-only">Actions</span>,
                  cell: (r) =>
                    r.username === me?.username ? null : (
                      <div className={common.rowActions}>
                        <Button variant={r.status === 'locked' ? 'secondary' : 'danger'} size="sm" onClick={() => setChange({ row: r, kind: 'lock' })} data-testid="operator-lock">
                          {r.status === 'locked' ? 'Unlock' : 'Lock'}
                        </Button>
                        <Button variant="secondary" size="sm" disabled={!r.twoFactor} onClick={() => setChange({ row: r, kind: 'reset2fa' })} data-testid="operator-reset-2fa">
                          Reset 2FA
                        </Button>
                      </div>
                    ),
                },
              ]}
            />
          )
        }
      </QueryView>
      <OperatorCreateDialog open={creating} onOpenChange={setCreating} onDone={refresh} />
      <ReasonDialog
        open={change !== null}
        onOpenChange={(o) => !o && setChange(null)}
        title={text?.title ?? ''}
        description={text?.description}
        confirmLabel={text?.confirm ?? ''}
        variant={change?.kind === 'role' ? 'primary' : 'danger'}
        withReason={false}
        onConfirm={() => {
          if (!change) return Promise.resolve();
          const { row } = change;
          return consoleCall(
            consoleOperatorUpdate,
            change.kind === 'role' ? { id: row.id, role: change.role } : change.kind === 'lock' ? { id: row.id, locked: row.status !== 'locked' } : { id: row.id, resetTwoFactor: true },
          );
        }}
        onDone={refresh}
      />
    </>
  );
}
