import * as games from '@playhall/contract/calls/games';
import * as records from '@playhall/contract/calls/wallet';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { siteReader, type TReader } from '../../lib/content-language.ts';
import type { TCallRegistrar, TSession } from '../../plugins/contract-routes.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import type { TBetsService } from './bets.service.ts';
import type { TCatalogueService } from './catalogue.service.ts';
import type { TLaunchService } from './launch.service.ts';


function me(session: TSession | null): number {
  if (!session) throw new AppError('not_logged_in');
  return session.userId;
}

/** The catalogue calls: open to visitors, except a member's own favourites and recent games. */
export function registerGamesRoutes(
  calls: TCallRegistrar,
  deps: { catalogue: TCatalogueService; launch: TLaunchService; bets: TBetsService; site: Pick<TSiteConfigLoader, 'get'> },
): void {
  const { catalogue } = deps;
  /**
   * Who reads a list of games (issue 23): the call's own `language` field where the spec gives it one (spec §3 game
   * calls), else its Language header; falling back to the site language.
   */
  const readerOfRequest = siteReader(deps.site);
  const readerIn = async (input: object, request: FastifyRequest): Promise<TReader> => {
    const reader = await readerOfRequest(request);
    return 'language' in input && typeof input.language === 'string' ? { ...reader, language: input.language } : reader;
  };
  calls.serve(games.gameMenus, async (input, { request }) => catalogue.menus(input, await readerIn(input, request)));
  calls.serve(games.popular, async (input, { request }) => catalogue.popular(input, await readerIn(input, request)));
  calls.serve(games.hotGames, async (input, { request }) => catalogue.hot(input, await readerIn(input, request)));
  calls.serve(games.gameList, async (input, { request }) => catalogue.list(input, await readerIn(input, request)));
  calls.serve(games.vassGameType, async (input) => catalogue.vendorGameTypes(input));
  calls.serve(games.rankList, async (input, { request }) => catalogue.rankList(input, await readerIn(input, request)));
  calls.serve(games.winners, async (input, { request }) => catalogue.winners(input, await readerIn(input, request)));
  calls.serve(games.roomList, async (input, { request }) => catalogue.rooms(input, await readerIn(input, request)));
  // Guests (free play) keep favourites and recent games like members do: they play house games too.
  calls.serve(games.favoriteGames, async (_input, { session }) => catalogue.favoriteKeys(me(session)), { guests: true });
  calls.serve(games.favoriteGamesList, async (input, { session, request }) => catalogue.favorites(me(session), input, await readerIn(input, request)), { guests: true });
  calls.serve(games.setFavorite, async (input, { session }) => catalogue.setFavorite(me(session), input), { guests: true });
  calls.serve(games.recentGames, async (input, { session, request }) => catalogue.recent(me(session), input, await readerIn(input, request)), { guests: true });
  calls.serve(records.bets, async (input, { session, request }) => deps.bets.list(me(session), input, await readerIn(input, request)), { guests: true });
  calls.serve(records.betDetail, async (input, { session, request }) => deps.bets.detail(me(session), input.roundId, await readerIn(input, request)), { guests: true });
  // Guests launch too: only house games start at all, and those play from the guest's demo balance.
  calls.serve(games.launchGame, async (input, { session }) => {
    if (!session) throw new AppError('not_logged_in');
    return deps.launch.launch(session, input);
  }, { guests: true });
}
