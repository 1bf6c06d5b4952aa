/**
 * When virtual rounds run. Rounds kick off every `intervalSeconds` around the clock, counted from 00:00 UTC (a
 * virtual league has no local match day, and UTC has no daylight-saving gaps); betting on a round opens when the
 * round before it kicks off and closes at its own kick-off (shared/domain/sportsbook.md, "Bets"); the result is
 * revealed `matchSeconds` after kick-off. A round's id is 'YYYYMMDD-NNNN': its UTC kick-off date and its 1-based
 * slot of that day, so slot 0001 kicks off at 00:00:00 UTC (the shape of the lottery's interval draws).
 */

export interface TRoundSchedule {
  intervalSeconds: number;
  matchSeconds: number;
}

export const DEFAULT_ROUND_SCHEDULE: TRoundSchedule = { intervalSeconds: 180, matchSeconds: 60 };

export interface TRound {
  roundId: string;
  /** Kick-offs since the Unix epoch: consecutive rounds have consecutive numbers (the league's fixture rotation). */
  sequence: number;
  opensAt: Date;
  /** Betting closes at kick-off: a bet must be placed before this instant. */
  closesAt: Date;
  kickoffAt: Date;
  resultAt: Date;
}

const DAY_SECONDS = 86_400;
const ROUND_ID = /^(\d{4})(\d{2})(\d{2})-(\d{4})$/;

export function roundScheduleProblem(schedule: TRoundSchedule): string | null {
  const { intervalSeconds, matchSeconds } = schedule;
  if (!Number.isSafeInteger(intervalSeconds) || intervalSeconds < 60 || DAY_SECONDS % intervalSeconds !== 0) return 'the interval is at least 60 seconds and divides a day';
  if (!Number.isSafeInteger(matchSeconds) || matchSeconds < 0 || matchSeconds > intervalSeconds) return 'a match lasts 0 seconds to one interval';
  return null;
}

function checked(schedule: TRoundSchedule): TRoundSchedule {
  const problem = roundScheduleProblem(schedule);
  if (problem) throw new RangeError(problem);
  return schedule;
}

/** The round of the n-th kick-off since the Unix epoch (n × interval). */
function roundOf(schedule: TRoundSchedule, n: number): TRound {
  const step = schedule.intervalSeconds * 1000;
  const kickoff = n * step;
  const dayStart = kickoff - (kickoff % (DAY_SECONDS * 1000));
  const slot = (kickoff - dayStart) / step + 1;
  const date = new Date(dayStart).toISOString().slice(0, 10).replaceAll('-', '');
  return {
    roundId: `${date}-${String(slot).padStart(4, '0')}`,
    sequence: n,
    opensAt: new Date(kickoff - step),
    closesAt: new Date(kickoff),
    kickoffAt: new Date(kickoff),
    resultAt: new Date(kickoff + schedule.matchSeconds * 1000),
  };
}

/** The round members bet on at `now`: the first to kick off strictly after it. */
export function bettingRound(schedule: TRoundSchedule, now: Date): TRound {
  const step = checked(schedule).intervalSeconds * 1000;
  return roundOf(schedule, Math.floor(now.getTime() / step) + 1);
}

/** The rounds kicking off in (from, to], ascending. */
export function roundsKickingOffBetween(schedule: TRoundSchedule, from: Date, to: Date): TRound[] {
  const step = checked(schedule).intervalSeconds * 1000;
  const rounds: TRound[] = [];
  for (let n = Math.floor(from.getTime() / step) + 1; n * step <= to.getTime(); n += 1) rounds.push(roundOf(schedule, n));
  return rounds;
}

/** The round of an id, or null when the id is not a slot of this schedule. */
export function roundById(schedule: TRoundSchedule, roundId: string): TRound | null {
  const match = ROUND_ID.exec(roundId);
  if (!match) return null;
  const [, y, m, d, slot] = match.map(Number) as [number, number, number, number, number];
  const dayStart = Date.UTC(y, m - 1, d);
  const perDay = DAY_SECONDS / checked(schedule).intervalSeconds;
  if (slot < 1 || slot > perDay || new Date(dayStart).getUTCDate() !== d) return null;
  const round = roundOf(schedule, dayStart / (schedule.intervalSeconds * 1000) + slot - 1);
  return round.roundId === roundId ? round : null;
}

/**
 * The matches of a virtual league round among `teamCount` teams (even), by the circle method: team 0 stays, the
 * others rotate one place a round, so every team meets every other once in teamCount − 1 rounds; home and away
 * swap on every other cycle. Returns [home, away] team indexes.
 */
export function leaguePairings(teamCount: number, sequence: number): [number, number][] {
  if (!Number.isSafeInteger(teamCount) || teamCount < 2 || teamCount % 2 !== 0) throw new RangeError('a league has an even number of teams, at least 2');
  if (!Number.isSafeInteger(sequence) || sequence < 0) throw new RangeError('a round sequence is a non-negative integer');
  const rounds = teamCount - 1;
  const r = sequence % rounds;
  const swap = Math.floor(sequence / rounds) % 2 === 1;
  // Seat 0 holds team 0; seat s > 0 holds team 1 + ((s − 1 + r) mod rounds). Seat s meets seat teamCount − 1 − s.
  const team = (seat: number) => (seat === 0 ? 0 : 1 + ((seat - 1 + r) % rounds));
  const pairs: [number, number][] = [];
  for (let seat = 0; seat < teamCount / 2; seat += 1) {
    const a = team(seat);
    const b = team(teamCount - 1 - seat);
    // Team 0 alternates home and away by round, the other pairs by seat: each team is at home in half its matches, ±½.
    const aHome = seat === 0 ? r % 2 === 0 : seat % 2 === 1;
    pairs.push(aHome !== swap ? [a, b] : [b, a]);
  }
  return pairs;
}
