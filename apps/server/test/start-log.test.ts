import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './support/server-process.ts';
import { freshPostgresDatabase } from './support/fresh-postgres.ts';
import { TEST_DB } from './support/test-app.ts';

/**
 * What a person sees in the console after `npm start` (issue 16): the address and the demo logins are
 * the last thing printed, and loading pages does not write a line per request at info.
 */

const PASSWORD = 'Start12345';
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

async function until(check: () => boolean, what: string, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The JSON log lines of a stretch of output (the banner lines are plain text). */
function logLines(text: string): { level: number; msg: string; statusCode?: number; path?: string }[] {
  return text
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { level: number; msg: string; statusCode?: number; path?: string });
}

describe(`the start log (${TEST_DB})`, () => {
  it('ends with the address and the demo logins; requests that went well are not logged at info', { timeout: 300_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playhall-start-log-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = { DATA_DIR: dataDir, DEMO_PASSWORD: PASSWORD, SEED_DEMO: '1', LOG_LEVEL: 'info', NODE_ENV: 'development' };
    if (TEST_DB === 'postgres') {
      if (!process.env.DATABASE_URL) throw new Error('TEST_DB=postgres needs DATABASE_URL');
      const pgdb = await freshPostgresDatabase(process.env.DATABASE_URL, 'playhall_startlog');
      cleanups.push(() => pgdb.drop());
      env.DATABASE_URL = pgdb.url;
    } else {
      env.DATABASE_URL = '';
    }
    // One file for stdout and stderr, as a terminal shows both.
    const server = await startServerProcess(env, { outputFile: path.join(dataDir, 'console.txt') });
    cleanups.push(async () => {
      server.child.kill('SIGKILL');
    });
    await until(() => server.output().includes('Demo agent:'), 'the start banner', server.output);
    // Anything the start still had to write would follow within moments.
    await new Promise((r) => setTimeout(r, 500));
    const atStart = server.output();

    // The last log line comes before the banner; the banner is the sandbox warning, then the address and logins.
    const lastLogLine = atStart.lastIndexOf('\n{');
    const sandbox = atStart.indexOf('\n  SANDBOX PAYMENTS ARE ON');
    const address = atStart.indexOf('\n  Playhall on http://localhost:');
    expect(lastLogLine, atStart).toBeGreaterThan(0);
    expect(sandbox, atStart).toBeGreaterThan(lastLogLine);
    expect(address, atStart).toBeGreaterThan(sandbox);
    const tail = atStart.slice(address).trim().split('\n').map((l) => l.trim());
    expect(tail[1]).toBe(`Demo member: member01 / ${PASSWORD}`);
    expect(tail[2]).toMatch(new RegExp(`^Demo agent: +agent01 / ${PASSWORD} \\(downlines: `));
    expect(tail[3]).toMatch(/^Invitation codes: /);
    expect(tail.at(-1)).toMatch(new RegExp(`^Operator console: http://localhost:\\d+/console admin / ${PASSWORD}-console `));

    // A page load's worth of requests: none is logged at info; a refused one is, once, without its query.
    const paths = ['/wps/system/status?url=localhost', '/wps/system/whitelabel', '/img/logo.svg', '/img/banners/1.svg', '/healthz', '/readyz'];
    for (let i = 0; i < 6; i++) {
      for (const p of paths) expect((await fetch(`${server.base}${p}`)).status).toBeLessThan(400);
    }
    expect((await fetch(`${server.base}/wps/no-such-call?token=do-not-log-me`)).status).toBe(404);
    await until(() => server.output().includes('/wps/no-such-call'), 'the refused request', server.output);
    const after = server.output().slice(atStart.length);
    const lines = logLines(after);
    expect(lines.filter((l) => l.level >= 30 && (l.statusCode ?? 0) < 400), after).toEqual([]);
    expect(lines.filter((l) => l.msg === 'request completed')).toEqual([expect.objectContaining({ level: 30, statusCode: 404, path: '/wps/no-such-call' })]);
    expect(after).not.toContain('do-not-log-me');
  });
});
