import type { TDatabase } from './db/client.ts';
import { openDatabase } from './db/client.ts';
import { seedDatabase, type TSeedResult } from './db/seed.ts';

/** Opens the database (migrating it) and seeds the demo site on first start. */
export async function prepareDatabase(opts: {
  databaseUrl: string | null;
  dataDir: string | null;
  merchantCode: string;
  seedDemo: boolean;
  demoPassword?: string;
  /** The demo agent's platform contracts (default true; the test harness starts without them). */
  demoContracts?: boolean;
  /** The demo's real-looking sports fixtures (default true; the test harness starts without them). */
  demoSports?: boolean;
  /** Tests: an in-memory PGlite starts from this dump (see openDatabase). */
  pgliteTemplate?: Blob;
}): Promise<{ database: TDatabase; seed: TSeedResult }> {
  const database = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir, pgliteTemplate: opts.pgliteTemplate });
  const seed = await seedDatabase(database.db, {
    merchantCode: opts.merchantCode,
    demoUsers: opts.seedDemo,
    demoPassword: opts.demoPassword,
    demoContracts: opts.demoContracts,
    demoSports: opts.demoSports,
  });
  return { database, seed };
}
