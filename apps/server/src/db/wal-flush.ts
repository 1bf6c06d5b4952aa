import pg from 'pg';
import type { TDb } from './client.ts';
import { runStatement, statement } from './prepared.ts';

/**
 * Group commit for the money paths (issue 14). A round or a transfer batch commits without waiting for the WAL
 * flush (`synchronous_commit` off for that transaction only), so the rows it locked (the member's wallet, the house
 * shard) and its pooled connection are free at once; its caller then waits here for a flush that covers it before
 * answering. One durable commit at a time runs for everyone waiting: a one-record transaction
 * (`pg_logical_emit_message`, no table, no lock), whose commit waits for the flush. WAL is flushed in order, so
 * once it is durable, so is every commit that finished before it began. A caller is released only by a flush that
 * began after it asked, never by one already under way (that one's commit record may precede the caller's).
 *
 * What this gives up: another connection may read a committed round or transfer up to one flush (milliseconds)
 * before it is durable, and an OS crash in that window takes it back; its own caller was not answered yet. Any
 * write that follows it commits later in the WAL and so makes it durable first.
 *
 * PGlite runs without fsync: nothing to wait for.
 */
const FLUSH = statement('wal_flush_barrier', "select pg_logical_emit_message(true, 'playhall', 'flush') as lsn");

/** The text of a statement whose transaction commits without waiting for the WAL flush (the caller then awaits `walFlushed`). */
export const withoutFlushWait = (select: string) => `select set_config('synchronous_commit', 'off', true) as unflushed, ${select}`;

/** A pooled PostgreSQL database (not PGlite): the one whose commits wait for a flush. */
export const onPostgres = (db: TDb) => (db as unknown as { $client: unknown }).$client instanceof pg.Pool;

type TWaiter = { resolve: () => void; reject: (e: unknown) => void };
const queues = new WeakMap<object, { waiting: TWaiter[]; running: boolean }>();

async function drain(db: TDb, q: { waiting: TWaiter[]; running: boolean }): Promise<void> {
  q.running = true;
  while (q.waiting.length > 0) {
    const batch = q.waiting;
    q.waiting = [];
    try {
      await runStatement(db, FLUSH, []);
      for (const w of batch) w.resolve();
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  }
  q.running = false;
}

/** Resolves once everything this process committed before the call is durable (at once on PGlite). */
export function walFlushed(db: TDb): Promise<void> {
  if (!onPostgres(db)) return Promise.resolve();
  let q = queues.get(db);
  if (!q) queues.set(db, (q = { waiting: [], running: false }));
  const queue = q;
  return new Promise<void>((resolve, reject) => {
    queue.waiting.push({ resolve, reject });
    if (!queue.running) void drain(db, queue);
  });
}
