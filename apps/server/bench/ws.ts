/**
 * The `ws` part (issue 19): BENCH_WS_CLIENTS (2,000) WebSocket clients, each signed in as its own member, joined to
 * one chat room on one server process (PostgreSQL), spread over two worker threads of the bench; a sender posts
 * chat messages over HTTP (`chat.send`, round robin over 100 of the members, within the per-member rate limit) at
 * BENCH_WS_RATE (20) messages/s for BENCH_SECONDS. Reported: messages delivered per second (deliveries = messages
 * × clients), p50/p99 delivery latency (from just before the send call to the frame's arrival: the HTTP call, its
 * transaction and the fan-out) and the server's peak memory; beside them the same load on a bare `ws` broadcast
 * server (POST /send broadcasts one frame of the same shape, no database) in the same run, as the baseline. With
 * 2,000 members connected the server's state-diff poll runs over 2,000 sessions every second throughout; its
 * statement is also timed on its own.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { readFigures } from '../src/modules/realtime/signals.ts';
import { freshPostgresDatabase } from '../test/support/fresh-postgres.ts';
import { judged, type TFigure } from './figures.ts';
import { benchMembers } from './fixtures.ts';
import { round1, round2 } from './measure.ts';
import { DURATION, peakRssMb, startServer } from './servers.ts';

const CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 2_000);
const RATE = Number(process.env.BENCH_WS_RATE ?? 20);
const WORKERS = 2;
const SENDERS = 100;

export interface TWsRun {
  label: string;
  clients: number;
  sent: number;
  sendErrors: number;
  deliveries: number;
  expected: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** The send call's own time (HTTP, and for ours the stored message's transaction): the rest of the latency is the fan-out. */
  callP50: number;
  callP99: number;
  peakRssMb: number;
}

export interface TWsBench {
  ours: TWsRun;
  bare: TWsRun;
  poll: { sessions: number; p50: number; p99: number };
  figures: TFigure[];
}

const quantile = (sorted: Float64Array, q: number) => (sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) : NaN);

async function startClients(url: string, tokens: string[], roomId: number): Promise<{ workers: Worker[]; ready: number }> {
  const per = Math.ceil(tokens.length / WORKERS);
  const workers: Worker[] = [];
  const answers: Promise<{ ready: number; failed: number }>[] = [];
  for (let w = 0; w < WORKERS; w++) {
    const worker = new Worker(new URL('./ws-clients.mjs', import.meta.url), { workerData: { url, tokens: tokens.slice(w * per, (w + 1) * per), firstIp: 1 + w * per, roomId } });
    workers.push(worker);
    answers.push(
      new Promise((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      }),
    );
  }
  const ready = (await Promise.all(answers)).reduce((s, a) => s + a.ready, 0);
  return { workers, ready };
}

async function stopClients(workers: Worker[]): Promise<Float64Array> {
  const parts = await Promise.all(
    workers.map(
      (w) =>
        new Promise<Float64Array>((resolve) => {
          w.once('message', (m: { latencies: Float64Array }) => resolve(m.latencies));
          w.postMessage('stop');
        }),
    ),
  );
  await Promise.all(workers.map((w) => w.terminate()));
  const all = new Float64Array(parts.reduce((s, p) => s + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return all.sort();
}

/** Sends RATE messages a second for DURATION seconds on a fixed schedule (not one after another's answer). */
async function sendAtRate(send: (i: number, text: string) => Promise<boolean>): Promise<{ sent: number; errors: number; seconds: number; callMs: Float64Array }> {
  const total = RATE * DURATION;
  const t0 = Date.now();
  const pending: Promise<boolean>[] = [];
  const callMs = new Float64Array(total);
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / RATE;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const started = Date.now();
    pending.push(
      send(i, `bench:${started}`)
        .catch(() => false)
        .finally(() => (callMs[i] = Date.now() - started)),
    );
  }
  const ok = (await Promise.all(pending)).filter(Boolean).length;
  return { sent: ok, errors: total - ok, seconds: (Date.now() - t0) / 1000, callMs: callMs.sort() };
}

async function measure(label: string, url: string, tokens: string[], roomId: number, pid: number | undefined, send: (i: number, text: string) => Promise<boolean>): Promise<TWsRun> {
  const { workers, ready } = await startClients(url, tokens, roomId);
  if (ready < tokens.length) console.warn(`${label}: ${tokens.length - ready} of ${tokens.length} clients did not join`);
  // a short warm-up, not counted
  for (let i = 0; i < 5; i++) await send(SENDERS - 1 - i, 'warm-up');
  await new Promise((r) => setTimeout(r, 1_000));
  const s = await sendAtRate(send);
  await new Promise((r) => setTimeout(r, 2_000)); // what is in flight arrives
  const latencies = await stopClients(workers);
  return {
    label,
    clients: ready,
    sent: s.sent,
    sendErrors: s.errors,
    deliveries: latencies.length,
    expected: s.sent * ready,
    perSecond: Math.round(latencies.length / s.seconds),
    p50: round1(quantile(latencies, 0.5)),
    p99: round1(quantile(latencies, 0.99)),
    callP50: round1(quantile(s.callMs, 0.5)),
    callP99: round1(quantile(s.callMs, 0.99)),
    peakRssMb: peakRssMb(pid),
  };
}

/** A bare `ws` broadcast server: the same frames, no database, no checks; POST /send broadcasts `{text}`. */
function startBare(port: number): Promise<{ url: string; pid: number | undefined; stop(): Promise<void> }> {
  const code = `
const http = require('node:http'); const { WebSocketServer } = require('ws');
let id = 0; const room = new Set();
const server = http.createServer((req, res) => {
  let body = ''; req.on('data', (c) => (body += c)); req.on('end', () => {
    const { text, roomId } = JSON.parse(body);
    const frame = JSON.stringify({ t: 'chat', message: { id: ++id, roomId, author: 'ben***01', vipLevel: 0, text, createdAt: new Date().toISOString(), mine: false } });
    for (const ws of room) ws.send(frame);
    res.setHeader('content-type', 'application/json'); res.end('{"code":"ok"}');
  });
});
const wss = new WebSocketServer({ server, maxPayload: 2048 });
wss.on('connection', (ws) => {
  ws.send('{"t":"hello","member":false}');
  ws.on('message', (d) => { const f = JSON.parse(String(d));
    if (f.t === 'auth') ws.send('{"t":"hello","member":true}');
    else if (f.t === 'join') { room.add(ws); ws.send(JSON.stringify({ t: 'joined', roomId: f.roomId, history: [], online: room.size })); }
    else if (f.t === 'ping') ws.send('{"t":"pong"}'); });
  ws.on('close', () => room.delete(ws));
});
server.listen(${port}, '127.0.0.1', () => process.send && process.send('up'));`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('message', () =>
      resolve({
        url: `ws://127.0.0.1:${port}/ws`,
        pid: child.pid,
        stop: async () => {
          child.kill('SIGTERM');
          await new Promise((r) => child.once('exit', r));
        },
      }),
    );
  });
}

export async function benchWs(databaseUrl: string, password: string): Promise<TWsBench> {
  const fresh = await freshPostgresDatabase(databaseUrl, 'playhall_ws_bench');
  const server = await startServer(18190, { DATA_DIR: '/nonexistent-data-dir', DATABASE_URL: fresh.url, DEMO_PASSWORD: password });
  let ours: TWsRun;
  let poll: TWsBench['poll'];
  try {
    const members = await benchMembers(fresh.url, CLIENTS, 100_00);
    const c = new pg.Client({ connectionString: fresh.url });
    await c.connect();
    const { rows } = await c.query<{ id: number; merchant_id: number }>('select id, merchant_id from chat_rooms order by sort, id limit 1');
    const { rows: sessions } = await c.query<{ id: string }>('select s.id from sessions s join users u on u.id = s.user_id where u.username like $1', ['bench%']);
    await c.end();
    const room = rows[0];
    if (!room) throw new Error('no chat room: the server seeds the default rooms');
    const senders = members.tokens.slice(0, SENDERS);
    ours = await measure('ours', `ws://127.0.0.1:18190/ws`, members.tokens, room.id, server.child.pid, async (i, text) => {
      const res = await fetch(`http://127.0.0.1:18190/wps/chat/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: senders[i % SENDERS] as string, 'x-forwarded-for': `10.200.${(i >> 8) & 255}.${i & 255}` },
        body: JSON.stringify({ roomId: room.id, text, clientId: crypto.randomUUID() }),
      });
      return ((await res.json()) as { code: string }).code === 'ok';
    });
    // The poll's statement over 2,000 sessions, on its own (the server ran it every second throughout).
    const database = await openDatabase({ databaseUrl: fresh.url, dataDir: null });
    try {
      const ids = sessions.map((s) => Number(s.id));
      const times: number[] = [];
      for (let i = 0; i < 30; i++) {
        const t0 = process.hrtime.bigint();
        await readFigures(database.db, room.merchant_id, ids, new Date());
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
      const sorted = Float64Array.from(times.slice(5)).sort();
      poll = { sessions: ids.length, p50: round2(quantile(sorted, 0.5)), p99: round2(quantile(sorted, 0.99)) };
    } finally {
      await database.close();
    }
  } finally {
    await server.stop();
    await fresh.drop();
  }
  const bareServer = await startBare(18191);
  let bare: TWsRun;
  try {
    const tokens = Array.from({ length: CLIENTS }, (_, i) => `bare-${i}`);
    bare = await measure('bare ws', bareServer.url, tokens, 1, bareServer.pid, async (_i, text) => {
      const res = await fetch('http://127.0.0.1:18191/send', { method: 'POST', body: JSON.stringify({ text, roomId: 1 }) });
      return res.ok;
    });
  } finally {
    await bareServer.stop();
  }
  const figures: TFigure[] = [
    judged({ name: 'ws_deliveries_per_s', value: ours.perSecond, unit: 'deliveries/s', ratio: round2(ours.perSecond / bare.perSecond), baseline: 'bare ws broadcast', goal: '>= 0.95' }, 'ratio'),
    judged({ name: 'ws_delivery_p50', value: ours.p50, unit: 'ms', ratio: round2(ours.p50 / bare.p50), baseline: 'bare ws broadcast' }),
    judged({ name: 'ws_delivery_p99', value: ours.p99, unit: 'ms', ratio: round2(ours.p99 / bare.p99), baseline: 'bare ws broadcast', goal: '< 1000' }),
    judged({ name: 'ws_delivered_share', value: round2(ours.deliveries / Math.max(1, ours.expected)), unit: 'of sent × clients', goal: '>= 0.99' }),
    judged({ name: 'ws_server_peak_rss', value: ours.peakRssMb, unit: 'MB', ratio: round2(ours.peakRssMb / bare.peakRssMb), baseline: 'bare ws broadcast' }),
    { name: 'ws_bare_deliveries_per_s', value: bare.perSecond, unit: 'deliveries/s' },
    { name: 'ws_bare_delivery_p50', value: bare.p50, unit: 'ms' },
    { name: 'ws_bare_delivery_p99', value: bare.p99, unit: 'ms' },
    { name: 'ws_bare_peak_rss', value: bare.peakRssMb, unit: 'MB' },
    { name: 'ws_send_call_p50', value: ours.callP50, unit: 'ms', ratio: round2(ours.callP50 / bare.callP50), baseline: 'bare ws broadcast' },
    { name: 'ws_send_call_p99', value: ours.callP99, unit: 'ms', ratio: round2(ours.callP99 / bare.callP99), baseline: 'bare ws broadcast' },
    judged({ name: `realtime_poll_${poll.sessions}_p50`, value: poll.p50, unit: 'ms', goal: '< 100' }),
    { name: `realtime_poll_${poll.sessions}_p99`, value: poll.p99, unit: 'ms' },
  ];
  return { ours, bare, poll, figures };
}

export function printWsBench(r: TWsBench): void {
  console.log(`\nws: ${CLIENTS} clients in one room, ${RATE} messages/s for ${DURATION} s`);
  for (const x of [r.ours, r.bare]) {
    console.log(
      `  ${x.label.padEnd(8)} clients ${x.clients}, sent ${x.sent} (${x.sendErrors} refused), delivered ${x.deliveries} of ${x.expected}: ${x.perSecond}/s, p50 ${x.p50} ms, p99 ${x.p99} ms (the send call itself p50 ${x.callP50} ms, p99 ${x.callP99} ms), server peak ${x.peakRssMb} MB`,
    );
  }
  console.log(`  poll statement over ${r.poll.sessions} sessions: p50 ${r.poll.p50} ms, p99 ${r.poll.p99} ms`);
}
