import { consoleEnrolFinish, consoleEnrolStart, consoleLogin, consoleLogout, consoleMe, consoleVerify, ROLE_PERMISSIONS } from '@playhall/contract/console';
import { setConsoleCookie } from './console-routes.ts';
import type { TConsoleRegistrar } from './console-registrar.ts';
import type { TOperatorLoginService } from './operator-login.service.ts';
import type { TOperatorSessionService } from './operator-session.service.ts';

/** auth.*: the two sign-in steps (or enrolment), who am I, log out. The session travels only in the cookie. */
export function registerConsoleAuthRoutes(
  calls: TConsoleRegistrar,
  deps: { login: TOperatorLoginService; sessions: Pick<TOperatorSessionService, 'revoke'> },
): void {
  calls.serve(consoleLogin, (input, { request }) => deps.login.login(input.username, input.password, request.ip));
  calls.serve(consoleEnrolStart, (input) => deps.login.enrolStart(input.ticket));
  calls.serve(consoleEnrolFinish, async (input, { request, reply }) => {
    const signed = await deps.login.enrolFinish(input.ticket, input.code, request.ip);
    setConsoleCookie(request, reply, signed.token);
    return { me: signed.me, recoveryCodes: signed.recoveryCodes };
  });
  calls.serve(consoleVerify, async (input, { request, reply }) => {
    const proof = 'code' in input ? { code: input.code } : { recoveryCode: input.recoveryCode };
    const signed = await deps.login.verify(input.ticket, proof, request.ip);
    setConsoleCookie(request, reply, signed.token);
    return { me: signed.me };
  });
  calls.serve(consoleMe, async (_input, { operator }) => {
    if (!operator) throw new Error('auth.me without a session');
    return { username: operator.username, role: operator.role, permissions: [...ROLE_PERMISSIONS[operator.role]], idleUntil: operator.idleUntil.toISOString() };
  });
  calls.serve(consoleLogout, async (_input, { request, reply, operator }) => {
    if (operator) await deps.sessions.revoke(operator.sessionId);
    setConsoleCookie(request, reply, null);
    return { message: 'Signed out' };
  });
}
