import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { passwordRule } from '@playhall/contract/validation';
import { validateByRule, type TFieldRule } from '@playhall/contract/patterns';
import type { TDb, TTx } from '../../db/client.ts';
import { memberNotes, users } from '../../db/schema.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { randomText } from '../../lib/secrets.ts';
import { createAuthRepository } from '../auth/auth.repository.ts';
import { createSessionRepository } from '../auth/session.repository.ts';
import { createSiteRepository } from '../system/site.repository.ts';

/**
 * `npm run ops -- user lock|unlock|password-reset|force-change|note` (issue 24): an operator's actions on one member's
 * account, shared by the CLI and the console's member page. Each change and its audit row (actor, before, after,
 * reason; never a password) commit in one transaction. Ending a member's sessions is the path a password change and a
 * self-exclusion take: the sessions are revoked in the database, which every process reads on every call, and each
 * process's socket poll closes the member's sockets (realtime/signals.ts).
 */

const ZUsername = z.string().min(1).max(64);
const ZReason = z.string().trim().min(1, '--reason is required').max(500);

export const USER_COMMANDS = [
  z.strictObject({ kind: z.literal('user.lock'), username: ZUsername, reason: ZReason }),
  z.strictObject({ kind: z.literal('user.unlock'), username: ZUsername, reason: ZReason }),
  z.strictObject({ kind: z.literal('user.passwordReset'), username: ZUsername, reason: ZReason }),
  z.strictObject({ kind: z.literal('user.forceChange'), username: ZUsername, reason: ZReason }),
  z.strictObject({ kind: z.literal('user.note'), username: ZUsername, text: z.string().trim().min(1, 'the note is empty').max(2000) }),
] as const;
export type TUserCommand = z.infer<(typeof USER_COMMANDS)[number]>;

export const USER_USAGE = `  user lock <username> --reason <text>       lock an account: log-in refused, every session ended on every process
  user unlock <username> --reason <text>     let a locked account log in again
  user password-reset <username> --reason <text>
                                             a generated initial password, shown once; every session ends and the
                                             member must change it at the next login
  user force-change <username> --reason <text>
                                             the member must change the password at the next login; every session ends
  user note <username> <text>                a note on the member, for the other operators`;

export class UserArgsError extends Error {}
export class UserRefusal extends Error {}

const SUBCOMMANDS: Record<string, TUserCommand['kind']> = {
  lock: 'user.lock',
  unlock: 'user.unlock',
  'password-reset': 'user.passwordReset',
  'force-change': 'user.forceChange',
  note: 'user.note',
};

/** `user …` (after the word user, `create` aside) to a command (validated by ops.command.ts's union). */
export function userArgs(positional: readonly string[], options: ReadonlyMap<string, string>): unknown {
  const [sub = '', username, text, extra] = positional;
  const kind = SUBCOMMANDS[sub];
  if (!kind) throw new UserArgsError(`user supports: create, ${Object.keys(SUBCOMMANDS).join(', ')}`);
  if (!username) throw new UserArgsError(`user ${sub} needs a username`);
  if (kind === 'user.note') {
    for (const name of options.keys()) throw new UserArgsError(`--${name} does not apply to "user note"`);
    if (text === undefined || extra !== undefined) throw new UserArgsError('user note needs a username and the note in quotes, e.g. user note member01 "asked about a deposit"');
    return { kind, username, text };
  }
  for (const name of options.keys()) if (name !== 'reason') throw new UserArgsError(`--${name} does not apply to "user ${sub}"`);
  if (text !== undefined) throw new UserArgsError(`unexpected argument "${text}"`);
  const reason = options.get('reason');
  if (!reason) throw new UserArgsError(`user ${sub} needs --reason`);
  return { kind, username, reason };
}

type TAudit = (tx: TTx, entry: { target: string; before: unknown; after: unknown; reason?: string | null }) => Promise<unknown>;

const sessionsRepo = createSessionRepository();
const authRepo = createAuthRepository();
const siteRepo = createSiteRepository();

/** Alphabets tried in turn until one fits the merchant's password rule (spec §5 patterns). */
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!#%+=?@';
const INITIAL_LENGTH = 10;

/**
 * An initial password the merchant's password rule accepts: letters and digits with each kind present (most rules),
 * or with a symbol, or digits only, or capitals only; null when no candidate fits (an operator-written glob).
 */
export function generatePassword(rule: TFieldRule): string | null {
  const length = Math.max(rule.minLength, rule.maxLength === 0 ? INITIAL_LENGTH : Math.min(INITIAL_LENGTH, rule.maxLength));
  const shapes = [
    () => randomText(LOWER, 1) + randomText(UPPER, 1) + randomText(DIGITS, 1) + randomText(LOWER + UPPER + DIGITS, length - 3),
    () => randomText(LOWER, 1) + randomText(UPPER, 1) + randomText(DIGITS, 1) + randomText(SYMBOLS, 1) + randomText(LOWER + UPPER + DIGITS, length - 4),
    () => randomText(DIGITS, length),
    () => randomText(UPPER, length),
    () => `9${randomText(DIGITS, length - 1)}`,
  ];
  for (const shape of shapes) {
    // A few tries each: a shape whose random part happens to miss a rule's lookahead gets another draw.
    for (let i = 0; i < 5; i++) {
      const candidate = shape();
      if (validateByRule(candidate, rule) === null) return candidate;
    }
  }
  return null;
}

async function lockedMember(tx: TTx, merchantId: number, username: string) {
  const [user] = await tx
    .select({ id: users.id, username: users.username, status: users.status, passwordInitial: users.passwordInitial })
    .from(users)
    .where(and(eq(users.merchantId, merchantId), sql`lower(${users.username}) = lower(${username})`))
    .for('update');
  if (!user) throw new UserRefusal(`no account ${username}`);
  return user;
}

/** Runs a user command in one transaction with its audit row; UserRefusal is the operator's mistake. */
export async function runUserCommand(db: TDb, merchantId: number, actor: string, cmd: TUserCommand, audit: TAudit): Promise<{ message: string; data: unknown }> {
  // Hashed before the transaction: argon2 takes a while, and holding the member's row meanwhile gains nothing.
  const rule = cmd.kind === 'user.passwordReset' ? passwordRule(await siteRepo.registerRules(db, merchantId)) : null;
  const password = rule ? generatePassword(rule) : null;
  if (rule && password === null) throw new UserRefusal("no generated password fits the merchant's password rule; change the rule (register-field) or the password through the member");
  const passwordHash = password === null ? null : await hashPassword(password);
  return db.transaction(async (tx) => {
    const user = await lockedMember(tx, merchantId, cmd.username);
    const target = `user:${user.id}`;
    const now = new Date();
    switch (cmd.kind) {
      case 'user.lock':
      case 'user.unlock': {
        const status = cmd.kind === 'user.lock' ? 'locked' : 'active';
        if (user.status === 'closed') throw new UserRefusal(`${user.username} is closed`);
        await tx.update(users).set({ status }).where(eq(users.id, user.id));
        // A locked account's sessions fail the live check already (status); revoking them keeps them ended after an unlock.
        const sessionsEnded = status === 'locked' ? await sessionsRepo.revokeAllOfUser(tx, user.id, now) : 0;
        await audit(tx, { target, before: { status: user.status }, after: { status, sessionsEnded }, reason: cmd.reason });
        const was = user.status === status ? ' (it already was)' : '';
        return {
          message: status === 'locked' ? `${user.username} is locked${was}: ${sessionsEnded} session(s) ended, log-in refused` : `${user.username} is active${was}: it may log in again`,
          data: { id: user.id, status, sessionsEnded },
        };
      }
      case 'user.passwordReset':
      case 'user.forceChange': {
        if (passwordHash !== null) await tx.update(users).set({ passwordHash, passwordInitial: true, passwordChangedAt: now }).where(eq(users.id, user.id));
        else await tx.update(users).set({ passwordInitial: true }).where(eq(users.id, user.id));
        // As a password change does (password.service.ts): earlier reset links void, every session ended.
        await authRepo.voidResets(tx, user.id, now);
        const sessionsEnded = await sessionsRepo.revokeAllOfUser(tx, user.id, now);
        const after = { passwordInitial: true, passwordReplaced: passwordHash !== null, sessionsEnded };
        await audit(tx, { target, before: { passwordInitial: user.passwordInitial }, after, reason: cmd.reason });
        return password === null
          ? { message: `${user.username} must change the password at the next login; ${sessionsEnded} session(s) ended`, data: { id: user.id, ...after } }
          : {
              message: `${user.username}'s new initial password (shown once, changed at the next login): ${password}\n${sessionsEnded} session(s) ended`,
              data: { id: user.id, ...after, password },
            };
      }
      case 'user.note': {
        const [note] = await tx.insert(memberNotes).values({ userId: user.id, author: actor, text: cmd.text }).returning({ id: memberNotes.id });
        if (!note) throw new Error('note insert returned nothing');
        const { id } = note;
        await audit(tx, { target, before: null, after: { noteId: id, text: cmd.text } });
        return { message: `note ${id} on ${user.username}`, data: { id, userId: user.id } };
      }
    }
  });
}
