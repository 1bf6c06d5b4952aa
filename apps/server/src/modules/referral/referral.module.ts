import * as loyalty from '@playhall/contract/calls/loyalty';
import type { TJobRegistry } from '../../app.ts';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TCallRegistrar, TSession } from '../../plugins/contract-routes.ts';
import { clientOf } from '../auth/client.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { bindReferral, qualifyReferrals, REFERRAL_EVERY_MS, REFERRAL_JOB, referralInfo, referralInvitees } from './referral.service.ts';

function me(session: TSession | null): number {
  if (!session) throw new AppError('not_logged_in');
  return session.userId;
}

/** Invite friends (issue 18): the member's code and totals, its invitees, binding a code, and the qualification job every 10 minutes. */
export function registerReferralModule(calls: TCallRegistrar, deps: { db: TDb; site: Pick<TSiteConfigLoader, 'get'>; jobs: TJobRegistry }): void {
  const { db, site } = deps;
  calls.serve(loyalty.referralInfo, async (_input, { session }) => {
    const userId = me(session);
    const { merchant } = await site.get();
    return referralInfo(db, { merchantId: merchant.id, userId }, new Date());
  });
  calls.serve(loyalty.referralInvitees, async (input, { session }) => {
    const userId = me(session);
    const { merchant } = await site.get();
    return referralInvitees(db, { merchantId: merchant.id, userId }, input);
  });
  calls.serve(loyalty.bindReferral, async (input, { session, request }) => {
    const userId = me(session);
    const { merchant } = await site.get();
    return bindReferral(db, { merchantId: merchant.id, userId }, input.code, clientOf(request), new Date());
  });
  deps.jobs.handle(REFERRAL_JOB, {
    run: async ({ now }) => {
      const { merchant } = await site.get();
      await qualifyReferrals(db, merchant.id, merchant.timeZone, now);
    },
  });
  deps.jobs.every({ name: REFERRAL_JOB, slotOf: (now) => new Date(Math.floor(now.getTime() / REFERRAL_EVERY_MS) * REFERRAL_EVERY_MS) });
}
