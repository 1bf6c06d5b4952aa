import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { allPages, downloadCsv, toCsv, type TCsvColumn } from '../lib/csv.ts';
import { useShowError } from './error-dialog.tsx';

interface TCsvButtonProps<Row> {
  fileName: string;
  columns: readonly TCsvColumn<Row>[];
  /** One page of the current filter (page size 100, the most the server gives). */
  fetchPage: (page: number) => Promise<{ list: Row[]; total: number; pageSize: number }>;
  testId: string;
}

/** Downloads every row of the current filter as CSV, built in the browser from the list call's pages. */
export function CsvButton<Row>({ fileName, columns, fetchPage, testId }: TCsvButtonProps<Row>) {
  const [busy, setBusy] = useState(false);
  const showError = useShowError();
  async function run() {
    setBusy(true);
    try {
      downloadCsv(fileName, toCsv(columns, await allPages(fetchPage)));
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="secondary" size="sm" onClick={() => void run()} disabled={busy} data-testid={testId}>
      <Download size={16} aria-hidden /> {busy ? 'Exporting…' : 'Export CSV'}
    </Button>
  );
}
