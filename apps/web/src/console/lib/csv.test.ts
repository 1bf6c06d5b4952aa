import { describe, expect, it } from 'vitest';
import { allPages, toCsv } from './csv.ts';

describe('toCsv', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    const rows = [{ name: 'a,b', note: 'say "hi"', amount: -12.5, formula: '=SUM(A1)' }];
    const csv = toCsv(
      [
        { header: 'Name', value: (r: (typeof rows)[number]) => r.name },
        { header: 'Note', value: (r) => r.note },
        { header: 'Amount', value: (r) => r.amount },
        { header: 'Formula', value: (r) => r.formula },
      ],
      rows,
    );
    expect(csv).toBe('Name,Note,Amount,Formula\r\n"a,b","say ""hi""",-12.5,\'=SUM(A1)\r\n');
  });
});

describe('allPages', () => {
  it('reads pages until the total is reached', async () => {
    const data = Array.from({ length: 45 }, (_, i) => i);
    const pages: number[] = [];
    const rows = await allPages(async (page) => {
      pages.push(page);
      return { list: data.slice((page - 1) * 20, page * 20), total: data.length, pageSize: 20 };
    });
    expect(rows).toEqual(data);
    expect(pages).toEqual([1, 2, 3]);
  });
});
