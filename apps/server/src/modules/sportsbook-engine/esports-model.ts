import type { TScoreProbability } from './pricing.ts';
import { seedKey, seedUniform } from './seed.ts';

/**
 * Virtual esports: one MOBA title played best of N (odd). Every map is won by the home side with the same
 * probability p, from the rating difference on the Elo scale: p = 1 / (1 + 10^((r_away − r_home) / scale)).
 * The series stops when a side reaches (N + 1) / 2 maps, so the final map scores are W–k and k–W (k < W).
 */

export interface TEsportsModel {
  bestOf: number;
  /** Rating points that make a side 10 times as likely to win a map (Elo: 400). */
  scale: number;
}

export const DEFAULT_ESPORTS_MODEL: TEsportsModel = { bestOf: 3, scale: 400 };

function checkedModel(model: TEsportsModel): TEsportsModel {
  if (!Number.isSafeInteger(model.bestOf) || model.bestOf < 1 || model.bestOf > 9 || model.bestOf % 2 === 0) throw new RangeError('a series is best of 1, 3, 5, 7 or 9');
  if (!(model.scale > 0)) throw new RangeError('the rating scale is positive');
  return model;
}

/** The home side's chance of winning one map. */
export function mapWinProbability(homeRating: number, awayRating: number, model: TEsportsModel = DEFAULT_ESPORTS_MODEL): number {
  if (!Number.isFinite(homeRating) || !Number.isFinite(awayRating)) throw new RangeError('ratings are finite numbers');
  return 1 / (1 + 10 ** ((awayRating - homeRating) / checkedModel(model).scale));
}

function binomial(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i += 1) c = (c * (n - k + i)) / i;
  return c;
}

/** Every final map score of the series and its probability: W–k with C(W − 1 + k, k) p^W (1 − p)^k, and mirrored. */
export function seriesDistribution(p: number, model: TEsportsModel = DEFAULT_ESPORTS_MODEL): TScoreProbability[] {
  if (!(p >= 0 && p <= 1)) throw new RangeError('a map probability is in [0, 1]');
  const wins = (checkedModel(model).bestOf + 1) / 2;
  const out: TScoreProbability[] = [];
  for (let k = 0; k < wins; k += 1) {
    const ways = binomial(wins - 1 + k, k);
    out.push({ home: wins, away: k, p: ways * p ** wins * (1 - p) ** k });
    out.push({ home: k, away: wins, p: ways * (1 - p) ** wins * p ** k });
  }
  return out;
}

/**
 * The map score of a virtual series, drawn from the round's seed: map n (1, 2, …) goes to the home side when
 * u("fixture:<id>:map:<n>") < p (seed.ts defines u), until a side has (N + 1) / 2 maps.
 */
export async function drawSeries(seedHex: string, fixtureId: string, p: number, model: TEsportsModel = DEFAULT_ESPORTS_MODEL): Promise<{ home: number; away: number; maps: ('home' | 'away')[] }> {
  const wins = (checkedModel(model).bestOf + 1) / 2;
  const key = await seedKey(seedHex);
  const maps: ('home' | 'away')[] = [];
  let home = 0;
  let away = 0;
  while (home < wins && away < wins) {
    const winner = (await seedUniform(key, `fixture:${fixtureId}:map:${maps.length + 1}`)) < p ? 'home' : 'away';
    maps.push(winner);
    if (winner === 'home') home += 1;
    else away += 1;
  }
  return { home, away, maps };
}
