import crypto from 'node:crypto';
import querystring from 'node:querystring';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { ALL_CALLS } from '@playhall/contract/registry';
import type { TThirdPartyConfig } from './config.ts';
import type { TDatabase } from './db/client.ts';
import { AppError } from './lib/app-error.ts';
import { locate } from './lib/geoip.ts';
import { isSystemPath } from './lib/paths.ts';
import { createAnnouncementRepository } from './modules/announcements/announcement.repository.ts';
import { registerArtRoutes } from './modules/art/art.routes.ts';
import { registerAccountsModule } from './modules/auth/auth.module.ts';
import { registerSandboxPhoneModule } from './modules/sandbox-phone/sandbox-phone.module.ts';
import { createSessionRepository } from './modules/auth/session.repository.ts';
import { createSessionService } from './modules/auth/session.service.ts';
import { createKeyRepository } from './modules/crypto/key.repository.ts';
import { createKeyService } from './modules/crypto/key.service.ts';
import type { TMailProvider, TSmsProvider } from './modules/messaging/providers.ts';
import { createSiteConfigLoader } from './modules/system/site-config.ts';
import { createSiteRepository, SITE_CONFIG_CHANNEL } from './modules/system/site.repository.ts';
import { registerSystemRoutes } from './modules/system/system.routes.ts';
import { registerGamesModule } from './modules/games/games.module.ts';
import { registerSportsbookModule } from './modules/sportsbook/sportsbook.module.ts';
import { registerWalletModule } from './modules/wallet/wallet.module.ts';
import { registerDepositModule } from './modules/deposit/deposit.module.ts';
import type { TDepositService } from './modules/deposit/deposit.service.ts';
import { SANDBOX_GATEWAY } from './modules/deposit/payment-channels.ts';
import { registerSandboxGatewayModule } from './modules/sandbox-gateway/sandbox-gateway.module.ts';
import { installSecret } from './modules/crypto/install-secret.ts';
import { depositGatewayCallback } from '@playhall/contract/calls/wallet';
import { registerWithdrawalModule } from './modules/withdrawal/withdrawal.module.ts';
import { registerLotteryModule } from './modules/lottery/lottery.module.ts';
import { registerAgentModule } from './modules/agent/agent.module.ts';
import { registerPromotionsModule } from './modules/promotions/promotions.module.ts';
import { registerRaffleModule } from './modules/raffle/raffle.module.ts';
import { registerEnvelopesModule } from './modules/envelopes/envelopes.module.ts';
import { registerRewardsModule } from './modules/rewards/rewards.module.ts';
import { registerMissionsModule } from './modules/missions/missions.module.ts';
import { registerReferralModule } from './modules/referral/referral.module.ts';
import { registerVipModule } from './modules/vip/vip.module.ts';
import { registerPointsModule } from './modules/points/points.module.ts';
import { registerInboxModule } from './modules/inbox/inbox.module.ts';
import { registerResponsibleModule } from './modules/responsible/responsible.module.ts';
import { registerRealtimeModule, type TRealtimeOptions } from './modules/realtime/realtime.module.ts';
import { registerChatModule } from './modules/chat/chat.module.ts';
import { registerConsoleModule } from './modules/console/console.module.ts';
import type { TRealtimeHub } from './modules/realtime/hub.ts';
import { visitorStatus } from './modules/system/system.service.ts';
import { createCallRegistrar } from './plugins/contract-routes.ts';
import { createScheduler, pruneDoneJobs, type TJobHandler, type TRecurring, type TScheduler } from './jobs/scheduler.ts';
import { errorsPlugin, frameworkError, notFoundPlugin } from './plugins/errors.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { RequestLogController } from './plugins/request-log.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerStaticSpa } from './plugins/static-spa.ts';

export interface TAppOptions {
  database: TDatabase;
  merchantCode: string;
  webDist: string;
  trustProxy?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** Where SMS and mail go; by default into the database outboxes (`ops -- sms outbox`). */
  smsProvider?: TSmsProvider;
  mailProvider?: TMailProvider;
  /** Google, Facebook and Telegram login settings (config.ts); none by default. */
  thirdParty?: TThirdPartyConfig;
  /**
   * How long a cached copy of the site settings is trusted between change notifications before one read
   * confirms it (default 5 s; 0 = every request asks: tests that write settings from another connection).
   */
  configRecheckMs?: number;
  /**
   * Run the job scheduler on a timer (default true). Tests pass false and call `scheduler.tick(now)`
   * themselves, with the moment they want.
   */
  runJobs?: boolean;
  /**
   * The online gateway (the sandbox one): the HMAC secret both sides share (default: a per-install
   * secret derived from the server key) and where it sends callbacks (default: this server's own
   * listen address). README lists GATEWAY_SECRET and GATEWAY_CALLBACK_URL. `sandbox: false` (main.ts: a
   * production server without ALLOW_SANDBOX_PAYMENTS) runs no sandbox channel, whatever the operator has
   * turned on (default true: the operator's switch alone decides).
   */
  gateway?: { secret?: string | null; callbackUrl?: string | null; sandbox?: boolean };
  /**
   * May the sandbox phone provider run when the operator chooses it (`ops sms provider sandbox`, issue 22)? main.ts:
   * not in production unless ALLOW_SANDBOX_PHONE=yes-no-real-sms (default true: the operator's switch alone decides).
   */
  phoneSandbox?: boolean;
  /**
   * The bearer token that opens `/metrics` (METRICS_TOKEN). Without one the public port has no
   * metrics (404): what a process does is for its operators, not for anyone who asks.
   */
  metricsToken?: string | null;
  /** The `/ws` endpoint: signal poll period (REALTIME_POLL_MS), idle close and socket caps (tests shorten them). */
  realtime?: TRealtimeOptions;
}

/** Where modules put their scheduled work (ARCHITECTURE.md, Jobs). */
export interface TJobRegistry {
  handle(name: string, handler: TJobHandler): void;
  every(recurring: TRecurring): void;
  /** Runs on every scheduler tick (every 5 s), without a job row; the work must lock what it changes. */
  onTick(name: string, run: (now: Date) => Promise<unknown>): void;
}

/** API bodies are small JSON; anything bigger is refused before it is read. */
const BODY_LIMIT = 64 * 1024;
const GATED = /^\/(wps|lgw|lotto)\//;

export async function buildApp(opts: TAppOptions): Promise<{ app: FastifyInstance; pendingCalls: string[]; scheduler: TScheduler; hub: TRealtimeHub }> {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: opts.trustProxy ?? false,
    bodyLimit: BODY_LIMIT,
    // The id is always the server's own: a client's X-Request-Id would let it write into our logs.
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    // One line per request, at debug unless it failed, was refused or was slow.
    logController: new RequestLogController(),
    routerOptions: { ignoreTrailingSlash: true },
    // A URL Fastify cannot decode is answered before any hook: with our headers and envelope (errors.ts).
    frameworkErrors: frameworkError,
  });
  const { db } = opts.database;

  // Forgot-password by e-mail is form-encoded (spec §7).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, querystring.parse(body as string));
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  errorsPlugin(app);
  registerSecurityHeaders(app);
  await app.register(rateLimit, { global: false });
  registerMetrics(app, { token: opts.metricsToken ?? null });

  const siteRepo = createSiteRepository();
  const site = createSiteConfigLoader({
    db,
    repo: siteRepo,
    merchantCode: opts.merchantCode,
    recheckMs: opts.configRecheckMs ?? 5_000,
  });
  await opts.database.listen(SITE_CONFIG_CHANNEL, () => site.invalidate());
  const keys = createKeyService({ db, repo: createKeyRepository() });
  await keys.ensureKey();

  // Maintenance and region blocks close every call but the system calls the start-up page needs.
  app.addHook('onRequest', async (request) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (!GATED.test(pathname) || isSystemPath(pathname)) return;
    const current = await site.get();
    const state = visitorStatus(current, locate(request.ip).country);
    if (state.maintenance) throw new AppError('maintenance', { maintenanceEnd: current.maintenanceEnd?.toISOString() ?? null });
    if (state.regionRestriction) throw new AppError('region_blocked');
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ready', database: opts.database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  const jobHandlers: Record<string, TJobHandler> = {};
  const recurring: TRecurring[] = [];
  const tickTasks: { name: string; run: (now: Date) => Promise<unknown> }[] = [];
  const jobRegistry: TJobRegistry = {
    handle(name, handler) {
      if (jobHandlers[name]) throw new Error(`job ${name} registered twice`);
      jobHandlers[name] = handler;
    },
    every(r) {
      recurring.push(r);
    },
    onTick(name, run) {
      tickTasks.push({ name, run });
    },
  };

  const sessionRepo = createSessionRepository();
  const sessions = createSessionService({ db, repo: sessionRepo });
  const calls = createCallRegistrar(app, { keys, resolveSession: (token) => sessions.resolve(token) });
  registerSystemRoutes(calls, { db, site, keys, announcements: createAnnouncementRepository() });
  registerArtRoutes(app, { site, games: (vassalage, gameId) => catalogue.gameOf(vassalage, gameId) });
  const phone = registerSandboxPhoneModule(app, calls, { db, site, allowed: opts.phoneSandbox !== false });
  registerAccountsModule(app, calls, { db, site, sessions, sessionRepo, sms: opts.smsProvider, mail: opts.mailProvider, thirdParty: opts.thirdParty, phone });
  const { catalogue, bets } = registerGamesModule(app, calls, { db, site, jobs: jobRegistry });
  registerSportsbookModule(app, { db, site, jobs: jobRegistry });
  registerWalletModule(calls, { db, site, jobs: jobRegistry, betFigures: () => bets.figures });
  let derivedSecret: Promise<string> | null = null;
  const gatewaySecret = async () => opts.gateway?.secret || (derivedSecret ??= installSecret(db, 'sandbox-gateway-hmac'));
  // The sandbox asks the deposits whether an order's channel still takes payments; they are wired just below.
  let deposits: TDepositService | null = null;
  const sandbox = registerSandboxGatewayModule(app, {
    db,
    jobs: jobRegistry,
    merchant: opts.merchantCode,
    secret: gatewaySecret,
    callbackUrl: () => opts.gateway?.callbackUrl || `${ownAddress(app)}${depositGatewayCallback.path}`,
    // The SPA opens the deposit page's result from these parameters (docs/decisions.md, deposits).
    returnUrl: (depositId, status) => `/?deposit=${depositId}&payment=${status}`,
    takesPayments: async (depositId) => (await deposits?.takesPayments(depositId, SANDBOX_GATEWAY)) ?? false,
  });
  // The gateway integrations channels may name (deposit_channels.gateway); a real one is registered here too.
  const gateways = opts.gateway?.sandbox === false ? [] : [sandbox];
  deposits = registerDepositModule(calls, { db, site, jobs: jobRegistry, gateways, gatewaySecret });
  registerWithdrawalModule(calls, { db, site, jobs: jobRegistry });
  registerLotteryModule(calls, { db, site, jobs: jobRegistry });
  registerAgentModule(calls, { db, site, jobs: jobRegistry });
  registerPromotionsModule(calls, { db, site, jobs: jobRegistry });
  registerRaffleModule(calls, { db, site, jobs: jobRegistry });
  registerEnvelopesModule(calls, { db, site });
  registerRewardsModule(calls, { db, site, jobs: jobRegistry });
  registerMissionsModule(calls, { db, site });
  registerReferralModule(calls, { db, site, jobs: jobRegistry });
  registerVipModule(calls, { db, site, jobs: jobRegistry });
  registerPointsModule(calls, { db, site, jobs: jobRegistry });
  registerInboxModule(calls, app, { db, site });
  await registerResponsibleModule(calls, { db, site });
  const hub = await registerRealtimeModule(app, { database: opts.database, sessions, site, options: opts.realtime });
  registerChatModule(calls, { db, site, hub, log: (err) => app.log.error({ err }, 'chat fan-out failed') });
  await registerConsoleModule(app, { db, site });
  const pendingCalls = calls.serveRestAsNotImplemented(ALL_CALLS);

  // The jobs table keeps a month of finished jobs (the settlement and lottery jobs alone make thousands a day).
  jobRegistry.handle('jobs.prune', { run: async ({ now }) => void (await pruneDoneJobs(db, now)) });
  jobRegistry.every({ name: 'jobs.prune', slotOf: (now) => new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000) });
  const scheduler = createScheduler({ db, log: app.log, handlers: jobHandlers, recurring, tickTasks });
  if (opts.runJobs !== false) app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());

  const sendIndex = await registerStaticSpa(app, opts.webDist);
  notFoundPlugin(app, sendIndex);
  return { app, pendingCalls, scheduler, hub };
}

/** This server's own base URL, from the address it listens on (loopback for a wildcard bind). */
function ownAddress(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the server is not listening yet; set GATEWAY_CALLBACK_URL');
  const host = ['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}
