/**
 * Stands in for react-i18next in the console's build only (vite.config.ts, console mode): the shared ui primitives
 * (Modal, Pagination) name a few controls through `useTranslation`, and the console — English only, for the
 * operator's staff — gets those names here instead of loading the member app's i18n.
 */
const ENGLISH: Record<string, string> = {
  'common.close': 'Close',
  'common.pagination': 'Pages',
  'common.previous': 'Previous page',
  'common.next': 'Next page',
};

export function useTranslation() {
  return { t: (key: string) => ENGLISH[key] ?? key };
}
