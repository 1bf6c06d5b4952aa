import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { consoleAudit, consoleAuditVerify } from '@playhall/contract/console';
import { Button } from '../../../components/ui/button.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { CsvButton } from '../../components/csv-button.tsx';
import { useShowError } from '../../components/error-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Pager } from '../../components/pager.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { ConsoleError, consoleCall } from '../../lib/console-api.ts';
import type { TFieldErrors } from '../../lib/field-errors.ts';
import { formatTime } from '../../lib/time.ts';
import { consoleQuery } from '../../lib/use-console-query.ts';
import common from '../../components/console.module.css';
import styles from './audit-page.module.css';

interface TFilter {
  actor: string;
  action: string;
  target: string;
  from: string;
  to: string;
}
const EMPTY: TFilter = { actor: '', action: '', target: '', from: '', to: '' };
const PAGE_SIZE = 20;
const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 2));
const payload = (f: TFilter) => ({ actor: f.actor || undefined, action: f.action || undefined, target: f.target || undefined, from: f.from || undefined, to: f.to || undefined });

type TVerify = Awaited<ReturnType<typeof verifyChain>>;
const verifyChain = () => consoleCall(consoleAuditVerify, {});

export function AuditPage() {
  const [draft, setDraft] = useState<TFilter>(EMPTY);
  const [filter, setFilter] = useState<TFilter>(EMPTY);
  const [page, setPage] = useState(1);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [verify, setVerify] = useState<TVerify | null>(null);
  const [verifying, setVerifying] = useState(false);
  const showError = useShowError();
  const query = useQuery(consoleQuery(consoleAudit, { ...payload(filter), page, pageSize: PAGE_SIZE }));
  // A filter the server refuses (a date it cannot read) shows under its field, like any form.
  const fieldErrors = query.error instanceof ConsoleError ? query.error.fields : errors;

  function apply() {
    const local: TFieldErrors = {};
    if (draft.from && draft.to && draft.from > draft.to) local.to = 'The end is before the start.';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setFilter(draft);
    setPage(1);
  }

  async function runVerify() {
    setVerifying(true);
    try {
      setVerify(await verifyChain());
    } catch (err) {
      showError(err);
    } finally {
      setVerifying(false);
    }
  }

  const field = (key: keyof TFilter, label: string, type = 'text') => (
    <Input label={label} type={type} value={draft[key]} maxLength={100} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} error={fieldErrors[key]} data-testid={`audit-${key}`} />
  );

  return (
    <>
      <PageHeader
        title="Audit log"
        actions={
          <>
            <Button variant="secondary" size="sm" onClick={() => void runVerify()} disabled={verifying} data-testid="audit-verify">
              {verifying ? 'Verifying…' : 'Verify chain'}
            </Button>
            <CsvButton
              testId="audit-csv"
              fileName="audit-log.csv"
              fetchPage={(p) => consoleCall(consoleAudit, { ...payload(filter), page: p, pageSize: 100 })}
              columns={[
                { header: 'id', value: (r) => r.id },
                { header: 'at', value: (r) => r.at },
                { header: 'actor', value: (r) => r.actor },
                { header: 'action', value: (r) => r.action },
                { header: 'target', value: (r) => r.target },
                { header: 'reason', value: (r) => r.reason },
                { header: 'before', value: (r) => JSON.stringify(r.before ?? null) },
                { header: 'after', value: (r) => JSON.stringify(r.after ?? null) },
                { header: 'hash', value: (r) => r.hash },
              ]}
            />
          </>
        }
      />
      {verify && (
        <p className={[styles.verify, verify.ok ? styles.ok : styles.broken].join(' ')} role="status" data-testid="audit-verify-result" data-ok={verify.ok}>
          {verify.ok
            ? `The chain is intact: ${verify.rows.toLocaleString('en')} rows checked.`
            : `The chain is broken at row #${String(verify.brokenAt)}${verify.problem ? `: ${verify.problem}` : ''} (${verify.rows.toLocaleString('en')} rows checked).`}
        </p>
      )}
      <form
        className={common.filters}
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
        noValidate
      >
        {field('actor', 'Actor')}
        {field('action', 'Action')}
        {field('target', 'Target')}
        {field('from', 'From', 'date')}
        {field('to', 'To', 'date')}
        <Button type="submit" data-testid="audit-filter">
          Filter
        </Button>
      </form>
      <QueryView query={query}>
        {(result) =>
          result.list.length === 0 ? (
            <EmptyState text="No audit rows match these filters." />
          ) : (
            <>
              <DataTable
                caption="Audit log"
                testId="audit-table"
                rows={result.list}
                rowKey={(r) => r.id}
                columns={[
                  { key: 'id', header: '#', numeric: true, cell: (r) => <span data-testid="audit-row">{r.id}</span> },
                  { key: 'at', header: 'Time', cell: (r) => formatTime(r.at) },
                  { key: 'actor', header: 'Actor', cell: (r) => r.actor },
                  { key: 'action', header: 'Action', cell: (r) => r.action },
                  { key: 'target', header: 'Target', cell: (r) => r.target },
                  { key: 'reason', header: 'Reason', wrap: true, cell: (r) => r.reason ?? '—' },
                  { key: 'before', header: 'Before', cell: (r) => <pre className={common.json}>{json(r.before)}</pre> },
                  { key: 'after', header: 'After', cell: (r) => <pre className={common.json}>{json(r.after)}</pre> },
                ]}
              />
              <Pager page={result.page} pageSize={result.pageSize} total={result.total} onChange={setPage} />
            </>
          )
        }
      </QueryView>
    </>
  );
}
