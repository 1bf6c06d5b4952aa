import type { THouseTitle } from './catalog.ts';

/** The house tables under live casino (issue 21): baccarat (issue 5), roulette, sic bo, dragon tiger, blackjack. */
export const TABLE_TITLES: readonly THouseTitle[] = [
  // Banker's RTP, the table's best bet: the exact fraction of the 8-deck enumeration (baccarat.ts, baccaratSideOdds).
  { houseGame: 'baccarat', engine: 'HOUSE_BACCARAT', page: 'baccarat', kind: 'solo', vassalage: 'PH_LIVE', gameId: 'baccarat-royale', name: 'Baccarat Royale', category: 'LIVE', gameType: 'BACCARAT', isHot: true, rtp: 10732465128097 / 10847218479825 },
  // European roulette: every bet returns 36/37 exactly (roulette.ts, rouletteRtp).
  { houseGame: 'roulette', engine: 'HOUSE_ROULETTE_EU', page: 'roulette', kind: 'solo', vassalage: 'PH_LIVE', gameId: 'european-roulette', name: 'European Roulette', category: 'LIVE', gameType: 'ROULETTE', isHot: false, rtp: 36 / 37 },
  // Sic bo: big or small, the table's best common bet, 210/216 exactly (sicbo.ts, sicboRtp).
  { houseGame: 'sicbo', engine: 'HOUSE_SICBO', page: 'sicbo', kind: 'solo', vassalage: 'PH_LIVE', gameId: 'sic-bo', name: 'Sic Bo', category: 'LIVE', gameType: 'SICBO', isHot: false, rtp: 210 / 216 },
  // Dragon tiger: Dragon or Tiger (a tie loses half), exactly 399.5/415 (dragon-tiger.ts, dragonTigerOdds).
  { houseGame: 'dragontiger', engine: 'HOUSE_DRAGON_TIGER', page: 'dragontiger', kind: 'solo', vassalage: 'PH_LIVE', gameId: 'dragon-tiger', name: 'Dragon Tiger', category: 'LIVE', gameType: 'DRAGON_TIGER', isHot: false, rtp: 399.5 / 415 },
  // Blackjack: per unit of the opening stake under basic strategy; 100,000,000 hands of blackjack.ts once (±0.0003 at 99 %).
  { houseGame: 'blackjack', engine: 'HOUSE_BLACKJACK', page: 'blackjack', kind: 'hand', vassalage: 'PH_LIVE', gameId: 'blackjack', name: 'Blackjack', category: 'LIVE', gameType: 'BLACKJACK', isHot: false, rtp: 0.9958 },
];
