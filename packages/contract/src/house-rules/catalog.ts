import type { TGameCategory } from '../categories.ts';

/**
 * Every title of the house studio (issue 21), one row each: what the catalogue lists (`games` rows are seeded
 * from here), which engine plays it and which page opens it. Metadata only, so the portal can read it without
 * the engines; the engines are in `registry.ts`.
 *
 * Kinds: `solo` — one request settles a round (`POST /wps/house/play`); `hand` — a round with decisions
 * (blackjack, mines: start, act, settle); `room` — a shared round in a PVP room with a countdown; `crash` — the
 * shared crash round from the published hash chain.
 */
export type THouseKind = 'solo' | 'hand' | 'room' | 'crash';

export interface THouseTitle {
  /** `games.house_game` of the catalogue row: the key the server and the launch use. */
  houseGame: string;
  /** The engine's code (the registry's key; recorded rounds are replayed by it). */
  engine: string;
  /** The page: `/house/<page>.html`. */
  page: string;
  kind: THouseKind;
  vassalage: string;
  gameId: string;
  name: string;
  category: TGameCategory;
  gameType: string;
  isHot: boolean;
  /** The published return to player as a fraction (0.9602 = 96.02 %), shown on the game's info panel. */
  rtp: number;
}

import { FISHING_TITLES } from './titles-fishing.ts';
import { INSTANT_TITLES } from './titles-instant.ts';
import { SLOT_TITLES } from './titles-slots.ts';
import { TABLE_TITLES } from './titles-tables.ts';
import { VIETNAM_TITLES } from './titles-vietnam.ts';

export const HOUSE_TITLES: readonly THouseTitle[] = [...SLOT_TITLES, ...TABLE_TITLES, ...VIETNAM_TITLES, ...INSTANT_TITLES, ...FISHING_TITLES];

export const titleOfHouseGame = (houseGame: string | null | undefined): THouseTitle | undefined =>
  HOUSE_TITLES.find((t) => t.houseGame === houseGame);

export const titleOfEngine = (engine: string): THouseTitle | undefined => HOUSE_TITLES.find((t) => t.engine === engine);
