import type { TGameCategory } from '@playhall/contract/categories';
import { CATEGORY_ROUTE } from '@playhall/contract/categories';

/** Every route of spec §2 (plus /login and /download, which the route guard names). */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  registerHtml: '/register.html',
  download: '/download',
  noticePage: '/noticePage',
  vip: '/vip',
  pointMall: '/pointMall',
  lottery: '/lottery',
  vnlottery: '/vnlottery',
  elott: '/elott',
  rng: '/rng',
  live: '/live',
  fish: '/fish',
  pvp: '/pvp',
  sports: '/sports',
  esports: '/esports',
  promotions: '/promotions',
  promoDetail: '/promoDetail',
  seamless: '/seamless',
  help: '/help',
  helpmc: '/helpmc',
  app: '/app',
  join: '/join',
  game: '/game',
  /** Where Google, Facebook and Telegram send the visitor back after a third-party login. */
  oauthCallback: '/oauth/callback',
} as const;

export type TPath = (typeof paths)[keyof typeof paths];

/**
 * The query parameter that selects a vendor tab on a category page. RNG uses `page` (spec §2: clicking a
 * slot-hall tab goes to /rng?page={tab}); the other lanes use `vendor` (docs/decisions.md).
 */
export function vendorParam(category: TGameCategory): 'page' | 'vendor' {
  return category === 'RNG' ? 'page' : 'vendor';
}

export function categoryVendorPath(category: TGameCategory, vassalage: string): string {
  return `${CATEGORY_ROUTE[category]}?${vendorParam(category)}=${encodeURIComponent(vassalage)}`;
}

export function promoDetailPath(id: number): string {
  return `${paths.promoDetail}?id=${id}`;
}

export function helpArticlePath(id: number, bare = false): string {
  return `${bare ? paths.helpmc : paths.help}?id=${id}`;
}

export function noticePath(id: number): string {
  return `${paths.noticePage}?id=${id}`;
}

export function gamePath(url: string): string {
  return `${paths.game}?url=${encodeURIComponent(url)}`;
}
