import { z } from 'zod';
import { CONSOLE_ROLES, ZConsoleRole, ZOperatorPassword, ZOperatorUsername } from '@playhall/contract/console';
import type { TDb } from '../../db/client.ts';
import { randomText } from '../../lib/secrets.ts';
import { createAuditRepository } from '../audit/audit.repository.ts';
import { createOperatorRepository } from '../console/operator.repository.ts';
import { createOperatorService, type TOperatorChange, type TOperatorView } from '../console/operator.service.ts';
import { createOperatorSessionService } from '../console/operator-session.service.ts';

/**
 * `npm run ops -- operator …` and `audit verify` (issue 24): the console's operators from the command line — the first
 * admin above all — through the same service as the console's operators page, so both write the same audit rows.
 */

export const OPERATOR_COMMANDS = [
  z.strictObject({ kind: z.literal('operator.create'), username: ZOperatorUsername, role: ZConsoleRole, password: ZOperatorPassword.nullable() }),
  z.strictObject({ kind: z.literal('operator.role'), username: ZOperatorUsername, role: ZConsoleRole }),
  z.strictObject({ kind: z.literal('operator.reset2fa'), username: ZOperatorUsername }),
  z.strictObject({ kind: z.literal('operator.lock'), username: ZOperatorUsername, locked: z.boolean() }),
  z.strictObject({ kind: z.literal('operator.list') }),
  z.strictObject({ kind: z.literal('audit.verify') }),
] as const;
export type TOperatorCommand = z.infer<(typeof OPERATOR_COMMANDS)[number]>;

export const OPERATOR_OPTIONS: ReadonlySet<string> = new Set(['role', 'password']);

const ROLES = CONSOLE_ROLES.join('|');
export const OPERATOR_USAGE = `  operator create <username> --role ${ROLES} [--password <p>]
                                             a console operator (at least 12 characters; without --password one is
                                             made and printed); it sets up its authenticator (TOTP) at first login
  operator role <username> ${ROLES}
  operator lock|unlock <username>            a locked operator cannot sign in; its sessions end at once
  operator reset-2fa <username>              forget its authenticator and recovery codes: it enrols again at next login
  operator list                              operators: username, role, status, two-factor, last login
  audit verify                               recompute the audit log's hash chain: rows checked, ok or the first
                                             broken row`;

export class OperatorArgsError extends Error {}

/** `operator …` (after the word operator) to a command (validated by ops.command.ts's union). */
export function operatorArgs(positional: readonly string[], options: ReadonlyMap<string, string>): unknown {
  const [sub, username, value, extra] = positional;
  const allow = (names: string[]) => {
    for (const name of options.keys()) if (!names.includes(name)) throw new OperatorArgsError(`--${name} does not apply to "operator ${sub ?? ''}"`);
  };
  const needs = (count: number, example: string) => {
    if (positional.length !== count) throw new OperatorArgsError(`usage: operator ${example}`);
  };
  switch (sub) {
    case 'create':
      allow(['role', 'password']);
      needs(2, `create <username> --role ${ROLES} [--password <p>]`);
      if (!options.get('role')) throw new OperatorArgsError(`operator create needs --role ${ROLES}`);
      return { kind: 'operator.create', username: username?.toLowerCase(), role: options.get('role'), password: options.get('password') ?? null };
    case 'role':
      allow([]);
      needs(3, `role <username> ${ROLES}`);
      return { kind: 'operator.role', username: username?.toLowerCase(), role: value };
    case 'reset-2fa':
      allow([]);
      needs(2, 'reset-2fa <username>');
      return { kind: 'operator.reset2fa', username: username?.toLowerCase() };
    case 'lock':
    case 'unlock':
      allow([]);
      needs(2, `${sub} <username>`);
      return { kind: 'operator.lock', username: username?.toLowerCase(), locked: sub === 'lock' };
    case 'list':
      allow([]);
      if (username !== undefined || extra !== undefined) throw new OperatorArgsError('operator list takes no arguments');
      return { kind: 'operator.list' };
    default:
      throw new OperatorArgsError('operator supports: create, role, lock, unlock, reset-2fa, list');
  }
}

const line = (o: TOperatorView) => [o.username, o.role, o.status, o.twoFactor ? '2fa' : 'no 2fa yet', o.lastLoginAt ?? 'never'].join('\t');
/** A made password: 20 characters without look-alikes (about 115 bits). */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** Runs one operator or audit-verify command; refusals are AppErrors (ops.service.ts turns them into OpsRefusals). */
export async function runOperatorCommand(db: TDb, merchantId: number, actor: string, cmd: TOperatorCommand): Promise<{ ok: true; message: string; data?: unknown }> {
  const repo = createOperatorRepository();
  const audit = createAuditRepository();
  if (cmd.kind === 'audit.verify') {
    const v = await audit.verify(db);
    const message = v.ok
      ? `audit chain ok: ${v.rows} rows checked`
      : `audit chain BROKEN at row ${v.brokenAt} (${v.problem === 'link' ? 'its link to the row before does not match: a row was removed or slipped in' : 'the row was changed after it was written'}); ${v.rows} rows checked`;
    return { ok: true, message, data: v };
  }
  const operators = createOperatorService({ db, merchantId, repo, audit, sessions: createOperatorSessionService({ db, repo }) });
  if (cmd.kind === 'operator.list') {
    const list = await operators.list();
    return { ok: true, message: list.map(line).join('\n') || 'no operators yet: operator create <username> --role admin', data: list };
  }
  if (cmd.kind === 'operator.create') {
    const password = cmd.password ?? randomText(PASSWORD_ALPHABET, 20);
    const o = await operators.create(actor, { username: cmd.username, password, role: cmd.role });
    const shown = cmd.password === null ? `; password: ${password} (shown once)` : '';
    return { ok: true, message: `operator ${o.username} (${o.role}) created${shown}; it sets up two-factor login at its first sign-in at /console`, data: o };
  }
  const change: TOperatorChange =
    cmd.kind === 'operator.role' ? { role: cmd.role } : cmd.kind === 'operator.lock' ? { locked: cmd.locked } : { resetTwoFactor: true };
  const { id } = await operators.find(cmd.username);
  const { operator: o, changed } = await operators.change(actor, id, change);
  const state = `${o.username}: ${o.role}, ${o.status}, ${o.twoFactor ? 'two-factor on' : 'enrols two-factor at next login'}`;
  return { ok: true, message: changed ? `${state}; its sessions ${cmd.kind === 'operator.lock' && !cmd.locked ? 'may start again' : 'were ended'}` : `${state} (nothing changed)`, data: o };
}
