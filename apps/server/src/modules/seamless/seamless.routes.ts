import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { verifyBodySignature } from '../../lib/hmac-signature.ts';
import type { TSeamlessOp, TSeamlessService } from './seamless.service.ts';

/** A signed call is good for this long either side of the server's clock. */
export const SEAMLESS_MAX_SKEW_MS = 5 * 60 * 1000;
const BODY_LIMIT = 8 * 1024;

const ZBody = z.strictObject({
  txnId: z.string().min(1).max(64),
  roundId: z.string().min(1).max(64),
  amount: z.number().int().min(0),
  sessionToken: z.string().min(1).max(128).optional(),
  userId: z.number().int().positive().optional(),
  refTxnId: z.string().min(1).max(64).optional(),
  /** Unix milliseconds of signing. */
  timestamp: z.number().int().positive(),
});
export type TSeamlessBody = z.infer<typeof ZBody>;

/**
 * The vendor-facing seamless-wallet endpoints, `POST /seamless/<vendor>/<debit|credit|rollback>`: JSON
 * signed with HMAC-SHA256 in `X-Signature` over the exact bytes, with the vendor's secret. Business
 * refusals (insufficient balance, expired session) answer 200 with `status: error` and the balance, as
 * vendors expect; a bad signature answers 401 and a malformed body 400, with nothing moved.
 */
export function registerSeamlessRoutes(
  app: FastifyInstance,
  deps: { seamless: TSeamlessService; merchantId: () => Promise<number>; secretOf: (vassalage: string) => Promise<string | null>; now?: () => Date },
): void {
  void app.register(async (scope) => {
    // These routes read the raw bytes: the signature covers them exactly.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));
    scope.post<{ Params: { vendor: string; op: string } }>('/seamless/:vendor/:op', async (req, reply) => {
      const op = req.params.op as TSeamlessOp;
      if (!['debit', 'credit', 'rollback'].includes(op)) return reply.status(404).send({ status: 'error', error: 'not_found' });
      const secret = await deps.secretOf(req.params.vendor);
      if (!secret) return reply.status(404).send({ status: 'error', error: 'unknown_vendor' });
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      if (!verifyBodySignature(secret, raw, req.headers['x-signature'])) return reply.status(401).send({ status: 'error', error: 'bad_signature' });
      let parsed: TSeamlessBody;
      try {
        parsed = ZBody.parse(JSON.parse(raw.toString('utf8')));
      } catch {
        return reply.status(400).send({ status: 'error', error: 'bad_request' });
      }
      const now = deps.now?.() ?? new Date();
      if (Math.abs(now.getTime() - parsed.timestamp) > SEAMLESS_MAX_SKEW_MS) return reply.status(400).send({ status: 'error', error: 'stale_request' });
      if (op === 'debit' && !parsed.sessionToken) return reply.status(400).send({ status: 'error', error: 'bad_request' });
      if (op !== 'debit' && !parsed.userId) return reply.status(400).send({ status: 'error', error: 'bad_request' });
      if (op === 'rollback' && !parsed.refTxnId) return reply.status(400).send({ status: 'error', error: 'bad_request' });
      const answer = await deps.seamless.run(await deps.merchantId(), { op, vassalage: req.params.vendor, ...parsed });
      return answer.ok
        ? { status: 'ok', txnId: answer.txnId, balance: answer.balance, duplicate: answer.duplicate }
        : { status: 'error', txnId: answer.txnId, error: answer.error, balance: answer.balance, duplicate: answer.duplicate };
    });
  });
}
