import { z } from 'zod';
import { defineCall, defineRelay, ZEmpty } from '../define.ts';
import { HOT_GAMES, LAUNCH, POPULAR_NUMBERS_COUNT, VN_NUMBERS_COUNT } from '../constants.ts';
import { GAME_CATEGORIES } from '../categories.ts';
import { ZLanguageCode } from '../languages.ts';
import { DAY_RANGE_FIELDS, PAGE_FIELDS, pageOf, ZMinor, ZMinorPositive, ZRequestId, ZTime } from '../fields.ts';

const ZFlag = z.union([z.literal(0), z.literal(1)]);
const ZVassalage = z.string().min(1).max(32);
const ZGameId = z.string().min(1).max(64);
const ZMerchantCode = z.string().min(1).max(64);
const ZCategory = z.enum(GAME_CATEGORIES);
const limitField = (fallback: number) => z.coerce.number().int().min(1).max(100).default(fallback);

// ---------------------------------------------------------------- catalogue

export const ZGameItem = z.object({
  gameId: z.string(),
  name: z.string(),
  vassalage: z.string(),
  /** A category code, or ELOTT / LOTT for lottery entries (they start on the lottery path). */
  gameType: z.string(),
  icon: z.string(),
  /** 1: the game is under maintenance; starting it shows the maintenance warning (spec §4). */
  isNew: ZFlag,
  /** 0: the entry is a vendor (VASSALAGE kind) whose game list opens in a popup. */
  isGame: ZFlag,
  isHot: ZFlag,
  /** iframe: the /game page; seamless: the /seamless page; popup: a new window. */
  openMode: z.enum(['iframe', 'seamless', 'popup']),
});
export type TGameItem = z.infer<typeof ZGameItem>;

export const ZGameGroup = z.object({
  gameGroupCode: z.string(),
  labelName: z.string(),
  gameMenus: z.array(ZGameItem),
});
export type TGameGroup = z.infer<typeof ZGameGroup>;

export const gameMenus = defineCall({
  name: 'games.menus',
  method: 'GET',
  path: '/lgw/games/game_menus',
  moduleId: 'LGW',
  request: z.strictObject({
    category: ZCategory.optional(),
    vassalage: ZVassalage.optional(),
    language: ZLanguageCode.optional(),
  }),
  response: z.object({ groups: z.array(ZGameGroup) }),
  issue: 5,
});

export const popular = defineCall({
  name: 'games.popular',
  method: 'GET',
  path: '/lgw/games/popular',
  moduleId: 'LGW',
  request: z.strictObject({
    category: ZCategory.optional(),
    limit: limitField(12),
    language: ZLanguageCode.optional(),
  }),
  response: z.object({ list: z.array(ZGameItem) }),
  issue: 5,
});

export const hotGames = defineRelay({
  name: 'games.hot',
  relay: 'GCSGAME_hotGamesV2',
  moduleId: 'GCSGAME',
  request: z.strictObject({
    merchantCode: ZMerchantCode,
    isPlatform: z.literal(HOT_GAMES.isPlatform).default(HOT_GAMES.isPlatform),
    vassalage: ZVassalage.optional(),
    platform: z.literal(HOT_GAMES.platform).default(HOT_GAMES.platform),
    language: ZLanguageCode,
  }),
  response: z.object({ list: z.array(ZGameItem) }),
  issue: 5,
});

/** A vendor's games, paged for infinite scroll; `gameType` is a slot-hall tab, `keyword` a search. */
export const gameList = defineRelay({
  name: 'games.list',
  relay: 'GCSGAME_gameList',
  moduleId: 'GCSGAME',
  request: z.strictObject({
    vassalage: ZVassalage.optional(),
    category: ZCategory.optional(),
    gameType: z.string().max(32).optional(),
    gameGroupCode: z.string().max(64).optional(),
    keyword: z.string().trim().max(64).optional(),
    language: ZLanguageCode.optional(),
    ...PAGE_FIELDS,
  }),
  response: pageOf(ZGameItem),
  issue: 5,
});

/** The game types of a vendor: the slot-hall tabs of /rng (`?page=<gameType>`). */
export const vassGameType = defineRelay({
  name: 'games.vendorGameTypes',
  relay: 'GCSGAME_getVassGameType',
  moduleId: 'GCSGAME',
  request: z.strictObject({ vassalage: ZVassalage, language: ZLanguageCode.optional() }),
  response: z.object({
    list: z.array(z.object({ gameType: z.string(), labelName: z.string(), count: z.number().int().min(0) })),
  }),
  issue: 5,
});

export const ZWinner = z.object({
  /** Masked, e.g. ab***9. */
  account: z.string(),
  gameId: z.string(),
  gameName: z.string(),
  vassalage: z.string(),
  amount: ZMinor,
  time: ZTime,
});

export const rankList = defineRelay({
  name: 'games.rankList',
  relay: 'GCSGAME_getRankList',
  moduleId: 'GCSGAME',
  request: z.strictObject({
    category: ZCategory.optional(),
    period: z.enum(['day', 'week', 'month']).default('day'),
    limit: limitField(10),
  }),
  response: z.object({ list: z.array(ZWinner.extend({ rank: z.number().int().positive() })) }),
  issue: 5,
});

/** Winner board: the latest big wins, newest first. */
export const winners = defineCall({
  name: 'games.winners',
  method: 'GET',
  path: '/wps/game/winners',
  moduleId: 'WPS',
  request: z.strictObject({ category: ZCategory.optional(), limit: limitField(20) }),
  response: z.object({ list: z.array(ZWinner) }),
  issue: 5,
});

// ---------------------------------------------------------------- favourites and recent

const ZGameKey = z.object({ vassalage: z.string(), gameId: z.string() });

/** Keys only, to mark hearts on any game list. */
export const favoriteGames = defineRelay({
  name: 'games.favorites',
  relay: 'MCSFE_getFavoriteGames',
  moduleId: 'MCSFE',
  token: 'required',
  request: ZEmpty,
  response: z.object({ list: z.array(ZGameKey) }),
  issue: 5,
});

export const favoriteGamesList = defineRelay({
  name: 'games.favoritesList',
  relay: 'MCSFE_getFavoriteGamesList',
  moduleId: 'MCSFE',
  token: 'required',
  request: z.strictObject({ category: ZCategory.optional(), ...PAGE_FIELDS }),
  response: pageOf(ZGameItem),
  issue: 5,
});

export const setFavorite = defineCall({
  name: 'games.setFavorite',
  method: 'POST',
  path: '/wps/game/favorite',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({ vassalage: ZVassalage, gameId: ZGameId, favorite: z.boolean() }),
  response: z.object({ list: z.array(ZGameKey) }),
  issue: 5,
});

export const recentGames = defineRelay({
  name: 'games.recent',
  relay: 'GCS_recentGame',
  moduleId: 'GCS',
  token: 'required',
  request: z.strictObject({ category: ZCategory.optional(), limit: limitField(12) }),
  response: z.object({ list: z.array(ZGameItem) }),
  issue: 5,
});

// ---------------------------------------------------------------- PVP rooms and launch

export const ZRoom = z.object({
  roomId: z.string(),
  name: z.string(),
  vassalage: z.string(),
  gameId: z.string(),
  ante: ZMinor,
  players: z.number().int().min(0),
  minPlayers: z.number().int().min(1),
  maxPlayers: z.number().int().min(1),
  status: z.enum(['waiting', 'playing', 'closed']),
});
export type TRoom = z.infer<typeof ZRoom>;

/** The PVP room list; a room is entered through games.launch with its roomId. */
export const roomList = defineRelay({
  name: 'pvp.rooms',
  relay: 'GLS2_roomList',
  moduleId: 'GLS2',
  token: 'optional',
  request: z.strictObject({ vassalage: ZVassalage.optional(), gameId: ZGameId.optional() }),
  response: z.object({ list: z.array(ZRoom) }),
  issue: 5,
});

export const PRIZE_MODES = ['Lott', 'ZY', 'Elott', 'SEA'] as const;
export const ZPrizeMode = z.enum(PRIZE_MODES);
export type TPrizeMode = z.infer<typeof ZPrizeMode>;

const LAUNCH_COMMON = {
  vassalage: ZVassalage,
  merchantCode: ZMerchantCode,
  language: ZLanguageCode,
  nodeId: z.string().max(64).optional(),
};

/**
 * Launch request of spec §3. The original also put username and token in the body; the session
 * header already names the member, so they are left out rather than trusted.
 */
export const ZLaunchRequest = z.discriminatedUnion('launchMode', [
  z
    .strictObject({
      launchMode: z.literal(LAUNCH.launchMode),
      ...LAUNCH_COMMON,
      gameId: ZGameId.optional(),
      /** PVP: the room to enter, instead of a gameId. */
      roomId: z.string().min(1).max(64).optional(),
      accountType: z.literal(LAUNCH.accountType).default(LAUNCH.accountType),
      confirmTrans: z.literal(LAUNCH.confirmTrans).default(LAUNCH.confirmTrans),
      platform: z.literal(LAUNCH.platform).default(LAUNCH.platform),
      clientType: z.literal(LAUNCH.clientType).default(LAUNCH.clientType),
    })
    .refine((d) => (d.gameId === undefined) !== (d.roomId === undefined), {
      message: 'gameId or roomId, exactly one',
      path: ['gameId'],
    }),
  // The lottery query of spec §3 (lottery types ELOTT and LOTT).
  z.strictObject({
    launchMode: z.literal('LOTT'),
    ...LAUNCH_COMMON,
    lottoArea: z.literal('VN').default('VN'),
    lottoPrizeMode: ZPrizeMode,
    lottoGameCode: z.string().min(1).max(32).optional(),
    /** betting when a game code is given, else lobby. */
    lottoView: z.enum(['betting', 'lobby']),
    device: z.literal('WEB').default('WEB'),
    backUrl: z.string().max(2048).optional(),
  }),
]);
export type TLaunchRequest = z.infer<typeof ZLaunchRequest>;

export const launchGame = defineCall({
  name: 'games.launch',
  method: 'POST',
  path: '/wps/game/launchGame',
  moduleId: 'WPS',
  token: 'required',
  request: ZLaunchRequest,
  /** The web opens game_url, else game_url2 (spec §3). */
  response: z.object({ game_url: z.string().nullable(), game_url2: z.string().nullable() }),
  issue: 5,
});

// ---------------------------------------------------------------- lottery

export const ZDrawInfo = z.object({
  drawNo: z.string(),
  closeAt: ZTime,
  drawAt: ZTime,
  /** sha256 of the house draw's seed, committed before close; null for operator-entered results. */
  seedHash: z.string().nullable(),
});

export const ZLottoGame = z.object({
  gameCode: z.string(),
  name: z.string(),
  kind: z.enum(['regional', 'fast', 'sea']),
  region: z.enum(['north', 'south', 'central']).nullable(),
  province: z.string().nullable(),
  prizeMode: ZPrizeMode,
  /** Fast e-lotteries: 60, 180 or 300. */
  drawIntervalSeconds: z.number().int().positive().nullable(),
  currentDraw: ZDrawInfo.nullable(),
});
export type TLottoGame = z.infer<typeof ZLottoGame>;

export const ZDrawResult = z.object({
  gameCode: z.string(),
  drawNo: z.string(),
  drawAt: ZTime,
  status: z.enum(['open', 'closed', 'drawn', 'settled', 'void']),
  /** DB, G1 … G8 for Vietnamese draws; first, front3, back3, bottom2 for SEA. Empty until drawn. */
  prizes: z.array(z.object({ prize: z.string(), numbers: z.array(z.string()) })),
  seedHash: z.string().nullable(),
  /** Revealed after the draw, so anyone can recompute the result table. */
  seed: z.string().nullable(),
});
export type TDrawResult = z.infer<typeof ZDrawResult>;

export const lottoMenu = defineCall({
  name: 'lottery.menu',
  method: 'GET',
  path: '/lgw/vn/games/game_menu',
  moduleId: 'LGW',
  request: z.strictObject({
    prizeMode: ZPrizeMode.optional(),
    device: z.literal('WEB').optional(),
    language: ZLanguageCode.optional(),
  }),
  response: z.object({ games: z.array(ZLottoGame) }),
  issue: 6,
});

export const lottoRecent = defineCall({
  name: 'lottery.recent',
  method: 'GET',
  path: '/lgw/vn/games/game_menu/recent',
  moduleId: 'LGW',
  token: 'required',
  request: z.strictObject({ limit: limitField(10) }),
  response: z.object({ games: z.array(ZLottoGame) }),
  issue: 6,
});

/** How often each 2-digit number came up in recent draws: the 20 popular, or all 100 for VN. */
export const openedNumbers = defineCall({
  name: 'lottery.openedNumbers',
  method: 'GET',
  path: '/lgw/vn/numeros/opened/game',
  moduleId: 'LGW',
  request: z.strictObject({
    count: z.coerce
      .number()
      .int()
      .refine((n) => n === POPULAR_NUMBERS_COUNT || n === VN_NUMBERS_COUNT, { message: 'count must be 20 or 100' })
      .default(POPULAR_NUMBERS_COUNT),
    gameCode: z.string().max(32).optional(),
    prizeMode: ZPrizeMode.optional(),
    device: z.literal('WEB').optional(),
    language: ZLanguageCode.optional(),
  }),
  response: z.object({
    /** Draws counted. */
    draws: z.number().int().min(0),
    numbers: z.array(z.object({ number: z.string(), hits: z.number().int().min(0) })),
  }),
  issue: 6,
});

/** The results table: a game's latest draws, newest first. */
export const openedNumero = defineCall({
  name: 'lottery.results',
  method: 'GET',
  path: '/lotto/lgw/games/opened/numero',
  moduleId: 'LOTTO',
  token: 'required',
  request: z.strictObject({ gameCode: z.string().min(1).max(32), limit: limitField(10) }),
  response: z.object({ draws: z.array(ZDrawResult) }),
  issue: 6,
});

/** Bet types of lottery.md; each game's configuration says which it offers and at what odds. */
export const LOTTERY_BET_TYPES = [
  'lo2',
  'lo3',
  'lo4',
  'de',
  'deHead',
  'deTail',
  'deFirst',
  'threeCang',
  'xien2',
  'xien3',
  'xien4',
  'loTruot4',
  'loTruot8',
  'loTruot10',
  'sea3Top',
  'sea3Tod',
  'sea2Top',
  'sea2Bottom',
  'seaRunTop',
  'seaRunBottom',
] as const;
export const ZLotteryBetType = z.enum(LOTTERY_BET_TYPES);
export type TLotteryBetType = z.infer<typeof ZLotteryBetType>;

export const ZBetTypeConfig = z.object({
  code: ZLotteryBetType,
  name: z.string(),
  /** Digits of each picked number (1 for run and head/tail bets). */
  digits: z.number().int().min(1).max(6),
  minNumbers: z.number().int().min(1),
  maxNumbers: z.number().int().min(1),
  /** The stake per number is charged this many times (lô: 27 north, 18 south; otherwise 1). */
  chargeMultiplier: z.number().int().min(1),
  /** True when the numbers form one combination charged once (xiên, lô trượt); else each number is a bet. */
  combo: z.boolean(),
  /** Payout per hit per 1 of stake, in thousandths (9.5 → 9500): odds stay integers. */
  oddsX1000: z.number().int().min(0),
  minStake: ZMinor,
  maxStake: ZMinor,
});

export type TBetTypeConfig = z.infer<typeof ZBetTypeConfig>;

/**
 * What a bet of the slip costs: stake × chargeMultiplier, once for a combination, else per number.
 * The bet slip shows it and the server charges it, from this one function.
 */
export function lotteryBetAmount(cfg: Pick<TBetTypeConfig, 'chargeMultiplier' | 'combo'>, numbers: number, stake: number): number {
  return stake * cfg.chargeMultiplier * (cfg.combo ? 1 : numbers);
}

export const lottoGame = defineCall({
  name: 'lottery.game',
  method: 'GET',
  path: '/lotto/lgw/games/detail',
  moduleId: 'LOTTO',
  token: 'optional',
  request: z.strictObject({ gameCode: z.string().min(1).max(32) }),
  response: z.object({
    game: ZLottoGame,
    betTypes: z.array(ZBetTypeConfig),
    lastResult: ZDrawResult.nullable(),
    /** The countdown runs on the server clock, whatever the client's says. */
    serverTime: ZTime,
  }),
  issue: 6,
});

export const ZTicket = z.object({
  ticketId: z.number().int(),
  gameCode: z.string(),
  drawNo: z.string(),
  betType: ZLotteryBetType,
  numbers: z.array(z.string()),
  stake: ZMinor,
  /** What was debited: stake × numbers × chargeMultiplier (xiên: stake once). */
  amount: ZMinor,
  oddsX1000: z.number().int(),
  status: z.enum(['open', 'won', 'lost', 'void']),
  hits: z.number().int().min(0).nullable(),
  payout: ZMinor.nullable(),
  createdAt: ZTime,
  settledAt: ZTime.nullable(),
});
export type TTicket = z.infer<typeof ZTicket>;

export const placeBets = defineCall({
  name: 'lottery.placeBets',
  method: 'POST',
  path: '/lotto/lgw/bets',
  moduleId: 'LOTTO',
  token: 'required',
  request: z.strictObject({
    requestId: ZRequestId,
    gameCode: z.string().min(1).max(32),
    drawNo: z.string().min(1).max(32),
    bets: z
      .array(
        z.strictObject({
          betType: ZLotteryBetType,
          numbers: z.array(z.string().max(6).regex(/^[0-9]{1,6}$/)).min(1).max(1000),
          stake: ZMinorPositive,
        }),
      )
      .min(1)
      .max(100),
    /** What the slip showed; the server refuses the slip if its own total differs. */
    totalAmount: ZMinorPositive,
  }),
  response: z.object({ tickets: z.array(ZTicket), balance: ZMinor }),
  issue: 6,
});

export const tickets = defineCall({
  name: 'lottery.tickets',
  method: 'GET',
  path: '/lotto/lgw/bets',
  moduleId: 'LOTTO',
  token: 'required',
  request: z.strictObject({
    gameCode: z.string().max(32).optional(),
    status: z.enum(['open', 'won', 'lost', 'void']).optional(),
    ...DAY_RANGE_FIELDS,
    ...PAGE_FIELDS,
  }),
  response: pageOf(ZTicket),
  issue: 6,
});
