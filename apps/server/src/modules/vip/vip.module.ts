import { confirmBirthday, vipLevels } from '@playhall/contract/calls/loyalty';
import type { TJobRegistry } from '../../app.ts';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { readerOf } from '../../lib/content-language.ts';
import { DEFAULT_TIME_ZONE } from '../../lib/zoned-time.ts';
import { createTeamRollup } from '../agent/team-rollup.ts';
import type { TCallRegistrar } from '../../plugins/contract-routes.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { dayStart, localDay, monthOf, rebateDayDue, REBATE_GRACE_MS, runVipBirthdays, runVipMonthly, runVipRebate } from './vip.jobs.ts';
import { recomputeVip } from './vip.recompute.ts';
import { createVipService } from './vip.service.ts';

export const VIP_RECOMPUTE_JOB = 'vip.recompute';
export const VIP_MONTHLY_JOB = 'vip.monthly';
export const VIP_BIRTHDAY_JOB = 'vip.birthday';
export const VIP_REBATE_JOB = 'vip.rebate';
const RECOMPUTE_EVERY_MS = 10 * 60_000;

/**
 * VIP levels (issue 18): vip.levels and vip.confirmBirthday, and the jobs: the recomputation every 10 minutes, the
 * monthly keep requirement and bonus on the 1st (local time), birthday bonuses daily, the rebate of each local day
 * 15 minutes after it ends. Each slot runs once across processes (the scheduler's job rows); the keys of what they
 * pay make a rerun or a second process pay nothing twice.
 */
export function registerVipModule(calls: TCallRegistrar, deps: { db: TDb; site: Pick<TSiteConfigLoader, 'get'>; jobs: TJobRegistry }): void {
  const { db, site } = deps;
  const merchant = async () => {
    const m = (await site.get()).merchant;
    return { id: m.id, timeZone: m.timeZone };
  };
  const rollup = createTeamRollup({ db, timeZone: async () => (await merchant()).timeZone });
  const service = createVipService({ db, rollup, merchant });

  // In the reader's language (the Language header), else the site language, else the base text.
  calls.serve(vipLevels, async (_input, { session, request }) => service.levels(session, readerOf(request, (await site.get()).merchant.defaultLanguage)));
  calls.serve(confirmBirthday, async (input, { session }) => {
    if (!session) throw new AppError('not_logged_in');
    return service.confirmBirthday(session.userId, input.birthday);
  });

  deps.jobs.handle(VIP_RECOMPUTE_JOB, {
    run: async ({ now }) => {
      const m = await merchant();
      await recomputeVip(db, rollup, m.id, m.timeZone, now);
    },
  });
  deps.jobs.every({ name: VIP_RECOMPUTE_JOB, slotOf: (now) => new Date(Math.floor(now.getTime() / RECOMPUTE_EVERY_MS) * RECOMPUTE_EVERY_MS) });

  // The slots below are local times; the zone is read when a slot is asked for (a change of zone moves later slots).
  let zone = DEFAULT_TIME_ZONE;
  const refreshZone = async () => {
    zone = (await merchant()).timeZone;
  };
  deps.jobs.handle(VIP_MONTHLY_JOB, {
    run: async ({ job }) => {
      const m = await merchant();
      await runVipMonthly(db, rollup, m.id, m.timeZone, job.runAt);
    },
  });
  deps.jobs.every({ name: VIP_MONTHLY_JOB, slotOf: (now) => monthOf(zone, now).start });
  deps.jobs.handle(VIP_BIRTHDAY_JOB, {
    run: async ({ job }) => {
      const m = await merchant();
      await runVipBirthdays(db, m.id, m.timeZone, job.runAt);
    },
  });
  deps.jobs.every({ name: VIP_BIRTHDAY_JOB, slotOf: (now) => dayStart(zone, localDay(zone, now)) });
  deps.jobs.handle(VIP_REBATE_JOB, {
    run: async ({ job, now }) => {
      const m = await merchant();
      await runVipRebate(db, m.id, m.timeZone, rebateDayDue(m.timeZone, job.runAt), now);
    },
  });
  deps.jobs.every({
    name: VIP_REBATE_JOB,
    slotOf: (now) => new Date(dayStart(zone, localDay(zone, new Date(now.getTime() - REBATE_GRACE_MS))).getTime() + REBATE_GRACE_MS),
  });
  deps.jobs.onTick('vip.zone', refreshZone);
  void refreshZone().catch(() => undefined);
}
