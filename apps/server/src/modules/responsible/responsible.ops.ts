import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { RG_COOLING_HOURS, RG_EXCLUSION_MONTHS, RG_LIMIT_KINDS, RG_LIMIT_MAX, RG_PERIODS, ZRgAmount } from '@playhall/contract/calls/responsible';
import type { TDb } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { formatMinor, parseMajorAmount } from '../ledger/amount.ts';
import { createResponsibleModuleService } from './responsible.module.ts';

/**
 * `npm run ops -- rg …` (issue 22): an operator reads a member's responsible-gaming state, lowers (or sets a first)
 * limit, or imposes an exclusion, e.g. on the member's request by e-mail. Raising a limit is the member's own (after
 * the cooling period); an exclusion is never shortened. The service writes each change's audit row with the
 * operator as actor, in the change's transaction.
 */

const ZUsername = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, 'username: 4–32 letters, digits or _, starting with a letter');

export const RG_COMMANDS = [
  z.strictObject({ kind: z.literal('rg.show'), username: ZUsername }),
  z.strictObject({
    kind: z.literal('rg.limit'),
    username: ZUsername,
    limitKind: z.enum(RG_LIMIT_KINDS),
    period: z.enum(RG_PERIODS),
    amount: ZRgAmount,
  }),
  z.strictObject({ kind: z.literal('rg.exclude'), username: ZUsername, months: z.union(RG_EXCLUSION_MONTHS.map((m) => z.literal(m)) as [z.ZodLiteral<6>, ...z.ZodLiteral<number>[]]) }),
] as const;
export type TRgCommand = z.infer<(typeof RG_COMMANDS)[number]>;

export const RG_USAGE = `  rg show <username>                         a member's responsible-gaming state: limits with this period's usage and
                                             pending raises, reality check, break, self-exclusion
  rg limit <username> deposit|loss day|week|month <amount>
                                             lower a member's limit, or set a first one (whole major units); at once.
                                             A raise is refused: only the member can raise, after ${RG_COOLING_HOURS} hours
  rg exclude <username> 6|12|60              exclude the member for that many months (e.g. asked for by e-mail): every
                                             session ends, log-in is refused, open bonuses are forfeited; a longer
                                             exclusion in force is kept (never shortened)
  clock advance <25h|2d|90m>                 move the responsible-gaming test clock forward (only on a server run with
                                             PLAYHALL_TEST_CLOCK=1, never production; otherwise nothing changes)
  clock reset                                back to real time`;

export class RgArgsError extends Error {}
export class RgRefusal extends Error {}

/** `rg …` (after the word rg) to a command (validated by ops.command.ts's union). */
export function rgArgs(positional: readonly string[], options: ReadonlyMap<string, string>): unknown {
  const [sub, username, a, b, c, extra] = positional;
  for (const name of options.keys()) throw new RgArgsError(`--${name} does not apply to "rg ${sub ?? ''}"`);
  switch (sub) {
    case 'show':
      if (!username || a !== undefined) throw new RgArgsError('rg show needs one username, e.g. rg show member01');
      return { kind: 'rg.show', username };
    case 'limit': {
      if (!username || a === undefined || b === undefined || c === undefined || extra !== undefined) {
        throw new RgArgsError('rg limit needs a username, deposit|loss, day|week|month and an amount, e.g. rg limit member01 loss week 500');
      }
      if (!(RG_LIMIT_KINDS as readonly string[]).includes(a)) throw new RgArgsError(`rg limit: the kind is deposit or loss, not "${a}"`);
      if (!(RG_PERIODS as readonly string[]).includes(b)) throw new RgArgsError(`rg limit: the period is day, week or month, not "${b}"`);
      const amount = parseMajorAmount(c);
      if (!amount.ok) throw new RgArgsError(`amount: ${amount.reason}`);
      if (amount.minor < 0) throw new RgArgsError('amount: a limit is a positive amount');
      if (amount.minor % 100 !== 0) throw new RgArgsError(`amount: a limit is a whole amount such as 500, not "${c}"`);
      if (amount.minor > RG_LIMIT_MAX) throw new RgArgsError(`amount: at most ${formatMinor(RG_LIMIT_MAX)}`);
      return { kind: 'rg.limit', username, limitKind: a, period: b, amount: amount.minor };
    }
    case 'exclude':
      if (!username || a === undefined || b !== undefined) throw new RgArgsError('rg exclude needs a username and 6, 12 or 60 (months), e.g. rg exclude member01 6');
      if (!(RG_EXCLUSION_MONTHS as readonly number[]).includes(Number(a)) || !/^[0-9]+$/.test(a)) {
        throw new RgArgsError(`rg exclude: the length is 6, 12 or 60 months, not "${a}"`);
      }
      return { kind: 'rg.exclude', username, months: Number(a) };
    default:
      throw new RgArgsError('rg supports: show, limit, exclude');
  }
}

async function memberId(db: TDb, merchantId: number, username: string): Promise<number> {
  const [u] = await db.select({ id: users.id }).from(users).where(and(eq(users.merchantId, merchantId), sql`lower(${users.username}) = lower(${username})`));
  if (!u) throw new RgRefusal(`no account ${username}`);
  return u.id;
}

const money = (minor: number | null) => (minor === null ? 'none' : formatMinor(minor));

/** Runs an rg command; RgRefusal is the operator's mistake or a rule (a raise, an unknown account). */
export async function runRgCommand(db: TDb, merchantId: number, actor: string, cmd: TRgCommand): Promise<{ message: string; data: unknown }> {
  const service = createResponsibleModuleService(db, { merchantId });
  const id = await memberId(db, merchantId, cmd.username);
  try {
    switch (cmd.kind) {
      case 'rg.show': {
        const s = await service.show(id);
        const lines = [
          `${cmd.username} (clock ${s.at})`,
          ...s.limits.map((l) => {
            const pending = l.pending ? `; pending ${money(l.pending.amount)} from ${l.pending.effectiveAt}` : '';
            return `  ${l.kind} ${l.period}\tlimit ${money(l.amount)}\tused ${formatMinor(l.used)}\tresets ${l.resetsAt}${pending}`;
          }),
          `  reality check ${s.reality.minutes ? `every ${s.reality.minutes} min` : 'off'}${s.reality.pending ? `; pending ${s.reality.pending.minutes || 'off'} from ${s.reality.pending.effectiveAt}` : ''}`,
          `  break ${s.breakUntil ? `until ${s.breakUntil}${s.breakEndsEarlyAt ? `, ending early at ${s.breakEndsEarlyAt}` : ''}` : 'none'}`,
          `  self-exclusion ${s.excludedUntil ? `until ${s.excludedUntil}` : 'none'}`,
        ];
        return { message: lines.join('\n'), data: { username: cmd.username, ...s } };
      }
      case 'rg.limit': {
        const s = await service.setLimit(id, { kind: cmd.limitKind, period: cmd.period, amount: cmd.amount }, { operator: actor });
        return { message: `${cmd.username}: ${cmd.limitKind} limit per ${cmd.period} is now ${formatMinor(cmd.amount)}, at once`, data: s };
      }
      case 'rg.exclude': {
        const r = await service.operatorExclude(id, cmd.months, actor);
        return { message: `${cmd.username} is excluded until ${r.until}: every session ended, log-in refused, open bonuses forfeited`, data: r };
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw new RgRefusal(err.message);
    throw err;
  }
}
