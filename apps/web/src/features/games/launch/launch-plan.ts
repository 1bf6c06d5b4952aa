import type { TGameItem, TLaunchRequest, TRoom } from '@playhall/contract/calls/games';
import { LAUNCH } from '@playhall/contract/constants';
import type { TLanguageCode } from '@playhall/contract/languages';
import { paths } from '../../../config/paths.ts';

/**
 * Lottery vendors with a page of their own (spec §4): TCG_LOTTO_VN goes to /vnlottery, TCG_SEA opens
 * the SEA lottery (the lottery hall filtered to prize mode SEA), the house e-lottery its lobby.
 */
const LOTTERY_VENDOR_PATHS: Record<string, string> = {
  TCG_LOTTO_VN: paths.vnlottery,
  TCG_SEA: `${paths.lottery}?lottoPrizeMode=SEA`,
  PH_ELOTT: paths.elott,
};

/** The page of a lottery vendor, or null for vendors whose games start like any other (GPI…). */
export function lotteryVendorPath(vassalage: string): string | null {
  return LOTTERY_VENDOR_PATHS[vassalage] ?? null;
}

/** Game types that start on the lottery path (launchMode LOTT) rather than the game launch. */
const LOTTERY_GAME_TYPES = new Set(['ELOTT', 'LOTT']);
/** Lottery vendors whose games start in a route like other vendors' (spec §4: "GPI and others"). */
const ROUTE_LOTTERY_VENDORS = new Set(['GPI']);

/**
 * How a game starts (spec §4, lottery): TCG_LOTTO_VN and TCG_SEA open their pages; GPI starts in a
 * route like any game; other ELOTT / LOTT games use the lottery start path; everything else launches.
 */
export type TStartPath = { kind: 'page'; to: string } | { kind: 'lottery' } | { kind: 'launch' };

export function startPath(game: Pick<TGameItem, 'vassalage' | 'gameType'>): TStartPath {
  if (game.vassalage === 'TCG_LOTTO_VN' || game.vassalage === 'TCG_SEA') return { kind: 'page', to: lotteryVendorPath(game.vassalage) ?? paths.lottery };
  if (ROUTE_LOTTERY_VENDORS.has(game.vassalage)) return { kind: 'launch' };
  if (LOTTERY_GAME_TYPES.has(game.gameType.toUpperCase())) return { kind: 'lottery' };
  return { kind: 'launch' };
}

/** The brand's lottery configuration (spec §3): area VN, lotteryType Elott, device WEB. */
const BRAND_LOTTERY = { lottoArea: 'VN', lottoPrizeMode: 'Elott', device: 'WEB' } as const;

/**
 * The lottery start request (spec §3 lottery query): a game code opens its betting view, without one
 * the lobby. A catalogue entry that is a vendor's hall (isGame 0) has no game code.
 */
export function lotteryLaunchRequest(game: Pick<TGameItem, 'vassalage' | 'gameId' | 'isGame'>, language: TLanguageCode, merchantCode: string): TLaunchRequest {
  const gameCode = game.isGame === 1 && game.gameId ? game.gameId : undefined;
  return {
    launchMode: 'LOTT',
    vassalage: game.vassalage,
    merchantCode,
    language,
    ...BRAND_LOTTERY,
    ...(gameCode ? { lottoGameCode: gameCode } : {}),
    lottoView: gameCode ? 'betting' : 'lobby',
  };
}

/**
 * Where a lottery start opens: the server answers a path of this site (/elott?lottoGameCode=…), which
 * the app navigates to; any other URL opens like a game of that open mode.
 */
export function lotteryOpenTarget(
  openMode: TGameItem['openMode'],
  answer: { game_url: string | null; game_url2: string | null },
  origin: string,
): TOpenTarget | null {
  const url = answer.game_url || answer.game_url2;
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  if (parsed.origin === origin && (parsed.protocol === 'http:' || parsed.protocol === 'https:')) {
    return { kind: 'route', to: `${parsed.pathname}${parsed.search}${parsed.hash}` };
  }
  return openTarget(openMode, answer);
}

/** What starting a game does first (spec §4), before any call. */
export type TLaunchStep = 'login' | 'maintenance' | 'vendorList' | 'launch';

/**
 * Spec §4 in order: no session → the login prompt; a game flagged isNew → the maintenance warning;
 * a VASSALAGE entry (isGame 0) → the popup list of its vendor's games; otherwise launch.
 */
export function launchStep(game: Pick<TGameItem, 'isNew' | 'isGame'>, loggedIn: boolean): TLaunchStep {
  if (!loggedIn) return 'login';
  if (game.isNew === 1) return 'maintenance';
  if (game.isGame === 0) return 'vendorList';
  return 'launch';
}

/** What is launched: a game of the catalogue, or a PVP room (entered by its roomId). */
export type TLaunchTarget = { game: TGameItem } | { room: TRoom };

/** The launch request of spec §3 with the constants of §9 (the contract fills the fixed ones too). */
export function launchRequest(target: TLaunchTarget, language: TLanguageCode, merchantCode: string): TLaunchRequest {
  const common = {
    launchMode: LAUNCH.launchMode,
    vassalage: 'game' in target ? target.game.vassalage : target.room.vassalage,
    merchantCode,
    language,
    accountType: LAUNCH.accountType,
    confirmTrans: LAUNCH.confirmTrans,
    platform: LAUNCH.platform,
    clientType: LAUNCH.clientType,
  } as const;
  return 'game' in target ? { ...common, gameId: target.game.gameId } : { ...common, roomId: target.room.roomId };
}

/** Where a launched game opens: a page of this site (/game, /seamless) or a new window. */
export type TOpenTarget = { kind: 'route'; to: string } | { kind: 'popup'; url: string };

/** game_url, else game_url2 (spec §3), opened per the game's open mode. */
export function openTarget(openMode: TGameItem['openMode'], answer: { game_url: string | null; game_url2: string | null }): TOpenTarget | null {
  const url = answer.game_url || answer.game_url2;
  if (!url) return null;
  if (openMode === 'popup') return { kind: 'popup', url };
  const page = openMode === 'seamless' ? paths.seamless : paths.game;
  return { kind: 'route', to: `${page}?url=${encodeURIComponent(url)}` };
}
