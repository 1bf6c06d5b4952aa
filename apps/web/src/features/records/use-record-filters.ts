import { useState } from 'react';
import { quickRange, type TDayRange } from '../../components/ui/date-range.ts';

/** A record page's filter state: a day range (default the last 7 days) and the page, reset on change. */
export function useRecordFilters<F extends object>(initial: F) {
  const [range, setRange] = useState<TDayRange>(() => quickRange('last7'));
  const [filters, setFilters] = useState<F>(initial);
  const [page, setPage] = useState(1);
  return {
    range,
    filters,
    page,
    setPage,
    setRange: (r: TDayRange) => {
      setRange(r);
      setPage(1);
    },
    setFilters: (f: F) => {
      setFilters(f);
      setPage(1);
    },
  };
}
