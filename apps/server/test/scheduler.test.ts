import { and, eq, lt } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema.ts';
import { createScheduler, pruneDoneJobs, scheduleJob, type TJobHandler } from '../src/jobs/scheduler.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const log = pino({ level: 'silent' });
const at = (iso: string) => new Date(iso);

describe('job scheduler', () => {
  it('runs a job once it is due, and only once', async () => {
    const seen: string[] = [];
    const handler: TJobHandler = { run: async ({ job }) => void seen.push(job.key) };
    const s = createScheduler({ db: t.database.db, log, handlers: { 'test.once': handler } });
    expect(await scheduleJob(t.database.db, { name: 'test.once', key: 'a', runAt: at('2030-01-01T00:00:00Z') })).toBe(true);
    expect(await scheduleJob(t.database.db, { name: 'test.once', key: 'a', runAt: at('2030-01-01T00:00:00Z') })).toBe(false);
    expect(await s.tick(at('2029-12-31T23:59:59Z'))).toBe(0);
    expect(await s.tick(at('2030-01-01T00:00:01Z'))).toBe(1);
    expect(await s.tick(at('2030-01-01T00:00:02Z'))).toBe(0);
    expect(seen).toEqual(['a']);
  });

  it('retries a failing job with back-off, then marks it failed after its attempts', async () => {
    let calls = 0;
    const s = createScheduler({
      db: t.database.db,
      log,
      handlers: { 'test.flaky': { maxAttempts: 3, run: async () => void (calls++, (() => { throw new Error('boom'); })()) } },
    });
    await scheduleJob(t.database.db, { name: 'test.flaky', key: 'x', runAt: at('2030-01-01T00:00:00Z') });
    await s.tick(at('2030-01-01T00:00:00Z'));
    expect(calls).toBe(1);
    await s.tick(at('2030-01-01T00:00:00.500Z'));
    expect(calls).toBe(1); // backing off
    await s.tick(at('2030-01-01T01:00:00Z'));
    await s.tick(at('2030-01-01T02:00:00Z'));
    await s.tick(at('2030-01-01T03:00:00Z'));
    expect(calls).toBe(3);
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.key, 'x'));
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'boom' });
  });

  it('makes one job per recurring slot and two schedulers never run it twice', async () => {
    const seen: string[] = [];
    const handlers = { 'test.every5': { run: async ({ job }: { job: { key: string } }) => void seen.push(job.key) } };
    const slotOf = (now: Date) => new Date(Math.floor(now.getTime() / 300_000) * 300_000);
    const recurring = [{ name: 'test.every5', slotOf, catchUp: 2, previousSlot: (s: Date) => new Date(s.getTime() - 300_000) }];
    const a = createScheduler({ db: t.database.db, log, handlers, recurring });
    const b = createScheduler({ db: t.database.db, log, handlers, recurring });
    const now = at('2030-02-01T00:07:00Z');
    await Promise.all([a.tick(now), b.tick(now), a.tick(now)]);
    expect(seen.sort()).toEqual(['2030-02-01T00:00:00.000Z', '2030-02-01T00:05:00.000Z']);
  });

  it('a handler can ask to run again later', async () => {
    let calls = 0;
    const s = createScheduler({
      db: t.database.db,
      log,
      handlers: { 'test.later': { run: async ({ now }) => (++calls < 2 ? { retryAt: new Date(now.getTime() + 60_000) } : undefined) } },
    });
    await scheduleJob(t.database.db, { name: 'test.later', key: 'k', runAt: at('2030-03-01T00:00:00Z') });
    await s.tick(at('2030-03-01T00:00:00Z'));
    await s.tick(at('2030-03-01T00:00:30Z'));
    expect(calls).toBe(1);
    await s.tick(at('2030-03-01T00:01:00Z'));
    expect(calls).toBe(2);
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.key, 'k'));
    expect(row?.status).toBe('done');
  });

  it('a tick told `only` covers those jobs alone: their slots, their rows, their tick tasks', async () => {
    const seen: string[] = [];
    const handlers = {
      'only.a': { run: async ({ job }: { job: { name: string; key: string } }) => void seen.push(`${job.name}@${job.key}`) },
      'other.b': { run: async ({ job }: { job: { name: string; key: string } }) => void seen.push(`${job.name}@${job.key}`) },
    };
    const hourOf = (now: Date) => new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
    const tasks: string[] = [];
    const s = createScheduler({
      db: t.database.db,
      log,
      handlers,
      recurring: [{ name: 'only.a', slotOf: hourOf }, { name: 'other.b', slotOf: hourOf }],
      tickTasks: [{ name: 'other.task', run: async () => void tasks.push('ran') }],
    });
    await scheduleJob(t.database.db, { name: 'other.b', key: 'queued', runAt: at('2030-04-01T00:00:00Z') });
    expect(await s.tick(at('2030-04-01T00:30:00Z'), { only: ['only.'] })).toBe(1);
    expect(seen).toEqual(['only.a@2030-04-01T00:00:00.000Z']);
    expect(tasks).toEqual([]);
    expect(await t.database.db.select().from(jobs).where(eq(jobs.name, 'other.b'))).toHaveLength(1);
    // An unrestricted tick picks up the rest.
    expect(await s.tick(at('2030-04-01T00:31:00Z'))).toBe(2);
    expect(tasks).toEqual(['ran']);
  });

  it('prunes jobs done more than 30 days ago, in batches, and keeps the rest; the app does it daily', async () => {
    const now = at('2031-01-31T12:00:00Z');
    const row = (key: string, status: 'done' | 'failed' | 'pending', doneAt: string | null) => ({ name: 'test.prune', key, runAt: at('2030-12-01T00:00:00Z'), status, doneAt: doneAt ? at(doneAt) : null });
    await t.database.db.insert(jobs).values([
      ...Array.from({ length: 5 }, (_, i) => row(`old-${i}`, 'done', '2030-12-15T00:00:00Z')),
      row('recent', 'done', '2031-01-10T00:00:00Z'),
      row('failed', 'failed', null),
      row('pending', 'pending', null),
    ]);
    // The other tests' jobs here were done on the wall clock, long before 2031: they go too.
    const old = await t.database.db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.status, 'done'), lt(jobs.doneAt, at('2031-01-01T12:00:00Z'))));
    expect(old.length).toBeGreaterThanOrEqual(5);
    expect(await pruneDoneJobs(t.database.db, now, 2)).toBe(old.length);
    const left = await t.database.db.select({ key: jobs.key }).from(jobs).where(eq(jobs.name, 'test.prune'));
    expect(left.map((r) => r.key).sort()).toEqual(['failed', 'pending', 'recent']);
    // The server's own scheduler has the daily prune among its jobs.
    await t.scheduler.tick(now, { only: ['jobs.prune'] });
    const [prune] = await t.database.db.select().from(jobs).where(eq(jobs.name, 'jobs.prune'));
    expect(prune).toMatchObject({ key: '2031-01-31T00:00:00.000Z', status: 'done' });
  });
});
