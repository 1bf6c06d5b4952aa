import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { TCallDef } from '@playhall/contract/define';
import { encodeCall } from './api.ts';

/** Real server processes (`apps/server/src/main.ts`) for tests that need more than one, or a crash. */

const ROOT = path.resolve(import.meta.dirname, '../../../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface TServerProcess {
  base: string;
  child: ChildProcess;
  output(): string;
}

/**
 * Starts the server with `env` (DATABASE_URL, DATA_DIR, DEMO_PASSWORD, LOG_LEVEL…) behind a trusted proxy, and
 * waits until it is ready. With `outputFile`, stdout and stderr both write to that file, in the order a
 * terminal shows them (two pipes are read in whatever order their data arrives).
 */
export async function startServerProcess(env: Record<string, string>, opts: { outputFile?: string } = {}): Promise<TServerProcess> {
  const port = await freePort();
  const fd = opts.outputFile ? fs.openSync(opts.outputFile, 'w') : null;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1', OPS_PORT: '0', TRUST_PROXY: '1', WEB_DIST: '/nonexistent-web-dist' },
    stdio: fd === null ? ['ignore', 'pipe', 'pipe'] : ['ignore', fd, fd],
  });
  if (fd !== null) fs.closeSync(fd);
  let out = '';
  child.stdout?.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (out += b.toString()));
  const output = () => (opts.outputFile ? fs.readFileSync(opts.outputFile, 'utf8') : out);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${base}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server not ready:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, child, output };
}

export function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}

const keys = new Map<string, Promise<{ publicKey: string; keyId: string }>>();
let ipSeq = 0;

/**
 * A contract call over HTTP to a server process. Each request comes from its own client address (the
 * server trusts the proxy header), so the per-process, per-IP rate limits do not throttle a stream:
 * what is tested is what holds in the database.
 */
export async function callProcess<T>(base: string, def: TCallDef, payload: unknown, token?: string): Promise<{ status: number; code: string; value: T }> {
  let key = null;
  if (def.encrypted) {
    if (!keys.has(base)) {
      keys.set(base, fetch(`${base}/wps/system/publicKey`).then(async (r) => ((await r.json()) as { value: { publicKey: string; keyId: string } }).value));
    }
    key = await keys.get(base)!;
  }
  ipSeq++;
  const req = encodeCall(def, payload, { token, headers: { 'x-forwarded-for': `10.9.${Math.floor(ipSeq / 250) % 250}.${(ipSeq % 250) + 1}` } }, key);
  const res = await fetch(base + req.url, { method: def.method, headers: req.headers, body: req.body });
  const body = (await res.json()) as { code: string; value: T };
  return { status: res.status, code: body.code, value: body.value };
}
