import * as rg from '@playhall/contract/calls/responsible';
import { AppError } from '../../lib/app-error.ts';
import type { TCallRegistrar, TSession } from '../../plugins/contract-routes.ts';
import type { TResponsibleService } from './responsible.service.ts';

function me(session: TSession | null): TSession {
  if (!session) throw new AppError('not_logged_in');
  return session;
}

/** Password checks are slow anyway (argon2id, a lockout in the database); this caps the load. */
const PASSWORD_RATE = { max: 20, timeWindow: '1 minute' };

/** The member centre's responsible-gaming calls (issue 22). Guests have nothing to limit: member-only. */
export function registerResponsibleRoutes(calls: TCallRegistrar, service: TResponsibleService): void {
  calls.serve(rg.getResponsible, async (_input, { session }) => service.state(me(session).userId));
  calls.serve(rg.setResponsibleLimit, async (input, { session }) => service.setLimit(me(session).userId, input));
  calls.serve(rg.setRealityCheck, async (input, { session }) => service.setReality(me(session).userId, input.minutes));
  calls.serve(rg.takeBreak, async (input, { session }) => service.takeBreak(me(session).userId, input), { rateLimit: PASSWORD_RATE });
  calls.serve(rg.endBreak, async (_input, { session }) => service.endBreak(me(session).userId));
  calls.serve(rg.selfExclude, async (input, { session }) => service.selfExclude(me(session).userId, input), { rateLimit: PASSWORD_RATE });
  calls.serve(rg.realityCheck, async (_input, { session }) => {
    const s = me(session);
    return service.realityCheck(s.userId, s.sessionId);
  });
}
