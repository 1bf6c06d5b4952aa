import type { TGameItem, TLaunchRequest, TRoom } from '@playhall/contract/calls/games';
import { LAUNCH } from '@playhall/contract/constants';
import type { TLanguageCode } from '@playhall/contract/languages';
import { paths } from '../../../config/paths.ts';

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
