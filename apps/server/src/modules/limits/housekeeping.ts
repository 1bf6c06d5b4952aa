import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/client.ts';

/** Every process sweeps; each sweep is an idempotent DELETE, so processes running it together do no harm. */
export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
/** Ended sessions, codes and links are kept this long (support questions) before they go. */
export const KEEP_ENDED_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Expiry of sessions, codes, captchas and counters (ARCHITECTURE.md, Jobs). Expired rows are
 * already refused when read; this only keeps the tables small.
 */
export function startHousekeeping(deps: {
  db: TDb;
  log: FastifyBaseLogger;
  sweeps: ((db: TDb, before: Date, now: Date) => Promise<void>)[];
}): () => void {
  const run = async () => {
    const now = new Date();
    const before = new Date(now.getTime() - KEEP_ENDED_MS);
    for (const sweep of deps.sweeps) {
      try {
        await sweep(deps.db, before, now);
      } catch (err) {
        deps.log.warn({ err }, 'housekeeping sweep failed');
      }
    }
  };
  const timer = setInterval(() => void run(), SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
