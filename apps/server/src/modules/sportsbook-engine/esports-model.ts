import type { TScoreProbability } from './pricing.ts';
import { checkedEsportsModel as checkedModel, DEFAULT_ESPORTS_MODEL, type TEsportsModel } from '@playhall/contract/sportsbook-draw';

export { DEFAULT_ESPORTS_MODEL, drawSeries, mapWinProbability, type TEsportsModel } from '@playhall/contract/sportsbook-draw';

/**
 * Virtual esports: one MOBA title played best of N (odd). Every map is won by the home side with the same
 * probability p, from the rating difference on the Elo scale: p = 1 / (1 + 10^((r_away − r_home) / scale)).
 * The series stops when a side reaches (N + 1) / 2 maps, so the final map scores are W–k and k–W (k < W).
 */

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
