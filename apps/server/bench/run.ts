/**
 * `npm run bench`: requests/s of GET /wps/system/status on the real server (embedded database, and
 * PostgreSQL too when DATABASE_URL is set) against a bare node:http hello server, under the same
 * autocannon settings, with their ratio and each server's peak memory (VmHWM).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '../../..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface TResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  peakRssMb: number;
}

function peakRssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return NaN;
  }
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer in time`);
}

async function measure(name: string, url: string, child: ChildProcess): Promise<TResult> {
  // A short warm-up so JIT and caches settle before the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2 });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  return {
    name,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
    peakRssMb: peakRssMb(child.pid ?? 0),
  };
}

async function benchServer(name: string, port: number, env: Record<string, string>): Promise<TResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/readyz`, child);
    return await measure(name, `http://127.0.0.1:${port}/wps/system/status?url=localhost`, child);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

async function benchHello(port: number): Promise<TResult> {
  const code = `require('node:http').createServer((q, s) => { s.setHeader('content-type','application/json'); s.end('{"hello":"world"}'); }).listen(${port}, '127.0.0.1')`;
  const child = spawn(process.execPath, ['-e', code], { stdio: 'inherit' });
  try {
    await waitFor(`http://127.0.0.1:${port}/`, child);
    return await measure('node:http hello', `http://127.0.0.1:${port}/`, child);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playhall-bench-'));
console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s per target (after a 2 s warm-up); ${os.cpus().length} cores, Node ${process.version}\n`);
const results: TResult[] = [];
results.push(await benchHello(18181));
results.push(await benchServer('GET /wps/system/status (PGlite)', 18182, { DATA_DIR: dataDir, DATABASE_URL: '' }));
if (process.env.DATABASE_URL) {
  results.push(await benchServer('GET /wps/system/status (PostgreSQL)', 18183, { DATA_DIR: dataDir }));
}
fs.rmSync(dataDir, { recursive: true, force: true });

const hello = results[0]?.rps ?? 1;
console.log('target'.padEnd(40), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'errors'.padStart(7), 'non2xx'.padStart(7), 'peak RSS MB'.padStart(12), 'vs hello'.padStart(9));
for (const r of results) {
  console.log(
    r.name.padEnd(40),
    String(r.rps).padStart(8),
    String(r.p50).padStart(8),
    String(r.p99).padStart(8),
    String(r.errors).padStart(7),
    String(r.non2xx).padStart(7),
    String(r.peakRssMb).padStart(12),
    (r.rps / hello).toFixed(3).padStart(9),
  );
}
