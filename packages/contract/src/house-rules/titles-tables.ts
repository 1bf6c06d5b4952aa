import type { THouseTitle } from './catalog.ts';

/** The house tables under live casino (issue 21): baccarat (issue 5), roulette, sic bo, dragon tiger, blackjack. */
export const TABLE_TITLES: readonly THouseTitle[] = [
  // Banker's RTP, the table's best bet (baccarat.ts: exact 8-deck edges).
  { houseGame: 'baccarat', engine: 'HOUSE_BACCARAT', page: 'baccarat', kind: 'solo', vassalage: 'PH_LIVE', gameId: 'baccarat-royale', name: 'Baccarat Royale', category: 'LIVE', gameType: 'BACCARAT', isHot: true, rtp: 0.989421 },
];
