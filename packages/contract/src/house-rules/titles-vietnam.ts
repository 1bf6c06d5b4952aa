import type { THouseTitle } from './catalog.ts';

/** Games of Vietnam (issue 21): xóc đĩa and bầu cua tôm cá, single tables and PVP rooms; the dice room (issue 5). */
export const VIETNAM_TITLES: readonly THouseTitle[] = [
  { houseGame: 'dice', engine: 'HOUSE_PVP_DICE_DUEL', page: 'dice', kind: 'room', vassalage: 'PH_DICE', gameId: 'dice-duel', name: 'Dice Duel', category: 'PVP', gameType: 'DICE', isHot: true, rtp: 0.95 },
];
