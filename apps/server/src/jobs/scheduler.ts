import type { FastifyBaseLogger } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type TDb, type TTx } from '../db/client.ts';
import { jobs } from '../db/schema.ts';

/** What a handler may ask for after it ran: run again later (kept pending), or done. */
export type TJobOutcome = void | { retryAt: Date };

export interface TJobContext {
  db: TDb;
  log: FastifyBaseLogger;
  /** The moment the scheduler treats as now (tests and `ops settle --at` pass their own). */
  now: Date;
  job: { id: number; name: string; key: string; payload: Record<string, unknown>; attempts: number; runAt: Date };
}

export interface TJobHandler {
  run(ctx: TJobContext): Promise<TJobOutcome>;
  /** Attempts before the job is marked failed (default 10); retries back off exponentially. */
  maxAttempts?: number;
}

/**
 * A recurring job: one job row per slot, keyed by the slot's start, so that every slot runs once
 * across all processes and restarts. `slotOf(now)` is the latest slot start at or before now.
 */
export interface TRecurring {
  name: string;
  slotOf(now: Date): Date;
  /** How many past slots to make sure exist (catch-up after downtime); default 1 (the current one). */
  catchUp?: number;
  previousSlot?(slot: Date): Date;
}

export interface TScheduleInput {
  name: string;
  key: string;
  runAt: Date;
  payload?: Record<string, unknown>;
}

const LEASE_MS = 5 * 60 * 1000;
const CLAIM_BATCH = 20;

/** Schedules a job; a second call with the same name and key is a no-op (returns false). */
export async function scheduleJob(db: TTx, input: TScheduleInput): Promise<boolean> {
  const rows = await db
    .insert(jobs)
    .values({ name: input.name, key: input.key, runAt: input.runAt, payload: input.payload ?? {} })
    .onConflictDoNothing({ target: [jobs.name, jobs.key] })
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Which jobs a tick covers: by default all; `only` restricts it to names starting with one of the prefixes
 * (recurring slots, tick tasks and job rows alike), for a run that replays one family of jobs at another moment.
 */
export interface TTickOptions {
  only?: readonly string[];
}

/** Finished jobs are kept this long for operators to look back on, then deleted. */
export const DONE_JOB_RETENTION_MS = 30 * 24 * 3_600_000;

/**
 * Deletes jobs done before `now` − the retention, in batches; failed jobs stay for an operator to see. Safe for
 * exactly-once: a recurring job only ever re-creates its last few slots (catch-up), and one-off jobs are keyed by
 * what they act on, which does not come back. Returns how many were deleted.
 */
export async function pruneDoneJobs(db: TDb, now: Date, batch = 10_000): Promise<number> {
  const before = new Date(now.getTime() - DONE_JOB_RETENTION_MS).toISOString();
  let deleted = 0;
  for (;;) {
    const rows = rowsOf<{ id: number }>(
      await db.execute(sql`
        delete from ${jobs} where ${jobs.id} in (
          select ${jobs.id} from ${jobs} where ${jobs.status} = 'done' and ${jobs.doneAt} < ${before}::timestamptz limit ${batch}
        ) returning ${jobs.id}`),
    );
    deleted += rows.length;
    if (rows.length < batch) return deleted;
  }
}

export interface TScheduler {
  /** Makes recurring slots exist and runs every due job once; returns how many ran. */
  tick(now?: Date, opts?: TTickOptions): Promise<number>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

/**
 * The per-process scheduler (ARCHITECTURE.md, Jobs). Due rows are claimed with FOR UPDATE SKIP LOCKED
 * and a lease, so two processes never run one job together and a job of a crashed process is claimed
 * again once its lease is over.
 */
export function createScheduler(deps: {
  db: TDb;
  log: FastifyBaseLogger;
  handlers: Record<string, TJobHandler>;
  recurring?: TRecurring[];
  /**
   * Work run on every tick without a job row, for things that check their own state under a row lock
   * (a dice room whose countdown is over): safe when two processes run it at once.
   */
  tickTasks?: { name: string; run: (now: Date) => Promise<unknown> }[];
}): TScheduler {
  const { db, log, handlers } = deps;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  const covered = (opts: TTickOptions) => (name: string) => !opts.only || opts.only.some((p) => name.startsWith(p));

  async function ensureRecurring(now: Date, opts: TTickOptions): Promise<void> {
    for (const r of (deps.recurring ?? []).filter((r) => covered(opts)(r.name))) {
      let slot = r.slotOf(now);
      for (let i = 0; i < (r.catchUp ?? 1); i++) {
        await scheduleJob(db, { name: r.name, key: slot.toISOString(), runAt: slot, payload: { slot: slot.toISOString() } });
        if (!r.previousSlot) break;
        slot = r.previousSlot(slot);
      }
    }
  }

  async function claim(now: Date, opts: TTickOptions) {
    const names = Object.keys(handlers).filter(covered(opts));
    if (names.length === 0) return [];
    const nowIso = now.toISOString();
    const leaseIso = new Date(now.getTime() + LEASE_MS).toISOString();
    return db.transaction(async (tx) => {
      const due = await tx.execute<{ id: number }>(sql`
        select id from ${jobs}
        where ${jobs.status} = 'pending' and ${jobs.runAt} <= ${nowIso}::timestamptz
          and (${jobs.lockedUntil} is null or ${jobs.lockedUntil} < ${nowIso}::timestamptz)
          and ${jobs.name} in (${sql.join(names.map((n) => sql`${n}`), sql`, `)})
        order by ${jobs.runAt}, ${jobs.id}
        limit ${CLAIM_BATCH}
        for update skip locked`);
      const ids = rowsOf<{ id: number }>(due).map((r) => Number(r.id));
      if (ids.length === 0) return [];
      return tx
        .update(jobs)
        .set({ lockedUntil: new Date(leaseIso), attempts: sql`${jobs.attempts} + 1` })
        .where(sql`${jobs.id} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`)
        .returning();
    });
  }

  async function runOne(row: typeof jobs.$inferSelect, now: Date): Promise<void> {
    const handler = handlers[row.name];
    if (!handler) return;
    try {
      const outcome = await handler.run({
        db,
        log,
        now,
        job: { id: row.id, name: row.name, key: row.key, payload: row.payload, attempts: row.attempts, runAt: row.runAt },
      });
      if (outcome && 'retryAt' in outcome) {
        await db.update(jobs).set({ runAt: outcome.retryAt, lockedUntil: null }).where(eq(jobs.id, row.id));
      } else {
        await db.update(jobs).set({ status: 'done', doneAt: new Date(), lockedUntil: null, lastError: null }).where(eq(jobs.id, row.id));
      }
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const failed = row.attempts >= (handler.maxAttempts ?? 10);
      const backoffMs = Math.min(60 * 60 * 1000, 1000 * 2 ** Math.min(row.attempts, 20));
      log.warn({ err, job: row.name, key: row.key, attempts: row.attempts }, failed ? 'job failed for good' : 'job failed, will retry');
      await db
        .update(jobs)
        .set(
          failed
            ? { status: 'failed', lastError: message, lockedUntil: null }
            : { runAt: new Date(now.getTime() + backoffMs), lastError: message, lockedUntil: null },
        )
        .where(and(eq(jobs.id, row.id), eq(jobs.status, 'pending')));
    }
  }

  async function tick(now = new Date(), opts: TTickOptions = {}): Promise<number> {
    await ensureRecurring(now, opts);
    for (const task of (deps.tickTasks ?? []).filter((t) => covered(opts)(t.name))) {
      try {
        await task.run(now);
      } catch (err) {
        log.warn({ err, task: task.name }, 'tick task failed');
      }
    }
    let ran = 0;
    for (;;) {
      const claimed = await claim(now, opts);
      if (claimed.length === 0) return ran;
      for (const row of claimed) {
        await runOne(row, now);
        ran++;
      }
    }
  }

  return {
    async tick(now, opts) {
      // One tick at a time per process; a caller arriving mid-tick waits for it and then runs its own.
      while (running) await running.catch(() => 0);
      running = tick(now, opts);
      try {
        return await running;
      } finally {
        running = null;
      }
    },
    start(intervalMs = 5000) {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = tick().catch((err: unknown) => {
          log.warn({ err }, 'scheduler tick failed');
          return 0;
        });
        void running.finally(() => (running = null));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => 0);
    },
  };
}

