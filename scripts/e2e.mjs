// Playwright end-to-end tests in Debian's Chromium against the built app. No browser download:
// without Chromium this fails loudly with the command that installs it.
//
// `node scripts/e2e.mjs [spec…] [playwright options]`: with spec names, one run of those. Without, the whole suite
// in E2E_SHARDS runs at once (default 2), each with its own server and embedded database on its own port
// (E2E_PORT, E2E_PORT+1…), the spec files dealt to the shards by their last measured times
// (apps/web/e2e/timings.json) so the shards end together. Specs never share a server across shards, so a spec that
// switches the site's status or a demo member's balance sees only its own shard's data.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleOpsCli } from './ops-bundle.mjs';
import { prefixOutput } from './prefix-output.mjs';

// Debian's old headless shell (package chromium-headless-shell, the build Playwright itself runs headless) when it is
// installed: the same engine without the browser's window machinery, about a tenth less CPU over the suite; else the
// full browser, headless.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
if (!fs.existsSync(chromium)) {
  console.error(
    `\nChromium was not found at ${chromium}. The end-to-end tests need it:\n\n` +
      '  sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell fonts-noto-core fonts-noto-cjk\n\n' +
      '(or set CHROMIUM_PATH). Never `npx playwright install`: browsers come from the system packages.\n',
  );
  process.exit(1);
}
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
// The member build empties dist/; the operator console's separate build (issue 24, `--mode console`) then writes
// console.html and assets/console-* beside it, as `npm run build -w @playhall/web` does.
for (const mode of [[], ['--mode', 'console']]) {
  const build = spawnSync(npx, ['vite', 'build', ...mode], { stdio: 'inherit', cwd: 'apps/web' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The specs call the operator CLI a few hundred times: compiled once here (apps/web/e2e/support/ops.ts).
process.env.PLAYHALL_OPS_CLI = path.resolve(await bundleOpsCli());

const CONFIG = 'apps/web/playwright.config.ts';
const E2E_DIR = 'apps/web/e2e';
const TIMINGS = path.join(E2E_DIR, 'timings.json');
/** A spec with no measured time yet counts as this many seconds. */
const NEW_SPEC_SECONDS = 60;
const args = process.argv.slice(2);
const basePort = Number(process.env.E2E_PORT ?? 8181);
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));

if (args.some((a) => !a.startsWith('-')) || shards === 1) {
  const r = spawnSync(npx, ['playwright', 'test', '--config', CONFIG, ...args], {
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromium },
  });
  process.exit(r.status ?? 1);
}

// ---------------------------------------------------------------- the whole suite, sharded
const specs = fs.readdirSync(E2E_DIR).filter((f) => f.endsWith('.spec.ts')).sort();
const timings = fs.existsSync(TIMINGS) ? JSON.parse(fs.readFileSync(TIMINGS, 'utf8')) : {};
const weight = (f) => timings[f] ?? NEW_SPEC_SECONDS;
// Longest first, each to the shard with the least so far (LPT): within a shard, files keep their alphabetical order.
const groups = Array.from({ length: shards }, () => ({ files: [], seconds: 0 }));
for (const f of [...specs].sort((a, b) => weight(b) - weight(a))) {
  const g = groups.reduce((least, x) => (x.seconds < least.seconds ? x : least));
  g.files.push(f);
  g.seconds += weight(f);
}
for (const g of groups) g.files.sort();

const jsonOut = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;
/** Each shard's server gets its own data directory: playwright.config.ts makes one when E2E_DATA_DIR is unset. */
function shardEnv(port, json) {
  const env = { ...process.env, CHROMIUM_PATH: chromium, E2E_PORT: String(port), PLAYWRIGHT_JSON_OUTPUT_NAME: json };
  delete env.E2E_DATA_DIR;
  return env;
}
const started = Date.now();
const runs = groups.map((g, i) => {
  const name = `e2e ${i + 1}/${shards}`;
  const port = basePort + i;
  const json = path.join(os.tmpdir(), `playhall-e2e-${port}-${process.pid}.json`);
  console.log(`[${name}] port ${port}, ~${Math.round(g.seconds / 60)} min: ${g.files.join(' ')}`);
  const child = spawn(npx, ['playwright', 'test', '--config', CONFIG, ...args, ...g.files.map((f) => `${E2E_DIR}/${f}`)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: shardEnv(port, json),
  });
  prefixOutput(child, name);
  return new Promise((resolve) => {
    child.on('close', (code) => resolve({ name, json, code: code ?? 1, seconds: Math.round((Date.now() - started) / 1000) }));
  });
});
const results = await Promise.all(runs);

// One report for scripts/test.mjs (its counts), the time of every spec file, and each shard's time.
const stats = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
const measured = {};
const failures = [];
// eslint-disable-next-line no-control-regex -- the colour codes Playwright puts in its messages
const stripAnsi = (s) => s.replace(/\x1b\[[0-9;]*m/g, '');
const collect = (suite, file) => {
  const f = suite.file ? path.basename(suite.file) : file;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      for (const r of test.results ?? []) measured[f] = (measured[f] ?? 0) + (r.duration ?? 0) / 1000;
      if (test.status === 'unexpected' || test.status === 'flaky') {
        const error = test.results?.find((r) => r.error)?.error?.message ?? '';
        failures.push(`${test.status === 'flaky' ? 'FLAKY' : 'FAIL '} ${f}:${spec.line} ${spec.title}\n         ${stripAnsi(error).split('\n').slice(0, 3).join(' | ')}`);
      }
    }
  }
  for (const child of suite.suites ?? []) collect(child, f);
};
for (const r of results) {
  if (!fs.existsSync(r.json)) continue;
  const report = JSON.parse(fs.readFileSync(r.json, 'utf8'));
  for (const k of Object.keys(stats)) stats[k] += report.stats?.[k] ?? 0;
  for (const suite of report.suites ?? []) collect(suite, '');
  fs.rmSync(r.json, { force: true });
}
if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify({ stats, failures }));
console.log('\ne2e shards:');
for (const r of results) console.log(`  ${r.code === 0 ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds}s)`);
if (failures.length) console.log(`\nfailed tests:\n${failures.map((l) => `  ${l}`).join('\n')}`);
const rounded = Object.fromEntries(Object.entries(measured).sort().map(([f, s]) => [f, Math.round(s)]));
console.log('spec files (s):', Object.entries(rounded).map(([f, s]) => `${f.replace('.spec.ts', '')} ${s}`).join(', '));
// E2E_WRITE_TIMINGS=1 keeps these times for the next run's dealing (commit apps/web/e2e/timings.json).
if (process.env.E2E_WRITE_TIMINGS === '1') fs.writeFileSync(TIMINGS, `${JSON.stringify({ ...timings, ...rounded }, null, 2)}\n`);
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
