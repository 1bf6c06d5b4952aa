import type { THouseTitle } from './catalog.ts';

/** The house fishing titles: Ocean Hunter (issue 5) and a second title (issue 21). */
export const FISHING_TITLES: readonly THouseTitle[] = [
  { houseGame: 'fishing', engine: 'HOUSE_FISHING_OCEAN_HUNTER', page: 'fishing', kind: 'solo', vassalage: 'PH_FISH', gameId: 'ocean-hunter', name: 'Ocean Hunter', category: 'FISH', gameType: 'FISH', isHot: true, rtp: 0.95 },
  { houseGame: 'fishing-dragon', engine: 'HOUSE_FISHING_DRAGON', page: 'fishing', kind: 'solo', vassalage: 'PH_FISH', gameId: 'dragon-fishing', name: 'Dragon Fishing', category: 'FISH', gameType: 'FISH', isHot: false, rtp: 0.96 },
];
