/**
 * `npm run bench`: requests/s on the real server (embedded database, and PostgreSQL too when
 * DATABASE_URL is set) against a bare node:http hello server, under the same autocannon settings,
 * with their ratio and each server's peak memory (VmHWM). Measured: GET /wps/system/status (the
 * start-up call), POST /wps/session/login (encrypted; bound by argon2id) and GET /wps/member/info
 * (a session lookup and the account read).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { encryptBody, ENCRYPTION_SCHEME } from '../src/modules/crypto/envelope-crypto.ts';
import { freshPostgresDatabase } from '../test/support/fresh-postgres.ts';

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

type TTarget = Pick<autocannon.Options, 'headers' | 'requests'>;

async function measure(name: string, url: string, child: ChildProcess, target: TTarget = {}): Promise<TResult> {
  // A short warm-up so JIT and caches settle before the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, ...target });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, ...target });
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

const BENCH_PASSWORD = `Bench${crypto.randomInt(100000, 999999)}`;

/** A login body as the web sends it: sealed with the server's published key. */
async function sealedLogin(base: string): Promise<{ headers: Record<string, string>; body: string }> {
  const { value } = (await (await fetch(`${base}/wps/system/publicKey`)).json()) as { value: { publicKey: string; keyId: string } };
  const sealed = encryptBody(value.publicKey, { type: 'username', username: 'member01', password: BENCH_PASSWORD });
  return {
    headers: { 'content-type': 'application/json', encryption: ENCRYPTION_SCHEME, 'x-rsa': sealed.wrappedKey, 'x-key-id': value.keyId },
    body: JSON.stringify({ value: sealed.value }),
  };
}

async function benchServer(label: string, port: number, env: Record<string, string>): Promise<TResult[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    // TRUST_PROXY: each login carries its own X-Forwarded-For, as visitors behind a balancer would,
    // so the per-IP login limit measures nothing but itself.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', TRUST_PROXY: '1', DEMO_PASSWORD: BENCH_PASSWORD, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/readyz`, child);
    const results = [await measure(`GET /wps/system/status (${label})`, `${base}/wps/system/status?url=localhost`, child)];
    const login = await sealedLogin(base);
    const first = await fetch(`${base}/wps/session/login`, { method: 'POST', headers: login.headers, body: login.body });
    const token = ((await first.json()) as { value: { token: string } }).value.token;
    results.push(await measure(`GET /wps/member/info (${label})`, `${base}/wps/member/info`, child, { headers: { authorization: token } }));
    // Last: logins are CPU-bound, and the backlog left when autocannon stops would slow what follows.
    results.push(
      await measure(`POST /wps/session/login (${label})`, `${base}/wps/session/login`, child, {
        requests: [
          {
            method: 'POST',
            headers: login.headers,
            body: login.body,
            setupRequest: (req: autocannon.Request) => ({
              ...req,
              headers: { ...req.headers, 'x-forwarded-for': `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}` },
            }),
          },
        ],
      }),
    );
    return results;
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
results.push(...(await benchServer('PGlite', 18182, { DATA_DIR: dataDir, DATABASE_URL: '' })));
if (process.env.DATABASE_URL) {
  // A database of its own, so the demo accounts get the bench password.
  const db = await freshPostgresDatabase(process.env.DATABASE_URL, 'playhall_bench');
  try {
    results.push(...(await benchServer('PostgreSQL', 18183, { DATA_DIR: dataDir, DATABASE_URL: db.url })));
  } finally {
    await db.drop();
  }
}
fs.rmSync(dataDir, { recursive: true, force: true });

const hello = results[0]?.rps ?? 1;
console.log('target'.padEnd(44), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'errors'.padStart(7), 'non2xx'.padStart(7), 'peak RSS MB'.padStart(12), 'vs hello'.padStart(9));
for (const r of results) {
  console.log(
    r.name.padEnd(44),
    String(r.rps).padStart(8),
    String(r.p50).padStart(8),
    String(r.p99).padStart(8),
    String(r.errors).padStart(7),
    String(r.non2xx).padStart(7),
    String(r.peakRssMb).padStart(12),
    (r.rps / hello).toFixed(3).padStart(9),
  );
}
