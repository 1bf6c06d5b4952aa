// `npm test`: type check, lint, unit tests, server integration tests on PGlite (and on PostgreSQL when
// DATABASE_URL is set), then Playwright end-to-end tests in Chromium against the built app.
// Each step must pass; the closing line counts the tests that ran. Steps that each keep about one core busy run
// two at a time on their own databases (the type checks beside lint, the server suites on PGlite and on PostgreSQL),
// their lines prefixed with the step's name.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prefixOutput } from './prefix-output.mjs';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'playhall-test-'));
const totals = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
const steps = [];
/** Failed tests, named again after the step list so that the end of a long log says which ones. */
const failures = [];

/** Runs one step; with `prefix`, its output lines carry the step's name (for steps that run beside another). */
function run(name, cmd, args, env = {}, prefix = false) {
  console.log(`\n=== ${name}: ${[cmd, ...args].join(' ')}`);
  const started = Date.now();
  const child = spawn(cmd, args, { stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
  if (prefix) prefixOutput(child, name);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const ok = code === 0;
      steps.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
      resolve(ok);
    });
  });
}
/** Steps at once; true when every one passed. */
const together = async (...runs) => (await Promise.all(runs)).every(Boolean);

function countVitest(file, label) {
  if (!fs.existsSync(file)) return;
  const j = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += j.numPassedTests ?? 0;
  totals.failed += j.numFailedTests ?? 0;
  totals.skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
  for (const file of j.testResults ?? []) {
    const rel = path.relative(process.cwd(), file.name ?? '');
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed')) failures.push(`FAIL  ${label} ${rel}: ${(file.message ?? '').split('\n')[0]}`);
    for (const a of file.assertionResults ?? []) {
      if (a.status === 'failed') failures.push(`FAIL  ${label} ${rel} › ${a.fullName}\n         ${(a.failureMessages?.[0] ?? '').split('\n')[0]}`);
    }
  }
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const s = report.stats ?? {};
  failures.push(...(report.failures ?? []));
  totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
  totals.flaky += s.flaky ?? 0;
  totals.failed += s.unexpected ?? 0;
  totals.skipped += s.skipped ?? 0;
}

const vitest = (project, file, env, prefix = false) =>
  run(`vitest ${project}${env?.TEST_DB ? ` (${env.TEST_DB})` : ''}`, npx, [
    'vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`,
  ], env, prefix);

let ok = true;
const typecheck = async () => {
  let all = true;
  for (const project of ['packages/contract', 'apps/server', 'apps/web']) {
    all = (await run(`typecheck ${project}`, npx, ['tsc', '-p', project], {}, true)) && all;
  }
  return all;
};
ok = (await together(typecheck(), run('lint', npx, ['eslint', '.', '--max-warnings', '0'], {}, true))) && ok;
// Every language's coverage of en.json, one line each (the unit test locales.test.ts fails on the same problems).
ok = (await run('locales', process.execPath, ['scripts/locale-check.mjs'])) && ok;
ok = (await vitest('unit', path.join(out, 'unit.json'))) && ok;
countVitest(path.join(out, 'unit.json'), 'unit');
if (process.env.DATABASE_URL) {
  ok = (await together(
    vitest('server', path.join(out, 'server-pglite.json'), { TEST_DB: 'pglite' }, true),
    vitest('server', path.join(out, 'server-pg.json'), { TEST_DB: 'postgres' }, true),
  )) && ok;
  countVitest(path.join(out, 'server-pglite.json'), 'server (pglite)');
  countVitest(path.join(out, 'server-pg.json'), 'server (postgres)');
} else {
  ok = (await vitest('server', path.join(out, 'server-pglite.json'), { TEST_DB: 'pglite' })) && ok;
  countVitest(path.join(out, 'server-pglite.json'), 'server (pglite)');
  console.log('\nDATABASE_URL is not set: server tests ran on PGlite only (eval "$(bash scripts/pg-throwaway.sh)" to add PostgreSQL).');
}
ok = (await run('e2e', process.execPath, ['scripts/e2e.mjs'], { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(out, 'e2e.json') })) && ok;
countPlaywright(path.join(out, 'e2e.json'));

console.log('\nSteps:');
for (const s of steps) console.log(`  ${s.ok ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds}s)`);
if (failures.length) console.log(`\nfailed tests:\n${failures.map((l) => `  ${l}`).join('\n')}`);
console.log(`\ntests: ${totals.passed} passed${totals.flaky ? ` (${totals.flaky} only on a retry)` : ''}, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);
