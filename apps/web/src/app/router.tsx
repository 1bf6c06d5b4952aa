import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { paths } from '../config/paths.ts';
import type { TRouteGroup } from '../config/route-groups.ts';
import { loadChunk } from '../lib/load-chunk.ts';
import { SiteLayout } from './layout/site-layout.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { ROUTES, type TLayoutKind, type TRouteEntry } from './route-table.ts';

type TGroupModule = Record<string, unknown>;

/** One dynamic import per lazy page group of spec §2; each becomes the chunk page-<group>-<hash>.js. */
const GROUP_IMPORTERS: Record<TRouteGroup, () => Promise<TGroupModule>> = {
  Vip: () => import('../pages/vip/routes.tsx'),
  byIframe: () => import('../pages/by-iframe/routes.tsx'),
  download: () => import('../pages/download/routes.tsx'),
  egame: () => import('../pages/egame/routes.tsx'),
  elott: () => import('../pages/elott/routes.tsx'),
  esports: () => import('../pages/esports/routes.tsx'),
  fish: () => import('../pages/fish/routes.tsx'),
  help: () => import('../pages/help/routes.tsx'),
  index: () => import('../pages/index/routes.tsx'),
  joinus: () => import('../pages/joinus/routes.tsx'),
  live: () => import('../pages/live/routes.tsx'),
  lottery: () => import('../pages/lottery/routes.tsx'),
  pointMall: () => import('../pages/point-mall/routes.tsx'),
  promo: () => import('../pages/promo/routes.tsx'),
  promoDetail: () => import('../pages/promo-detail/routes.tsx'),
  pvp: () => import('../pages/pvp/routes.tsx'),
  seamless: () => import('../pages/seamless/routes.tsx'),
  sports: () => import('../pages/sports/routes.tsx'),
  vnlottery: () => import('../pages/vnlottery/routes.tsx'),
};

/**
 * A route's page, loaded from its group chunk. A failed load resolves to a page that throws the
 * failure, so the route's error boundary shows it (React Router renders nothing for a route whose
 * `lazy` rejected). The failure stays for this page load; the boundary's Retry reloads the page.
 */
function lazyPage(entry: TRouteEntry): () => Promise<{ Component: ComponentType }> {
  return async () => {
    try {
      const mod = await loadChunk(GROUP_IMPORTERS[entry.group]);
      const Component = mod[entry.page];
      if (typeof Component !== 'function') throw new Error(`Page ${entry.page} is missing from group ${entry.group}`);
      return { Component: Component as ComponentType };
    } catch (error) {
      return {
        Component: function ChunkFailed(): never {
          throw error;
        },
      };
    }
  };
}

/** Start loading the chunk of the page being opened while the start-up status is fetched. */
export function prefetchRouteChunk(pathname: string): void {
  const entry = ROUTES.find((r) => r.path === pathname) ?? ROUTES[0];
  if (entry) GROUP_IMPORTERS[entry.group]().catch(() => undefined);
}

const LAYOUTS: readonly TLayoutKind[] = ['standard', 'headerFooter', 'headerOnly', 'bare'];

export function buildRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: PageSpinner,
      ErrorBoundary: RouteError,
      children: [
        ...LAYOUTS.map<RouteObject>((kind) => ({
          element: <SiteLayout kind={kind} />,
          children: ROUTES.filter((r) => r.layout === kind).map<RouteObject>((r) => ({
            path: r.path,
            lazy: lazyPage(r),
            ErrorBoundary: RouteError,
            handle: { modal: r.modal, title: r.title },
          })),
        })),
        // Unknown paths redirect to / (spec §2).
        { path: '*', element: <Navigate to={paths.home} replace /> },
      ],
    },
  ];
}

let router: ReturnType<typeof createBrowserRouter> | null = null;

export function getRouter(): ReturnType<typeof createBrowserRouter> {
  router ??= createBrowserRouter(buildRoutes());
  return router;
}
