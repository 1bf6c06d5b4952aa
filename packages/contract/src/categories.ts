/** Game categories in navigation order; the route of each is `/<code in lower case>` (LOTT -> /elott). */
export const GAME_CATEGORIES = ['LOTT', 'LIVE', 'SPORTS', 'RNG', 'FISH', 'PVP', 'ESPORTS'] as const;
export type TGameCategory = (typeof GAME_CATEGORIES)[number];

export const CATEGORY_ROUTE: Record<TGameCategory, string> = {
  LOTT: '/elott',
  LIVE: '/live',
  SPORTS: '/sports',
  RNG: '/rng',
  FISH: '/fish',
  PVP: '/pvp',
  ESPORTS: '/esports',
};

/** SPORTS vendors with these codes are listed under ESPORTS (spec §3); PH_ESPORTS is the house esports book (issue 20). */
export const ESPORTS_VENDOR_CODES = ['PH_ESPORTS', 'AV', 'AI', 'IMES', 'TF', 'IA'] as const;

/** Footer provider groups (spec §1: 47 fixed entries under LIVE, SPORTS, RNG and PVP). */
export const FOOTER_GROUPS = ['LIVE', 'SPORTS', 'RNG', 'PVP'] as const;
export type TFooterGroup = (typeof FOOTER_GROUPS)[number];
