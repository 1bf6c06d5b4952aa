import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/client.ts';
import { TEST_MERCHANT } from './test-app.ts';

/**
 * A server process for tests that need another one on the same PostgreSQL database: the real app (every module,
 * every job handler) with its own pool, whose scheduler ticks at the moments the parent sends over IPC instead of
 * the wall clock's. Messages: `{ id, at: ISO, only?: string[] }` → `{ id, ran }` or `{ id, error }`.
 */

const url = process.env.DATABASE_URL;
if (!url || !process.send) throw new Error('scheduler-process: run with fork() and DATABASE_URL');
const database = await openDatabase({ databaseUrl: url, dataDir: null });
const { app, scheduler } = await buildApp({ database, merchantCode: TEST_MERCHANT, webDist: '/nonexistent-web-dist', runJobs: false });
await app.ready();

process.on('message', (raw) => {
  const msg = raw as { id: number; at?: string; only?: string[]; stop?: boolean };
  if (msg.stop) {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
    return;
  }
  scheduler
    .tick(new Date(msg.at ?? Date.now()), { only: msg.only })
    .then((ran) => process.send?.({ id: msg.id, ran }))
    .catch((err: unknown) => process.send?.({ id: msg.id, error: err instanceof Error ? err.stack : String(err) }));
});
// The test runner went away (killed, crashed): nothing is left to tick for.
process.on('disconnect', () => process.exit(0));
process.send({ ready: true, pid: process.pid });
