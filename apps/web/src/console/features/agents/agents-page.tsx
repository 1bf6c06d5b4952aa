import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TContractKind } from '@playhall/contract/calls/agent';
import { consoleAgentBills, consoleAgentContracts, consoleAgentFrozen, consoleAgentTree, type TConsoleTreeRow } from '@playhall/contract/console-lottery-agents';
import { Button } from '../../../components/ui/button.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Pager } from '../../components/pager.tsx';
import { QueryView, SkeletonRows } from '../../components/query-view.tsx';
import { StatusChip } from '../../components/status-chip.tsx';
import { formatTime } from '../../lib/time.ts';
import { consoleQuery } from '../../lib/use-console-query.ts';
import common from '../../components/console.module.css';

type TTab = 'tree' | 'frozen';
const KINDS: { value: TContractKind; label: string }[] = [
  { value: 'dividend', label: 'Dividend' },
  { value: 'dailySalary', label: 'Daily salary' },
  { value: 'hourlySalary', label: 'Hourly salary' },
  { value: 'realtimeSalary', label: 'Real-time salary' },
];

/** The agent tree (top agents, then each account's direct downlines on demand), an account's contracts and bills, and the frozen accounts. */
export function AgentsPage() {
  const [tab, setTab] = useState<TTab>('tree');
  const [selected, setSelected] = useState<{ id: number; account: string } | null>(null);
  return (
    <>
      <PageHeader title="Agents" />
      <Tabs<TTab>
        label="Agents"
        idPrefix="agents"
        variant="underline"
        value={tab}
        onChange={setTab}
        items={[
          { value: 'tree', label: 'Tree', testId: 'agent-tab-tree' },
          { value: 'frozen', label: 'Frozen accounts', testId: 'agent-tab-frozen' },
        ]}
      />
      <div id="agents-panel" role="tabpanel">
        {tab === 'tree' ? (
          <div data-testid="agent-tree" role="tree" aria-label="Agent tree">
            <TreeLevel parentId={undefined} depth={0} selected={selected?.id ?? null} onSelect={setSelected} />
          </div>
        ) : (
          <FrozenList onSelect={setSelected} />
        )}
      </div>
      {selected && <AccountPanel key={selected.id} id={selected.id} account={selected.account} />}
    </>
  );
}

const PAGE = 50;

/** One level of the tree: its rows, each opening its own level below when expanded. */
function TreeLevel({ parentId, depth, selected, onSelect }: { parentId: number | undefined; depth: number; selected: number | null; onSelect: (a: { id: number; account: string }) => void }) {
  const [page, setPage] = useState(1);
  const query = useQuery(consoleQuery(consoleAgentTree, { ...(parentId === undefined ? {} : { parentId }), page, pageSize: PAGE }));
  return (
    <QueryView query={query} loading={<SkeletonRows rows={depth === 0 ? 4 : 2} />}>
      {(r) =>
        r.list.length === 0 ? (
          <EmptyState compact text={parentId === undefined ? 'No top agents.' : 'No downlines.'} testId="agent-tree-empty" />
        ) : (
          <ul style={{ listStyle: 'none', margin: 0, paddingInlineStart: depth === 0 ? 0 : 'var(--space-5)' }} role="group">
            {r.list.map((row) => (
              <TreeNode key={row.id} row={row} depth={depth} selected={selected} onSelect={onSelect} />
            ))}
            {r.total > r.pageSize && <Pager page={r.page} pageSize={r.pageSize} total={r.total} onChange={setPage} />}
          </ul>
        )
      }
    </QueryView>
  );
}

function TreeNode({ row, depth, selected, onSelect }: { row: TConsoleTreeRow; depth: number; selected: number | null; onSelect: (a: { id: number; account: string }) => void }) {
  const [open, setOpen] = useState(false);
  const canOpen = row.directCount > 0;
  return (
    <li role="treeitem" aria-expanded={canOpen ? open : undefined} aria-selected={selected === row.id} data-testid="agent-node" data-account={row.account}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 'var(--space-3)', padding: 'var(--space-2) 0', borderBottom: '1px solid var(--border)' }}>
        <Button variant="ghost" size="sm" disabled={!canOpen} onClick={() => setOpen(!open)} aria-label={open ? `Close ${row.account}` : `Open ${row.account}`} data-testid="agent-expand">
          {canOpen ? (open ? '▾' : '▸') : '·'}
        </Button>
        <button type="button" className={common.linkButton} onClick={() => onSelect({ id: row.id, account: row.account })} data-testid="agent-select">
          {row.account}
        </button>
        <span className={common.muted}>{row.type}</span>
        <StatusChip status={row.status} />
        <span className={common.muted} data-testid="agent-counts">
          {row.directCount} direct · {row.teamSize} in team
        </span>
        <span style={{ marginInlineStart: 'auto' }}>
          <MoneyText minor={row.balance} />
        </span>
      </div>
      {open && <TreeLevel parentId={row.id} depth={depth + 1} selected={selected} onSelect={onSelect} />}
    </li>
  );
}

function FrozenList({ onSelect }: { onSelect: (a: { id: number; account: string }) => void }) {
  const [page, setPage] = useState(1);
  const query = useQuery(consoleQuery(consoleAgentFrozen, { page, pageSize: 20 }));
  return (
    <QueryView query={query}>
      {(r) =>
        r.list.length === 0 ? (
          <EmptyState text="No account is frozen." testId="agent-frozen-empty" />
        ) : (
          <>
            <p className={common.muted}>Frozen by a dividend left unpaid past its deadline: no withdrawal or transfer out until the member pays it in full.</p>
            <DataTable
              caption="Frozen accounts"
              testId="agent-frozen"
              rows={r.list}
              rowKey={(f) => f.id}
              columns={[
                {
                  key: 'account',
                  header: 'Account',
                  cell: (f) => (
                    <button type="button" className={common.linkButton} onClick={() => onSelect({ id: f.id, account: f.account })} data-testid="agent-frozen-row">
                      {f.account}
                    </button>
                  ),
                },
                { key: 'upline', header: 'Upline', cell: (f) => f.upline ?? '—' },
                { key: 'bills', header: 'Refused bills', numeric: true, cell: (f) => f.bills },
                { key: 'owed', header: 'Owed', numeric: true, cell: (f) => <MoneyText minor={f.owed} /> },
                { key: 'since', header: 'Since', cell: (f) => formatTime(f.since) },
              ]}
            />
            <Pager page={r.page} pageSize={r.pageSize} total={r.total} onChange={setPage} />
          </>
        )
      }
    </QueryView>
  );
}

const rateText = (bp: number) => `${(bp / 100).toFixed(2)} %`;

/** The selected account's contracts (given and received) and bills (by kind, as payer or payee). */
function AccountPanel({ id, account }: { id: number; account: string }) {
  const [role, setRole] = useState<'received' | 'given'>('received');
  const [kind, setKind] = useState<TContractKind>('dividend');
  const [billRole, setBillRole] = useState<'payer' | 'payee'>('payer');
  const [cPage, setCPage] = useState(1);
  const [bPage, setBPage] = useState(1);
  const contracts = useQuery(consoleQuery(consoleAgentContracts, { id, role, page: cPage, pageSize: 10 }));
  const bills = useQuery(consoleQuery(consoleAgentBills, { id, kind, role: billRole, page: bPage, pageSize: 10 }));
  return (
    <section aria-labelledby="agent-account-title" className={common.card} style={{ marginTop: 'var(--space-5)' }} data-testid="agent-account">
      <h2 id="agent-account-title">{account}</h2>
      <h3>Contracts</h3>
      <div className={common.filters}>
        <Select
          label="Contracts"
          value={role}
          onChange={(e) => {
            setRole(e.target.value as 'received' | 'given');
            setCPage(1);
          }}
          options={[
            { value: 'received', label: 'Received (from upline or platform)' },
            { value: 'given', label: 'Given (to direct downlines)' },
          ]}
          data-testid="agent-contract-role"
        />
      </div>
      <QueryView query={contracts}>
        {(r) =>
          r.list.length === 0 ? (
            <EmptyState compact text="No contracts." testId="agent-contracts-empty" />
          ) : (
            <>
              <DataTable
                caption="Contracts"
                testId="agent-contracts"
                rows={r.list}
                rowKey={(c) => c.id}
                columns={[
                  { key: 'id', header: '#', cell: (c) => c.id },
                  { key: 'kind', header: 'Kind', cell: (c) => KINDS.find((k) => k.value === c.kind)?.label ?? c.kind },
                  { key: 'upline', header: 'Upline', cell: (c) => c.upline.account },
                  { key: 'downline', header: 'Downline', cell: (c) => c.downline.account },
                  { key: 'status', header: 'Status', cell: (c) => <StatusChip status={c.status} /> },
                  {
                    key: 'rate',
                    header: 'Rate',
                    cell: (c) => (c.terms.kind === 'realtimeSalary' ? `${rateText(c.terms.lossRate)} / ${rateText(c.terms.profitRate)}` : c.terms.tiers.map((t) => rateText(t.rate)).join(', ')),
                  },
                  { key: 'from', header: 'In force from', cell: (c) => (c.effectiveFrom ? formatTime(c.effectiveFrom) : '—') },
                  { key: 'ended', header: 'Ended', cell: (c) => (c.endedAt ? formatTime(c.endedAt) : '—') },
                ]}
              />
              <Pager page={r.page} pageSize={r.pageSize} total={r.total} onChange={setCPage} />
            </>
          )
        }
      </QueryView>
      <h3>Bills</h3>
      <div className={common.filters}>
        <Select
          label="Kind"
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as TContractKind);
            setBPage(1);
          }}
          options={KINDS}
          data-testid="agent-bill-kind"
        />
        <Select
          label="As"
          value={billRole}
          onChange={(e) => {
            setBillRole(e.target.value as 'payer' | 'payee');
            setBPage(1);
          }}
          options={[
            { value: 'payer', label: 'Payer (owes)' },
            { value: 'payee', label: 'Payee (is owed)' },
          ]}
          data-testid="agent-bill-role"
        />
      </div>
      <QueryView query={bills}>
        {(r) =>
          r.list.length === 0 ? (
            <EmptyState compact text="No bills." testId="agent-bills-empty" />
          ) : (
            <>
              <DataTable
                caption="Bills"
                testId="agent-bills"
                rows={r.list}
                rowKey={(b) => b.id}
                columns={[
                  { key: 'period', header: 'Period', cell: (b) => <span data-testid="agent-bill-row">{b.period}</span> },
                  { key: 'payer', header: 'Payer', cell: (b) => b.payer?.account ?? 'platform' },
                  { key: 'payee', header: 'Payee', cell: (b) => b.payee.account },
                  { key: 'amount', header: 'Amount', numeric: true, cell: (b) => <MoneyText minor={b.amount} /> },
                  { key: 'paid', header: 'Paid', numeric: true, cell: (b) => <MoneyText minor={b.paidAmount} /> },
                  { key: 'status', header: 'Status', cell: (b) => <StatusChip status={b.status} /> },
                  { key: 'deadline', header: 'Deadline', cell: (b) => (b.deadline ? formatTime(b.deadline) : '—') },
                ]}
              />
              <p className={common.muted} data-testid="agent-bill-totals">
                Total <MoneyText minor={r.totals.amount} />, paid <MoneyText minor={r.totals.paidAmount} />
              </p>
              <Pager page={r.page} pageSize={r.pageSize} total={r.total} onChange={setBPage} />
            </>
          )
        }
      </QueryView>
    </section>
  );
}
