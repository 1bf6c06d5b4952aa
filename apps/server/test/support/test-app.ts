import { buildApp, type TAppOptions } from '../../src/app.ts';
import type { TThirdPartyConfig } from '../../src/config.ts';
import { prepareDatabase } from '../../src/bootstrap.ts';
import { openDatabase, type TDatabase } from '../../src/db/client.ts';
import fs from 'node:fs';
import { freshPostgresDatabase } from './fresh-postgres.ts';
import { runTemplate, TEMPLATE_SEED, TEST_DEMO_PASSWORD, TEST_MERCHANT } from './template.ts';

export { TEST_MERCHANT };

/** Which database this run uses: PGlite in memory, or a fresh database on the PostgreSQL of DATABASE_URL. */
export const TEST_DB: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

function testPostgres(template: string | undefined): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs DATABASE_URL (scripts/pg-throwaway.sh prints one)');
  return freshPostgresDatabase(base, 'playhall_test', template);
}

/** The embedded template's dump, read once per file. */
let pgliteTemplate: Blob | undefined;
function pgliteTemplateBlob(file: string): Blob {
  pgliteTemplate ??= new Blob([fs.readFileSync(file)]);
  return pgliteTemplate;
}

export interface TTestApp {
  app: Awaited<ReturnType<typeof buildApp>>['app'];
  pendingCalls: string[];
  /** Jobs do not run on a timer in tests: `scheduler.tick(now)` runs what is due at that moment. */
  scheduler: Awaited<ReturnType<typeof buildApp>>['scheduler'];
  /** The realtime hub (chat rooms and member frames over `/ws`). */
  hub: Awaited<ReturnType<typeof buildApp>>['hub'];
  database: TDatabase;
  /** The PostgreSQL database of this run (null on PGlite), for other processes to open. */
  databaseUrl: string | null;
  merchantId: number;
  demoPassword: string;
  /**
   * A second server on the same data, as another process would be: on PostgreSQL its own
   * connection pool on the same database; on PGlite (one process per database) a second app over
   * the same database object — what it shares is only what is in the database.
   */
  secondApp(opts?: { configRecheckMs?: number }): Promise<{ app: Awaited<ReturnType<typeof buildApp>>['app']; scheduler: Awaited<ReturnType<typeof buildApp>>['scheduler']; close(): Promise<void> }>;
  close(): Promise<void>;
}

/** Boots the real server on a real, empty, migrated and seeded database. */
export async function createTestApp(
  opts: {
    webDist?: string;
    thirdParty?: TThirdPartyConfig;
    trustProxy?: boolean;
    metricsToken?: string;
    /** Seed the demo accounts (default true); without them the site is as SEED_DEMO=0 makes it. */
    seedDemo?: boolean;
    /** The online gateway's options (app.ts), e.g. `sandbox: false` as a production server runs. */
    gateway?: TAppOptions['gateway'];
    /**
     * The demo agent's platform contracts, as `npm start` seeds them (default false: the agent tests build
     * every contract themselves, starting from a top agent that holds none).
     */
    demoContracts?: boolean;
    /** The demo's sports fixtures (seed-sports.ts), as `npm start` seeds them (default false: book tests make their own). */
    demoSports?: boolean;
    /** The `/ws` endpoint's options (app.ts), e.g. a short signal poll. */
    realtime?: TAppOptions['realtime'];
  } = {},
): Promise<TTestApp> {
  // Seeded as the run's template was (global-setup.ts): start from a copy of it; otherwise from an empty database.
  const seedOpts = { ...TEMPLATE_SEED, seedDemo: opts.seedDemo ?? true, demoContracts: opts.demoContracts ?? false, demoSports: opts.demoSports ?? false };
  const asTemplate = (['seedDemo', 'demoContracts', 'demoSports'] as const).every((k) => seedOpts[k] === TEMPLATE_SEED[k]);
  const template = asTemplate ? runTemplate() : {};
  const pgdb = TEST_DB === 'postgres' ? await testPostgres(template.database) : null;
  const demoPassword = TEST_DEMO_PASSWORD;
  const { database, seed } = await prepareDatabase({
    databaseUrl: pgdb?.url ?? null,
    dataDir: null,
    ...seedOpts,
    pgliteTemplate: pgdb === null && template.pgliteFile ? pgliteTemplateBlob(template.pgliteFile) : undefined,
  });
  const { app, pendingCalls, scheduler, hub } = await buildApp({
    database,
    merchantCode: TEST_MERCHANT,
    webDist: opts.webDist ?? '/nonexistent-web-dist',
    runJobs: false,
    thirdParty: opts.thirdParty,
    trustProxy: opts.trustProxy,
    metricsToken: opts.metricsToken,
    gateway: opts.gateway,
    realtime: opts.realtime,
    // Tests write settings through another connection and read them in the next line; production trusts
    // its copy between NOTIFYs (system.test.ts proves a change reaches a server that does).
    configRecheckMs: TEST_DB === 'postgres' ? 0 : undefined,
  });
  await app.ready();
  const webDist = opts.webDist ?? '/nonexistent-web-dist';
  return {
    app,
    pendingCalls,
    scheduler,
    hub,
    database,
    databaseUrl: pgdb?.url ?? null,
    merchantId: seed.merchantId,
    demoPassword,
    async secondApp(opts = {}) {
      const other = pgdb ? await openDatabase({ databaseUrl: pgdb.url, dataDir: null }) : database;
      const built = await buildApp({ database: other, merchantCode: TEST_MERCHANT, webDist, runJobs: false, configRecheckMs: opts.configRecheckMs });
      await built.app.ready();
      return {
        app: built.app,
        scheduler: built.scheduler,
        async close() {
          await built.app.close();
          if (other !== database) await other.close();
        },
      };
    },
    async close() {
      await app.close();
      await database.close();
      await pgdb?.drop();
    },
  };
}
