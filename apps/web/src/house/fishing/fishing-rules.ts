import { STAKES } from '@playhall/contract/stakes';

/**
 * Ocean Hunter's fish as the page shows them (apps/server/src/modules/house-games/fishing.ts decides every
 * shot; fishing-rules.test.ts keeps these codes and multipliers equal to the engine's), with how each one
 * looks and swims on screen.
 */
export interface TFishKind {
  code: string;
  name: string;
  /** Whole multiple of the bet paid on capture. */
  multiplier: number;
  /** Drawn length in px, swimming speed in px/s and how often it appears (relative weight). */
  length: number;
  speed: number;
  weight: number;
}

export const FISH: readonly TFishKind[] = [
  { code: 'clownfish', name: 'Clownfish', multiplier: 2, length: 58, speed: 75, weight: 30 },
  { code: 'pufferfish', name: 'Pufferfish', multiplier: 3, length: 62, speed: 55, weight: 24 },
  { code: 'lionfish', name: 'Lionfish', multiplier: 5, length: 78, speed: 60, weight: 18 },
  { code: 'turtle', name: 'Sea turtle', multiplier: 10, length: 100, speed: 42, weight: 10 },
  { code: 'octopus', name: 'Octopus', multiplier: 20, length: 92, speed: 38, weight: 7 },
  { code: 'manta', name: 'Manta ray', multiplier: 40, length: 136, speed: 48, weight: 5 },
  { code: 'shark', name: 'Shark', multiplier: 100, length: 190, speed: 58, weight: 3 },
  { code: 'golden-dragon', name: 'Golden dragon', multiplier: 300, length: 230, speed: 50, weight: 1 },
];

/** Bet per shot choices in the site's currency, minor units. */
export const SHOT_BETS: readonly number[] = STAKES.fishShots;

/** The play answer's detail for a shot. */
export interface TFishingDetail {
  bet: number;
  target: string | null;
  multiplier: number;
  captured: boolean;
}
