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
