import type { FastifyInstance } from 'fastify';
import { CONSOLE_CALLS } from '@playhall/contract/console';
import type { TDb } from '../../db/client.ts';
import { createAuditRepository } from '../audit/audit.repository.ts';
import { createCounterRepository } from '../limits/counter.repository.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { registerConsoleAuthRoutes } from './console-auth.routes.ts';
import { registerConsoleOperatorRoutes } from './console-operators.routes.ts';
import { createConsoleRegistrar } from './console-routes.ts';
import { createOperatorLoginService } from './operator-login.service.ts';
import { createOperatorRepository } from './operator.repository.ts';
import { createOperatorService } from './operator.service.ts';
import { createOperatorSessionService } from './operator-session.service.ts';
import { registerConsolePages } from './pages/index.ts';

/**
 * The operator console's API under /console/api (issue 24): its registrar (cookie sessions, permissions per call),
 * sign-in, operators and the audit log here; the pages (pages/index.ts); every call left over an honest 501.
 */
export async function registerConsoleModule(
  app: FastifyInstance,
  deps: { db: TDb; site: Pick<TSiteConfigLoader, 'get'> },
): Promise<void> {
  const { db } = deps;
  const merchantId = (await deps.site.get()).merchant.id;
  const repo = createOperatorRepository();
  const audit = createAuditRepository();
  const sessions = createOperatorSessionService({ db, repo });
  const login = createOperatorLoginService({
    db,
    merchantId,
    issuer: async () => `${(await deps.site.get()).merchant.name} console`,
    repo,
    counters: createCounterRepository(),
    audit,
    sessions,
  });
  const operators = createOperatorService({ db, merchantId, repo, audit, sessions });
  const calls = createConsoleRegistrar(app, { resolveSession: (token) => sessions.resolve(token) });
  registerConsoleAuthRoutes(calls, { login, sessions });
  registerConsoleOperatorRoutes(calls, { db, operators, audit, timeZone: async () => (await deps.site.get()).merchant.timeZone });
  registerConsolePages(calls, { db, merchantId });
  calls.serveRestAsNotImplemented(CONSOLE_CALLS);
}
