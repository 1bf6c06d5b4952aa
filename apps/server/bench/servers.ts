/**
 * What the HTTP parts of the bench share: starting a server process (or a bare node:http hello), waiting for
 * it, loading it with autocannon, and reading its peak memory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { EMBEDDED_NODE_FLAGS } from '../../../scripts/node-flags.mjs';

export const root = path.resolve(import.meta.dirname, '../../..');
export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

export interface TLoad {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface TServer {
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Peak resident memory (VmHWM) of a process, in MB. */
export function peakRssMb(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return NaN;
  }
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
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

function stopper(child: ChildProcess) {
  return async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
}

/** The real server (apps/server/src/main.ts) on `port`, with the bench's environment. */
export async function startServer(port: number, env: Record<string, string>): Promise<TServer> {
  // BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the servers (written when they stop).
  // The embedded server runs with the flags `npm start` gives it.
  const nodeArgs = [...(env.DATABASE_URL ? [] : EMBEDDED_NODE_FLAGS), ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    // TRUST_PROXY: each request may carry its own X-Forwarded-For, as visitors behind a balancer would, so
    // per-IP limits measure nothing but themselves.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', TRUST_PROXY: '1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/readyz`, child);
  return { base, child, stop: stopper(child) };
}

export async function startHello(port: number): Promise<TServer> {
  const code = `require('node:http').createServer((q, s) => { s.setHeader('content-type','application/json'); s.end('{"hello":"world"}'); }).listen(${port}, '127.0.0.1')`;
  const child = spawn(process.execPath, ['-e', code], { stdio: 'inherit' });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/`, child);
  return { base, child, stop: stopper(child) };
}

export type TTarget = Pick<autocannon.Options, 'headers' | 'requests' | 'method' | 'body'>;

function summary(r: autocannon.Result): TLoad {
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

/** autocannon on one URL after a 2 s warm-up, so JIT and caches settle before the measured run. */
export async function load(url: string, target: TTarget = {}, connections = CONNECTIONS): Promise<TLoad> {
  await autocannon({ url, connections, duration: 2, ...target });
  return summary(await autocannon({ url, connections, duration: DURATION, ...target }));
}

/** The same load split over several servers at once (two processes behind a balancer): requests/s summed. */
export async function loadSpread(urls: string[], target: TTarget = {}): Promise<TLoad> {
  const each = Math.max(1, Math.round(CONNECTIONS / urls.length));
  await Promise.all(urls.map((url) => autocannon({ url, connections: each, duration: 2, ...target })));
  const runs = (await Promise.all(urls.map((url) => autocannon({ url, connections: each, duration: DURATION, ...target })))).map(summary);
  return {
    rps: runs.reduce((s, r) => s + r.rps, 0),
    p50: Math.max(...runs.map((r) => r.p50)),
    p99: Math.max(...runs.map((r) => r.p99)),
    errors: runs.reduce((s, r) => s + r.errors, 0),
    non2xx: runs.reduce((s, r) => s + r.non2xx, 0),
  };
}
