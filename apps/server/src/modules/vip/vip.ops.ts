import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf, type TDb, type TTx } from '../../db/client.ts';
import { users, vipLevels } from '../../db/schema.ts';
import { formatMinor } from '../ledger/amount.ts';
import { createTeamRollup } from '../agent/team-rollup.ts';
import { merchantTimeZone } from '../promotions/promotions.service.ts';
import { formatRate, ladderProblems, parseMoney, parseRebateRates, type TVipLevelRow } from './vip.ladder.ts';
import { dayStart, localDay, rebateDayDue, REBATE_GRACE_MS, runVipBirthdays, runVipMonthly, runVipRebate } from './vip.jobs.ts';
import { recomputeVip } from './vip.recompute.ts';
import { ladderOf, memberVipOf } from './vip.store.ts';

/** `npm run ops -- vip …` as data (ops.command.ts puts these in its union and hands `vip` argv here), and what each does. */

const ZIso = z.iso.datetime({ offset: true });
const ZLevel = z.number().int().min(0).max(100);
const ZUsername = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, 'username: 4–32 letters, digits or _, starting with a letter');
const ZMoney = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const ZLabel = z.string().trim().min(1, 'a label').max(40, 'a label is at most 40 characters').regex(/^[^,{}"\\]+$/, 'a label has no commas, braces, quotes or backslashes');

export const VIP_COMMANDS = [
  z.strictObject({
    kind: z.literal('vip.level.set'),
    level: ZLevel,
    name: z.string().trim().min(1).max(40).optional(),
    validBetRequired: ZMoney.optional(),
    depositRequired: ZMoney.optional(),
    keepValidBet: ZMoney.optional(),
    upgradeBonus: ZMoney.optional(),
    monthlyBonus: ZMoney.optional(),
    birthdayBonus: ZMoney.optional(),
    bonusTurnoverMultiple: z.number().int().min(0).max(1000).optional(),
    rebateRates: z.record(z.string(), z.number().int().min(0).max(10_000)).optional(),
    withdrawalsPerDay: z.number().int().min(0).max(1000).optional(),
    withdrawalLimitPerDay: ZMoney.optional(),
  }),
  z.strictObject({ kind: z.literal('vip.level.list') }),
  z.strictObject({ kind: z.literal('vip.level.remove'), level: ZLevel }),
  z.strictObject({ kind: z.literal('vip.member'), username: ZUsername }),
  z.strictObject({ kind: z.literal('vip.set'), username: ZUsername, level: ZLevel }),
  z.strictObject({ kind: z.literal('vip.label'), username: ZUsername, label: ZLabel, on: z.boolean() }),
  z.strictObject({ kind: z.literal('vip.recompute'), at: ZIso.nullable() }),
  z.strictObject({ kind: z.literal('vip.monthly'), at: ZIso.nullable() }),
  z.strictObject({ kind: z.literal('vip.birthday'), at: ZIso.nullable() }),
  z.strictObject({ kind: z.literal('vip.rebate'), day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '--day is YYYY-MM-DD').nullable() }),
] as const;
export type TVipCommand = z.infer<(typeof VIP_COMMANDS)[number]>;

export const VIP_USAGE = `  vip level list                             the VIP ladder: thresholds, keep requirement, bonuses, rebate, withdrawals
  vip level set <n> [--name <t>] [--bet <amount>] [--deposit <amount>] [--keep <amount>] [--upgrade <amount>]
                [--monthly <amount>] [--birthday <amount>] [--turnover <multiple>] [--rebate RNG=0.8%,LIVE=0.5%|none]
                [--withdrawals <per day>] [--withdrawal-limit <amount per day>]
                                             add or change a level (what is not given is kept; a new level starts at 0);
                                             bet/deposit are cumulative since registration, keep the valid bet a month
                                             needs; bonuses are a bonus with --turnover × their amount (0: cash);
                                             withdrawals 0 = the global limits; the ladder must rise
  vip level remove <n>                       remove the top level (no member may hold it)
  vip member <username>                      a member's level, top level, totals, birthday and labels
  vip set <username> <level>                 set a member's level (no upgrade bonus is paid for it; a lower level is
                                             raised again by the recomputation when the figures still reach higher)
  vip label add|remove <username> <label>    an operator tag on a member (memberLabel, activity eligibility)
  vip recompute [--at ISO]                   recompute every member's level now and pay upgrade bonuses (job: 10 min)
  vip monthly [--at ISO]                     the monthly job for the month that ended before then: one level down
                                             when the keep requirement was missed, then the monthly bonus
  vip birthday [--at ISO]                    pay the birthday bonuses of that local day
  vip rebate [--day YYYY-MM-DD]              pay the daily rebate of a local day that ended (default: the last one)`;

export const VIP_OPTIONS = new Set(['name', 'bet', 'deposit', 'keep', 'upgrade', 'monthly', 'birthday', 'turnover', 'rebate', 'withdrawals', 'withdrawal-limit', 'at', 'day']);

export class VipArgsError extends Error {}
export class VipRefusal extends Error {}

const MONEY_OPTIONS: [string, string][] = [
  ['bet', 'validBetRequired'],
  ['deposit', 'depositRequired'],
  ['keep', 'keepValidBet'],
  ['upgrade', 'upgradeBonus'],
  ['monthly', 'monthlyBonus'],
  ['birthday', 'birthdayBonus'],
  ['withdrawal-limit', 'withdrawalLimitPerDay'],
];

function whole(name: string, text: string): number {
  if (!/^[0-9]{1,6}$/.test(text)) throw new VipArgsError(`--${name} must be a whole number, not "${text}"`);
  return Number(text);
}

function onlyOptions(options: ReadonlyMap<string, string>, allowed: string[], what: string): void {
  for (const name of options.keys()) if (!allowed.includes(name)) throw new VipArgsError(`--${name} does not apply to "vip ${what}"`);
}

function levelArg(text: string | undefined, what: string): number {
  if (!/^[0-9]{1,3}$/.test(text ?? '')) throw new VipArgsError(`vip ${what} needs a level number, e.g. vip ${what} 3`);
  return Number(text);
}

/** `vip …` (after the word vip) to a command (validated by ops.command.ts's union). */
export function vipArgs(positional: readonly string[], options: ReadonlyMap<string, string>): unknown {
  const [sub, a, b, c, extra] = positional;
  const at = options.get('at') ?? null;
  switch (sub) {
    case 'level': {
      if (a === 'list') {
        onlyOptions(options, [], 'level list');
        if (b !== undefined) throw new VipArgsError(`unexpected argument "${b}"`);
        return { kind: 'vip.level.list' };
      }
      if (a === 'remove') {
        onlyOptions(options, [], 'level remove');
        if (c !== undefined) throw new VipArgsError(`unexpected argument "${c}"`);
        return { kind: 'vip.level.remove', level: levelArg(b, 'level remove') };
      }
      if (a !== 'set') throw new VipArgsError('vip level supports: list, set, remove');
      if (c !== undefined) throw new VipArgsError(`unexpected argument "${c}"`);
      onlyOptions(options, ['name', 'turnover', 'rebate', 'withdrawals', ...MONEY_OPTIONS.map(([o]) => o)], 'level set');
      const cmd: Record<string, unknown> = { kind: 'vip.level.set', level: levelArg(b, 'level set') };
      const name = options.get('name');
      if (name !== undefined) cmd.name = name;
      for (const [option, field] of MONEY_OPTIONS) {
        const text = options.get(option);
        if (text === undefined) continue;
        const money = parseMoney(text);
        if (!money.ok) throw new VipArgsError(`--${option}: ${money.reason}`);
        cmd[field] = money.minor;
      }
      const turnover = options.get('turnover');
      if (turnover !== undefined) cmd.bonusTurnoverMultiple = whole('turnover', turnover);
      const withdrawals = options.get('withdrawals');
      if (withdrawals !== undefined) cmd.withdrawalsPerDay = whole('withdrawals', withdrawals);
      const rebate = options.get('rebate');
      if (rebate !== undefined) {
        const rates = parseRebateRates(rebate);
        if (!rates.ok) throw new VipArgsError(`--rebate: ${rates.reason}`);
        cmd.rebateRates = rates.rates;
      }
      return cmd;
    }
    case 'member':
      onlyOptions(options, [], 'member');
      if (!a || b !== undefined) throw new VipArgsError('vip member needs one username, e.g. vip member member01');
      return { kind: 'vip.member', username: a };
    case 'set':
      onlyOptions(options, [], 'set');
      if (!a || c !== undefined) throw new VipArgsError('vip set needs a username and a level, e.g. vip set member01 3');
      return { kind: 'vip.set', username: a, level: levelArg(b, 'set <username>') };
    case 'label':
      onlyOptions(options, [], 'label');
      if ((a !== 'add' && a !== 'remove') || !b || c === undefined || extra !== undefined) {
        throw new VipArgsError('vip label add|remove needs a username and a label, e.g. vip label add member01 "high roller"');
      }
      return { kind: 'vip.label', username: b, label: c, on: a === 'add' };
    case 'recompute':
    case 'monthly':
    case 'birthday':
      onlyOptions(options, ['at'], sub);
      if (a !== undefined) throw new VipArgsError(`unexpected argument "${a}"`);
      return { kind: `vip.${sub}`, at };
    case 'rebate':
      onlyOptions(options, ['day'], 'rebate');
      if (a !== undefined) throw new VipArgsError(`unexpected argument "${a}"`);
      return { kind: 'vip.rebate', day: options.get('day') ?? null };
    default:
      throw new VipArgsError('vip supports: level list|set|remove, member, set, label add|remove, recompute, monthly, birthday, rebate');
  }
}

type TAudit = (tx: TTx, entry: { target: string; before: unknown; after: unknown }) => Promise<unknown>;

function levelLine(l: TVipLevelRow): string {
  const rates = Object.entries(l.rebateRates).map(([k, v]) => `${k}=${formatRate(v)}`).join(',') || 'none';
  return [
    `${l.level}\t${l.name}`,
    `bet ${formatMinor(l.validBetRequired)}`,
    `deposit ${formatMinor(l.depositRequired)}`,
    `keep ${formatMinor(l.keepValidBet)}/month`,
    `upgrade ${formatMinor(l.upgradeBonus)}`,
    `monthly ${formatMinor(l.monthlyBonus)}`,
    `birthday ${formatMinor(l.birthdayBonus)}`,
    l.bonusTurnoverMultiple > 0 ? `bonus ×${l.bonusTurnoverMultiple}` : 'cash',
    `rebate ${rates}`,
    `withdrawals ${l.withdrawalsPerDay || 'global'}/day, ${l.withdrawalLimitPerDay ? formatMinor(l.withdrawalLimitPerDay) : 'no limit'}/day`,
  ].join('  ');
}

async function memberId(db: TTx, merchantId: number, username: string): Promise<number> {
  const [u] = await db.select({ id: users.id }).from(users).where(and(eq(users.merchantId, merchantId), sql`lower(${users.username}) = lower(${username})`));
  if (!u) throw new VipRefusal(`no account ${username}`);
  return u.id;
}

/** Runs a vip command; VipRefusal is the operator's mistake. Every change writes its audit row (with the change, or after a job). */
export async function runVipCommand(db: TDb, merchantId: number, cmd: TVipCommand, audit: TAudit): Promise<{ message: string; data: unknown }> {
  const timeZone = await merchantTimeZone(db, merchantId);
  const rollup = createTeamRollup({ db, timeZone: async () => timeZone });
  const at = 'at' in cmd && cmd.at ? new Date(cmd.at) : new Date();
  switch (cmd.kind) {
    case 'vip.level.list': {
      const ladder = await ladderOf(db, merchantId);
      return { message: ladder.map(levelLine).join('\n') || 'no VIP levels (vip level set 0 --name VIP0 starts a ladder)', data: ladder };
    }
    case 'vip.level.set':
      return db.transaction(async (tx) => {
        // One ladder change at a time: the rules are checked on the whole ladder.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('vip_levels'), ${merchantId})`);
        const ladder = await ladderOf(tx, merchantId);
        const before = ladder.find((l) => l.level === cmd.level) ?? null;
        if (!before && cmd.level !== ladder.length) {
          throw new VipRefusal(`levels run from 0 without gaps: the next new level is ${ladder.length}, not ${cmd.level}`);
        }
        const { kind: _kind, level, ...given } = cmd;
        const after: TVipLevelRow = {
          ...(before ?? { level, name: `VIP${level}`, validBetRequired: 0, depositRequired: 0, keepValidBet: 0, upgradeBonus: 0, monthlyBonus: 0, birthdayBonus: 0, bonusTurnoverMultiple: 0, rebateRates: {}, withdrawalsPerDay: 0, withdrawalLimitPerDay: 0 }),
          ...given,
        };
        const problems = ladderProblems([...ladder.filter((l) => l.level !== level), after]);
        if (problems.length > 0) throw new VipRefusal(problems.join('\n'));
        const { level: _l, ...values } = after;
        await tx
          .insert(vipLevels)
          .values({ merchantId, level, ...values, updatedAt: new Date() })
          .onConflictDoUpdate({ target: [vipLevels.merchantId, vipLevels.level], set: { ...values, updatedAt: new Date() } });
        await audit(tx, { target: `vip_level:${level}`, before, after });
        return { message: `${before ? 'changed' : 'added'} level ${levelLine(after)}`, data: after };
      });
    case 'vip.level.remove':
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('vip_levels'), ${merchantId})`);
        const ladder = await ladderOf(tx, merchantId);
        const before = ladder.find((l) => l.level === cmd.level);
        if (!before) throw new VipRefusal(`no VIP level ${cmd.level}`);
        if (cmd.level !== ladder.length - 1) throw new VipRefusal(`only the top level (${ladder.length - 1}) can be removed: levels run without gaps`);
        if (cmd.level === 0 && ladder.length === 1) throw new VipRefusal('level 0 is every member\'s: it stays while the ladder exists');
        const [held] = rowsOf<{ n: string }>(await tx.execute(sql`select count(*)::text as n from member_vip where merchant_id = ${merchantId} and level = ${cmd.level}`));
        if (Number(held?.n ?? 0) > 0) throw new VipRefusal(`${held?.n} member(s) hold level ${cmd.level}: set them lower first (vip set)`);
        await tx.delete(vipLevels).where(and(eq(vipLevels.merchantId, merchantId), eq(vipLevels.level, cmd.level)));
        await audit(tx, { target: `vip_level:${cmd.level}`, before, after: null });
        return { message: `removed level ${cmd.level} ${before.name}`, data: before };
      });
    case 'vip.member': {
      const id = await memberId(db, merchantId, cmd.username);
      const vip = await memberVipOf(db, id);
      const name = (await ladderOf(db, merchantId)).find((l) => l.level === vip.level)?.name ?? `VIP${vip.level}`;
      const data = { username: cmd.username, ...vip, name, levelSince: vip.levelSince?.toISOString() ?? null };
      return {
        message: [
          `${cmd.username}: level ${vip.level} ${name}${vip.levelSince ? ` since ${data.levelSince}` : ''} (top level ${vip.topLevel})`,
          `valid bet ${formatMinor(vip.validBetTotal)}, deposit ${formatMinor(vip.depositTotal)} (last recomputation)`,
          `birthday ${vip.birthday ?? 'not confirmed'}; labels ${vip.labels.join(', ') || 'none'}`,
        ].join('\n'),
        data,
      };
    }
    case 'vip.set':
      return db.transaction(async (tx) => {
        const id = await memberId(tx, merchantId, cmd.username);
        const ladder = await ladderOf(tx, merchantId);
        if (!ladder.some((l) => l.level === cmd.level)) throw new VipRefusal(`no VIP level ${cmd.level} (see vip level list)`);
        const before = await memberVipOf(tx, id);
        await tx.execute(sql`
          insert into member_vip as v (user_id, merchant_id, level, top_level, level_since)
          values (${id}, ${merchantId}, ${cmd.level}, ${cmd.level}, ${new Date().toISOString()}::timestamptz)
          on conflict (user_id) do update set level = excluded.level, top_level = greatest(v.top_level, excluded.level), level_since = excluded.level_since`);
        await audit(tx, { target: `user:${id}`, before: { level: before.level, topLevel: before.topLevel }, after: { level: cmd.level } });
        return { message: `${cmd.username} is now level ${cmd.level} (was ${before.level}); no upgrade bonus is paid for a level set by hand`, data: { level: cmd.level, was: before.level } };
      });
    case 'vip.label':
      return db.transaction(async (tx) => {
        const id = await memberId(tx, merchantId, cmd.username);
        const before = await memberVipOf(tx, id);
        const has = before.labels.includes(cmd.label);
        if (cmd.on === has) return { message: `${cmd.username} ${has ? 'already has' : 'has no'} label "${cmd.label}"`, data: { labels: before.labels } };
        const labels = cmd.on ? [...before.labels, cmd.label] : before.labels.filter((l) => l !== cmd.label);
        await tx.execute(sql`
          insert into member_vip as v (user_id, merchant_id, labels) values (${id}, ${merchantId}, ${`{${labels.map((l) => `"${l}"`).join(',')}}`}::text[])
          on conflict (user_id) do update set labels = excluded.labels`);
        await audit(tx, { target: `user:${id}`, before: { labels: before.labels }, after: { labels } });
        return { message: `${cmd.username} labels: ${labels.join(', ') || 'none'}`, data: { labels } };
      });
    case 'vip.recompute': {
      const r = await recomputeVip(db, rollup, merchantId, timeZone, at);
      await db.transaction((tx) => audit(tx, { target: 'vip', before: null, after: { at: at.toISOString(), ...r } }));
      return { message: `recomputed ${r.members} member(s): ${r.raised} raised, ${r.bonuses} upgrade bonus(es) paid`, data: r };
    }
    case 'vip.monthly': {
      const r = await runVipMonthly(db, rollup, merchantId, timeZone, at);
      await db.transaction((tx) => audit(tx, { target: 'vip', before: null, after: { at: at.toISOString(), ...r } }));
      return { message: `month ${r.month}: ${r.assessed} member(s) assessed, ${r.lowered} moved down one level, ${r.bonuses} monthly bonus(es) paid`, data: r };
    }
    case 'vip.birthday': {
      const r = await runVipBirthdays(db, merchantId, timeZone, at);
      await db.transaction((tx) => audit(tx, { target: 'vip', before: null, after: { at: at.toISOString(), ...r } }));
      return { message: `${r.day}: ${r.bonuses} birthday bonus(es) paid`, data: r };
    }
    case 'vip.rebate': {
      const now = new Date();
      const day = cmd.day ?? rebateDayDue(timeZone, now);
      if (localDay(timeZone, dayStart(timeZone, day)) !== day) throw new VipRefusal(`--day ${day} is not a calendar date`);
      const ends = dayStart(timeZone, localDay(timeZone, new Date(dayStart(timeZone, day).getTime() + 36 * 3_600_000)));
      if (ends.getTime() + REBATE_GRACE_MS > now.getTime()) {
        throw new VipRefusal(`the rebate of ${day} is due ${new Date(ends.getTime() + REBATE_GRACE_MS).toISOString()} (${REBATE_GRACE_MS / 60_000} minutes after the day ends)`);
      }
      const r = await runVipRebate(db, merchantId, timeZone, day, now);
      await db.transaction((tx) => audit(tx, { target: 'vip', before: null, after: r }));
      return { message: `rebate of ${r.day}: ${r.rebates} paid now to ${r.members} member(s) due, ${formatMinor(r.amount)} in all`, data: r };
    }
  }
}
