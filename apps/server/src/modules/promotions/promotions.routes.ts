import { ACTIVITY_IMAGE_MAX_BYTES, ACTIVITY_IMAGES_MAX } from '@playhall/contract/constants';
import * as promotions from '@playhall/contract/calls/promotions';
import { AppError } from '../../lib/app-error.ts';
import { requestLanguage } from '../../lib/content-language.ts';
import type { TCallRegistrar, TSession } from '../../plugins/contract-routes.ts';
import type { TPromotionsService } from './promotions.service.ts';

/** A member's own account: visitors and free-play guests cannot take part. */
function me(session: TSession | null): number {
  if (!session || session.accountType === 4) throw new AppError('not_logged_in');
  return session.userId;
}

/** A visitor (or a guest) sees the activities without a status of their own. */
const viewer = (session: TSession | null): number | null => (session && session.accountType !== 4 ? session.userId : null);

/**
 * An application's images travel as base64 in the JSON body: a fourth image or one over 5 MB has to reach the check
 * that names it (too_many_images, validation_failed), so the limit leaves room for one more image than allowed.
 */
const APPLY_BODY_LIMIT = (ACTIVITY_IMAGES_MAX + 1) * Math.ceil((ACTIVITY_IMAGE_MAX_BYTES * 1.25) / 3) * 4 + 16_384;

export function registerPromotionsRoutes(calls: TCallRegistrar, service: TPromotionsService): void {
  // In the reader's language (the Language header), else the merchant's default language, else the base text.
  calls.serve(promotions.listActivities, async (input, { session, request }) => service.list(viewer(session), input.category, new Date(), requestLanguage(request)));
  calls.serve(promotions.activityDetail, async (input, { session, request }) => service.detail(viewer(session), input.id, new Date(), requestLanguage(request)));
  calls.serve(promotions.joinActivity, async (input, { session }) => service.join(me(session), input));
  calls.serve(promotions.applyActivity, async (input, { session }) => service.apply(me(session), input), { bodyLimit: APPLY_BODY_LIMIT });
  calls.serve(promotions.checkIn, async (input, { session }) => service.checkIn(me(session), input));
}
