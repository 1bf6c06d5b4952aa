/**
 * `npm run bench`: requests/s on the real server (embedded database, and PostgreSQL too when
 * DATABASE_URL is set) against a bare node:http hello server, under the same autocannon settings,
 * with their ratio and each server's peak memory (VmHWM). Measured: GET /wps/system/status (the
 * start-up call), POST /wps/session/login (encrypted; bound by argon2id) and GET /wps/member/info
 * (a session lookup and the account read). On PostgreSQL also wallet transfers (GCS_walletTransfer,
 * main wallet to a vendor wallet: one ledger entry each, under its own request id) beside
 * `pgbench -b simple-update` on the same server in the same run, and their ratio; and house slot spins end to
 * end (outcome, signed seamless debit and credit, stored round); and lottery settlement: one draw of
 * LOTTERY_TICKETS (1,000,000) tickets settled through the ledger (bench/lottery-settlement.ts).
 * And agent contracts: 100,000 daily-salary contracts settled for one day, and the team overview of an agent with
 * 100,000 downlines over HTTP (bench/agent-settlement.ts). BENCH_ONLY=lottery or BENCH_ONLY=agents runs only that.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { encryptBody, ENCRYPTION_SCHEME } from '../src/modules/crypto/envelope-crypto.ts';
import { freshPostgresDatabase } from '../test/support/fresh-postgres.ts';
import { benchLotterySettlement, printSettlementBench, type TSettlementBench } from './lottery-settlement.ts';
import { benchAgentSettlement, printAgentBench, type TAgentBench } from './agent-settlement.ts';

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

const DEMO_USERS = ['member01', 'member02', 'member03', 'agent01', 'agent02'];

/** Demo accounts' tokens: the transfer load spreads over several wallets, as many players' would. */
async function demoTokens(base: string): Promise<string[]> {
  const tokens: string[] = [];
  for (const [i, username] of DEMO_USERS.entries()) {
    const { value } = (await (await fetch(`${base}/wps/system/publicKey`)).json()) as { value: { publicKey: string; keyId: string } };
    const sealed = encryptBody(value.publicKey, { type: 'username', username, password: BENCH_PASSWORD });
    const res = await fetch(`${base}/wps/session/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', encryption: ENCRYPTION_SCHEME, 'x-rsa': sealed.wrappedKey, 'x-key-id': value.keyId, 'x-forwarded-for': `10.200.0.${i + 1}` },
      body: JSON.stringify({ value: sealed.value }),
    });
    const body = (await res.json()) as { code: string; value: { token: string } };
    if (body.code !== 'ok') throw new Error(`bench login ${username}: ${body.code}`);
    tokens.push(body.value.token);
  }
  return tokens;
}

/** Wallet transfers per second: each request a new request id, so each is a real ledger entry. */
async function measureTransfers(label: string, base: string, child: ChildProcess, env: Record<string, string>): Promise<TResult> {
  const mode = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/main.ts', 'wallet', 'mode', 'transfer'], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (mode.status !== 0) throw new Error(`ops wallet mode transfer failed: ${mode.stderr}`);
  // The server drops its cached site settings on the operator's NOTIFY; give it a moment.
  await new Promise((r) => setTimeout(r, 500));
  const tokens = await demoTokens(base);
  const result = await measure(`POST GCS_walletTransfer (${label})`, `${base}/wps/relay/GCS_walletTransfer`, child, {
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req: autocannon.Request) => ({
          ...req,
          headers: { ...req.headers, authorization: tokens[crypto.randomInt(tokens.length)] as string },
          body: JSON.stringify({ action: 'transfer', requestId: crypto.randomUUID(), from: 'MAIN', to: 'TCG_LOTTO_VN', amount: 1 }),
        }),
      },
    ],
  });
  return result;
}

/** Slot spins per second end to end: each a fair outcome, a signed seamless debit and credit, and a stored round. */
async function measureSpins(label: string, base: string, child: ChildProcess): Promise<TResult> {
  const tokens = await demoTokens(base);
  const gameTokens: string[] = [];
  for (const token of tokens) {
    const res = await fetch(`${base}/wps/game/launchGame`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ launchMode: 'GLS', vassalage: 'PH_SLOT', gameId: 'lucky-crown', merchantCode: 'PLAYHALL', language: 'EN' }),
    });
    const body = (await res.json()) as { code: string; value: { game_url: string } };
    if (body.code !== 'ok') throw new Error(`bench launch: ${body.code}`);
    const gameToken = new URLSearchParams(body.value.game_url.split('#')[1]).get('token');
    if (!gameToken) throw new Error('bench launch: no token');
    gameTokens.push(gameToken);
  }
  return measure(`POST /wps/house/play slot (${label})`, `${base}/wps/house/play`, child, {
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ input: { betPerLine: 1 } }),
        setupRequest: (req: autocannon.Request) => ({
          ...req,
          headers: {
            ...req.headers,
            'x-game-token': gameTokens[crypto.randomInt(gameTokens.length)] as string,
            'x-forwarded-for': `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`,
          },
        }),
      },
    ],
  });
}

/** `pgbench -b simple-update` on a database of its own on the same server: what the server does bare. */
function pgbench(databaseUrl: string): { tps: number; line: string } | null {
  const which = spawnSync('pgbench', ['--version'], { encoding: 'utf8' });
  if (which.status !== 0) {
    console.warn('pgbench not found (apt-get install postgresql-client or postgresql-contrib); skipping the pgbench comparison');
    return null;
  }
  const init = spawnSync('pgbench', ['-i', '-q', '-s', '10', databaseUrl], { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
  const run = spawnSync('pgbench', ['-b', 'simple-update', '-c', String(CONNECTIONS), '-j', String(os.cpus().length), '-T', String(DURATION), databaseUrl], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`pgbench failed: ${run.stderr}`);
  const line = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout);
  if (!line?.[1]) throw new Error(`pgbench output not understood:\n${run.stdout}`);
  return { tps: Math.round(Number(line[1])), line: line[0] };
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
    if (env.DATABASE_URL) {
      // Spins first: the transfer measure switches the site to transfer wallets, where the slot would play
      // from its own (empty) wallet.
      results.push(await measureSpins(label, base, child));
      results.push(await measureTransfers(label, base, child, env));
    }
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

if (process.env.BENCH_ONLY === 'agents') {
  if (!process.env.DATABASE_URL) throw new Error('the agent bench runs on PostgreSQL: set DATABASE_URL (npm run pg:start prints one)');
  printAgentBench(await benchAgentSettlement(process.env.DATABASE_URL));
  process.exit(0);
}
if (process.env.BENCH_ONLY === 'lottery') {
  if (!process.env.DATABASE_URL) throw new Error('the lottery settlement bench runs on PostgreSQL: set DATABASE_URL (npm run pg:start prints one)');
  printSettlementBench(await benchLotterySettlement(process.env.DATABASE_URL));
  process.exit(0);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playhall-bench-'));
console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s per target (after a 2 s warm-up); ${os.cpus().length} cores, Node ${process.version}\n`);
const results: TResult[] = [];
let pgbenchResult: { tps: number; line: string } | null = null;
let settlementResult: TSettlementBench | null = null;
let agentResult: TAgentBench | null = null;
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
  settlementResult = await benchLotterySettlement(process.env.DATABASE_URL);
  agentResult = await benchAgentSettlement(process.env.DATABASE_URL);
  const bare = await freshPostgresDatabase(process.env.DATABASE_URL, 'playhall_pgbench');
  try {
    pgbenchResult = pgbench(bare.url);
  } finally {
    await bare.drop();
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
if (pgbenchResult) {
  const transfers = results.find((r) => r.name.startsWith('POST GCS_walletTransfer'));
  console.log(`\npgbench -b simple-update, ${CONNECTIONS} clients, ${DURATION} s: ${pgbenchResult.tps} tps (${pgbenchResult.line})`);
  if (transfers) {
    console.log(`wallet transfers ${transfers.rps}/s vs pgbench ${pgbenchResult.tps} tps: ratio ${(transfers.rps / pgbenchResult.tps).toFixed(3)}`);
  }
}
if (settlementResult) printSettlementBench(settlementResult);
if (agentResult) printAgentBench(agentResult);
