import crypto from 'node:crypto';
import type { TLaunchRequest } from '@playhall/contract/calls/games';
import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { lotteryGames } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TSession } from '../../plugins/contract-routes.ts';
import type { THouseService } from '../house/house.service.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import type { TCatalogueRepository } from './catalogue.repository.ts';

/** A launch host chosen at random from the merchant's launch CDN list (spec §9); '/' is this server. */
export function launchHost(cdns: readonly string[], pick: (n: number) => number = (n) => crypto.randomInt(n)): string {
  const usable = cdns.filter((c) => c.trim() !== '');
  if (usable.length === 0) return '';
  const host = usable[pick(usable.length)] ?? '/';
  return host === '/' ? '' : host.replace(/\/+$/, '');
}

/**
 * `POST /wps/game/launchGame` (spec §3, §4): the game or room is looked up; a game flagged isNew and a
 * vendor without a configured integration answer "game under maintenance"; free-play guests start only
 * house games. A house game gets a launch token and the URL of its page.
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
        game = await repo.byKey(db, mid, input.vassalage, input.gameId ?? '');
        if (!game) throw new AppError('not_found', { vassalage: input.vassalage, gameId: input.gameId }, 'No such game');
      }
      if (game.isNew) throw new AppError('game_maintenance');
      const integration = await repo.vendorIntegration(db, mid, game.vassalage);
      if (integration !== 'house' || !game.houseGame) {
        // A vendor listed without a configured integration is honest about it (ARCHITECTURE.md, Games).
        throw new AppError('game_maintenance');
      }
      const token = await deps.house.launch({ merchantId: mid, userId: session.userId, sessionId: session.sessionId, gameRowId: game.id, roomId });
      await repo.touchRecent(db, session.userId, game.id, deps.now?.() ?? new Date());
      const query = new URLSearchParams({ token, lang: input.language, game: game.gameId, ...(roomId ? { room: roomId } : {}) });
      const url = `${launchHost(site.merchant.launchGameCdns)}/house/${game.houseGame}.html#${query.toString()}`;
      return { game_url: url, game_url2: null };
    },
  };
}

export type TLaunchService = ReturnType<typeof createLaunchService>;
