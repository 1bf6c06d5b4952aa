import { consoleMemberForceChange, consoleMemberLock, consoleMemberMoney, consoleMemberNote, consoleMemberResetPassword } from '@playhall/contract/console';
import { invalidInput } from '../../../lib/app-error.ts';
import type { TConsoleRegistrar } from '../console-registrar.ts';
import { memberOf, runAsOperator, type TPageDeps } from './console-ops.ts';

/**
 * A member's account as the operator changes it: lock, passwords, money, notes. Each is the CLI's command
 * (`user lock|unlock|password-reset|force-change|note`, `wallet adjust|bonus`) run as the operator, so both write the
 * same audit rows; the member is named by id here and by username there.
 */
export function registerMemberActions(calls: TConsoleRegistrar, deps: TPageDeps): void {
  calls.serve(consoleMemberLock, async (input, ctx) => {
    const { username } = await memberOf(deps, input.id);
    const r = await runAsOperator(deps, ctx.actor, { kind: input.locked ? 'user.lock' : 'user.unlock', username, reason: input.reason });
    return { message: r.message };
  });

  calls.serve(consoleMemberResetPassword, async (input, ctx) => {
    const { username } = await memberOf(deps, input.id);
    const r = await runAsOperator(deps, ctx.actor, { kind: 'user.passwordReset', username, reason: input.reason });
    const { password } = r.data as { password: string };
    // The message names the password for the CLI's reader; the console shows it from its own field, once.
    return { message: `A new initial password for ${username}; the member must change it at the next login`, password };
  });

  calls.serve(consoleMemberForceChange, async (input, ctx) => {
    const { username } = await memberOf(deps, input.id);
    return { message: (await runAsOperator(deps, ctx.actor, { kind: 'user.forceChange', username, reason: input.reason })).message };
  });

  calls.serve(consoleMemberMoney, async (input, ctx) => {
    // A bonus is granted, never taken back this way (the ops command's rule, which it does not re-check when called directly).
    if (input.kind === 'bonus' && input.amount < 0) throw invalidInput([{ path: 'amount', message: 'bonus_positive' }]);
    const { username } = await memberOf(deps, input.id);
    const kind = input.kind === 'bonus' ? 'wallet.bonus' : 'wallet.adjust';
    const r = await runAsOperator(deps, ctx.actor, { kind, username, amount: input.amount, reason: input.reason, requestId: input.requestId });
    return { message: r.message };
  });

  calls.serve(consoleMemberNote, async (input, ctx) => {
    const { username } = await memberOf(deps, input.id);
    return { message: (await runAsOperator(deps, ctx.actor, { kind: 'user.note', username, text: input.text })).message };
  });
}
