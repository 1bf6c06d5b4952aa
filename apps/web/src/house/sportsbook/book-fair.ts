import type { TBookFixture } from '@playhall/contract/sportsbook-api';
import { drawFootballScore, drawSeries } from '@playhall/contract/sportsbook-draw';

/**
 * Checking a virtual fixture from its revealed seed, in the browser, with the server's own draw
 * (packages/contract/src/sportsbook-draw.ts): the seed's SHA-256 against the commitment published before betting
 * closed, then the score drawn again from the seed and the model published with the fixture.
 */

/** SHA-256 of the seed's 32 bytes (hex-decoded), hex. */
export async function seedCommitOf(seedHex: string): Promise<string> {
  const bytes = new Uint8Array(seedHex.match(/../g)?.map((x) => parseInt(x, 16)) ?? []);
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export interface TRerun {
  commitMatches: boolean;
  score: { home: number; away: number };
  scoreMatches: boolean;
}

const num = (model: Record<string, number>, key: string): number => {
  const v = model[key];
  if (typeof v !== 'number') throw new RangeError(`the fixture's model has no ${key}`);
  return v;
};

/** The fixture's label in the draw: "fixture:<fixtureId>:…". */
const drawId = (f: TBookFixture): string => String(f.fixtureId);

/** Re-runs a resulted virtual fixture; null when it is not one (no seed yet, or entered by the book). */
export async function rerunFixture(f: TBookFixture): Promise<TRerun | null> {
  const v = f.virtual;
  if (!v?.seed) return null;
  const commitMatches = (await seedCommitOf(v.seed)) === v.seedCommit;
  const score =
    f.sport === 'esports'
      ? await drawSeries(v.seed, drawId(f), num(v.model, 'p'), { bestOf: num(v.model, 'bestOf'), scale: num(v.model, 'scale') })
      : await drawFootballScore(v.seed, drawId(f), { home: num(v.model, 'lambdaHome'), away: num(v.model, 'lambdaAway') }, num(v.model, 'maxGoals'));
  const scoreMatches = f.result !== null && f.result.home === score.home && f.result.away === score.away;
  return { commitMatches, score: { home: score.home, away: score.away }, scoreMatches };
}

/** The commands that check the same by hand (sportsbook-draw.ts): the commitment, then each uniform's HMAC. */
export function cliCommands(f: TBookFixture): string[] {
  const seed = f.virtual?.seed;
  if (!seed) return [];
  const maps = Math.max(1, (f.result?.home ?? 0) + (f.result?.away ?? 0));
  const labels = f.sport === 'esports' ? Array.from({ length: maps }, (_, i) => `map:${i + 1}`) : ['home', 'away'];
  return [
    `printf '%s' ${seed} | xxd -r -p | sha256sum`,
    ...labels.map((l) => `printf 'fixture:${drawId(f)}:${l}' | openssl dgst -sha256 -mac HMAC -macopt hexkey:${seed}`),
  ];
}
