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

export const fishingGame: HouseGame<FishingInput, FishingDetail> = {
  code: 'HOUSE_FISHING_OCEAN_HUNTER',
  name: 'Ocean Hunter',
  play(input, stream) {
    const shot = shoot(OCEAN_HUNTER, input, stream);
    return { ...shot, validBet: shot.stake };
  },
};
