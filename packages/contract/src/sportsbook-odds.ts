/**
 * Odds formats (shared/domain/sportsbook.md, "Odds formats"). Every price is an integer of thousandths: decimal
 * 1.950 is 1950, and the Hong Kong, Malay and Indonesian prices are signed thousandths too (Malay −0.667 is −667).
 * With H = decimal − 1:  Hong Kong = H;  Malay = H when H ≤ 1, else −1 / H;  Indonesian = H when H ≥ 1, else −1 / H.
 *
 * Rounding: a negative price −1 / H is rounded to the nearest thousandth (half away from zero), and so is the
 * decimal a negative price stands for (1 + 1 / |price|). Everything else is exact. So every decimal price survives
 * decimal → HK → decimal and decimal → Indonesian → decimal, and every Malay price survives Malay → decimal → Malay;
 * only a decimal above 2.000 taken through Malay and back moves, to the nearest decimal a Malay price stands for
 * (a negative Malay price has thousandths in (−1, 0), coarser than the decimal's above 2.000).
 * Shown: decimal with three decimals as stored; the others with two, rounded to nearest (half away from zero)
 * from the exact value, not from a rounded one.
 */

export type TOddsFormat = 'decimal' | 'hongKong' | 'malay' | 'indonesian';
export const ODDS_FORMATS: readonly TOddsFormat[] = ['decimal', 'hongKong', 'malay', 'indonesian'];

/** 1.001: the lowest price that pays anything over the stake. */
export const MIN_ODDS = 1001;
/** 1000.000: above it a price is a typing mistake, not a market. */
export const MAX_ODDS = 1_000_000;
const ONE = 1000;

/** a / b rounded to the nearest integer, halves away from zero (a ≥ 0, b > 0, both integers). */
function roundDiv(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/** Why a decimal price in thousandths cannot be used, or null when it can. */
export function oddsProblem(odds: number): string | null {
  if (!Number.isSafeInteger(odds)) return 'odds are an integer number of thousandths';
  if (odds < MIN_ODDS || odds > MAX_ODDS) return `odds are between ${formatOdds(MIN_ODDS, 'decimal')} and ${formatOdds(MAX_ODDS, 'decimal')}`;
  return null;
}

function checkedOdds(odds: number): number {
  const problem = oddsProblem(odds);
  if (problem) throw new RangeError(problem);
  return odds;
}

/** The price of decimal `odds` (thousandths) in `format`, as signed thousandths (decimal: unchanged). */
export function toFormat(odds: number, format: TOddsFormat): number {
  const h = checkedOdds(odds) - ONE;
  switch (format) {
    case 'decimal':
      return odds;
    case 'hongKong':
      return h;
    case 'malay':
      return h <= ONE ? h : -roundDiv(ONE * ONE, h);
    case 'indonesian':
      return h >= ONE ? h : -roundDiv(ONE * ONE, h);
  }
}

/** Why a price in `format` (signed thousandths) is not a price of that format, or null when it is. */
export function formatPriceProblem(price: number, format: TOddsFormat): string | null {
  if (!Number.isSafeInteger(price)) return 'a price is an integer number of thousandths';
  switch (format) {
    case 'decimal':
      return oddsProblem(price);
    case 'hongKong':
      return price > 0 ? null : 'a Hong Kong price is above 0';
    case 'malay':
      return price !== 0 && price >= -ONE && price <= ONE ? null : 'a Malay price is between −1.000 and 1.000, not 0';
    case 'indonesian':
      return price >= ONE || price <= -ONE ? null : 'an Indonesian price is at least 1.000 or at most −1.000';
  }
}

/** The decimal odds (thousandths) a price in `format` stands for. */
export function fromFormat(price: number, format: TOddsFormat): number {
  const problem = formatPriceProblem(price, format);
  if (problem) throw new RangeError(problem);
  if (format === 'decimal') return price;
  const h = price > 0 ? price : roundDiv(ONE * ONE, -price);
  return checkedOdds(ONE + h);
}

/** "1.950" for decimal; "0.95", "-0.67", "-1.05" for the others. */
export function formatOdds(odds: number, format: TOddsFormat): string {
  if (format === 'decimal') return `${Math.floor(odds / ONE)}.${String(odds % ONE).padStart(3, '0')}`;
  const h = checkedOdds(odds) - ONE;
  const negative = (format === 'malay' && h > ONE) || (format === 'indonesian' && h < ONE);
  // Hundredths of the exact value: H / 10, or 100 000 / H for −1 / H.
  const hundredths = negative ? roundDiv(100 * ONE, h) : roundDiv(h, 10);
  return `${negative ? '-' : ''}${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}
