import path from 'node:path';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openPgliteClient } from './pglite.ts';
import * as schema from './schema.ts';

export type TSchema = typeof schema;
export type TDb = PgDatabase<PgQueryResultHKT, TSchema>;
/** A transaction or the database itself: repositories accept either. */
export type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0] | TDb;

/** The rows of a raw `execute` result, whichever driver answered (node-postgres and PGlite shape it differently). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

export interface TDatabase {
  db: TDb;
  kind: 'pglite' | 'postgres';
  /**
   * LISTEN on a channel; NOTIFY from any process (or the CLI) reaches every listener after commit, with its payload.
   * On PostgreSQL a dropped listening connection calls `onNotify()` without a payload when it drops and again when
   * it listens again (notifications in between are lost).
   */
  listen(channel: string, onNotify: (payload?: string) => void): Promise<void>;
  /** PGlite only: the whole database as a tar (tests start each file's database from one, see openDatabase). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

const MIGRATIONS = path.resolve(import.meta.dirname, '../../drizzle');
/** Any fixed number: serialises migrations when several processes start on one PostgreSQL. */
const MIGRATION_LOCK = 720_411;

export interface TOpenOptions {
  databaseUrl: string | null;
  /** PGlite data directory; null = in memory (tests). */
  dataDir: string | null;
  /** In memory only (tests): start from this dump of a migrated and seeded database instead of an empty one. */
  pgliteTemplate?: Blob;
}

export async function openDatabase(opts: TOpenOptions): Promise<TDatabase> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(opts.dataDir, opts.pgliteTemplate);
}

async function openPglite(dataDir: string | null, template?: Blob): Promise<TDatabase> {
  const client = await openPgliteClient(dataDir, template);
  const db = drizzlePglite(client, { schema }) as unknown as TDb;
  await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS });
  return {
    db,
    kind: 'pglite',
    listen: async (channel, onNotify) => {
      await client.listen(channel, (payload) => onNotify(payload));
    },
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

/**
 * Connections per process (PG_POOL_MAX, default 10). Measured on 2 cores (issue 14): 16 or 25 gave no more spins
 * or transfers than 10 and sometimes far fewer, as more rounds waited on each other's row locks. Mind the
 * server's max_connections (100 by default) across processes and the CLI.
 */
function poolMax(): number {
  const n = Number(process.env.PG_POOL_MAX ?? 10);
  if (!Number.isInteger(n) || n < 2) throw new Error(`PG_POOL_MAX must be a whole number of at least 2, not ${process.env.PG_POOL_MAX}`);
  return n;
}

async function openPostgres(url: string): Promise<TDatabase> {
  const lockClient = new pg.Client({ connectionString: url });
  await lockClient.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(lockClient), { migrationsFolder: MIGRATIONS });
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lockClient.end();
  }
  // A request that waits this long for a connection fails instead of hanging: a pool held by
  // transactions that each wait for one more connection would otherwise never move again.
  const pool = new pg.Pool({ connectionString: url, max: poolMax(), connectionTimeoutMillis: 15_000 });
  // An idle connection the server drops (restart, admin kill) is discarded by the pool and the next
  // query opens another; without a listener the pool's 'error' event would end the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as TDb;
  const listeners: pg.Client[] = [];
  let closing = false;
  return {
    db,
    kind: 'postgres',
    listen: async (channel, onNotify) => {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      // A dropped connection (server restart, admin kill) hears nothing: reconnect, and tell the listener
      // once when it drops and once when it listens again, since notifications in between are lost.
      const connect = async (): Promise<void> => {
        const client = new pg.Client({ connectionString: url });
        client.on('error', () => undefined);
        client.on('notification', (msg) => {
          if (msg.channel === channel) onNotify(msg.payload);
        });
        await client.connect();
        try {
          await client.query(`LISTEN ${channel}`);
        } catch (err) {
          await client.end().catch(() => undefined);
          throw err;
        }
        listeners.push(client);
        // Only a connection that listened reconnects when it ends: a failed attempt is retried by its caller.
        client.once('end', () => {
          const at = listeners.indexOf(client);
          if (at >= 0) listeners.splice(at, 1);
          if (closing) return;
          onNotify();
          const retry = () => {
            if (!closing) connect().then(() => onNotify(), () => setTimeout(retry, 1_000).unref());
          };
          setTimeout(retry, 200).unref();
        });
      };
      await connect();
    },
    close: async () => {
      closing = true;
      await Promise.all(listeners.map((c) => c.end()));
      // pool.end() resolves before its connections have closed; wait for each one's 'remove'.
      const open = pool.totalCount;
      let removed = 0;
      const closed = new Promise<void>((resolve) => {
        if (open === 0) resolve();
        pool.on('remove', () => {
          if (++removed >= open) resolve();
        });
      });
      await pool.end();
      await closed;
    },
  };
}
