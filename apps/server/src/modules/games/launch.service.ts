import crypto from 'node:crypto';
import { titleOfHouseGame } from '@playhall/contract/house-rules/catalog';
import type { TLaunchRequest } from '@playhall/contract/calls/games';
import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { lotteryGames } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TSession } from '../../plugins/contract-routes.ts';
import { ROOM_GAMES, type THouseService } from '../house/house.service.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { BOOK_PAGE, bookOfHouseGame } from '../sportsbook/sportsbook.books.ts';
import type { TCatalogueRepository } from './catalogue.repository.ts';

/** A launch host chosen at random from the merchant's launch CDN list (spec §9); '/' is this server. */
export function launchHost(cdns: readonly string[], pick: (n: number) => number = (n) => crypto.randomInt(n)): string {
  const usable = cdns.filter((c) => c.trim() !== '');
  if (usable.length === 0) return '';
  const host = usable[pick(usable.length)] ?? '/';
  return host === '/' ? '' : host.replace(/\/+$/, '');
}

/** A room as `pickRoom` reads it: its id, ante, seat limit and the members seated for the round being gathered. */
export interface TRoomChoice {
  roomId: string;
  ante: number;
  maxPlayers: number;
  seated: readonly number[];
}

/** The members seated in a room's round being gathered (`pvp_rooms.state.seats`, dice-room.service.ts). */
export function seatedIn(state: Record<string, unknown>): number[] {
  const seats = Array.isArray(state.seats) ? (state.seats as { userId?: unknown }[]) : [];
  return seats.map((s) => Number(s.userId)).filter((id) => Number.isSafeInteger(id));
}

/**
 * The room a game's card enters (issue 16: a room game launched by its card, not by "Enter room"): the room the
 * member already sits in; else the one with a round gathering and a free seat (the most seated first, so it rolls
 * soonest); else the lowest ante. Rooms come lowest ante first.
 */
export function pickRoom(rooms: readonly TRoomChoice[], userId: number): string | null {
  const mine = rooms.find((r) => r.seated.includes(userId));
  if (mine) return mine.roomId;
  const gathering = rooms
    .filter((r) => r.seated.length > 0 && r.seated.length < r.maxPlayers)
    .sort((a, b) => b.seated.length - a.seated.length || a.ante - b.ante)[0];
  return gathering?.roomId ?? rooms[0]?.roomId ?? null;
}

/**
 * `POST /wps/game/launchGame` (spec §3, §4): the game or room is looked up; a game flagged isNew and a
 * vendor that is off or has no configured integration answer "game under maintenance"; free-play guests
 * start only house games. A house game gets a launch token and the URL of its page; a room game started by
 * its card (no roomId) is seated in a room chosen by `pickRoom`.
 */
export function createLaunchService(deps: {
  db: TDb;
  repo: TCatalogueRepository;
  house: Pick<THouseService, 'launch'>;
  site: Pick<TSiteConfigLoader, 'get'>;
  now?: () => Date;
}) {
  const { db, repo } = deps;

  /**
   * The lottery start path (spec §4, types ELOTT and LOTT): the lottery is our own engine, so the answer is
   * a page of this site with the lottery query — /vnlottery for the Vietnamese lottery vendor, /lottery for
   * the SEA lottery, /elott otherwise; the betting view when a game code is given, else the lobby.
   */
  async function lotteryPath(mid: number, input: Extract<TLaunchRequest, { launchMode: 'LOTT' }>): Promise<string> {
    let vassalage = input.vassalage;
    if (input.lottoGameCode) {
      const [game] = await db
        .select({ vassalage: lotteryGames.vassalage })
        .from(lotteryGames)
        .where(and(eq(lotteryGames.merchantId, mid), eq(lotteryGames.gameCode, input.lottoGameCode), eq(lotteryGames.enabled, true)));
      if (!game) throw new AppError('not_found', { lottoGameCode: input.lottoGameCode }, 'No such lottery game');
      vassalage = game.vassalage;
    }
    const page = vassalage === 'TCG_LOTTO_VN' ? '/vnlottery' : vassalage === 'TCG_SEA' ? '/lottery' : '/elott';
    const query = new URLSearchParams({
      lottoPrizeMode: vassalage === 'TCG_SEA' ? 'SEA' : input.lottoPrizeMode,
      lottoView: input.lottoGameCode ? 'betting' : 'lobby',
      ...(input.lottoGameCode ? { lottoGameCode: input.lottoGameCode } : {}),
    });
    return `${page}?${query.toString()}`;
  }

  return {
    async launch(session: TSession, input: TLaunchRequest) {
      const site = await deps.site.get();
      const mid = site.merchant.id;
      if (input.launchMode === 'LOTT') return { game_url: await lotteryPath(mid, input), game_url2: null };
      let game;
      let roomId: string | undefined;
      if (input.roomId) {
        const room = await repo.room(db, mid, input.roomId);
        if (!room || room.game.vassalage !== input.vassalage) throw new AppError('not_found', { roomId: input.roomId }, 'No such room');
        game = room.game;
        roomId = room.room.roomId;
      } else {
        // Looked up whatever its vendor's state: a game of a vendor under maintenance (a favourite, an old link)
        // answers "under maintenance", not "no such game".
        game = await repo.forLaunch(db, mid, input.vassalage, input.gameId ?? '');
        if (!game) throw new AppError('not_found', { vassalage: input.vassalage, gameId: input.gameId }, 'No such game');
      }
      if (game.isNew) throw new AppError('game_maintenance');
      const integration = await repo.vendorIntegration(db, mid, game.vassalage);
      if (integration !== 'house' || !game.houseGame) {
        // A vendor that is off or has no configured integration is honest about it (ARCHITECTURE.md, Games).
        throw new AppError('game_maintenance');
      }
      if (!roomId && ROOM_GAMES.has(game.houseGame)) {
        // A room game started from its card: the page plays in a room, so the launch names one (issue 16).
        const rooms = await repo.rooms(db, mid, [game.id]);
        const picked = pickRoom(
          rooms.map(({ room }) => ({ roomId: room.roomId, ante: room.ante, maxPlayers: room.maxPlayers, seated: seatedIn(room.state) })),
          session.userId,
        );
        if (!picked) throw new AppError('game_maintenance');
        roomId = picked;
      }
      const token = await deps.house.launch({ merchantId: mid, userId: session.userId, sessionId: session.sessionId, gameRowId: game.id, roomId });
      await repo.touchRecent(db, session.userId, game.id, deps.now?.() ?? new Date());
      // Both house books open one page, told which sport (issue 20).
      const book = bookOfHouseGame(game.houseGame);
      const query = new URLSearchParams({ token, lang: input.language, game: game.gameId, ...(roomId ? { room: roomId } : {}), ...(book ? { sport: book.sport } : {}) });
      const page = book ? BOOK_PAGE : (titleOfHouseGame(game.houseGame)?.page ?? game.houseGame);
      const url = `${launchHost(site.merchant.launchGameCdns)}/house/${page}.html#${query.toString()}`;
      return { game_url: url, game_url2: null };
    },
  };
}

export type TLaunchService = ReturnType<typeof createLaunchService>;
