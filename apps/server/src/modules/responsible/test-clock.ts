import { sql } from 'drizzle-orm';
import { rowsOf, type TDb, type TTx } from '../../db/client.ts';

/**
 * The clock responsible gaming reads (issue 22: "clock moved in the test"). Real time, unless the server runs with
 * PLAYHALL_TEST_CLOCK=1: then an offset kept in `test_clock` (so every process agrees) is added, moved by
 * `ops clock advance` / `ops clock reset`. The database functions of migration 0044 add the same offset.
 */
export const TEST_CLOCK_ENV = 'PLAYHALL_TEST_CLOCK';

export function testClockOn(env: NodeJS.ProcessEnv = process.env): boolean {
  return env[TEST_CLOCK_ENV] === '1';
}

/** Refuses to start a production server with a movable clock. */
export function assertTestClockAllowed(env: NodeJS.ProcessEnv = process.env): void {
  if (testClockOn(env) && env.NODE_ENV === 'production') {
    throw new Error(`${TEST_CLOCK_ENV}=1 is for tests: a production server (NODE_ENV=production) refuses to start with it`);
  }
}

/** A server with a real clock removes any stored offset, so the database functions read real time too. */
export async function dropTestClockUnlessOn(db: TDb, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (!testClockOn(env)) await db.execute(sql`delete from test_clock`);
}

export async function clockOffsetMs(db: TDb | TTx): Promise<number> {
  const [row] = rowsOf<{ offset_ms: string | number }>(await db.execute(sql`select offset_ms from test_clock where id = 1`));
  return Number(row?.offset_ms ?? 0);
}

export type TRgClock = () => Promise<Date>;

/** "Now" for responsible gaming: real time, plus the stored offset when the test clock is on. */
export function createRgClock(db: TDb, env: NodeJS.ProcessEnv = process.env): TRgClock {
  return async () => new Date(Date.now() + (testClockOn(env) ? await clockOffsetMs(db) : 0));
}

/** `ops clock advance <25h|2d|90m>` as milliseconds, or null. */
export function parseClockStep(text: string): number | null {
  const m = /^([0-9]{1,5})(m|h|d)$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as 'm' | 'h' | 'd'];
}

/** Moves the test clock (ops): refused, changing nothing, when this process runs without PLAYHALL_TEST_CLOCK=1. */
export async function moveTestClock(db: TDb, stepMs: number | 'reset', env: NodeJS.ProcessEnv = process.env): Promise<{ moved: boolean; offsetMs: number }> {
  if (!testClockOn(env)) return { moved: false, offsetMs: 0 };
  const rows = rowsOf<{ offset_ms: string | number }>(
    await db.execute(
      stepMs === 'reset'
        ? sql`insert into test_clock (id, offset_ms) values (1, 0) on conflict (id) do update set offset_ms = 0, updated_at = now() returning offset_ms`
        : sql`insert into test_clock (id, offset_ms) values (1, ${stepMs}) on conflict (id) do update set offset_ms = test_clock.offset_ms + ${stepMs}, updated_at = now() returning offset_ms`,
    ),
  );
  return { moved: true, offsetMs: Number(rows[0]?.offset_ms ?? 0) };
}
