import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { TMission } from '@playhall/contract/calls/loyalty';
import { rowsOf, type TDb, type TTx } from '../../db/client.ts';
import { missionClaims, missionEvents, missions, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { maskMember } from '../raffle/raffle.service.ts';
import { grantReward } from '../rewards/rewards.service.ts';
import { currentPeriods, memberFigures, progressOf, type TFigures, type TPeriods } from './missions.progress.ts';

/**
 * Missions (issue 18): the member's missions of the current day and week with progress from settled data, the
 * available count (the member menu's badge), the claim and the event's leaderboard. A claim locks the member row,
 * recomputes the progress in its transaction, grants through grantReward under `mission:<id>:<period start>:<user>`
 * and inserts the claim under its unique (mission, member, period start): once under retries, double clicks and two
 * processes.
 */

export type TMissionRow = typeof missions.$inferSelect;
type TEventRow = typeof missionEvents.$inferSelect;
export interface TMember {
  merchantId: number;
  userId: number;
}

const LEADERBOARD_SIZE = 50;
/** A bonus reward's days to meet its turnover. */
const BONUS_DAYS = 30;

const eventView = (e: TEventRow | null | undefined) =>
  e ? { id: e.id, name: e.name, startsAt: e.startsAt.toISOString(), endsAt: e.endsAt.toISOString() } : null;

/** The missions a member is offered now: on, and outside any event or in an event that runs now. */
export async function activeMissions(db: TTx, merchantId: number, now: Date, missionId?: number): Promise<TMissionRow[]> {
  const rows = await db
    .select({ m: missions })
    .from(missions)
    .leftJoin(missionEvents, eq(missionEvents.id, missions.eventId))
    .where(
      and(
        eq(missions.merchantId, merchantId),
        eq(missions.status, 'on'),
        missionId === undefined ? undefined : eq(missions.id, missionId),
        or(isNull(missions.eventId), and(lte(missionEvents.startsAt, now), gt(missionEvents.endsAt, now))),
      ),
    )
    .orderBy(asc(missions.period), asc(missions.sort), asc(missions.id));
  return rows.map((r) => r.m);
}

/** The event running now (the latest started), or null. */
export async function currentEvent(db: TTx, merchantId: number, now: Date): Promise<TEventRow | null> {
  const [row] = await db
    .select()
    .from(missionEvents)
    .where(and(eq(missionEvents.merchantId, merchantId), lte(missionEvents.startsAt, now), gt(missionEvents.endsAt, now)))
    .orderBy(desc(missionEvents.startsAt), desc(missionEvents.id))
    .limit(1);
  return row ?? null;
}

const periodStartOf = (m: Pick<TMissionRow, 'period'>, p: TPeriods) => (m.period === 'daily' ? p.day.startDay : p.week.startDay);
const periodEndOf = (m: Pick<TMissionRow, 'period'>, p: TPeriods) => (m.period === 'daily' ? p.day.end : p.week.end);

function titleOf(m: TMissionRow, language: string | null): string {
  return (language ? m.titles[language.toUpperCase()] : undefined) ?? m.title;
}

function view(m: TMissionRow, progress: number, claimed: boolean, p: TPeriods, language: string | null): TMission {
  return {
    id: m.id,
    period: m.period,
    kind: m.kind,
    category: (m.category ?? null) as TMission['category'],
    title: titleOf(m, language),
    target: m.target,
    progress,
    reward: { form: m.rewardForm, amount: m.rewardAmount },
    score: m.score,
    status: claimed ? 'claimed' : progress >= m.target ? 'claimable' : 'inProgress',
    periodEndsAt: periodEndOf(m, p).toISOString(),
  };
}

/** Which of the missions the member claimed in their current period: `<missionId>:<period start>`. */
async function claimedNow(db: TTx, userId: number, list: readonly TMissionRow[], p: TPeriods): Promise<Set<string>> {
  if (list.length === 0) return new Set();
  const rows = await db
    .select({ missionId: missionClaims.missionId, periodStart: missionClaims.periodStart })
    .from(missionClaims)
    .where(and(eq(missionClaims.userId, userId), inArray(missionClaims.periodStart, [...new Set([p.day.startDay, p.week.startDay])])));
  return new Set(rows.map((r) => `${r.missionId}:${r.periodStart}`));
}

interface TBoard {
  list: TMissionRow[];
  claimed: Set<string>;
  figures: TFigures | null;
  periods: TPeriods;
}

/** The member's missions now, what was claimed, and (only when something is left to claim) the figures. */
async function board(db: TTx, member: TMember, tz: string, now: Date): Promise<TBoard> {
  const periods = currentPeriods(tz, now);
  const list = await activeMissions(db, member.merchantId, now);
  const claimed = await claimedNow(db, member.userId, list, periods);
  const open = list.filter((m) => !claimed.has(`${m.id}:${periodStartOf(m, periods)}`));
  const figures = open.length > 0 ? await memberFigures(db, member.userId, tz, periods, open) : null;
  return { list, claimed, figures, periods };
}

function availableOf(b: TBoard): number {
  if (!b.figures) return 0;
  const f = b.figures;
  return b.list.filter((m) => !b.claimed.has(`${m.id}:${periodStartOf(m, b.periods)}`) && progressOf(m, f, b.periods) >= m.target).length;
}

export async function listMissions(db: TDb, member: TMember, tz: string, language: string | null, now: Date) {
  const b = await board(db, member, tz, now);
  const missionsNow = b.list.map((m) => {
    const claimed = b.claimed.has(`${m.id}:${periodStartOf(m, b.periods)}`);
    const progress = b.figures ? progressOf(m, b.figures, b.periods) : m.target;
    return view(m, claimed ? Math.max(progress, m.target) : progress, claimed, b.periods, language);
  });
  return { event: eventView(await currentEvent(db, member.merchantId, now)), missions: missionsNow, available: availableOf(b) };
}

/** The badge: completed missions not yet claimed. Costs the two figure queries only while something is unclaimed. */
export async function availableMissions(db: TDb, member: TMember, tz: string, now: Date): Promise<number> {
  return availableOf(await board(db, member, tz, now));
}

/** Claims a completed mission of its current period (see the module comment). */
export async function claimMission(db: TDb, member: TMember, tz: string, language: string | null, missionId: number, requestId: string, now: Date) {
  return db.transaction(async (tx) => {
    // The member's row first, as every reward path (docs/decisions.md, "Sweep and locks").
    const [me] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, member.userId), eq(users.merchantId, member.merchantId))).for('update');
    if (!me) throw new AppError('not_logged_in');
    const [mission] = await activeMissions(tx, member.merchantId, now, missionId);
    if (!mission) throw new AppError('mission_not_found');
    const periods = currentPeriods(tz, now);
    const periodStart = periodStartOf(mission, periods);
    const [already] = await tx
      .select()
      .from(missionClaims)
      .where(and(eq(missionClaims.missionId, mission.id), eq(missionClaims.userId, member.userId), eq(missionClaims.periodStart, periodStart)));
    if (already && already.requestId !== requestId) throw new AppError('mission_already_claimed');
    let rewardId = already?.rewardId ?? 0;
    if (!already) {
      const figures = await memberFigures(tx, member.userId, tz, periods, [mission]);
      const progress = progressOf(mission, figures, periods);
      if (progress < mission.target) throw new AppError('mission_not_complete', { progress, target: mission.target });
      const grant = await grantReward(
        tx,
        {
          merchantId: member.merchantId,
          userId: member.userId,
          source: 'mission',
          activityId: null,
          key: `mission:${mission.id}:${periodStart}:${member.userId}`,
          title: mission.title,
          form: mission.rewardForm,
          amount: mission.rewardAmount,
          turnoverRequired: mission.rewardForm === 'bonus' ? mission.rewardAmount * mission.turnoverMultiple : 0,
          turnoverWeights: null,
          withdrawalPolicy: 'refuse',
          bonusDays: BONUS_DAYS,
          claimBy: null,
        },
        now,
      );
      const inserted = await tx
        .insert(missionClaims)
        .values({ merchantId: member.merchantId, missionId: mission.id, userId: member.userId, periodStart, rewardId: grant.rewardId, score: mission.score, requestId, claimedAt: now })
        .onConflictDoNothing({ target: [missionClaims.missionId, missionClaims.userId, missionClaims.periodStart] })
        .returning({ id: missionClaims.id });
      if (inserted.length === 0) throw new AppError('mission_already_claimed');
      rewardId = grant.rewardId;
    }
    const b = await board(tx, member, tz, now);
    const progress = b.figures ? progressOf(mission, b.figures, b.periods) : mission.target;
    return { mission: view(mission, Math.max(progress, mission.target), true, periods, language), rewardId, available: availableOf(b) };
  });
}

interface TBoardRow {
  user_id: string | number;
  username: string;
  score: string | number;
  rank: string | number;
}

/**
 * The event's leaderboard: members by the sum of the scores they claimed inside the event, the top 50 and the asking
 * member's own place. Ranks are unique: a tie goes to whoever reached the score first (the earlier last claim).
 */
export async function leaderboard(db: TDb, merchantId: number, userId: number | null, eventId: number | undefined, now: Date) {
  let event: TEventRow | null;
  if (eventId !== undefined) {
    const [row] = await db.select().from(missionEvents).where(and(eq(missionEvents.id, eventId), eq(missionEvents.merchantId, merchantId)));
    event = row ?? null;
  } else {
    event = await currentEvent(db, merchantId, now);
    if (!event) {
      // Between events, the last one that started stays on the board.
      const [last] = await db
        .select()
        .from(missionEvents)
        .where(and(eq(missionEvents.merchantId, merchantId), lte(missionEvents.startsAt, now)))
        .orderBy(desc(missionEvents.startsAt), desc(missionEvents.id))
        .limit(1);
      event = last ?? null;
    }
  }
  if (!event) return { event: null, rows: [], me: null };
  const rows = rowsOf<TBoardRow>(
    await db.execute(sql`
      with s as (
        select user_id, sum(score) as score, max(claimed_at) as reached from mission_claims
        where merchant_id = ${merchantId} and claimed_at >= ${event.startsAt.toISOString()}::timestamptz and claimed_at < ${event.endsAt.toISOString()}::timestamptz
        group by user_id having sum(score) > 0
      ), r as (
        select user_id, score, row_number() over (order by score desc, reached asc, user_id asc) as rank from s
      )
      select r.user_id, u.username, r.score, r.rank from r join users u on u.id = r.user_id
      where r.rank <= ${LEADERBOARD_SIZE} or r.user_id = ${userId ?? 0}
      order by r.rank`),
  );
  const mine = rows.find((r) => userId !== null && Number(r.user_id) === userId);
  return {
    event: eventView(event),
    rows: rows
      .filter((r) => Number(r.rank) <= LEADERBOARD_SIZE)
      .map((r) => ({ rank: Number(r.rank), member: maskMember(r.username), score: Number(r.score), mine: Number(r.user_id) === userId })),
    me: mine ? { rank: Number(mine.rank), score: Number(mine.score) } : null,
  };
}
