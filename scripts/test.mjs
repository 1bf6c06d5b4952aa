// `npm test`: type check, lint, unit tests, server integration tests on PGlite (and on PostgreSQL when
// DATABASE_URL is set), then Playwright end-to-end tests in Chromium against the built app.
// Each step must pass; the closing line counts the tests that ran.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'playhall-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const steps = [];

function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}: ${[cmd, ...args].join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  steps.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  return ok;
}

function countVitest(file) {
  if (!fs.existsSync(file)) return;
  const j = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += j.numPassedTests ?? 0;
  totals.failed += j.numFailedTests ?? 0;
  totals.skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return;
  const s = JSON.parse(fs.readFileSync(file, 'utf8')).stats ?? {};
  totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
  totals.failed += s.unexpected ?? 0;
  totals.skipped += s.skipped ?? 0;
}

const vitest = (project, file, env) =>
  run(`vitest ${project}${env?.TEST_DB ? ` (${env.TEST_DB})` : ''}`, npx, [
    'vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`,
  ], env);

let ok = true;
for (const project of ['packages/contract', 'apps/server', 'apps/web']) {
  ok = run(`typecheck ${project}`, npx, ['tsc', '-p', project]) && ok;
}
ok = run('lint', npx, ['eslint', '.', '--max-warnings', '0']) && ok;
ok = vitest('unit', path.join(out, 'unit.json')) && ok;
countVitest(path.join(out, 'unit.json'));
ok = vitest('server', path.join(out, 'server-pglite.json'), { TEST_DB: 'pglite' }) && ok;
countVitest(path.join(out, 'server-pglite.json'));
if (process.env.DATABASE_URL) {
  ok = vitest('server', path.join(out, 'server-pg.json'), { TEST_DB: 'postgres' }) && ok;
  countVitest(path.join(out, 'server-pg.json'));
} else {
  console.log('\nDATABASE_URL is not set: server tests ran on PGlite only (eval "$(bash scripts/pg-throwaway.sh)" to add PostgreSQL).');
}
ok = run('e2e', process.execPath, ['scripts/e2e.mjs'], { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(out, 'e2e.json') }) && ok;
countPlaywright(path.join(out, 'e2e.json'));

console.log('\nSteps:');
for (const s of steps) console.log(`  ${s.ok ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds}s)`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);
