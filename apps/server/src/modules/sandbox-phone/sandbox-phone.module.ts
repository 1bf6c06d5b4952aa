import type { FastifyInstance, FastifyReply } from 'fastify';
import { phoneProvider } from '@playhall/contract/calls/auth';
import { ERROR_CODES } from '@playhall/contract/errors';
import { catalogueCodeOfProviderError, PROVIDER_SMS_COUNTDOWN_MINUTES, SANDBOX_PHONE_PATHS } from '@playhall/contract/phone-provider';
import type { TDb } from '../../db/client.ts';
import type { TCallRegistrar } from '../../plugins/contract-routes.ts';
import { clientOf } from '../auth/client.ts';
import { createCounterRepository } from '../limits/counter.repository.ts';
import { createOutboxRepository } from '../messaging/outbox.repository.ts';
import { createOutboxSmsProvider } from '../messaging/providers.ts';
import { createSmsCodeRepository } from '../messaging/sms-code.repository.ts';
import { createSmsCodeService } from '../messaging/sms-code.service.ts';
import { createPhoneVerifier, type TPhoneVerifier } from '../phone-verify/phone-verifier.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { createSandboxPhone, SandboxPhoneRefusal } from './sandbox-phone.service.ts';

/** The sandbox's issuer (`iss` of its tokens); a real provider's is its own. */
export const SANDBOX_PHONE_ISSUER = 'playhall-sandbox-phone';

function refuse(reply: FastifyReply, err: unknown) {
  if (!(err instanceof SandboxPhoneRefusal)) throw err;
  const message = ERROR_CODES[catalogueCodeOfProviderError(err.code)].message;
  return reply.status(err.status).header('cache-control', 'no-store').send({ error: { code: err.code, message } });
}

/**
 * Wires the sandbox phone provider (its three endpoints, outside the portal's envelope, as a third
 * party's would be), the verifier of its tokens for registration and SMS login, and the call that
 * tells the web which SMS flow the merchant uses.
 */
export function registerSandboxPhoneModule(
  app: FastifyInstance,
  calls: TCallRegistrar,
  deps: { db: TDb; site: Pick<TSiteConfigLoader, 'get'>; allowed: boolean },
): TPhoneVerifier {
  const { db, site } = deps;
  const counters = createCounterRepository();
  // The sandbox is a provider of its own: its codes go to the SMS outbox whatever provider the portal uses.
  const sms = createSmsCodeService({
    db,
    codes: createSmsCodeRepository(),
    counters,
    provider: createOutboxSmsProvider({ db, outbox: createOutboxRepository() }),
    siteName: async () => `${(await site.get()).merchant.name} (sandbox)`,
  });
  const sandbox = createSandboxPhone({ db, site, sms, issuer: SANDBOX_PHONE_ISSUER, allowed: deps.allowed });
  const verifier = createPhoneVerifier({
    db,
    counters,
    name: 'sandbox',
    sendUrl: SANDBOX_PHONE_PATHS.send,
    confirmUrl: SANDBOX_PHONE_PATHS.confirm,
    issuer: SANDBOX_PHONE_ISSUER,
    audience: async () => (await site.get()).merchant.code,
    keys: () => sandbox.publicKeys(),
    active: sandbox.enabledFor,
  });

  const limit = { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } };
  app.post<{ Body: { phoneNumber?: unknown } | null }>(SANDBOX_PHONE_PATHS.send, limit, async (request, reply) => {
    try {
      return reply.header('cache-control', 'no-store').send(await sandbox.send(request.body ?? {}, clientOf(request).ip));
    } catch (err) {
      return refuse(reply, err);
    }
  });
  app.post<{ Body: { sessionInfo?: unknown; code?: unknown } | null }>(SANDBOX_PHONE_PATHS.confirm, limit, async (request, reply) => {
    try {
      return reply.header('cache-control', 'no-store').send(await sandbox.confirm(request.body ?? {}));
    } catch (err) {
      return refuse(reply, err);
    }
  });
  app.get(SANDBOX_PHONE_PATHS.keys, async () => sandbox.jwks());

  calls.serve(phoneProvider, async () => {
    const flow = (await site.get()).merchant.smsFlow;
    if (!verifier.active(flow)) return { flow: 'own' as const, provider: null };
    return { flow: 'provider' as const, provider: { ...verifier.browser, countdownMinutes: PROVIDER_SMS_COUNTDOWN_MINUTES } };
  });
  return verifier;
}
