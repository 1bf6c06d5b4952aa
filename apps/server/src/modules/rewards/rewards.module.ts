import type { TJobRegistry } from '../../app.ts';
import type { TDb } from '../../db/client.ts';
import type { TCallRegistrar } from '../../plugins/contract-routes.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { sweepBonuses } from './bonus-turnover.ts';
import { registerRewardsRoutes } from './rewards.routes.ts';

export const BONUS_SWEEP_JOB = 'rewards.bonusSweep';
const SWEEP_EVERY_MS = 5 * 60_000;

/** Wires the reward centre, the claim and the bonus sweep (turnover, conversion, expiry) every 5 minutes. */
export function registerRewardsModule(calls: TCallRegistrar, deps: { db: TDb; site: Pick<TSiteConfigLoader, 'get'>; jobs: TJobRegistry }): void {
  const { db, site } = deps;
  registerRewardsRoutes(calls, { db, site });
  deps.jobs.handle(BONUS_SWEEP_JOB, { run: async ({ now }) => void (await sweepBonuses(db, (await site.get()).merchant.id, now)) });
  deps.jobs.every({ name: BONUS_SWEEP_JOB, slotOf: (now) => new Date(Math.floor(now.getTime() / SWEEP_EVERY_MS) * SWEEP_EVERY_MS) });
}
