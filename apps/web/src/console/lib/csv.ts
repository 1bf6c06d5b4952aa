export interface TCsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null;
}

/** Text a spreadsheet would run as a formula (=, +, -, @, tab, CR) gets a leading apostrophe; plain numbers stay numbers. */
function cell(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180 CSV: a header line, one line per row, CRLF. */
export function toCsv<Row>(columns: readonly TCsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((c) => cell(c.header)), ...rows.map((row) => columns.map((c) => cell(c.value(row))))];
  return `${lines.map((l) => l.join(',')).join('\r\n')}\r\n`;
}

/** Every row of a paged list for the current filter, page by page (the server caps a page at 100 rows). */
export async function allPages<Row>(fetchPage: (page: number) => Promise<{ list: Row[]; total: number; pageSize: number }>): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await fetchPage(page);
    rows.push(...answer.list);
    if (answer.list.length === 0 || rows.length >= answer.total || page * answer.pageSize >= answer.total) return rows;
  }
}

/** Hands the CSV to the browser as a download (a UTF-8 BOM so spreadsheet programs read accents right). */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
