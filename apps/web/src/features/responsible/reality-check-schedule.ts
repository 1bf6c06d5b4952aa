/** Called by the page when the interval changes; the running check (if any) asks the server anew. */
let replan: (() => void) | null = null;

export function setRealityReplan(fn: (() => void) | null): void {
  replan = fn;
}

export function refreshRealityCheck(): void {
  replan?.();
}

/**
 * Milliseconds until the next reality check: every `intervalMinutes` counted from the session's log-in (`sinceMs`),
 * so a reload keeps the rhythm; the next whole interval strictly after `nowMs`.
 */
export function nextCheckDelay(sinceMs: number, intervalMinutes: number, nowMs: number): number {
  const interval = intervalMinutes * 60_000;
  const elapsed = Math.max(0, nowMs - sinceMs);
  return sinceMs + (Math.floor(elapsed / interval) + 1) * interval - nowMs;
}
