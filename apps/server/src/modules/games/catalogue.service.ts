import type { TGameItem, TRoom } from '@playhall/contract/calls/games';
import type { TDb } from '../../db/client.ts';
import type { TContentTexts } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { localized, type TReader } from '../../lib/content-language.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import type { TCatalogueRepository, TGameFilter, TGameRow } from './catalogue.repository.ts';

/** The menu groups of /lgw/games/game_menus, in the order they are shown. */
export const MENU_GROUPS: readonly { code: string; label: string }[] = [
  { code: 'hot', label: 'Hot' },
  { code: 'new', label: 'New' },
  { code: 'all', label: 'All games' },
];
/** Games per menu group at most; the full list pages through GCSGAME_gameList. */
export const MENU_GROUP_LIMIT = 60;

/** An account as the winner boards show it: first two characters, stars, last one. */
export function maskAccount(username: string): string {
  if (username.length <= 3) return `${username[0] ?? ''}***`;
  return `${username.slice(0, 2)}***${username.slice(-1)}`;
}

/** A game's name as the reader reads it: their language's, else the site language's, else the base (content-language.ts). */
export const gameNameFor = (row: { name: string; texts: TContentTexts | null }, reader: TReader): string =>
  localized(row, row.texts, ['name'], reader.language, reader.fallback).name;

/**
 * A PVP room's name as the reader reads it (issue 23): a room is named `<game> · <stake>` ("Dice Duel · 5,000"), and
 * where the reader's name of its game differs from the base name, that name stands before the stake, which keeps its
 * own writing ("Đấu Xúc Xắc · 5,000", "色碟 · 房间 · 1K"). A reader of the base name, and a room an operator named
 * otherwise (no stake after a " · "), read the room's own name.
 */
export function roomNameFor(room: { name: string }, game: { name: string; texts: TContentTexts | null }, reader: TReader): string {
  const gameName = gameNameFor(game, reader);
  const stake = room.name.lastIndexOf(' · ');
  return gameName === game.name || stake < 0 ? room.name : `${gameName}${room.name.slice(stake)}`;
}

/** The catalogue's row as the contract's game item, named in the reader's language. */
export function toGameItem(row: TGameRow, reader: TReader): TGameItem {
  return {
    gameId: row.gameId,
    name: gameNameFor(row, reader),
    vassalage: row.vassalage,
    gameType: row.category,
    icon: `/img/games/${encodeURIComponent(row.vassalage)}/${encodeURIComponent(row.gameId)}.svg`,
    isNew: row.isNew ? 1 : 0,
    isGame: row.isGame ? 1 : 0,
    isHot: row.isHot ? 1 : 0,
    openMode: row.openMode,
  };
}

const PERIOD_DAYS = { day: 1, week: 7, month: 30 } as const;

/**
 * Catalogue, favourites, recent games, winners and rooms (issue 5). Every list names its games in the reader's
 * language, else the site language, else the base name (issue 23).
 */
export function createCatalogueService(deps: { db: TDb; repo: TCatalogueRepository; site: Pick<TSiteConfigLoader, 'get'>; now?: () => Date }) {
  const { db, repo } = deps;
  const merchantId = async () => (await deps.site.get()).merchant.id;
  const now = () => deps.now?.() ?? new Date();

  async function gameOf(mid: number, vassalage: string, gameId: string): Promise<TGameRow> {
    const row = await repo.byKey(db, mid, vassalage, gameId);
    if (!row) throw new AppError('not_found', { vassalage, gameId }, 'No such game');
    return row;
  }

  return {
    gameOf: async (vassalage: string, gameId: string) => gameOf(await merchantId(), vassalage, gameId),

    async menus(input: { category?: string; vassalage?: string }, reader: TReader) {
      const mid = await merchantId();
      const rows = await repo.all(db, mid, { category: input.category, vassalage: input.vassalage }, 2000);
      const groups = MENU_GROUPS.map((g) => ({
        gameGroupCode: g.code,
        labelName: g.label,
        gameMenus: rows
          // Hot never lists a game under maintenance (issue 16).
          .filter((r) => (g.code === 'hot' ? (r.isHot || r.groupCode === 'hot') && !r.isNew : g.code === 'all' || r.groupCode === g.code))
          .slice(0, MENU_GROUP_LIMIT)
          .map((r) => toGameItem(r, reader)),
      }));
      return { groups: groups.filter((g) => g.gameMenus.length > 0) };
    },

    async list(input: TGameFilter & { page: number; pageSize: number }, reader: TReader) {
      const { rows, total } = await repo.list(db, await merchantId(), input, input.page, input.pageSize);
      return { list: rows.map((r) => toGameItem(r, reader)), total, page: input.page, pageSize: input.pageSize };
    },

    async hot(input: { vassalage?: string }, reader: TReader) {
      // Games that start, of open vendors (issue 16): a hot game is never under maintenance.
      const rows = await repo.all(db, await merchantId(), { vassalage: input.vassalage, hot: true, playable: true }, 100);
      return { list: rows.map((r) => toGameItem(r, reader)) };
    },

    async popular(input: { category?: string; limit: number }, reader: TReader) {
      const rows = await repo.popular(db, await merchantId(), { category: input.category, playable: true }, input.limit);
      return { list: rows.map((r) => toGameItem(r, reader)) };
    },

    async vendorGameTypes(input: { vassalage: string }) {
      const types = await repo.gameTypes(db, await merchantId(), input.vassalage);
      if (types.length === 0) throw new AppError('not_found', { vassalage: input.vassalage }, 'No such vendor');
      return { list: types.map((t) => ({ gameType: t.gameType, labelName: t.gameType, count: Number(t.n) })) };
    },

    async favoriteKeys(userId: number) {
      return { list: await repo.favoriteKeys(db, userId) };
    },

    async favorites(userId: number, input: { category?: string; page: number; pageSize: number }, reader: TReader) {
      const { rows, total } = await repo.favorites(db, await merchantId(), userId, input.category, input.page, input.pageSize);
      return { list: rows.map((r) => toGameItem(r, reader)), total, page: input.page, pageSize: input.pageSize };
    },

    async setFavorite(userId: number, input: { vassalage: string; gameId: string; favorite: boolean }) {
      const game = await gameOf(await merchantId(), input.vassalage, input.gameId);
      await repo.setFavorite(db, userId, game.id, input.favorite);
      return { list: await repo.favoriteKeys(db, userId) };
    },

    async recent(userId: number, input: { category?: string; limit: number }, reader: TReader) {
      const rows = await repo.recent(db, await merchantId(), userId, input.category, input.limit);
      return { list: rows.map((r) => toGameItem(r, reader)) };
    },

    async rankList(input: { category?: string; period: keyof typeof PERIOD_DAYS; limit: number }, reader: TReader) {
      const since = new Date(now().getTime() - PERIOD_DAYS[input.period] * 24 * 60 * 60 * 1000);
      const wins = await repo.wins(db, await merchantId(), { category: input.category, since, order: 'amount', limit: input.limit });
      return {
        list: wins.map((w, i) => ({
          rank: i + 1,
          account: maskAccount(w.username),
          gameId: w.gameId,
          gameName: gameNameFor(w.game, reader),
          vassalage: w.vassalage,
          amount: w.amount,
          time: (w.time ?? now()).toISOString(),
        })),
      };
    },

    async winners(input: { category?: string; limit: number }, reader: TReader) {
      const wins = await repo.wins(db, await merchantId(), { category: input.category, order: 'time', limit: input.limit });
      return {
        list: wins.map((w) => ({
          account: maskAccount(w.username),
          gameId: w.gameId,
          gameName: gameNameFor(w.game, reader),
          vassalage: w.vassalage,
          amount: w.amount,
          time: (w.time ?? now()).toISOString(),
        })),
      };
    },

    async rooms(input: { vassalage?: string; gameId?: string }, reader: TReader): Promise<{ list: TRoom[] }> {
      const mid = await merchantId();
      const pvpGames = await repo.all(db, mid, { category: 'PVP', vassalage: input.vassalage });
      const ids = pvpGames.filter((g) => !input.gameId || g.gameId === input.gameId).map((g) => g.id);
      const rows = await repo.rooms(db, mid, ids);
      return {
        list: rows.map(({ room, game }) => ({
          roomId: room.roomId,
          name: roomNameFor(room, game, reader),
          vassalage: game.vassalage,
          gameId: game.gameId,
          ante: room.ante,
          players: playersIn(room.state),
          minPlayers: room.minPlayers,
          maxPlayers: room.maxPlayers,
          status: room.status,
        })),
      };
    },
  };
}

/**
 * The members in a room for the PVP hall (issue 21): the dice room's seats, or the betting room's slips of the round
 * being gathered (`seats`, one per member) plus its member banker; a room of another kind that lists `players` counts those.
 */
export function playersIn(state: Record<string, unknown>): number {
  const ids = new Set<number>();
  for (const seat of Array.isArray(state.seats) ? (state.seats as { userId?: unknown }[]) : []) if (typeof seat?.userId === 'number') ids.add(seat.userId);
  const banker = state.banker as { userId?: unknown } | null | undefined;
  if (typeof banker?.userId === 'number') ids.add(banker.userId);
  return Math.max(ids.size, Array.isArray(state.players) ? state.players.length : 0);
}

export type TCatalogueService = ReturnType<typeof createCatalogueService>;
