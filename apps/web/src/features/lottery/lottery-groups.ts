import type { TLottoGame } from '@playhall/contract/calls/games';

/** The lobby's sections, in order (fast e-lotteries first: they always have a draw minutes away). */
export const LOBBY_GROUPS = ['fast', 'north', 'south', 'central', 'sea'] as const;
export type TLobbyGroup = (typeof LOBBY_GROUPS)[number];

export function lobbyGroupOf(game: Pick<TLottoGame, 'kind' | 'region'>): TLobbyGroup {
  if (game.kind === 'fast') return 'fast';
  if (game.kind === 'sea') return 'sea';
  return game.region ?? 'north';
}

const closeTime = (g: Partial<Pick<TLottoGame, 'currentDraw'>>) => (g.currentDraw ? Date.parse(g.currentDraw.closeAt) : Infinity);

/**
 * The games by lobby section, empty sections left out; inside a section the next to close come first
 * (games without a scheduled draw last), otherwise in the server's order.
 */
export function groupGames<G extends Pick<TLottoGame, 'kind' | 'region'> & Partial<Pick<TLottoGame, 'currentDraw'>>>(games: readonly G[]): { group: TLobbyGroup; games: G[] }[] {
  return LOBBY_GROUPS.map((group) => ({
    group,
    games: games.filter((g) => lobbyGroupOf(g) === group).sort((a, b) => closeTime(a) - closeTime(b)),
  })).filter((s) => s.games.length > 0);
}

/** The query of a lottery page (spec §3 lottery query): betting when a game code is given, else lobby. */
export interface TLottoQuery {
  gameCode: string | null;
  view: 'betting' | 'lobby';
  prizeMode: string | null;
}

export function readLottoQuery(params: URLSearchParams): TLottoQuery {
  const gameCode = params.get('lottoGameCode')?.trim() || null;
  const asked = params.get('lottoView');
  const view = gameCode && asked !== 'lobby' ? 'betting' : 'lobby';
  return { gameCode, view, prizeMode: params.get('lottoPrizeMode') };
}

/** The betting view of a game on the same page (each lottery page hosts the betting view). */
export function bettingHref(pathname: string, gameCode: string): string {
  return `${pathname}?${new URLSearchParams({ lottoGameCode: gameCode, lottoView: 'betting' }).toString()}`;
}
