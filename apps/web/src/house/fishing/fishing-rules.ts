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

/** Dragon Fishing's creatures (issue 21; the engine's DRAGON_FISHING, held equal by fishing-rules.test.ts). */
export const DRAGON_FISH: readonly TFishKind[] = [
  { code: 'koi', name: 'Koi', multiplier: 3, length: 66, speed: 78, weight: 30 },
  { code: 'crab', name: 'Red crab', multiplier: 4, length: 62, speed: 46, weight: 24 },
  { code: 'jellyfish', name: 'Jellyfish', multiplier: 5, length: 74, speed: 34, weight: 18 },
  { code: 'seahorse', name: 'Seahorse', multiplier: 8, length: 78, speed: 40, weight: 13 },
  { code: 'swordfish', name: 'Swordfish', multiplier: 12, length: 150, speed: 92, weight: 9 },
  { code: 'hammerhead', name: 'Hammerhead', multiplier: 20, length: 180, speed: 60, weight: 6 },
  { code: 'whale', name: 'Blue whale', multiplier: 40, length: 250, speed: 30, weight: 4 },
  { code: 'kraken', name: 'Kraken', multiplier: 80, length: 200, speed: 36, weight: 3 },
  { code: 'dragon-turtle', name: 'Dragon turtle', multiplier: 150, length: 160, speed: 34, weight: 2 },
  { code: 'golden-dragon', name: 'Golden dragon', multiplier: 500, length: 250, speed: 52, weight: 1 },
];

/** A weapon as the page uses it: cost in bets a shot, fish it can hit, the reach of its blast in px (0: one fish). */
export interface TWeaponKind {
  code: 'cannon' | 'net' | 'lightning';
  cost: number;
  maxTargets: number;
  reach: number;
}

export const DRAGON_WEAPONS: readonly TWeaponKind[] = [
  { code: 'cannon', cost: 1, maxTargets: 1, reach: 0 },
  { code: 'net', cost: 2, maxTargets: 2, reach: 90 },
  { code: 'lightning', cost: 3, maxTargets: 5, reach: 190 },
];

/** Cannon levels: a level multiplies the shot's bet and its payouts. */
export const DRAGON_LEVELS: readonly number[] = [1, 2, 3, 5, 10];

/** The play answer's detail for a weapon shot (Dragon Fishing). */
export interface TWeaponShotDetail {
  bet: number;
  weapon: string;
  level: number;
  stake: number;
  hits: { target: string; multiplier: number; captured: boolean; payout: number }[];
}
