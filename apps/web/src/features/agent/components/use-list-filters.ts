import { useState } from 'react';
import { quickRange, type TDayRange } from '../../../components/ui/date-range.ts';

/** A list page's filters: a day range (default the last 7 days), others, and the page, back to 1 on change. */
export function useListFilters<F extends object>(initial: F) {
  const [range, setRangeState] = useState<TDayRange>(() => quickRange('last7'));
  const [filters, setFiltersState] = useState<F>(initial);
  const [page, setPage] = useState(1);
  return {
    range,
    filters,
    page,
    setPage,
    setRange: (r: TDayRange) => {
      setRangeState(r);
      setPage(1);
    },
    setFilter: <K extends keyof F>(key: K, value: F[K]) => {
      setFiltersState((f) => ({ ...f, [key]: value }));
      setPage(1);
    },
  };
}
