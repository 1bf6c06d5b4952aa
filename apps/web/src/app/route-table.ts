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

export interface TRouteEntry {
  path: string;
  layout: TLayoutKind;
  group: TRouteGroup;
  /** Named export of the group's routes.tsx that renders this route. */
  page: string;
  modal?: TRouteModal;
}

export const ROUTES: readonly TRouteEntry[] = [
  { path: paths.home, layout: 'standard', group: 'index', page: 'HomePage' },
  { path: paths.login, layout: 'standard', group: 'index', page: 'HomePage', modal: 'login' },
  { path: paths.register, layout: 'standard', group: 'index', page: 'HomePage', modal: 'register' },
  { path: paths.registerHtml, layout: 'standard', group: 'index', page: 'HomePage', modal: 'register' },
  { path: paths.oauthCallback, layout: 'standard', group: 'index', page: 'HomePage', modal: 'oauthCallback' },
  { path: paths.noticePage, layout: 'standard', group: 'help', page: 'NoticePage' },
  { path: paths.vip, layout: 'standard', group: 'Vip', page: 'VipPage' },
  { path: paths.pointMall, layout: 'headerFooter', group: 'pointMall', page: 'PointMallPage' },
  { path: paths.lottery, layout: 'headerOnly', group: 'lottery', page: 'LotteryPage' },
  { path: paths.vnlottery, layout: 'headerOnly', group: 'vnlottery', page: 'VnLotteryPage' },
  { path: paths.elott, layout: 'standard', group: 'elott', page: 'ElottPage' },
  { path: paths.rng, layout: 'standard', group: 'egame', page: 'RngPage' },
  { path: paths.live, layout: 'standard', group: 'live', page: 'LivePage' },
  { path: paths.fish, layout: 'standard', group: 'fish', page: 'FishPage' },
  { path: paths.pvp, layout: 'standard', group: 'pvp', page: 'PvpPage' },
  { path: paths.sports, layout: 'standard', group: 'sports', page: 'SportsPage' },
  { path: paths.esports, layout: 'standard', group: 'esports', page: 'EsportsPage' },
  { path: paths.promotions, layout: 'standard', group: 'promo', page: 'PromotionsPage' },
  { path: paths.promoDetail, layout: 'standard', group: 'promoDetail', page: 'PromoDetailPage' },
  { path: paths.seamless, layout: 'headerOnly', group: 'seamless', page: 'SeamlessPage' },
  { path: paths.help, layout: 'standard', group: 'help', page: 'HelpPage' },
  { path: paths.helpmc, layout: 'bare', group: 'help', page: 'HelpMcPage' },
  { path: paths.app, layout: 'standard', group: 'download', page: 'AppPage' },
  { path: paths.download, layout: 'standard', group: 'download', page: 'AppPage' },
  { path: paths.join, layout: 'standard', group: 'joinus', page: 'JoinPage' },
  { path: paths.game, layout: 'headerOnly', group: 'byIframe', page: 'GamePage' },
];
