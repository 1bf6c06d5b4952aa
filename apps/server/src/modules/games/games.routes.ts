import * as games from '@playhall/contract/calls/games';
import * as records from '@playhall/contract/calls/wallet';
import { AppError } from '../../lib/app-error.ts';
import type { TCallRegistrar, TSession } from '../../plugins/contract-routes.ts';
import type { TBetsService } from './bets.service.ts';
import type { TCatalogueService } from './catalogue.service.ts';
import type { TLaunchService } from './launch.service.ts';

function me(session: TSession | null): number {
  if (!session) throw new AppError('not_logged_in');
  return session.userId;
}

/** The catalogue calls: open to visitors, except a member's own favourites and recent games. */
export function registerGamesRoutes(calls: TCallRegistrar, deps: { catalogue: TCatalogueService; launch: TLaunchService; bets: TBetsService }): void {
  const { catalogue } = deps;
  calls.serve(games.gameMenus, async (input) => catalogue.menus(input));
  calls.serve(games.popular, async (input) => catalogue.popular(input));
  calls.serve(games.hotGames, async (input) => catalogue.hot(input));
  calls.serve(games.gameList, async (input) => catalogue.list(input));
  calls.serve(games.vassGameType, async (input) => catalogue.vendorGameTypes(input));
  calls.serve(games.rankList, async (input) => catalogue.rankList(input));
  calls.serve(games.winners, async (input) => catalogue.winners(input));
  calls.serve(games.roomList, async (input) => catalogue.rooms(input));
  // Guests (free play) keep favourites and recent games like members do: they play house games too.
  calls.serve(games.favoriteGames, async (_input, { session }) => catalogue.favoriteKeys(me(session)), { guests: true });
  calls.serve(games.favoriteGamesList, async (input, { session }) => catalogue.favorites(me(session), input), { guests: true });
  calls.serve(games.setFavorite, async (input, { session }) => catalogue.setFavorite(me(session), input), { guests: true });
  calls.serve(games.recentGames, async (input, { session }) => catalogue.recent(me(session), input), { guests: true });
  calls.serve(records.bets, async (input, { session }) => deps.bets.list(me(session), input), { guests: true });
  calls.serve(records.betDetail, async (input, { session }) => deps.bets.detail(me(session), input.roundId), { guests: true });
  // Guests launch too: only house games start at all, and those play from the guest's demo balance.
  calls.serve(games.launchGame, async (input, { session }) => {
    if (!session) throw new AppError('not_logged_in');
    return deps.launch.launch(session, input);
  }, { guests: true });
}
