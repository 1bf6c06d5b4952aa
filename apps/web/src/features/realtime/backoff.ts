/** The first reconnect waits about this long; each failure doubles it up to the cap. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_CAP_MS = 30_000;

/**
 * Delay before reconnect attempt `attempt` (0 = first): exponential, capped, with jitter between half and the whole
 * step, so the tabs a server restart dropped do not all come back in the same instant.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(RECONNECT_CAP_MS, RECONNECT_BASE_MS * 2 ** Math.min(attempt, 16));
  return Math.round(step / 2 + (step / 2) * random());
}
