import type { THouseTitle } from './catalog.ts';

/**
 * Games of Vietnam (issue 21): xóc đĩa and bầu cua tôm cá, single tables and PVP rooms; the dice room (issue 5).
 * Published RTPs are exact (xocdia.ts, baucua.ts): xóc đĩa's best bets (chẵn / lẻ) 98 %, bầu cua 199/216.
 */
export const VIETNAM_TITLES: readonly THouseTitle[] = [
  { houseGame: 'dice', engine: 'HOUSE_PVP_DICE_DUEL', page: 'dice', kind: 'room', vassalage: 'PH_DICE', gameId: 'dice-duel', name: 'Dice Duel', category: 'PVP', gameType: 'DICE', isHot: true, rtp: 0.95 },
  { houseGame: 'xocdia', engine: 'HOUSE_XOCDIA', page: 'xocdia', kind: 'solo', vassalage: 'PH_LIVE', gameId: 'xoc-dia', name: 'Xóc Đĩa', category: 'LIVE', gameType: 'XOCDIA', isHot: true, rtp: 0.98 },
  { houseGame: 'baucua', engine: 'HOUSE_BAUCUA', page: 'baucua', kind: 'solo', vassalage: 'PH_LIVE', gameId: 'bau-cua', name: 'Bầu Cua Tôm Cá', category: 'LIVE', gameType: 'BAUCUA', isHot: true, rtp: 199 / 216 },
  { houseGame: 'xocdia-room', engine: 'HOUSE_XOCDIA_ROOM', page: 'xocdia', kind: 'room', vassalage: 'PH_DICE', gameId: 'xoc-dia-room', name: 'Xóc Đĩa · Phòng', category: 'PVP', gameType: 'XOCDIA', isHot: true, rtp: 0.98 },
  { houseGame: 'baucua-room', engine: 'HOUSE_BAUCUA_ROOM', page: 'baucua', kind: 'room', vassalage: 'PH_DICE', gameId: 'bau-cua-room', name: 'Bầu Cua Tôm Cá · Phòng', category: 'PVP', gameType: 'BAUCUA', isHot: false, rtp: 199 / 216 },
];
