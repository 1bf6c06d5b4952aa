/**
 * Stakes that make sense in a currency (issue 16: a default bet of 1.00 VND does not), in minor units: the smallest
 * stake of one bet, which the server holds every house round and lottery number to, and the choices the house games
 * offer. The server and the game pages read the same table, so a ladder never offers what the server refuses.
 * (Self-contained: the game pages import it and must share nothing else with the portal, vite.config.ts.)
 */
export interface TStakes {
  /** The smallest stake of one bet: a slot spin, a baccarat coup, a shot, a dice ante, a lottery number. */
  minStake: number;
  /** Slot bet per line (a spin is 20 lines); the page starts on `slotDefault`. */
  slotLineBets: readonly number[];
  slotDefault: number;
  /** Baccarat chips; the table starts with `baccaratDefault` in hand. */
  baccaratChips: readonly number[];
  baccaratDefault: number;
  /** Fishing bet per shot; the cannon starts on `fishDefault`. */
  fishShots: readonly number[];
  fishDefault: number;
  /** The antes of the dice rooms a new site starts with. */
  diceAntes: readonly number[];
  /** What a free-play guest plays with. */
  freePlayBalance: number;
}

const K = 100_000; // 1,000 VND in minor units

/**
 * Vietnamese dong: nothing costs less than 1,000 ₫ (the smallest note in use is 1,000 ₫ and bets are quoted in
 * thousands, "K"): a spin from 1,000 ₫ (50 ₫ a line) to 1,000,000 ₫, chips of 1K to 500K, shots of 1K to 100K.
 */
const VND: TStakes = {
  minStake: K,
  slotLineBets: [5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000, 2_500_000, 5_000_000],
  slotDefault: 20_000,
  baccaratChips: [K, 5 * K, 10 * K, 50 * K, 100 * K, 500 * K],
  baccaratDefault: 10 * K,
  fishShots: [K, 2 * K, 5 * K, 10 * K, 20 * K, 50 * K, 100 * K],
  fishDefault: 2 * K,
  diceAntes: [5 * K, 20 * K, 100 * K],
  freePlayBalance: 500 * K,
};

/** By currency code (constants.ts CURRENCY; stakes.test.ts holds the site's currency to a row of it). */
export const STAKES_BY_CURRENCY = { VND } as const satisfies Record<string, TStakes>;

/** The stakes of this site's currency (VND, constants.ts). */
export const STAKES: TStakes = STAKES_BY_CURRENCY.VND;
