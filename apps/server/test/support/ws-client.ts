import WebSocket from 'ws';
import type { TClientFrame, TServerFrame } from '@playhall/contract/realtime';

/** A `/ws` client as a browser tab is one: every frame it received, in order, and how it closed. */
export interface TWsClient {
  ws: WebSocket;
  frames: TServerFrame[];
  closed: Promise<{ code: number; reason: string }>;
  send(frame: TClientFrame | string): void;
  /** The first frame (from `from` on) that matches, waiting up to `ms`. */
  next<T extends TServerFrame['t']>(t: T, opts?: { ms?: number; from?: number; where?: (f: Extract<TServerFrame, { t: T }>) => boolean }): Promise<Extract<TServerFrame, { t: T }>>;
  close(): void;
}

export async function openWs(base: string, headers: Record<string, string> = {}): Promise<TWsClient> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`, { headers });
  const frames: TServerFrame[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as TServerFrame);
    for (const w of waiters) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  ws.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('close', () => resolve());
  });
  return {
    ws,
    frames,
    closed,
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next(t, opts = {}) {
      const ms = opts.ms ?? 5_000;
      let from = opts.from ?? 0;
      return new Promise((resolve, reject) => {
        const check = () => {
          for (; from < frames.length; from++) {
            const f = frames[from];
            if (f?.t === t && (!opts.where || opts.where(f as never))) {
              waiters.delete(check);
              clearTimeout(timer);
              resolve(f as never);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no '${t}' frame within ${ms} ms; got ${JSON.stringify(frames)}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    close: () => ws.close(),
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
