import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { consoleMembersSearch, ZMemberSearchField, type TConsoleMemberRow } from '@playhall/contract/console';
import { Button } from '../../../components/ui/button.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { CsvButton } from '../../components/csv-button.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Pager } from '../../components/pager.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { StatusChip } from '../../components/status-chip.tsx';
import { paths } from '../../config/paths.ts';
import { consoleCall } from '../../lib/console-api.ts';
import { consoleQuery } from '../../lib/use-console-query.ts';
import type { TCsvColumn } from '../../lib/csv.ts';
import { formatTime } from '../../lib/time.ts';
import styles from '../../components/console.module.css';

type TField = (typeof ZMemberSearchField.options)[number];
const FIELDS: { value: TField; label: string }[] = [
  { value: 'any', label: 'Any field' },
  { value: 'username', label: 'Username' },
  { value: 'mobile', label: 'Mobile' },
  { value: 'email', label: 'E-mail' },
  { value: 'ip', label: 'IP address' },
  { value: 'bankCard', label: 'Bank card' },
];
const PAGE_SIZE = 20;

const CSV: TCsvColumn<TConsoleMemberRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'username', value: (r) => r.username },
  { header: 'type', value: (r) => r.type },
  { header: 'status', value: (r) => r.status },
  { header: 'mobile', value: (r) => r.mobile },
  { header: 'email', value: (r) => r.email },
  { header: 'balance', value: (r) => (r.balance / 100).toFixed(2) },
  { header: 'createdAt', value: (r) => r.createdAt },
  { header: 'lastLoginAt', value: (r) => r.lastLoginAt },
];

export function MembersPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const field = (ZMemberSearchField.safeParse(params.get('field')).data ?? 'any') as TField;
  const page = Number(params.get('page') ?? 1) || 1;
  const [draft, setDraft] = useState({ q, field });
  const query = useQuery(consoleQuery(consoleMembersSearch, { q, field, page, pageSize: PAGE_SIZE }));
  const go = (next: { q: string; field: TField; page: number }) => setParams({ q: next.q, field: next.field, page: String(next.page) });

  return (
    <>
      <PageHeader
        title="Members"
        actions={
          <CsvButton
            testId="members-csv"
            fileName={`members-${field}-${q || 'all'}.csv`}
            columns={CSV}
            fetchPage={(p) => consoleCall(consoleMembersSearch, { q, field, page: p, pageSize: 100 })}
          />
        }
      />
      <form
        className={styles.filters}
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          go({ ...draft, page: 1 });
        }}
      >
        <Select label="Search in" value={draft.field} onChange={(e) => setDraft({ ...draft, field: e.target.value as TField })} options={FIELDS} data-testid="member-search-field" />
        <Input label="Search" type="search" value={draft.q} maxLength={64} onChange={(e) => setDraft({ ...draft, q: e.target.value })} placeholder="Username, mobile, e-mail, IP, card…" data-testid="member-search" />
        <Button type="submit" data-testid="member-search-submit">
          Search
        </Button>
      </form>
      <QueryView query={query}>
        {(result) =>
          result.list.length === 0 ? (
            <EmptyState text={q ? 'No member matches this search.' : 'No members yet.'} />
          ) : (
            <>
              <DataTable
                caption="Members"
                rows={result.list}
                rowKey={(r) => r.id}
                testId="members-table"
                columns={[
                  {
                    key: 'username',
                    header: 'Username',
                    cell: (r) => (
                      <Link to={paths.member(r.id)} className={styles.linkButton} data-testid="member-row">
                        {r.username}
                      </Link>
                    ),
                  },
                  { key: 'type', header: 'Type', cell: (r) => r.type },
                  { key: 'status', header: 'Status', cell: (r) => <StatusChip status={r.status} /> },
                  { key: 'mobile', header: 'Mobile', cell: (r) => r.mobile ?? '—' },
                  { key: 'email', header: 'E-mail', cell: (r) => r.email ?? '—' },
                  { key: 'balance', header: 'Balance', numeric: true, cell: (r) => <MoneyText minor={r.balance} /> },
                  { key: 'created', header: 'Registered', cell: (r) => formatTime(r.createdAt) },
                  { key: 'login', header: 'Last login', cell: (r) => formatTime(r.lastLoginAt) },
                ]}
              />
              <Pager page={result.page} pageSize={result.pageSize} total={result.total} onChange={(p) => go({ q, field, page: p })} />
            </>
          )
        }
      </QueryView>
    </>
  );
}
