/**
 * The lazy page groups of spec §2. Each group is one module under `src/pages/<dir>/routes.tsx` and one
 * built chunk named `page-<group>-<hash>.js` (vite.config.ts reads this table to name them).
 */
export const ROUTE_GROUP_DIRS = {
  Vip: 'vip',
  byIframe: 'by-iframe',
  download: 'download',
  egame: 'egame',
  elott: 'elott',
  esports: 'esports',
  fish: 'fish',
  help: 'help',
  index: 'index',
  joinus: 'joinus',
  live: 'live',
  lottery: 'lottery',
  pointMall: 'point-mall',
  promo: 'promo',
  promoDetail: 'promo-detail',
  pvp: 'pvp',
  seamless: 'seamless',
  sports: 'sports',
  vnlottery: 'vnlottery',
} as const;

export type TRouteGroup = keyof typeof ROUTE_GROUP_DIRS;

/** The group whose `routes.tsx` a module id belongs to, if any. */
export function routeGroupOfModule(moduleId: string | null | undefined): TRouteGroup | undefined {
  const dir = /\/src\/pages\/([^/]+)\/routes\.tsx$/.exec(moduleId ?? '')?.[1];
  if (!dir) return undefined;
  return (Object.keys(ROUTE_GROUP_DIRS) as TRouteGroup[]).find((g) => ROUTE_GROUP_DIRS[g] === dir);
}
