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
  // The slot engine's titles (slots/<id>.ts): the RTP is the config's published figure (a test holds them equal;
  // the catalogue stays free of the configs' strips so the portal does not carry them).
  slot('dragon-pearl', 'Dragon Pearl', 0.9659, true),
  slot('jade-koi', 'Jade Koi', 0.9632),
  slot('golden-buffalo', 'Golden Buffalo', 0.9614),
  slot('pharaoh-sands', "Pharaoh's Sands", 0.9626),
  slot('neon-fruits', 'Neon Fruits', 32835 / 34295),
  slot('aztec-cascade', 'Aztec Cascade', 0.9605, true),
  slot('viking-thunder', 'Viking Thunder', 0.9631),
  slot('candy-burst', 'Candy Burst', 0.9694),
  slot('lotus-temple', 'Lotus Temple', 0.9663),
  slot('ocean-treasure', 'Ocean Treasure', 0.9666),
  slot('space-gems', 'Space Gems', 0.969),
  slot('tet-fortune', 'Tết Fortune', 0.9568, true),
];
