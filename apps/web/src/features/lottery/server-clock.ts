import { useSyncExternalStore } from 'react';

/**
 * The lottery's countdowns run on the server clock (betting closes by it): offset = serverTime − local
 * time, taken from every lottery.game answer. Until one arrived the offset is unknown (null) and the
 * countdowns wait rather than trust the local clock.
 */
let offsetMs: number | null = null;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;
let nowMs = 0;

function emit(): void {
  nowMs = offsetMs === null ? 0 : Date.now() + offsetMs;
  for (const l of listeners) l();
}

export function setServerOffset(ms: number): void {
  offsetMs = Math.round(ms);
  emit();
}

/** The server's time now (ms), or null while no answer has told it. */
export function serverNow(): number | null {
  return offsetMs === null ? null : Date.now() + offsetMs;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    emit();
    timer = setInterval(emit, 1_000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** Server time in ms, ticking every second; null until the offset is known. */
export function useServerNow(): number | null {
  const now = useSyncExternalStore(subscribe, () => nowMs);
  return offsetMs === null ? null : now;
}

export type TClockPhase = 'open' | 'closed' | 'drawn';

/** Where a draw stands at `now`: betting open, closed awaiting the draw, or past its draw time. */
export function clockPhase(draw: { closeAt: string; drawAt: string }, now: number | null): TClockPhase {
  if (now === null) return 'open';
  if (now < Date.parse(draw.closeAt)) return 'open';
  return now < Date.parse(draw.drawAt) ? 'closed' : 'drawn';
}

/** Whole seconds from `now` to `iso`, never below 0. */
export function secondsUntil(iso: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000));
}

/** 75 → 01:15; 4000 → 1:06:40; a day or more → 1d 02:03:04. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const days = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3_600);
  const m = Math.floor((s % 3_600) / 60);
  const rest = s % 60;
  if (days > 0) return `${days}d ${pad(h)}:${pad(m)}:${pad(rest)}`;
  if (h > 0) return `${h}:${pad(m)}:${pad(rest)}`;
  return `${pad(m)}:${pad(rest)}`;
}
