import crypto from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import { FEEDBACK_CATEGORIES, type TFeedbackCategory, type TFeedbackItem } from '@playhall/contract/calls/inbox';
import { ACTIVITY_IMAGE_MAX_BYTES } from '@playhall/contract/constants';
import type { TImageUpload } from '@playhall/contract/fields';
import type { TDb } from '../../db/client.ts';
import { feedback, uploads } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { cleanImageUpload, EVIDENCE_MAX_PIXELS } from '../../lib/image-content.ts';
import { randomToken } from '../../lib/secrets.ts';
import { cleanPlainText } from './message-text.ts';

/** Where a feedback image is served: `/img/feedback/<upload id>.<png|jpg>?exp=<unix seconds>&sig=<hmac>`. */
export const FEEDBACK_IMAGE_PATH = '/img/feedback';
/** How long a feedback image's address opens it (the list is read again for a fresh one). */
const IMAGE_URL_TTL_S = 60 * 60;

/**
 * Member feedback (spec §7 POST /wps/feedback, issue 19): content of 140 characters, a type and an optional image,
 * checked by content and written anew (lib/image-content.ts) before anything is stored. The image is the member's
 * own: its address is signed for that member and upload and expires within the hour, and only that member's
 * `feedback.list` hands it out (an `<img>` cannot send the session header).
 */
export function createFeedbackService(deps: { db: TDb; secret: () => Promise<string>; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  const sign = (secret: string, uploadId: string, exp: number) =>
    crypto.createHmac('sha256', secret).update(`feedbackImage:${uploadId}:${exp}`).digest('base64url');

  async function imageUrl(uploadId: string, mime: string): Promise<string> {
    const exp = Math.floor(now().getTime() / 1000) + IMAGE_URL_TTL_S;
    // Rounded up to the next ten minutes so the list's answer stays the same (and cacheable) for a while.
    const expRounded = Math.ceil(exp / 600) * 600;
    const sig = sign(await deps.secret(), uploadId, expRounded);
    return `${FEEDBACK_IMAGE_PATH}/${uploadId}.${mime === 'image/png' ? 'png' : 'jpg'}?exp=${expRounded}&sig=${sig}`;
  }

  return {
    async submit(userId: number, input: { content: string; category: TFeedbackCategory; image?: TImageUpload | undefined }): Promise<number> {
      const content = cleanPlainText(input.content);
      if (content.length === 0) throw new AppError('validation_failed', null, 'Please enter your feedback');
      // Checked and decoded before the transaction: a bad image stores nothing.
      const image = input.image
        ? await cleanImageUpload(input.image, { maxBytes: ACTIVITY_IMAGE_MAX_BYTES, maxPixels: EVIDENCE_MAX_PIXELS }, 'Images must be PNG or JPEG and under 5MB')
        : null;
      return db.transaction(async (tx) => {
        let uploadId: string | null = null;
        if (image) {
          uploadId = randomToken(18);
          await tx.insert(uploads).values({ id: uploadId, userId, purpose: 'feedbackImage', mime: image.mime, data: image.bytes.toString('base64') });
        }
        const [row] = await tx.insert(feedback).values({ userId, content, category: input.category, uploadId }).returning({ id: feedback.id });
        if (!row) throw new Error('feedback insert returned nothing');
        return row.id;
      });
    },

    /** The member's own feedback, newest first, with replies and a signed image address. */
    async list(userId: number, page: number, pageSize: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select({ f: feedback, mime: uploads.mime })
          .from(feedback)
          .leftJoin(uploads, eq(uploads.id, feedback.uploadId))
          .where(eq(feedback.userId, userId))
          .orderBy(desc(feedback.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(feedback).where(eq(feedback.userId, userId)),
      ]);
      const list: TFeedbackItem[] = await Promise.all(
        rows.map(async ({ f, mime }) => ({
          id: f.id,
          category: categoryOf(f.category),
          content: f.content,
          imageUrl: f.uploadId && mime ? await imageUrl(f.uploadId, mime) : null,
          status: f.status,
          reply: f.reply,
          repliedAt: f.repliedAt?.toISOString() ?? null,
          createdAt: f.createdAt.toISOString(),
        })),
      );
      return { list, total: Number(total?.n ?? 0), page, pageSize };
    },

    /** The image behind a signed address, or null (unknown, expired, tampered, or not a feedback image). */
    async image(file: string, exp: string | undefined, sig: string | undefined): Promise<{ mime: string; bytes: Buffer } | null> {
      const m = /^([A-Za-z0-9_-]{16,64})\.(png|jpg)$/.exec(file);
      if (!m?.[1] || !exp || !sig || !/^\d{1,12}$/.test(exp) || Number(exp) < now().getTime() / 1000) return null;
      const expected = Buffer.from(sign(await deps.secret(), m[1], Number(exp)));
      const given = Buffer.from(sig);
      if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
      const [row] = await db
        .select({ mime: uploads.mime, data: uploads.data })
        .from(uploads)
        .where(and(eq(uploads.id, m[1]), eq(uploads.purpose, 'feedbackImage')));
      if (!row || (row.mime === 'image/png') !== (m[2] === 'png')) return null;
      return { mime: row.mime, bytes: Buffer.from(row.data, 'base64') };
    },
  };
}

const CATEGORIES = new Set<string>(FEEDBACK_CATEGORIES);
/** Feedback stored before types existed (null) or of a type since removed reads as 'other'. */
function categoryOf(c: string | null): TFeedbackCategory {
  return c !== null && CATEGORIES.has(c) ? (c as TFeedbackCategory) : 'other';
}

export type TFeedbackService = ReturnType<typeof createFeedbackService>;
