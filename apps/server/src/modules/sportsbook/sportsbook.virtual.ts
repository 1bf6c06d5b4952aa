import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { sportsFixtures } from '../../db/schema.ts';
import { scheduleJob } from '../../jobs/scheduler.ts';
import { sportsVirtualFrom } from '../../config.ts';
import { DEFAULT_ESPORTS_MODEL, drawSeries, mapWinProbability, seriesDistribution } from '../sportsbook-engine/esports-model.ts';
import { DEFAULT_FOOTBALL_MODEL, drawFootballScore, expectedGoals, scoreDistribution, type TTeamRatings } from '../sportsbook-engine/football-model.ts';
import type { TMarket, TResult, TSport } from '../sportsbook-engine/markets.ts';
import { balancedLine, DEFAULT_PRICING, priceMarket, type TPricing, type TScoreProbability } from '../sportsbook-engine/pricing.ts';
import { bettingRound, leaguePairings, roundsKickingOffBetween, type TRound, type TRoundSchedule } from '../sportsbook-engine/schedule.ts';
import { newSeed, seedCommit } from '../sportsbook-engine/seed.ts';
import { insertFixtures, type TNewFixture, type TNewMarket } from './sportsbook.fixtures.ts';

/**
 * The house's virtual leagues (issue 20): a round of every league kicks off every interval around the clock
 * (sportsbook-engine/schedule.ts, UTC round ids), priced from team ratings by the engine's models with the book's
 * margin, its score drawn from a seed committed when the round is made and revealed with the result.
 *
 * - On every scheduler tick the next ROUNDS_AHEAD rounds of each league exist: the round members bet on now ('open')
 *   and the ones after it ('scheduled', opened by a later tick when the round before kicks off). A fixture's external id
 *   is `V:<league>:<roundId>:<n>`, unique per merchant, so two processes making a round make it once (the loser's
 *   insert does nothing, its seeds are never used). Each round gets one result job in the same transaction, due at
 *   its result time (`sports.virtualResult`, key merchant:league:round: once across processes).
 * - The result job draws each fixture's score from its own seed with the contract's draw (label id = the fixture's
 *   numeric id, what the book page shows) and hands the round to the settlement's resultFixtures (which closes what
 *   kicked off while open).
 *   A fixture already resulted or void is left alone, so a job run again after a crash settles nothing twice.
 * - Downtime: a round made before it has its job row, so an overdue round is resulted on the first tick back. A
 *   round whose betting window passed while no process ran is never made (only rounds kicking off after now are);
 *   one made but never opened (still 'scheduled' at its result time, so without bets) is voided.
 */

export const VIRTUAL_RESULT_JOB = 'sports.virtualResult';
/** The betting round and the two after it. */
export const ROUNDS_AHEAD = 3;

export interface TVirtualFootballTeam extends TTeamRatings {
  name: string;
}
export interface TVirtualEsportsTeam {
  name: string;
  /** Elo-style rating: 400 points more makes a side ten times as likely to win a map. */
  rating: number;
}

export type TVirtualLeague =
  | { code: string; name: string; sport: 'football'; teams: readonly TVirtualFootballTeam[] }
  | { code: string; name: string; sport: 'esports'; teams: readonly TVirtualEsportsTeam[] };

/** Names of our own; ratings spread so that favourites and long shots both appear every round. */
export const VIRTUAL_LEAGUES: readonly TVirtualLeague[] = [
  {
    code: 'VPL',
    name: 'Virtual Premier',
    sport: 'football',
    teams: [
      { name: 'Saigon Dragons', attack: 1.3, defence: 0.8 },
      { name: 'Hanoi Tigers', attack: 1.22, defence: 0.86 },
      { name: 'Da Nang Sharks', attack: 1.12, defence: 0.95 },
      { name: 'Mekong Warriors', attack: 1.05, defence: 0.92 },
      { name: 'Red River Eagles', attack: 1.0, defence: 1.0 },
      { name: 'Ha Long Mariners', attack: 0.95, defence: 1.04 },
      { name: 'Highland Buffaloes', attack: 0.92, defence: 1.08 },
      { name: 'Hue Imperials', attack: 0.88, defence: 1.02 },
      { name: 'Can Tho Rangers', attack: 0.85, defence: 1.14 },
      { name: 'Sapa Mountaineers', attack: 0.78, defence: 1.2 },
    ],
  },
  {
    code: 'VLG',
    name: 'Virtual Legends',
    sport: 'esports',
    teams: [
      { name: 'Lotus Esports', rating: 1640 },
      { name: 'Phoenix Five', rating: 1590 },
      { name: 'Mekong Storm', rating: 1555 },
      { name: 'Golden Dragon Gaming', rating: 1525 },
      { name: 'Jade Tigers', rating: 1495 },
      { name: 'Monsoon Squad', rating: 1460 },
      { name: 'Neon Buffalo', rating: 1430 },
      { name: 'Silver Kites', rating: 1400 },
    ],
  },
];

/** Handicap lines offered on a virtual football match: the one closest to even among −3 … +3 goals. */
const HANDICAP_CANDIDATES = Array.from({ length: 25 }, (_, i) => i - 12);
/** Total lines: the one closest to even among 0.5 … 5 goals. */
const TOTAL_CANDIDATES = Array.from({ length: 19 }, (_, i) => i + 2);

/** What the round schedule, the margin and the tick come to for virtual rounds (config.ts, TConfig.sportsVirtual). */
export function virtualSettings(env: NodeJS.ProcessEnv = process.env): { schedule: TRoundSchedule; pricing: TPricing } {
  const { intervalSeconds, matchSeconds, marginBp } = sportsVirtualFrom(env);
  return { schedule: { intervalSeconds, matchSeconds }, pricing: { ...DEFAULT_PRICING, marginBp } };
}

function priced(distribution: readonly TScoreProbability[], market: TMarket, pricing: TPricing): TNewMarket {
  const odds: Record<string, number> = {};
  for (const s of priceMarket(distribution, market, pricing)) if (s.odds !== null) odds[s.selection] = s.odds;
  return { kind: market.kind, line: 'line' in market ? market.line : 0, odds };
}

/** The markets and the published model of one virtual match (the model is what a browser needs to re-run the draw). */
export function virtualMatch(league: TVirtualLeague, home: number, away: number, pricing: TPricing): { model: Record<string, number>; markets: TNewMarket[] } {
  if (league.sport === 'football') {
    const [h, a] = [league.teams[home], league.teams[away]] as [TVirtualFootballTeam, TVirtualFootballTeam];
    const goals = expectedGoals(h, a);
    const maxGoals = DEFAULT_FOOTBALL_MODEL.maxGoals;
    const d = scoreDistribution(goals, maxGoals);
    return {
      model: { lambdaHome: goals.home, lambdaAway: goals.away, maxGoals },
      markets: [
        priced(d, { kind: 'oneXTwo' }, pricing),
        priced(d, { kind: 'asianHandicap', line: balancedLine(d, 'asianHandicap', HANDICAP_CANDIDATES) }, pricing),
        priced(d, { kind: 'overUnder', line: balancedLine(d, 'overUnder', TOTAL_CANDIDATES) }, pricing),
        priced(d, { kind: 'bothTeamsToScore' }, pricing),
        priced(d, { kind: 'correctScore' }, pricing),
      ],
    };
  }
  const [h, a] = [league.teams[home], league.teams[away]] as [TVirtualEsportsTeam, TVirtualEsportsTeam];
  const model = DEFAULT_ESPORTS_MODEL;
  const p = mapWinProbability(h.rating, a.rating, model);
  const d = seriesDistribution(p, model);
  const wins = (model.bestOf + 1) / 2;
  // Map handicaps ±0.5 … ±(wins − 0.5) and the one total line between the shortest and the longest series.
  const handicaps = Array.from({ length: wins }, (_, i) => 4 * i + 2).flatMap((q) => [-q, q]);
  return {
    model: { p, bestOf: model.bestOf, scale: model.scale },
    markets: [
      priced(d, { kind: 'matchWinner' }, pricing),
      priced(d, { kind: 'mapHandicap', line: balancedLine(d, 'mapHandicap', handicaps) }, pricing),
      priced(d, { kind: 'totalMaps', line: balancedLine(d, 'totalMaps', Array.from({ length: wins - 1 }, (_, i) => 4 * (wins + i) + 2)) }, pricing),
    ],
  };
}

/** The fixtures of one round of a league, each with a fresh seed and its commitment. */
export async function roundFixtures(league: TVirtualLeague, round: TRound, now: Date, pricing: TPricing): Promise<TNewFixture[]> {
  const pairs = leaguePairings(league.teams.length, round.sequence);
  const seeds = pairs.map(() => newSeed());
  const commits = await Promise.all(seeds.map((seed) => seedCommit(seed)));
  return pairs.map(([home, away], i): TNewFixture => {
    const seed = seeds[i] as string;
    const { model, markets } = virtualMatch(league, home, away, pricing);
    return {
      source: 'virtual',
      sport: league.sport as TSport,
      externalId: `V:${league.code}:${round.roundId}:${i + 1}`,
      leagueCode: league.code,
      leagueName: league.name,
      homeTeam: (league.teams[home] as { name: string }).name,
      awayTeam: (league.teams[away] as { name: string }).name,
      roundId: round.roundId,
      kickoffAt: round.kickoffAt,
      state: round.opensAt <= now ? 'open' : 'scheduled',
      seed,
      seedCommit: commits[i] as string,
      model,
      marginBp: pricing.marginBp,
      markets,
    };
  });
}

/** The score of a virtual fixture from its revealed seed: what the result job enters and what a browser re-runs. */
export async function drawVirtualScore(fixture: { id: number; sport: TSport; seed: string; model: Record<string, unknown> }): Promise<{ home: number; away: number }> {
  const m = fixture.model as Record<string, number>;
  if (fixture.sport === 'football') return drawFootballScore(fixture.seed, String(fixture.id), { home: m.lambdaHome as number, away: m.lambdaAway as number }, m.maxGoals);
  const { home, away } = await drawSeries(fixture.seed, String(fixture.id), m.p as number, { bestOf: m.bestOf as number, scale: m.scale as number });
  return { home, away };
}

export interface TVirtualDeps {
  db: TDb;
  merchantId: () => Promise<number>;
  /** The settlement's resultFixtures (sportsbook.settlement.ts): stores the results and settles the fixtures' bets. */
  resultFixtures: (entries: readonly { fixtureId: number; result: TResult }[], now: Date) => Promise<unknown>;
  /** The settlement's settleFixtures: settles what a result left unsettled (a process that died in between). */
  settleFixtures: (fixtureIds: readonly number[], now: Date) => Promise<unknown>;
  schedule?: TRoundSchedule;
  pricing?: TPricing;
  leagues?: readonly TVirtualLeague[];
}

export function createVirtualLeagues(deps: TVirtualDeps) {
  const { db } = deps;
  const settings = deps.schedule && deps.pricing ? { schedule: deps.schedule, pricing: deps.pricing } : virtualSettings();
  const schedule = deps.schedule ?? settings.schedule;
  const pricing = deps.pricing ?? settings.pricing;
  const leagues = deps.leagues ?? VIRTUAL_LEAGUES;
  /** Rounds this process knows exist (memory only: a restart looks again, and the unique ids keep it at once). */
  const made = new Set<string>();

  /** Makes the betting round and the rounds after it, each league's round in one transaction with its result job. */
  async function ensureRounds(now: Date): Promise<number> {
    const merchantId = await deps.merchantId();
    const first = bettingRound(schedule, now);
    const rounds = [first, ...roundsKickingOffBetween(schedule, first.kickoffAt, new Date(first.kickoffAt.getTime() + (ROUNDS_AHEAD - 1) * schedule.intervalSeconds * 1000))];
    let fresh = 0;
    for (const league of leagues) {
      for (const round of rounds) {
        const key = `${merchantId}:${league.code}:${round.roundId}`;
        if (made.has(key)) continue;
        const fixtures = await roundFixtures(league, round, now, pricing);
        await db.transaction(async (tx) => {
          const ids = await insertFixtures(tx, merchantId, fixtures);
          if (ids.size === 0) return;
          if (await scheduleJob(tx, { name: VIRTUAL_RESULT_JOB, key, runAt: round.resultAt, payload: { league: league.code, roundId: round.roundId } })) fresh += 1;
        });
        made.add(key);
      }
    }
    if (made.size > 200) for (const key of [...made].slice(0, made.size - 100)) made.delete(key);
    return fresh;
  }

  /** Opens the rounds whose betting has begun and closes the ones that kicked off: two conditional statements. */
  async function openAndClose(now: Date): Promise<void> {
    const merchantId = await deps.merchantId();
    const intervalMs = schedule.intervalSeconds * 1000;
    // Both sports named and the kick-offs bounded, so each statement is a range of the (merchant, sport, kick-off)
    // index however many rounds the table holds; a round left open longer than a day is closed by its result job.
    const virtual = and(eq(sportsFixtures.merchantId, merchantId), inArray(sportsFixtures.sport, ['football', 'esports']), eq(sportsFixtures.source, 'virtual'));
    await db
      .update(sportsFixtures)
      .set({ state: 'open', updatedAt: now })
      .where(and(virtual, eq(sportsFixtures.state, 'scheduled'), gt(sportsFixtures.kickoffAt, now), lte(sportsFixtures.kickoffAt, new Date(now.getTime() + intervalMs))));
    await db
      .update(sportsFixtures)
      .set({ state: 'closed', updatedAt: now })
      .where(and(virtual, inArray(sportsFixtures.state, ['open', 'suspended']), lte(sportsFixtures.kickoffAt, now), gt(sportsFixtures.kickoffAt, new Date(now.getTime() - 86_400_000))));
  }

  async function tick(now: Date): Promise<void> {
    await ensureRounds(now);
    await openAndClose(now);
  }

  /** The result job of one round: every fixture not yet resulted or void gets its drawn score (or a void). */
  async function resultRound(leagueCode: string, roundId: string, now: Date): Promise<{ resulted: number; voided: number }> {
    const merchantId = await deps.merchantId();
    const rows = await db
      .select({ id: sportsFixtures.id, sport: sportsFixtures.sport, state: sportsFixtures.state, seed: sportsFixtures.seed, model: sportsFixtures.model, kickoffAt: sportsFixtures.kickoffAt })
      .from(sportsFixtures)
      .where(and(eq(sportsFixtures.merchantId, merchantId), eq(sportsFixtures.source, 'virtual'), eq(sportsFixtures.leagueCode, leagueCode), eq(sportsFixtures.roundId, roundId)))
      .orderBy(sportsFixtures.id);
    const entries: { fixtureId: number; result: TResult }[] = [];
    const done: number[] = [];
    for (const f of rows) {
      if (f.state === 'resulted' || f.state === 'void') done.push(f.id);
      if (f.state === 'resulted' || f.state === 'void' || f.kickoffAt > now) continue;
      entries.push({ fixtureId: f.id, result: f.state === 'scheduled' || !f.seed ? 'void' : await drawVirtualScore({ id: f.id, sport: f.sport, seed: f.seed, model: f.model }) });
    }
    // One call for the round: its results in one transaction, then settled together (a parlay over several of its
    // fixtures judged once); resultFixtures closes a fixture still open after kick-off.
    if (entries.length > 0) await deps.resultFixtures(entries, now);
    // Fixtures resulted before (this job's earlier attempt, or another process) are settled again: a process that died
    // between a result and its payouts leaves bets open, and settling moves nothing when every bet is already paid.
    if (done.length > 0) await deps.settleFixtures(done, now);
    const voided = entries.filter((e) => e.result === 'void').length;
    const resulted = entries.length - voided;
    return { resulted, voided };
  }

  return { schedule, pricing, leagues, ensureRounds, openAndClose, tick, resultRound };
}

export type TVirtualLeagues = ReturnType<typeof createVirtualLeagues>;

/** Wires the virtual leagues into the scheduler (sportsbook.module.ts calls this). */
export function registerVirtualLeagues(jobs: { onTick(name: string, run: (now: Date) => Promise<unknown>): void; handle(name: string, handler: { run(ctx: { job: { payload: Record<string, unknown> }; now: Date }): Promise<void | { retryAt: Date }> }): void }, leagues: TVirtualLeagues): void {
  jobs.onTick('sports.virtual', (now) => leagues.tick(now));
  jobs.handle(VIRTUAL_RESULT_JOB, {
    run: async ({ job, now }) => {
      await leagues.resultRound(String(job.payload.league), String(job.payload.roundId), now);
    },
  });
}
