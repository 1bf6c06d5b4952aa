import crypto from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { prepareDatabase } from '../../src/bootstrap.ts';
import type { TDatabase } from '../../src/db/client.ts';

export const TEST_MERCHANT = 'PLAYHALL';

/** Which database this run uses: PGlite in memory, or a fresh database on the PostgreSQL of DATABASE_URL. */
export const TEST_DB: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs DATABASE_URL (scripts/pg-throwaway.sh prints one)');
  const name = `playhall_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TTestApp {
  app: Awaited<ReturnType<typeof buildApp>>['app'];
  pendingCalls: string[];
  database: TDatabase;
  merchantId: number;
  demoPassword: string;
  close(): Promise<void>;
}

/** Boots the real server on a real, empty, migrated and seeded database. */
export async function createTestApp(opts: { webDist?: string } = {}): Promise<TTestApp> {
  const pgdb = TEST_DB === 'postgres' ? await freshPostgresDatabase() : null;
  const demoPassword = 'Test12345';
  const { database, seed } = await prepareDatabase({
    databaseUrl: pgdb?.url ?? null,
    dataDir: null,
    merchantCode: TEST_MERCHANT,
    seedDemo: true,
    demoPassword,
  });
  const { app, pendingCalls } = await buildApp({
    database,
    merchantCode: TEST_MERCHANT,
    webDist: opts.webDist ?? '/nonexistent-web-dist',
  });
  await app.ready();
  return {
    app,
    pendingCalls,
    database,
    merchantId: seed.merchantId,
    demoPassword,
    async close() {
      await app.close();
      await database.close();
      await pgdb?.drop();
    },
  };
}
