import { and, asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { LOYALTY_CATEGORIES, MISSION_KINDS, MISSION_PERIODS, type TMissionKind } from '@playhall/contract/calls/loyalty';
import { ZLanguageCode } from '@playhall/contract/languages';
import type { TTx } from '../../db/client.ts';
import { missionEvents, missions } from '../../db/schema.ts';
import { formatMinor, parseMajorAmount } from '../ledger/amount.ts';

/**
 * `npm run ops -- mission …` as data (ops.command.ts puts these in its union and hands `mission` argv here), and what
 * each does. Targets of validBet and deposit missions and cash or bonus rewards are read in major units
 * (parseMajorAmount); counts and points are whole numbers. Each change returns what its audit row records.
 */

const ZIso = z.iso.datetime({ offset: true });
const ZMissionId = z.number().int().positive('a mission id (see mission list)');
const ZTitles = z.partialRecord(ZLanguageCode, z.string().trim().min(1).max(120));

const FIELDS = {
  title: z.string().trim().min(1, '--title is required').max(120),
  titles: ZTitles,
  period: z.enum(MISSION_PERIODS),
  missionKind: z.enum(MISSION_KINDS),
  category: z.enum(LOYALTY_CATEGORIES).nullable(),
  /** As typed: major units for validBet and deposit, a count otherwise (converted once the kind is known). */
  target: z.string().min(1),
  rewardForm: z.enum(['points', 'bonus', 'cash']),
  /** As typed: points, or major units for cash and bonus. */
  reward: z.string().min(1),
  turnover: z.number().int().min(0).max(1000),
  score: z.number().int().min(0).max(1_000_000),
  eventId: z.number().int().positive().nullable(),
  sort: z.number().int().min(-1_000_000).max(1_000_000),
};

export const MISSION_COMMANDS = [
  z.strictObject({ kind: z.literal('mission.add'), ...FIELDS, titles: FIELDS.titles.default({}) }),
  z.strictObject({ kind: z.literal('mission.edit'), id: ZMissionId, ...z.object(FIELDS).partial().shape }),
  z.strictObject({ kind: z.literal('mission.list') }),
  z.strictObject({ kind: z.literal('mission.set'), id: ZMissionId, on: z.boolean() }),
  z.strictObject({ kind: z.literal('missionEvent.add'), name: z.string().trim().min(1, '--name is required').max(120), from: ZIso, to: ZIso }),
  z.strictObject({ kind: z.literal('missionEvent.list') }),
] as const;
export type TMissionCommand = z.infer<(typeof MISSION_COMMANDS)[number]>;

export const MISSION_USAGE = `  mission add --title <t> --period daily|weekly --kind validBet|betCount|distinctGames|deposit|loginStreak|lotteryWin
              --target <n> --reward-form points|bonus|cash --reward <n> [--turnover <multiple>] [--score <n>]
              [--category RNG|LIVE|FISH|PVP|SPORTS|ESPORTS|LOTT] [--event <id>] [--sort <n>] [--titles '{"VI":"…"}']
                                             a mission: target and reward in major units for valid bet, deposit, cash
                                             and bonus, else a count (points); a bonus has --turnover × its amount to bet
  mission edit <id> [any option of add]      change a mission (--category none / --event none clears it)
  mission list                               every mission: id, on/off, period, kind, target, reward, score, event
  mission on|off <id>                        offer a mission to members, or stop
  mission event add --name <n> --from ISO --to ISO
                                             a mission event: the window whose claimed scores make the leaderboard
  mission event list                         the events, newest first`;

export const MISSION_OPTIONS = new Set(['title', 'titles', 'period', 'kind', 'target', 'reward-form', 'reward', 'turnover', 'score', 'category', 'event', 'sort', 'name', 'from', 'to']);

export class MissionArgsError extends Error {}
export class MissionRefusal extends Error {}

function whole(name: string, text: string, signed = false): number {
  if (!(signed ? /^-?[0-9]{1,9}$/ : /^[0-9]{1,9}$/).test(text)) throw new MissionArgsError(`--${name} must be a whole number, not "${text}"`);
  return Number(text);
}

function isoOf(name: string, text: string | undefined): string {
  if (text === undefined) throw new MissionArgsError(`mission event add needs --${name} <ISO time>`);
  if (Number.isNaN(Date.parse(text)) || !/T/.test(text)) throw new MissionArgsError(`--${name} must be an ISO time such as 2026-12-01T00:00:00+07:00, not "${text}"`);
  return new Date(text).toISOString();
}

/** `mission <sub> …` (after the word mission) to a command (validated by ops.command.ts's union). */
export function missionArgs(positional: readonly string[], options: ReadonlyMap<string, string>): unknown {
  const [sub, second, third] = positional;
  const get = (name: string) => options.get(name);
  const noOptions = () => {
    if (options.size > 0) throw new MissionArgsError(`mission ${positional.join(' ')} takes no options`);
  };
  if (sub === 'event') {
    if (second === 'list') {
      noOptions();
      return { kind: 'missionEvent.list' };
    }
    if (second !== 'add') throw new MissionArgsError('mission event supports: add, list');
    for (const name of options.keys()) if (!['name', 'from', 'to'].includes(name)) throw new MissionArgsError(`--${name} does not apply to mission event add`);
    if (third !== undefined) throw new MissionArgsError(`unexpected argument "${third}"`);
    return { kind: 'missionEvent.add', name: get('name') ?? '', from: isoOf('from', get('from')), to: isoOf('to', get('to')) };
  }
  if (sub === 'list') {
    noOptions();
    if (second !== undefined) throw new MissionArgsError(`unexpected argument "${second}"`);
    return { kind: 'mission.list' };
  }
  if (sub === 'on' || sub === 'off') {
    noOptions();
    if (!/^[1-9][0-9]{0,15}$/.test(second ?? '') || third !== undefined) throw new MissionArgsError(`mission ${sub} needs a mission id (see mission list), e.g. mission ${sub} 3`);
    return { kind: 'mission.set', id: Number(second), on: sub === 'on' };
  }
  if (sub !== 'add' && sub !== 'edit') throw new MissionArgsError('mission supports: add, edit, list, on, off, event add, event list');
  for (const name of options.keys()) if (['name', 'from', 'to'].includes(name)) throw new MissionArgsError(`--${name} does not apply to mission ${sub}`);
  const fields: Record<string, unknown> = {};
  if (get('title') !== undefined) fields.title = get('title');
  if (get('titles') !== undefined) {
    try {
      fields.titles = JSON.parse(get('titles') ?? '');
    } catch {
      throw new MissionArgsError('--titles is not JSON, e.g. --titles \'{"VI":"Cược 1.000.000 ₫"}\'');
    }
  }
  if (get('period') !== undefined) fields.period = get('period');
  if (get('kind') !== undefined) fields.missionKind = get('kind');
  if (get('category') !== undefined) fields.category = get('category') === 'none' ? null : get('category')?.toUpperCase();
  if (get('target') !== undefined) fields.target = get('target');
  if (get('reward-form') !== undefined) fields.rewardForm = get('reward-form');
  if (get('reward') !== undefined) fields.reward = get('reward');
  if (get('turnover') !== undefined) fields.turnover = whole('turnover', get('turnover') ?? '');
  if (get('score') !== undefined) fields.score = whole('score', get('score') ?? '');
  if (get('event') !== undefined) fields.eventId = get('event') === 'none' ? null : whole('event', get('event') ?? '');
  if (get('sort') !== undefined) fields.sort = whole('sort', get('sort') ?? '', true);
  if (sub === 'edit') {
    if (!/^[1-9][0-9]{0,15}$/.test(second ?? '') || third !== undefined) throw new MissionArgsError('mission edit needs a mission id (see mission list), e.g. mission edit 3 --target 500000');
    if (Object.keys(fields).length === 0) throw new MissionArgsError('mission edit needs at least one option to change');
    return { kind: 'mission.edit', id: Number(second), ...fields };
  }
  if (second !== undefined) throw new MissionArgsError(`unexpected argument "${second}"`);
  for (const [name, key] of [['title', 'title'], ['period', 'period'], ['kind', 'missionKind'], ['target', 'target'], ['reward-form', 'rewardForm'], ['reward', 'reward']] as const) {
    if (fields[key] === undefined) throw new MissionArgsError(`mission add needs --${name}`);
  }
  return { kind: 'mission.add', category: null, turnover: 0, score: 0, eventId: null, sort: 0, ...fields };
}

const MONEY_KINDS: readonly TMissionKind[] = ['validBet', 'deposit'];
const CATEGORY_KINDS: readonly TMissionKind[] = ['validBet', 'betCount', 'distinctGames'];

/** The typed target and reward as stored numbers, and the rules between the fields; a refusal names the rule. */
function resolve(v: { missionKind: TMissionKind; period: 'daily' | 'weekly'; category: string | null; target: string; rewardForm: 'points' | 'bonus' | 'cash'; reward: string; turnover: number }) {
  let target: number;
  if (MONEY_KINDS.includes(v.missionKind)) {
    const parsed = parseMajorAmount(v.target);
    if (!parsed.ok) throw new MissionRefusal(`--target: ${parsed.reason}`);
    target = parsed.minor;
  } else {
    if (!/^[0-9]{1,9}$/.test(v.target)) throw new MissionRefusal(`--target of a ${v.missionKind} mission is a whole count, not "${v.target}"`);
    target = Number(v.target);
  }
  if (target <= 0) throw new MissionRefusal('--target must be more than 0');
  if (v.missionKind === 'loginStreak' && v.period === 'weekly' && target > 7) throw new MissionRefusal('a weekly loginStreak counts the days of the week logged in: --target 1 to 7');
  if (v.missionKind === 'loginStreak' && target > 366) throw new MissionRefusal('a loginStreak --target is at most 366 days');
  if (v.category !== null && !CATEGORY_KINDS.includes(v.missionKind)) throw new MissionRefusal(`--category applies to validBet, betCount and distinctGames missions, not ${v.missionKind}`);
  let reward: number;
  if (v.rewardForm === 'points') {
    if (!/^[0-9]{1,9}$/.test(v.reward)) throw new MissionRefusal(`--reward in points is a whole number, not "${v.reward}"`);
    reward = Number(v.reward);
  } else {
    const parsed = parseMajorAmount(v.reward);
    if (!parsed.ok) throw new MissionRefusal(`--reward: ${parsed.reason}`);
    reward = parsed.minor;
  }
  if (reward <= 0) throw new MissionRefusal('--reward must be more than 0');
  if (v.turnover > 0 && v.rewardForm !== 'bonus') throw new MissionRefusal('--turnover applies to a bonus reward only (--reward-form bonus)');
  return { target, reward };
}

/** A stored target or reward as the operator types it (major units or a count). */
function typedTarget(m: typeof missions.$inferSelect): string {
  return MONEY_KINDS.includes(m.kind) ? formatMinor(m.target) : String(m.target);
}
function typedReward(m: typeof missions.$inferSelect): string {
  return m.rewardForm === 'points' ? String(m.rewardAmount) : formatMinor(m.rewardAmount);
}

function line(m: typeof missions.$inferSelect): string {
  const target = MONEY_KINDS.includes(m.kind) ? formatMinor(m.target) : String(m.target);
  const reward = m.rewardForm === 'points' ? `${m.rewardAmount} points` : `${formatMinor(m.rewardAmount)} ${m.rewardForm}${m.turnoverMultiple > 0 ? ` ×${m.turnoverMultiple}` : ''}`;
  return `#${m.id} ${m.status.padEnd(3)} ${m.period.padEnd(6)} ${m.kind}${m.category ? `/${m.category}` : ''} ${target} → ${reward}, score ${m.score}${m.eventId ? `, event ${m.eventId}` : ''}  ${m.title}`;
}

export interface TMissionOpsResult {
  message: string;
  data: unknown;
  /** What the audit row records (null for a read). */
  audit: { target: string; before: unknown; after: unknown } | null;
}

async function eventExists(db: TTx, merchantId: number, id: number | null): Promise<void> {
  if (id === null) return;
  const [row] = await db.select({ id: missionEvents.id }).from(missionEvents).where(and(eq(missionEvents.id, id), eq(missionEvents.merchantId, merchantId)));
  if (!row) throw new MissionRefusal(`no mission event ${id} (see mission event list)`);
}

/** Runs a mission command in `db` (the caller's transaction for a change, with its audit row). MissionRefusal: the operator's mistake. */
export async function runMissionCommand(db: TTx, merchantId: number, cmd: TMissionCommand, now: Date): Promise<TMissionOpsResult> {
  switch (cmd.kind) {
    case 'mission.list': {
      const rows = await db.select().from(missions).where(eq(missions.merchantId, merchantId)).orderBy(asc(missions.period), asc(missions.sort), asc(missions.id));
      return { message: rows.map(line).join('\n') || 'no missions', data: rows, audit: null };
    }
    case 'missionEvent.list': {
      const rows = await db.select().from(missionEvents).where(eq(missionEvents.merchantId, merchantId)).orderBy(desc(missionEvents.startsAt));
      const state = (e: (typeof rows)[number]) => (e.endsAt <= now ? 'ended' : e.startsAt <= now ? 'running' : 'coming');
      return {
        message: rows.map((e) => `#${e.id} ${state(e).padEnd(7)} ${e.startsAt.toISOString()} → ${e.endsAt.toISOString()}  ${e.name}`).join('\n') || 'no mission events',
        data: rows,
        audit: null,
      };
    }
    case 'missionEvent.add': {
      if (Date.parse(cmd.to) <= Date.parse(cmd.from)) throw new MissionRefusal('--to must be after --from');
      const [row] = await db.insert(missionEvents).values({ merchantId, name: cmd.name, startsAt: new Date(cmd.from), endsAt: new Date(cmd.to) }).returning();
      if (!row) throw new Error('mission event insert returned nothing');
      return { message: `mission event ${row.id} "${row.name}" ${cmd.from} → ${cmd.to}`, data: row, audit: { target: `missionEvent:${row.id}`, before: null, after: row } };
    }
    case 'mission.add': {
      const { target, reward } = resolve(cmd);
      await eventExists(db, merchantId, cmd.eventId);
      const [row] = await db
        .insert(missions)
        .values({
          merchantId,
          eventId: cmd.eventId,
          period: cmd.period,
          kind: cmd.missionKind,
          category: cmd.category,
          target,
          rewardForm: cmd.rewardForm,
          rewardAmount: reward,
          turnoverMultiple: cmd.turnover,
          score: cmd.score,
          title: cmd.title,
          titles: cmd.titles,
          sort: cmd.sort,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('mission insert returned nothing');
      return { message: `mission added: ${line(row)}`, data: row, audit: { target: `mission:${row.id}`, before: null, after: row } };
    }
    case 'mission.edit': {
      const [before] = await db.select().from(missions).where(and(eq(missions.id, cmd.id), eq(missions.merchantId, merchantId))).for('update');
      if (!before) throw new MissionRefusal(`no mission ${cmd.id} (see mission list)`);
      const merged = {
        missionKind: cmd.missionKind ?? before.kind,
        period: cmd.period ?? before.period,
        category: cmd.category === undefined ? before.category : cmd.category,
        target: cmd.target ?? typedTarget(before),
        rewardForm: cmd.rewardForm ?? before.rewardForm,
        reward: cmd.reward ?? typedReward(before),
        turnover: cmd.turnover ?? (cmd.rewardForm && cmd.rewardForm !== 'bonus' ? 0 : before.turnoverMultiple),
      };
      const { target, reward } = resolve(merged);
      const eventId = cmd.eventId === undefined ? before.eventId : cmd.eventId;
      await eventExists(db, merchantId, eventId);
      const [after] = await db
        .update(missions)
        .set({
          kind: merged.missionKind,
          period: merged.period,
          category: merged.category,
          target,
          rewardForm: merged.rewardForm,
          rewardAmount: reward,
          turnoverMultiple: merged.turnover,
          score: cmd.score ?? before.score,
          title: cmd.title ?? before.title,
          titles: cmd.titles ?? before.titles,
          eventId,
          sort: cmd.sort ?? before.sort,
          updatedAt: now,
        })
        .where(eq(missions.id, before.id))
        .returning();
      if (!after) throw new Error('mission update returned nothing');
      return { message: `mission changed: ${line(after)}`, data: after, audit: { target: `mission:${after.id}`, before, after } };
    }
    case 'mission.set': {
      const [before] = await db.select().from(missions).where(and(eq(missions.id, cmd.id), eq(missions.merchantId, merchantId))).for('update');
      if (!before) throw new MissionRefusal(`no mission ${cmd.id} (see mission list)`);
      const status = cmd.on ? ('on' as const) : ('off' as const);
      await db.update(missions).set({ status, updatedAt: now }).where(eq(missions.id, before.id));
      return {
        message: `mission ${before.id} is ${status}${before.status === status ? ' (it already was)' : ''}: ${before.title}`,
        data: { id: before.id, status },
        audit: { target: `mission:${before.id}`, before: { status: before.status }, after: { status } },
      };
    }
  }
}
