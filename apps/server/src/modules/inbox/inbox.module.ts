import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as inbox from '@playhall/contract/calls/inbox';
import { feedback, unreadCount } from '@playhall/contract/calls/system';
import { ACTIVITY_IMAGE_MAX_BYTES } from '@playhall/contract/constants';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { readerOf } from '../../lib/content-language.ts';
import type { TCallRegistrar, TSession } from '../../plugins/contract-routes.ts';
import { installSecret } from '../crypto/install-secret.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { createFeedbackService, FEEDBACK_IMAGE_PATH } from './feedback.service.ts';
import { createInboxService } from './inbox.service.ts';

function me(session: TSession | null): number {
  if (!session) throw new AppError('not_logged_in');
  return session.userId;
}

/** Base64 of the largest image plus the JSON around it. */
const FEEDBACK_BODY_LIMIT = Math.ceil(ACTIVITY_IMAGE_MAX_BYTES / 3) * 4 + 8192;

/**
 * Messages (messageV2) and feedback (issue 19): the member's calls, `CSP_unreadCount` and the feedback image.
 * Free-play guests may read their messages (they get the welcome), not send feedback.
 */
export function registerInboxModule(calls: TCallRegistrar, app: FastifyInstance, deps: { db: TDb; site: Pick<TSiteConfigLoader, 'get'> }) {
  const { db } = deps;
  // Operator messages in the reader's language (the Language header), else the site language, else the base text.
  const reader = async (request: FastifyRequest) => readerOf(request, (await deps.site.get()).merchant.defaultLanguage);
  const messages = createInboxService({ db });
  let secret: Promise<string> | null = null;
  const feedbackService = createFeedbackService({ db, secret: () => (secret ??= installSecret(db, 'feedback-image-url')) });

  calls.serve(unreadCount, async (_input, { session }) => ({ count: await messages.unreadCount(me(session)) }), { guests: true });
  calls.serve(inbox.listMessages, async (input, { session, request }) => messages.list(me(session), input.filter, input.page, input.pageSize, await reader(request)), { guests: true });
  calls.serve(inbox.readMessage, async (input, { session, request }) => messages.read(me(session), input.id, await reader(request)), { guests: true });
  calls.serve(inbox.markMessagesRead, async (input, { session }) => messages.markRead(me(session), input.ids), { guests: true });
  calls.serve(inbox.markAllMessagesRead, async (_input, { session }) => messages.markAllRead(me(session)), { guests: true });
  calls.serve(inbox.deleteMessages, async (input, { session }) => messages.delete(me(session), input.ids), { guests: true });

  calls.serve(feedback, async (input, { session }) => ({ id: await feedbackService.submit(me(session), input) }), {
    bodyLimit: FEEDBACK_BODY_LIMIT,
    rateLimit: { max: 10, timeWindow: '1 minute' },
  });
  calls.serve(inbox.listFeedback, async (input, { session }) => feedbackService.list(me(session), input.page, input.pageSize));

  app.get<{ Params: { file: string }; Querystring: { exp?: string; sig?: string } }>(`${FEEDBACK_IMAGE_PATH}/:file`, async (req, reply) => {
    const image = await feedbackService.image(req.params.file, req.query.exp, req.query.sig);
    if (!image) throw new AppError('not_found');
    // Stored as the decoder wrote it (lib/image-content.ts); the type is the decoded format, never sniffed.
    return reply
      .header('content-type', image.mime)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `inline; filename="feedback.${image.mime === 'image/png' ? 'png' : 'jpg'}"`)
      .header('cache-control', 'private, max-age=600')
      .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
      .send(image.bytes);
  });
}
