import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { lotteryDraws, lotteryGames } from '../../db/schema.ts';
import { scheduleJob } from '../../jobs/scheduler.ts';
import { drawFromSeed, drawsBetween, newSeed, seedHash, VN_SCHEDULE, type TResultTable, type TSchedule, type TStructure } from '../lottery-engine/index.ts';

export const SETTLE_JOB = 'lottery.settle';

/** How far ahead draws exist: fast games a quarter of an hour of slots, daily games the next two days. */
const HORIZON_FAST_MS = 15 * 60_000;
const HORIZON_DAILY_MS = 2 * 86_400_000;

type TGame = typeof lotteryGames.$inferSelect;

/** The host province of a Miền Bắc draw by its local weekday; a province game names its own province. */
function provinceOf(game: TGame, drawAt: Date, timeZone: string): string | null {
  if (game.province) return game.province;
  if (game.kind !== 'regional' || game.region !== 'north') return null;
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' }).format(drawAt);
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(weekday);
  return VN_SCHEDULE.north.hostByWeekday[day] ?? null;
}

/**
 * The draw lifecycle: draws are made ahead of time (a house draw with its seed, whose hash is public from
 * then on), a house draw is drawn from its seed once its time has come, and each drawn draw gets one
 * settlement job. Every step is a conditional write, so two processes doing it together do it once.
 */
export function createDrawKeeper(deps: { db: TDb; merchantId: () => Promise<number>; timeZone: () => Promise<string> }) {
  const { db } = deps;
  /** Per game: draws are known to exist up to this moment (this process's memory; a restart recomputes). */
  const ensuredUntil = new Map<number, number>();

  async function ensureDraws(now: Date): Promise<void> {
    const merchantId = await deps.merchantId();
    const timeZone = await deps.timeZone();
    const games = await db.select().from(lotteryGames).where(and(eq(lotteryGames.merchantId, merchantId), eq(lotteryGames.enabled, true)));
    const rows: (typeof lotteryDraws.$inferInsert)[] = [];
    for (const game of games) {
      const schedule = game.schedule as unknown as TSchedule;
      const horizon = schedule.kind === 'interval' ? HORIZON_FAST_MS : HORIZON_DAILY_MS;
      const until = ensuredUntil.get(game.id) ?? 0;
      if (until - now.getTime() > horizon / 2) continue;
      const to = new Date(now.getTime() + horizon);
      for (const slot of drawsBetween(schedule, timeZone, now, to)) {
        const seed = game.resultSource === 'house' ? newSeed() : null;
        rows.push({
          merchantId,
          gameRowId: game.id,
          gameCode: game.gameCode,
          drawNo: slot.drawNo,
          province: provinceOf(game, slot.drawAt, timeZone),
          closeAt: slot.closeAt,
          drawAt: slot.drawAt,
          seed,
          seedHash: seed ? seedHash(seed) : null,
        });
      }
      ensuredUntil.set(game.id, to.getTime());
    }
    for (let i = 0; i < rows.length; i += 500) {
      await db.insert(lotteryDraws).values(rows.slice(i, i + 500)).onConflictDoNothing({ target: [lotteryDraws.merchantId, lotteryDraws.gameCode, lotteryDraws.drawNo] });
    }
  }

  /** Draws every house draw whose time has come; each gets its settlement job in the same transaction. */
  async function drawDue(now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ draw: lotteryDraws, structure: lotteryGames.structure })
        .from(lotteryDraws)
        .innerJoin(lotteryGames, eq(lotteryGames.id, lotteryDraws.gameRowId))
        .where(and(eq(lotteryDraws.status, 'open'), lte(lotteryDraws.drawAt, now), eq(lotteryGames.resultSource, 'house'), sql`${lotteryDraws.seed} is not null`))
        .orderBy(asc(lotteryDraws.drawAt))
        .limit(50)
        .for('update', { of: lotteryDraws, skipLocked: true });
      for (const { draw, structure } of due) {
        await recordResult(tx, draw.id, drawFromSeed(structure as TStructure, draw.seed ?? ''), now);
      }
      return due.length;
    });
  }

  /** Stores a draw's result and schedules its settlement (a house draw's, or one an operator entered). */
  async function recordResult(tx: TTx, drawId: number, result: TResultTable, now: Date): Promise<void> {
    await tx.update(lotteryDraws).set({ status: 'drawn', result, drawnAt: now }).where(and(eq(lotteryDraws.id, drawId), eq(lotteryDraws.status, 'open')));
    await scheduleJob(tx, { name: SETTLE_JOB, key: String(drawId), runAt: now, payload: { drawId } });
  }

  return { ensureDraws, drawDue, recordResult };
}

export type TDrawKeeper = ReturnType<typeof createDrawKeeper>;
