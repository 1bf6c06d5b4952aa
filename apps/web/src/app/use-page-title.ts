import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../features/system/api/get-status.ts';
import type { TPageTitleKey } from './route-table.ts';

/** The browser tab names the page, then the site: "Promotions · Playhall", in the interface language. */
export function usePageTitle(title: TPageTitleKey | undefined): void {
  const { t } = useTranslation();
  const site = usePermission().info.merchantName;
  const page = title ? t(title) : null;
  useEffect(() => {
    document.title = page ? `${page} · ${site}` : site;
  }, [page, site]);
}
