import { paths } from '../config/paths.ts';
import type { TRouteGroup } from '../config/route-groups.ts';

/**
 * The route table of spec §2 as data, free of React so the e2e specs can read it too.
 * 'standard' is the home layout: top bar + header, footer and side bar. The top bar travels with the
 * header (DESIGN.md page anatomy), so 'header only' routes keep both (docs/decisions.md).
 */
export type TLayoutKind = 'standard' | 'headerFooter' | 'headerOnly' | 'bare';

export interface TLayoutParts {
  topbar: boolean;
  header: boolean;
  footer: boolean;
  sidebar: boolean;
}

export const LAYOUT_PARTS: Record<TLayoutKind, TLayoutParts> = {
  standard: { topbar: true, header: true, footer: true, sidebar: true },
  headerFooter: { topbar: true, header: true, footer: true, sidebar: false },
  headerOnly: { topbar: true, header: true, footer: false, sidebar: false },
  bare: { topbar: false, header: false, footer: false, sidebar: false },
};

/** A modal the route opens over its page. */
export type TRouteModal = 'login' | 'register' | 'oauthCallback';

/** Locale keys that name a page in its title ("Promotions · Playhall", issue 16). */
export type TPageTitleKey =
  | 'nav.home'
  | 'auth.login'
  | 'auth.register'
  | 'notices.title'
  | 'vip.title'
  | 'pointMall.title'
  | 'lottery.title'
  | 'vnlottery.title'
  | 'elott.title'
  | 'category.RNG'
  | 'category.LIVE'
  | 'category.FISH'
  | 'category.PVP'
  | 'category.SPORTS'
  | 'category.ESPORTS'
  | 'nav.promotions'
  | 'game.frameTitle'
  | 'help.title'
  | 'nav.app'
  | 'nav.affiliates';

export interface TRouteEntry {
  path: string;
  layout: TLayoutKind;
  group: TRouteGroup;
  /** Named export of the group's routes.tsx that renders this route. */
  page: string;
  /** The page's name in the browser tab, before the site's name. */
  title: TPageTitleKey;
  modal?: TRouteModal;
}

export const ROUTES: readonly TRouteEntry[] = [
  { path: paths.home, layout: 'standard', group: 'index', page: 'HomePage', title: 'nav.home' },
  { path: paths.login, layout: 'standard', group: 'index', page: 'HomePage', modal: 'login', title: 'auth.login' },
  { path: paths.register, layout: 'standard', group: 'index', page: 'HomePage', modal: 'register', title: 'auth.register' },
  { path: paths.registerHtml, layout: 'standard', group: 'index', page: 'HomePage', modal: 'register', title: 'auth.register' },
  { path: paths.oauthCallback, layout: 'standard', group: 'index', page: 'HomePage', modal: 'oauthCallback', title: 'auth.login' },
  { path: paths.noticePage, layout: 'standard', group: 'help', page: 'NoticePage', title: 'notices.title' },
  { path: paths.vip, layout: 'standard', group: 'Vip', page: 'VipPage', title: 'vip.title' },
  { path: paths.pointMall, layout: 'headerFooter', group: 'pointMall', page: 'PointMallPage', title: 'pointMall.title' },
  { path: paths.lottery, layout: 'headerOnly', group: 'lottery', page: 'LotteryPage', title: 'lottery.title' },
  { path: paths.vnlottery, layout: 'headerOnly', group: 'vnlottery', page: 'VnLotteryPage', title: 'vnlottery.title' },
  { path: paths.elott, layout: 'standard', group: 'elott', page: 'ElottPage', title: 'elott.title' },
  { path: paths.rng, layout: 'standard', group: 'egame', page: 'RngPage', title: 'category.RNG' },
  { path: paths.live, layout: 'standard', group: 'live', page: 'LivePage', title: 'category.LIVE' },
  { path: paths.fish, layout: 'standard', group: 'fish', page: 'FishPage', title: 'category.FISH' },
  { path: paths.pvp, layout: 'standard', group: 'pvp', page: 'PvpPage', title: 'category.PVP' },
  { path: paths.sports, layout: 'standard', group: 'sports', page: 'SportsPage', title: 'category.SPORTS' },
  { path: paths.esports, layout: 'standard', group: 'esports', page: 'EsportsPage', title: 'category.ESPORTS' },
  { path: paths.promotions, layout: 'standard', group: 'promo', page: 'PromotionsPage', title: 'nav.promotions' },
  { path: paths.promoDetail, layout: 'standard', group: 'promoDetail', page: 'PromoDetailPage', title: 'nav.promotions' },
  { path: paths.seamless, layout: 'headerOnly', group: 'seamless', page: 'SeamlessPage', title: 'game.frameTitle' },
  { path: paths.help, layout: 'standard', group: 'help', page: 'HelpPage', title: 'help.title' },
  { path: paths.helpmc, layout: 'bare', group: 'help', page: 'HelpMcPage', title: 'help.title' },
  { path: paths.app, layout: 'standard', group: 'download', page: 'AppPage', title: 'nav.app' },
  { path: paths.download, layout: 'standard', group: 'download', page: 'AppPage', title: 'nav.app' },
  { path: paths.join, layout: 'standard', group: 'joinus', page: 'JoinPage', title: 'nav.affiliates' },
  { path: paths.game, layout: 'headerOnly', group: 'byIframe', page: 'GamePage', title: 'game.frameTitle' },
];
