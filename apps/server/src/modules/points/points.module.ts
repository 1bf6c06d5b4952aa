import { requestLanguage } from '../../lib/content-language.ts';
import { and, eq } from 'drizzle-orm';
import * as points from '@playhall/contract/calls/points';
import type { TJobRegistry } from '../../app.ts';
import type { TDb } from '../../db/client.ts';
import { pointItems } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { sanitizeOperatorHtml } from '../../lib/sanitize.ts';
import type { TCallRegistrar, TSession } from '../../plugins/contract-routes.ts';
import { createTeamRollup } from '../agent/team-rollup.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { createPaymentPasswordService } from '../wallet/payment-password.service.ts';
import { createWalletRepository } from '../wallet/wallet.repository.ts';
import { accruePoints, accrualSlotOf } from './points.accrual.ts';
import { readPointsConfig } from './points.config.ts';
import {
  cancelRedeem,
  convertPoints,
  findConvert,
  findRedeem,
  listItems,
  pointDetails,
  pointsOf,
  redeem,
  redeemHistory,
  type TMember,
} from './points.service.ts';

export const POINTS_ACCRUAL_JOB = 'points.accrue';

/**
 * The points calls (issue 18) and the accrual job every 5 minutes (it pays and tops up the open window too,
 * points.accrual.ts). Every call reads and changes only the session's own member; the catalogue and the config are
 * public.
 */
export function registerPointsModule(calls: TCallRegistrar, deps: { db: TDb; site: Pick<TSiteConfigLoader, 'get'>; jobs: TJobRegistry }): void {
  const { db, site } = deps;
  const paymentPassword = createPaymentPasswordService({ db, site, repo: createWalletRepository() });
  const rollup = createTeamRollup({ db, timeZone: async () => (await site.get()).merchant.timeZone });

  async function member(session: TSession | null): Promise<TMember> {
    if (!session) throw new AppError('not_logged_in');
    const { merchant } = await site.get();
    return { merchantId: merchant.id, userId: session.userId, timeZone: merchant.timeZone };
  }

  calls.serve(points.pointBalance, async (_input, { session }) => {
    const m = await member(session);
    return { points: await pointsOf(db, m.merchantId, m.userId) };
  });
  // In the reader's language (the Language header), else the site language, else the base text.
  calls.serve(points.pointRewards, async (input, { request }) => {
    const { merchant } = await site.get();
    return listItems(db, merchant.id, input, { language: requestLanguage(request), fallback: merchant.defaultLanguage });
  });
  calls.serve(points.redeemList, async (input, { session }) => redeemHistory(db, await member(session), input));
  calls.serve(points.pointDetails, async (input, { session }) => pointDetails(db, await member(session), input));
  calls.serve(points.pointConfig, async () => {
    const c = await readPointsConfig(db, (await site.get()).merchant.id);
    return {
      convertEnabled: c.convertEnabled,
      convertRate: { points: c.convertPoints, amount: c.convertAmount },
      minConvertPoints: c.minConvertPoints,
      earnRates: c.earnRates,
      rules: sanitizeOperatorHtml(c.rulesHtml),
    };
  });
  calls.serve(points.redeemReward, async (input, { session }) => {
    const m = await member(session);
    // The same request answers its first result, whatever password comes with it (as withdrawals do).
    const first = await findRedeem(db, m, input.requestId);
    if (first) return first;
    await paymentPassword.verify(m.userId, input.paymentPassword);
    // An item with an amount requirement reads member_days: the rollup queue (applied every tick) is applied first.
    const [item] = await db
      .select({ amountRequired: pointItems.amountRequired })
      .from(pointItems)
      .where(and(eq(pointItems.id, input.rewardId), eq(pointItems.merchantId, m.merchantId)));
    if (item && item.amountRequired > 0) await rollup.catchUp();
    return redeem(db, m, input);
  });
  calls.serve(points.convertPoints, async (input, { session }) => {
    const m = await member(session);
    const first = await findConvert(db, m, input.requestId);
    if (first) return first;
    await paymentPassword.verify(m.userId, input.paymentPassword);
    return convertPoints(db, m, input);
  });
  calls.serve(points.cancelRedeem, async (input, { session }) => cancelRedeem(db, await member(session), input));

  deps.jobs.handle(POINTS_ACCRUAL_JOB, { run: async ({ now }) => void (await accruePoints(db, (await site.get()).merchant.id, now)) });
  deps.jobs.every({ name: POINTS_ACCRUAL_JOB, slotOf: accrualSlotOf });
}
