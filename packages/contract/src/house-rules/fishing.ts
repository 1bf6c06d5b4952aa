import { chance, type RandomSource } from './fair.ts';
import { checkAmount, checkObject, HouseGameInputError, type HouseGame } from './house-game.ts';

/**
 * "Ocean Hunter": each shot costs the bet and settles at once (shared/domain/house-games.md). The client
 * reports which fish the shot hit (or none: the shot is simply lost); the server decides the capture. A fish
 * of multiplier m is captured with probability RTP / m exactly — an integer fraction rtpBasisPoints /
 * (m × 10,000) drawn without bias — and pays m × bet, so every target returns RTP per shot.
 */

export interface FishType {
  code: string;
  name: string;
  /** Whole multiple of the bet paid on capture. */
  multiplier: number;
}

export interface FishingConfig {
  /** Return per shot that hits a fish, in basis points (9,500 = 95 %, the note's default). */
  rtpBasisPoints: number;
  fish: readonly FishType[];
  /**
   * Weapons (issue 21, Dragon Fishing); a title without them plays single shots at one fish (`{ bet, target }`,
   * Ocean Hunter). With them a shot is `{ bet, weapon, level, targets }` (`shootWith`).
   */
  weapons?: readonly FishingWeapon[];
  /** Cannon levels: a level multiplies the bet of the shot and every payout of it. */
  levels?: readonly number[];
}

/**
 * A weapon costs `cost` bets a shot (× the level) and hits 1 to `maxTargets` fish. Each fish it hits is captured
 * on its own draw with probability rtp × cost / (k × m) — k the fish hit, m the fish's multiplier — and pays
 * m × bet × level, so the shot returns rtp × its stake exactly whatever it hits. The chance stays at most 1 while
 * rtp × cost ≤ the smallest multiplier (checked with the configuration).
 */
export interface FishingWeapon {
  code: string;
  name: string;
  cost: number;
  maxTargets: number;
}

const BASIS = 10_000;

export const OCEAN_HUNTER: FishingConfig = {
  rtpBasisPoints: 9_500,
  fish: [
    { code: 'clownfish', name: 'Clownfish', multiplier: 2 },
    { code: 'pufferfish', name: 'Pufferfish', multiplier: 3 },
    { code: 'lionfish', name: 'Lionfish', multiplier: 5 },
    { code: 'turtle', name: 'Sea turtle', multiplier: 10 },
    { code: 'octopus', name: 'Octopus', multiplier: 20 },
    { code: 'manta', name: 'Manta ray', multiplier: 40 },
    { code: 'shark', name: 'Shark', multiplier: 100 },
    { code: 'golden-dragon', name: 'Golden dragon', multiplier: 300 },
  ],
};

export interface FishingInput {
  bet: number;
  /** The fish the shot hit, by code, or null when it hit nothing. */
  target: string | null;
}

export interface FishingDetail {
  bet: number;
  target: string | null;
  multiplier: number;
  captured: boolean;
}

/** The capture chance of a fish as an exact fraction [numerator, denominator]. */
export function captureChance(config: FishingConfig, fish: FishType): [number, number] {
  return [config.rtpBasisPoints, fish.multiplier * BASIS];
}

export function checkFishingConfig(config: FishingConfig): void {
  const { rtpBasisPoints } = config;
  if (!Number.isSafeInteger(rtpBasisPoints) || rtpBasisPoints <= 0 || rtpBasisPoints > BASIS) throw new RangeError('the fishing RTP must be in (0, 100 %]');
  for (const fish of config.fish) {
    // m ≥ 1 keeps the chance at most 1; the denominator must fit one 32-bit draw.
    if (!Number.isSafeInteger(fish.multiplier) || fish.multiplier < 1 || fish.multiplier * BASIS > 0x1_0000_0000) {
      throw new RangeError(`fish ${fish.code}: the multiplier must be a whole number from 1 to 429,496`);
    }
  }
}

export function shoot(config: FishingConfig, input: FishingInput, source: RandomSource): { stake: number; payout: number; detail: FishingDetail } {
  const bet = checkAmount(checkObject(input).bet, 'the bet');
  if (input.target === null) return { stake: bet, payout: 0, detail: { bet, target: null, multiplier: 0, captured: false } };
  const fish = config.fish.find((f) => f.code === input.target);
  if (!fish) throw new HouseGameInputError('unknown_option', `unknown fish "${String(input.target)}"`);
  const [numerator, denominator] = captureChance(config, fish);
  const captured = chance(source, numerator, denominator);
  return {
    stake: bet,
    payout: captured ? bet * fish.multiplier : 0,
    detail: { bet, target: fish.code, multiplier: fish.multiplier, captured },
  };
}

checkFishingConfig(OCEAN_HUNTER);

/** Dragon Fishing (issue 21): ten creatures up to a 500× golden dragon, three weapons, five cannon levels, 96 %. */
export const DRAGON_FISHING: FishingConfig = {
  rtpBasisPoints: 9_600,
  fish: [
    { code: 'koi', name: 'Koi', multiplier: 3 },
    { code: 'crab', name: 'Red crab', multiplier: 4 },
    { code: 'jellyfish', name: 'Jellyfish', multiplier: 5 },
    { code: 'seahorse', name: 'Seahorse', multiplier: 8 },
    { code: 'swordfish', name: 'Swordfish', multiplier: 12 },
    { code: 'hammerhead', name: 'Hammerhead', multiplier: 20 },
    { code: 'whale', name: 'Blue whale', multiplier: 40 },
    { code: 'kraken', name: 'Kraken', multiplier: 80 },
    { code: 'dragon-turtle', name: 'Dragon turtle', multiplier: 150 },
    { code: 'golden-dragon', name: 'Golden dragon', multiplier: 500 },
  ],
  weapons: [
    { code: 'cannon', name: 'Cannon', cost: 1, maxTargets: 1 },
    { code: 'net', name: 'Net', cost: 2, maxTargets: 2 },
    { code: 'lightning', name: 'Lightning', cost: 3, maxTargets: 5 },
  ],
  levels: [1, 2, 3, 5, 10],
};

export interface WeaponShotInput {
  bet: number;
  weapon: string;
  level: number;
  /** The fish the shot hit, by code (the same kind may appear twice); empty when it hit only water. */
  targets: readonly string[];
}

export interface WeaponHit {
  target: string;
  multiplier: number;
  captured: boolean;
  payout: number;
}

export interface WeaponShotDetail {
  bet: number;
  weapon: string;
  level: number;
  stake: number;
  hits: WeaponHit[];
}

/** A weapon's capture chance for a fish among k hit, as an exact fraction [numerator, denominator]. */
export function weaponCaptureChance(config: FishingConfig, weapon: FishingWeapon, fish: FishType, k: number): [number, number] {
  return [config.rtpBasisPoints * weapon.cost, k * fish.multiplier * BASIS];
}

export function checkWeapons(config: FishingConfig): void {
  const weapons = config.weapons ?? [];
  const levels = config.levels ?? [1];
  const smallest = Math.min(...config.fish.map((f) => f.multiplier));
  const largest = Math.max(...config.fish.map((f) => f.multiplier));
  for (const w of weapons) {
    if (!Number.isSafeInteger(w.cost) || w.cost < 1 || !Number.isSafeInteger(w.maxTargets) || w.maxTargets < 1) throw new RangeError(`weapon ${w.code}: cost and targets must be whole numbers from 1`);
    // One fish alone has the largest chance, rtp × cost / m: at most 1 for the smallest fish.
    if (config.rtpBasisPoints * w.cost > smallest * BASIS) throw new RangeError(`weapon ${w.code}: rtp × cost exceeds the smallest multiplier`);
    if (w.maxTargets * largest * BASIS > 0x1_0000_0000) throw new RangeError(`weapon ${w.code}: the chance's denominator must fit one draw`);
  }
  for (const level of levels) if (!Number.isSafeInteger(level) || level < 1) throw new RangeError('levels must be whole numbers from 1');
}

/** One shot of a weapon (Dragon Fishing): stake = bet × level × cost; each fish hit is drawn for in order. */
export function shootWith(config: FishingConfig, input: WeaponShotInput, source: RandomSource): { stake: number; payout: number; detail: WeaponShotDetail } {
  const bet = checkAmount(checkObject(input).bet, 'the bet');
  const weapon = (config.weapons ?? []).find((w) => w.code === input.weapon);
  if (!weapon) throw new HouseGameInputError('unknown_option', `unknown weapon "${String(input.weapon)}"`);
  const level = input.level;
  if (!(config.levels ?? [1]).includes(level)) throw new HouseGameInputError('unknown_option', `unknown cannon level "${String(level)}"`);
  const stake = checkAmount(bet * level * weapon.cost, 'the shot');
  const targets: unknown = input.targets;
  if (!Array.isArray(targets) || targets.length > weapon.maxTargets) throw new HouseGameInputError('bad_input', `the ${weapon.code} hits 0 to ${weapon.maxTargets} fish`);
  const fishHit = targets.map((code: unknown) => {
    const fish = config.fish.find((f) => f.code === code);
    if (!fish) throw new HouseGameInputError('unknown_option', `unknown fish "${String(code)}"`);
    return fish;
  });
  const k = fishHit.length;
  let payout = 0;
  const hits = fishHit.map((fish) => {
    const [numerator, denominator] = weaponCaptureChance(config, weapon, fish, k);
    const captured = chance(source, numerator, denominator);
    const won = captured ? bet * level * fish.multiplier : 0;
    payout += won;
    return { target: fish.code, multiplier: fish.multiplier, captured, payout: won };
  });
  return { stake, payout, detail: { bet, weapon: weapon.code, level, stake, hits } };
}

checkFishingConfig(DRAGON_FISHING);
checkWeapons(DRAGON_FISHING);

export const dragonFishingGame: HouseGame<WeaponShotInput, WeaponShotDetail> = {
  code: 'HOUSE_FISHING_DRAGON',
  name: 'Dragon Fishing',
  play(input, stream) {
    const shot = shootWith(DRAGON_FISHING, input, stream);
    return { ...shot, validBet: shot.stake };
  },
};

export const fishingGame: HouseGame<FishingInput, FishingDetail> = {
  code: 'HOUSE_FISHING_OCEAN_HUNTER',
  name: 'Ocean Hunter',
  play(input, stream) {
    const shot = shoot(OCEAN_HUNTER, input, stream);
    return { ...shot, validBet: shot.stake };
  },
};
