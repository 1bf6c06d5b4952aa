import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { bundleOpsCli } from '../../../../scripts/ops-bundle.mjs';
import { prepareDatabase } from '../../src/bootstrap.ts';
import { TEMPLATE_SEED } from './template.ts';

/**
 * Once per run of the server suite: the database every test file starts from, migrated and seeded as createTestApp
 * seeds by default. A file copies it (CREATE DATABASE … TEMPLATE on PostgreSQL, the dump loaded into an in-memory
 * PGlite) instead of running every migration and the seed again, about 4 s a file on PGlite and 2 s on PostgreSQL.
 * Each file still gets a database of its own, and the copy is migrated and seeded again (both find nothing to do).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The operator CLI, compiled once for the files that run it as a process (support/cli-process.ts); beside the
  // source's dist folder so that its packages resolve, one per run (the PGlite and PostgreSQL runs go side by side).
  const cli = await bundleOpsCli(path.resolve(import.meta.dirname, `../../dist/ops-cli-${process.pid}.mjs`));
  project.provide('opsCli', cli);
  const teardown = await setupTemplate(project);
  return async () => {
    fs.rmSync(cli, { force: true });
    await teardown();
  };
}

async function setupTemplate(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_DB === 'postgres') {
    const base = process.env.DATABASE_URL;
    if (!base) throw new Error('TEST_DB=postgres needs DATABASE_URL (scripts/pg-throwaway.sh prints one)');
    const name = `playhall_tpl_${crypto.randomBytes(6).toString('hex')}`;
    const admin = async (statement: string) => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        await c.query(statement);
      } finally {
        await c.end();
      }
    };
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const { database } = await prepareDatabase({ databaseUrl: url.toString(), dataDir: null, ...TEMPLATE_SEED });
    await database.close();
    project.provide('templateDatabase', name);
    project.provide('pgliteTemplate', undefined);
    return () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const { database } = await prepareDatabase({ databaseUrl: null, dataDir: null, ...TEMPLATE_SEED });
  const dump = await database.dump?.();
  await database.close();
  if (!dump) throw new Error('the embedded database gave no dump');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'playhall-tpl-'));
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('templateDatabase', undefined);
  project.provide('pgliteTemplate', file);
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}
