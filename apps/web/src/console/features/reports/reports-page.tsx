import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import {
  consoleReportAgents,
  consoleReportGgr,
  consoleReportMembers,
  REPORT_MAX_DAYS,
  type TReportAgentRow,
  type TReportGgrRow,
  type TReportMemberRow,
} from '@playhall/contract/console-reports';
import { Button } from '../../../components/ui/button.tsx';
import { DataTable, type TColumn } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { CsvButton } from '../../components/csv-button.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Pager } from '../../components/pager.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { ConsoleError, consoleCall } from '../../lib/console-api.ts';
import type { TFieldErrors } from '../../lib/field-errors.ts';
import { consoleQuery } from '../../lib/use-console-query.ts';
import common from '../../components/console.module.css';
import styles from './reports-page.module.css';

type TTab = 'ggr' | 'agents' | 'members';
type TOrder = 'asc' | 'desc';
interface TFilter {
  from: string;
  to: string;
  q: string;
}
const EMPTY: TFilter = { from: '', to: '', q: '' };
const PAGE_SIZE = 20;
const GGR_PAGE_SIZE = 50;

/** Minor units as major with two decimals, on the digits (no float), for the CSV. */
export function major(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
const count = (v: number) => <span className="tabular">{v.toLocaleString('en')}</span>;
const money = (v: number, signed = false) => <MoneyText minor={v} signed={signed} />;
const range = (f: TFilter) => ({ from: f.from || undefined, to: f.to || undefined });
const dayCount = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** A column header that sorts the report by it (again: the other way). */
function SortHeader<S extends string>({ label, sortKey, sort, order, onSort }: { label: string; sortKey: S; sort: S; order: TOrder; onSort: (s: S, o: TOrder) => void }) {
  const active = sort === sortKey;
  return (
    <button
      type="button"
      className={styles.sort}
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
      data-active={active || undefined}
      onClick={() => onSort(sortKey, active && order === 'desc' ? 'asc' : 'desc')}
      data-testid={`report-sort-${sortKey}`}
    >
      {label}
      <span aria-hidden>{active ? (order === 'asc' ? ' ▲' : ' ▼') : ''}</span>
    </button>
  );
}

export function ReportsPage() {
  const [tab, setTab] = useState<TTab>('ggr');
  const [draft, setDraft] = useState<TFilter>(EMPTY);
  const [filter, setFilter] = useState<TFilter>(EMPTY);
  const [errors, setErrors] = useState<TFieldErrors>({});

  function apply() {
    const local: TFieldErrors = {};
    if (draft.from && draft.to && draft.from > draft.to) local.to = 'The end is before the start.';
    else if (draft.from && draft.to && dayCount(draft.from, draft.to) > REPORT_MAX_DAYS) local.from = `A report covers at most ${REPORT_MAX_DAYS} days.`;
    else if ((draft.from === '') !== (draft.to === '')) local[draft.from ? 'to' : 'from'] = 'Give both dates, or neither for the last 7 days.';
    setErrors(local);
    if (Object.keys(local).length === 0) setFilter(draft);
  }

  return (
    <>
      <PageHeader title="Reports" />
      <div className={styles.tabs}>
        <Tabs
          label="Report"
          variant="underline"
          idPrefix="report"
          value={tab}
          onChange={setTab}
          items={[
            { value: 'ggr', label: 'GGR by day, category and vendor', testId: 'report-tab-ggr' },
            { value: 'agents', label: 'Agent teams', testId: 'report-tab-agents' },
            { value: 'members', label: 'Members', testId: 'report-tab-members' },
          ]}
        />
      </div>
      <form
        className={common.filters}
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
        noValidate
      >
        <Input label="From" type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} error={errors.from} data-testid="report-from" />
        <Input label="To" type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} error={errors.to} data-testid="report-to" />
        {tab !== 'ggr' && (
          <Input
            label={tab === 'agents' ? 'Agent username' : 'Username'}
            value={draft.q}
            maxLength={32}
            onChange={(e) => setDraft({ ...draft, q: e.target.value })}
            data-testid="report-search"
          />
        )}
        <Button type="submit" data-testid="report-apply">
          Show
        </Button>
      </form>
      <div id="report-panel" role="tabpanel" data-testid={`report-panel-${tab}`}>
        {/* A new filter starts again at its first page. */}
        {tab === 'ggr' && <GgrReport key={JSON.stringify(filter)} filter={filter} />}
        {tab === 'agents' && <AgentsReport key={JSON.stringify(filter)} filter={filter} />}
        {tab === 'members' && <MembersReport key={JSON.stringify(filter)} filter={filter} />}
      </div>
    </>
  );
}

/** The range the server answered for (the last 7 days when none was given). */
function RangeNote({ from, to, children }: { from: string; to: string; children?: ReactNode }) {
  return (
    <p className={styles.note} data-testid="report-range">
      {from} – {to} (the merchant&apos;s local days){children}
    </p>
  );
}

/** A refusal of the range (400) under the form's fields is the server's word; shown here too, above the empty table. */
function rangeRefusal(error: unknown): string | null {
  if (!(error instanceof ConsoleError) || error.status !== 400) return null;
  return Object.values(error.fields)[0] ?? error.message;
}

function GgrReport({ filter }: { filter: TFilter }) {
  const [page, setPage] = useState(1);
  const query = useQuery(consoleQuery(consoleReportGgr, range(filter)));
  const refused = rangeRefusal(query.error);
  if (refused) return <EmptyState compact testId="report-error" text={refused} />;
  return (
    <QueryView query={query}>
      {(d) => {
        const pageRows = d.rows.slice((page - 1) * GGR_PAGE_SIZE, page * GGR_PAGE_SIZE);
        const columns: TColumn<TReportGgrRow>[] = [
          { key: 'day', header: 'Day', cell: (r) => r.day },
          { key: 'category', header: 'Category', cell: (r) => r.category },
          { key: 'vendor', header: 'Vendor', cell: (r) => (r.vendorName === r.vendor ? r.vendor : `${r.vendorName} (${r.vendor})`) },
          { key: 'bets', header: 'Bets', numeric: true, cell: (r) => money(r.bets) },
          { key: 'payouts', header: 'Payouts', numeric: true, cell: (r) => money(r.payouts) },
          { key: 'ggr', header: 'GGR', numeric: true, cell: (r) => money(r.ggr, true) },
          { key: 'betCount', header: 'Bet count', numeric: true, cell: (r) => count(r.betCount) },
          { key: 'players', header: 'Players', numeric: true, cell: (r) => count(r.players) },
        ];
        return (
          <>
            <div className={styles.head}>
              <RangeNote from={d.from} to={d.to} />
              <CsvButton
                testId="report-csv"
                fileName={`ggr-${d.from}-${d.to}.csv`}
                fetchPage={async () => {
                  const all = await consoleCall(consoleReportGgr, range(filter));
                  return { list: all.rows, total: all.rows.length, pageSize: Math.max(1, all.rows.length) };
                }}
                columns={[
                  { header: 'day', value: (r) => r.day },
                  { header: 'category', value: (r) => r.category },
                  { header: 'vendor', value: (r) => r.vendor },
                  { header: 'vendor name', value: (r) => r.vendorName },
                  { header: 'bets', value: (r) => major(r.bets) },
                  { header: 'payouts', value: (r) => major(r.payouts) },
                  { header: 'ggr', value: (r) => major(r.ggr) },
                  { header: 'bet count', value: (r) => r.betCount },
                  { header: 'players', value: (r) => r.players },
                ]}
              />
            </div>
            {d.rows.length === 0 ? (
              <EmptyState testId="report-empty" text="No bets in this period." />
            ) : (
              <>
                <DataTable
                  caption="GGR by day, category and vendor"
                  testId="report-table"
                  rows={pageRows}
                  rowKey={(r) => `${r.day}|${r.category}|${r.vendor}`}
                  columns={columns}
                  totals={{
                    day: 'Total',
                    bets: money(d.totals.bets),
                    payouts: money(d.totals.payouts),
                    ggr: money(d.totals.ggr, true),
                    betCount: count(d.totals.betCount),
                    players: count(d.totals.players),
                  }}
                />
                <Pager page={page} pageSize={GGR_PAGE_SIZE} total={d.rows.length} onChange={setPage} />
              </>
            )}
          </>
        );
      }}
    </QueryView>
  );
}

type TAgentSort = 'ggr' | 'validBet' | 'deposits' | 'withdrawals' | 'username';

function AgentsReport({ filter }: { filter: TFilter }) {
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<{ sort: TAgentSort; order: TOrder }>({ sort: 'ggr', order: 'desc' });
  const payload = { ...range(filter), q: filter.q.trim() || undefined, ...sort };
  const query = useQuery(consoleQuery(consoleReportAgents, { ...payload, page, pageSize: PAGE_SIZE }));
  const refused = rangeRefusal(query.error);
  if (refused) return <EmptyState compact testId="report-error" text={refused} />;
  const onSort = (s: TAgentSort, o: TOrder) => {
    setSort({ sort: s, order: o });
    setPage(1);
  };
  const head = (label: string, key: TAgentSort) => <SortHeader label={label} sortKey={key} sort={sort.sort} order={sort.order} onSort={onSort} />;
  const columns: TColumn<TReportAgentRow>[] = [
    { key: 'username', header: head('Agent', 'username'), cell: (r) => <span data-testid="report-row">{r.username}</span> },
    { key: 'upline', header: 'Upline', cell: (r) => r.upline ?? '—' },
    { key: 'teamSize', header: 'Team size', numeric: true, cell: (r) => count(r.teamSize) },
    { key: 'newMembers', header: 'New', numeric: true, cell: (r) => count(r.newMembers) },
    { key: 'activeMembers', header: 'Active', numeric: true, cell: (r) => count(r.activeMembers) },
    { key: 'deposits', header: head('Deposits', 'deposits'), numeric: true, cell: (r) => money(r.deposits) },
    { key: 'withdrawals', header: head('Withdrawals', 'withdrawals'), numeric: true, cell: (r) => money(r.withdrawals) },
    { key: 'validBet', header: head('Valid bet', 'validBet'), numeric: true, cell: (r) => money(r.validBet) },
    { key: 'ggr', header: head('GGR', 'ggr'), numeric: true, cell: (r) => money(r.ggr, true) },
  ];
  return (
    <QueryView query={query}>
      {(d) => (
        <>
          <div className={styles.head}>
            <RangeNote from={d.from} to={d.to}>
              . The total adds up the top agents&apos; teams (teams below them are inside theirs).
            </RangeNote>
            <CsvButton
              testId="report-csv"
              fileName={`agent-teams-${d.from}-${d.to}.csv`}
              fetchPage={(p) => consoleCall(consoleReportAgents, { ...payload, page: p, pageSize: 100 })}
              columns={[
                { header: 'agent', value: (r) => r.username },
                { header: 'upline', value: (r) => r.upline },
                { header: 'team size', value: (r) => r.teamSize },
                { header: 'new members', value: (r) => r.newMembers },
                { header: 'active members', value: (r) => r.activeMembers },
                { header: 'deposits', value: (r) => major(r.deposits) },
                { header: 'withdrawals', value: (r) => major(r.withdrawals) },
                { header: 'bets', value: (r) => major(r.bets) },
                { header: 'valid bet', value: (r) => major(r.validBet) },
                { header: 'payouts', value: (r) => major(r.payouts) },
                { header: 'ggr', value: (r) => major(r.ggr) },
              ]}
            />
          </div>
          {d.total === 0 ? (
            <EmptyState testId="report-empty" text={filter.q ? 'No agent matches this name.' : 'No agents yet.'} />
          ) : (
            <>
              <DataTable
                caption="Agent teams"
                testId="report-table"
                rows={d.list}
                rowKey={(r) => r.agentId}
                columns={columns}
                totals={{
                  username: 'Total',
                  teamSize: count(d.totals.teamSize),
                  newMembers: count(d.totals.newMembers),
                  activeMembers: count(d.totals.activeMembers),
                  deposits: money(d.totals.deposits),
                  withdrawals: money(d.totals.withdrawals),
                  validBet: money(d.totals.validBet),
                  ggr: money(d.totals.ggr, true),
                }}
              />
              <Pager page={d.page} pageSize={d.pageSize} total={d.total} onChange={setPage} />
            </>
          )}
        </>
      )}
    </QueryView>
  );
}

type TMemberSort = 'ggr' | 'bets' | 'deposits' | 'withdrawals' | 'username';

function MembersReport({ filter }: { filter: TFilter }) {
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<{ sort: TMemberSort; order: TOrder }>({ sort: 'ggr', order: 'desc' });
  const payload = { ...range(filter), q: filter.q.trim() || undefined, ...sort };
  const query = useQuery(consoleQuery(consoleReportMembers, { ...payload, page, pageSize: PAGE_SIZE }));
  const refused = rangeRefusal(query.error);
  if (refused) return <EmptyState compact testId="report-error" text={refused} />;
  const onSort = (s: TMemberSort, o: TOrder) => {
    setSort({ sort: s, order: o });
    setPage(1);
  };
  const head = (label: string, key: TMemberSort) => <SortHeader label={label} sortKey={key} sort={sort.sort} order={sort.order} onSort={onSort} />;
  const columns: TColumn<TReportMemberRow>[] = [
    { key: 'username', header: head('Member', 'username'), cell: (r) => <span data-testid="report-row">{r.username}</span> },
    { key: 'type', header: 'Type', cell: (r) => r.type },
    { key: 'deposits', header: head('Deposits', 'deposits'), numeric: true, cell: (r) => money(r.deposits) },
    { key: 'withdrawals', header: head('Withdrawals', 'withdrawals'), numeric: true, cell: (r) => money(r.withdrawals) },
    { key: 'bets', header: head('Bets', 'bets'), numeric: true, cell: (r) => money(r.bets) },
    { key: 'payouts', header: 'Payouts', numeric: true, cell: (r) => money(r.payouts) },
    { key: 'ggr', header: head('GGR', 'ggr'), numeric: true, cell: (r) => money(r.ggr, true) },
  ];
  return (
    <QueryView query={query}>
      {(d) => (
        <>
          <div className={styles.head}>
            <RangeNote from={d.from} to={d.to} />
            <CsvButton
              testId="report-csv"
              fileName={`members-${d.from}-${d.to}.csv`}
              fetchPage={(p) => consoleCall(consoleReportMembers, { ...payload, page: p, pageSize: 100 })}
              columns={[
                { header: 'member', value: (r) => r.username },
                { header: 'type', value: (r) => r.type },
                { header: 'deposits', value: (r) => major(r.deposits) },
                { header: 'withdrawals', value: (r) => major(r.withdrawals) },
                { header: 'bets', value: (r) => major(r.bets) },
                { header: 'valid bet', value: (r) => major(r.validBet) },
                { header: 'payouts', value: (r) => major(r.payouts) },
                { header: 'ggr', value: (r) => major(r.ggr) },
              ]}
            />
          </div>
          {d.total === 0 ? (
            <EmptyState testId="report-empty" text={filter.q ? 'No member with activity matches this name.' : 'No member deposited, withdrew or bet in this period.'} />
          ) : (
            <>
              <DataTable
                caption="Members"
                testId="report-table"
                rows={d.list}
                rowKey={(r) => r.userId}
                columns={columns}
                totals={{
                  username: 'Total',
                  deposits: money(d.totals.deposits),
                  withdrawals: money(d.totals.withdrawals),
                  bets: money(d.totals.bets),
                  payouts: money(d.totals.payouts),
                  ggr: money(d.totals.ggr, true),
                }}
              />
              <Pager page={d.page} pageSize={d.pageSize} total={d.total} onChange={setPage} />
            </>
          )}
        </>
      )}
    </QueryView>
  );
}
