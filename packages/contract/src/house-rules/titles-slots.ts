import type { THouseTitle } from './catalog.ts';

const slot = (gameId: string, name: string, rtp: number, isHot = false): THouseTitle => ({
  houseGame: `slot-${gameId}`,
  engine: `SLOT_${gameId.toUpperCase().replaceAll('-', '_')}`,
  page: 'slot',
  kind: 'solo',
  vassalage: 'PH_SLOT',
  gameId,
  name,
  category: 'RNG',
  gameType: 'VIDEO',
  isHot,
  rtp,
});

/** The house slots: Lucky Crown (issue 5) and the data-driven titles of the slot engine (issue 21). */
export const SLOT_TITLES: readonly THouseTitle[] = [
  { ...slot('lucky-crown', 'Lucky Crown', 37578721 / 39135393, true), houseGame: 'slot', engine: 'HOUSE_SLOT_LUCKY_CROWN' },
];
