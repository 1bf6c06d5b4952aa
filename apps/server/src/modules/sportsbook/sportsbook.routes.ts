import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { invalidInput } from '../../lib/app-error.ts';
import { requestLanguage } from '../../lib/content-language.ts';
import type { TSportsbookService } from './sportsbook.service.ts';

const page = z.coerce.number().int().min(1).max(500).default(1);
const pageSize = z.coerce.number().int().min(1).max(50).default(20);

const ZFixtures = z.strictObject({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional() });
const ZResults = z.strictObject({ page, pageSize });
const ZBets = z.strictObject({ status: z.enum(['open', 'settled']).optional(), page, pageSize });
const ZBet = z.strictObject({ betId: z.string().min(1).max(64) });
const ZPlace = z.strictObject({
  slipId: z.uuid(),
  // A positive whole number of minor units: negative, fractional and non-numeric stakes are refused here.
  stake: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  // More than 10 legs is the book's own refusal (sports_too_many_legs); beyond 50 the request is not read.
  legs: z
    .array(
      z.strictObject({
        marketId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
        selection: z.string().min(1).max(16),
        odds: z.number().int().min(1).max(10_000_000),
      }),
    )
    .min(1)
    .max(50),
  acceptBetterOdds: z.boolean().default(false),
});

const tokenOf = (req: FastifyRequest): string | undefined => {
  const header = req.headers['x-game-token'];
  return typeof header === 'string' && header.length > 0 && header.length <= 128 ? header : undefined;
};

function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const r = schema.safeParse(input ?? {});
  if (!r.success) throw invalidInput(r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
  return r.data;
}

/**
 * The house books' page API under /wps/house/sports/ (packages/contract/src/sportsbook-api.ts), with the launch token
 * in `X-Game-Token` like every house game page; answers in the portal's envelope. Under /wps/, so maintenance and
 * region blocks close it like every other call.
 */
export function registerSportsbookRoutes(app: FastifyInstance, deps: { book: TSportsbookService }): void {
  const ok = (value: unknown) => ({ success: true, code: 'ok', message: 'ok', value });
  const { book } = deps;
  app.get('/wps/house/sports/state', async (req) => ok(await book.state(tokenOf(req), requestLanguage(req))));
  app.get('/wps/house/sports/fixtures', async (req) => ok(await book.fixtures(tokenOf(req), parse(ZFixtures, req.query).day)));
  app.get('/wps/house/sports/results', async (req) => {
    const q = parse(ZResults, req.query);
    return ok(await book.results(tokenOf(req), q.page, q.pageSize));
  });
  app.get('/wps/house/sports/bets', async (req) => ok(await book.bets(tokenOf(req), parse(ZBets, req.query))));
  app.get('/wps/house/sports/bet', async (req) => ok(await book.bet(tokenOf(req), parse(ZBet, req.query).betId)));
  app.post('/wps/house/sports/bet', { config: { rateLimit: { max: 600, timeWindow: '1 minute' } } }, async (req) =>
    ok(await book.place(tokenOf(req), parse(ZPlace, req.body))),
  );
}
