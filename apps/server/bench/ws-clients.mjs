/**
 * A worker thread of the `ws` bench part (plain JavaScript: a worker does not load tsx): opens its share of the WebSocket clients (each signed in as a member, from
 * its own forwarded address, joined to one room), then records for every chat frame whose text is `bench:<ms>` how
 * long after that moment it arrived. Answers 'ready' when all joined, and its latencies on 'stop'.
 */
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

/** @type {{ url: string, tokens: string[], firstIp: number, roomId: number }} */
const work = workerData;
/** @type {WebSocket[]} */
const sockets = [];
let latencies = new Float64Array(1 << 16);
let count = 0;
let failed = 0;

/** @param {number} ms */
function record(ms) {
  if (count === latencies.length) {
    const bigger = new Float64Array(latencies.length * 2);
    bigger.set(latencies);
    latencies = bigger;
  }
  latencies[count++] = ms;
}

/** @param {string} token @param {number} i @returns {Promise<void>} */
function open(token, i) {
  return new Promise((resolve) => {
    const n = work.firstIp + i;
    const ws = new WebSocket(work.url, { headers: { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` } });
    sockets.push(ws);
    let joined = false;
    ws.on('error', () => undefined);
    ws.on('close', () => {
      if (!joined) {
        failed++;
        resolve();
      }
    });
    ws.on('open', () => ws.send(JSON.stringify({ t: 'auth', token })));
    ws.on('message', (data) => {
      const text = String(data);
      // Only chat frames are timed; the rest are parsed (they are few).
      const at = text.indexOf('"text":"bench:');
      if (at >= 0) {
        record(Date.now() - Number(text.slice(at + 14, text.indexOf('"', at + 14))));
        return;
      }
      const frame = JSON.parse(text);
      if (frame.t === 'hello' && frame.member) ws.send(JSON.stringify({ t: 'join', roomId: work.roomId }));
      else if (frame.t === 'joined' && !joined) {
        joined = true;
        resolve();
      }
    });
  });
}

async function main() {
  // A few hundred handshakes at once, not all: the server's accept queue is what it is.
  const batch = 100;
  for (let i = 0; i < work.tokens.length; i += batch) {
    await Promise.all(work.tokens.slice(i, i + batch).map((t, j) => open(t, i + j)));
  }
  // Keep them open: the server closes a socket that sends nothing for a minute.
  const pinger = setInterval(() => {
    for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send('{"t":"ping"}');
  }, 20_000);
  parentPort.postMessage({ ready: work.tokens.length - failed, failed });
  parentPort.on('message', (msg) => {
    if (msg !== 'stop') return;
    clearInterval(pinger);
    for (const ws of sockets) ws.terminate();
    const out = latencies.slice(0, count);
    parentPort.postMessage({ latencies: out }, [out.buffer]);
  });
}

void main();
