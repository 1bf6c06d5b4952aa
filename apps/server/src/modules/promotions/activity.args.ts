import { z } from 'zod';
import { ACTIVITY_CATEGORIES, ACTIVITY_KINDS, type TRewardRule } from '@playhall/contract/calls/promotions';
import { parseMajorAmount } from '../ledger/amount.ts';
import { ZActivityInput, type TActivityInput } from './activity-terms.ts';

/**
 * `npm run ops -- activity …` as data: the command line read into one of these commands (ops.command.ts puts them in
 * its union and hands `activity` argv here). Amounts are read in major units (parseMajorAmount), rates as percents.
 */

const ZId = (what: string) => z.number().int().positive(`${what} id`);

/** The fields `activity edit` may change (the kind never changes: a new kind is a new activity). */
export const ZActivityChanges = ZActivityInput.omit({ kind: true }).partial();
export type TActivityChanges = z.infer<typeof ZActivityChanges>;

export const ACTIVITY_COMMANDS = [
  z.strictObject({ kind: z.literal('activity.add'), activity: ZActivityInput }),
  z.strictObject({ kind: z.literal('activity.edit'), id: ZId('an activity'), changes: ZActivityChanges }),
  z.strictObject({ kind: z.literal('activity.schedule'), id: ZId('an activity') }),
  z.strictObject({ kind: z.literal('activity.close'), id: ZId('an activity') }),
  z.strictObject({ kind: z.literal('activity.list') }),
  z.strictObject({ kind: z.literal('activity.show'), id: ZId('an activity') }),
  z.strictObject({ kind: z.literal('activity.applications'), id: ZId('an activity').nullable() }),
  z.strictObject({
    kind: z.literal('activity.image'),
    applicationId: ZId('an application'),
    index: z.number().int().min(1, 'images are numbered from 1').max(3, 'an application has at most 3 images'),
    /** Where the CLI writes the image (on the operator's machine). */
    out: z.string().min(1).max(1000),
  }),
  z.strictObject({
    kind: z.literal('activity.review'),
    applicationId: ZId('an application'),
    decision: z.enum(['approve', 'reject']),
    reason: z.string().trim().max(500).nullable(),
  }),
] as const;
export type TActivityCommand = z.infer<(typeof ACTIVITY_COMMANDS)[number]>;

export const ACTIVITY_USAGE = `  activity list                              every activity: id, state, kind, category, period, spent / budget, title
  activity show <id>                         one activity whole, with its participants by status
  activity add --kind <kind> --category <c> --title <t> --from ISO --to ISO [reward] [options]
                                             a draft (schedule publishes it). kind: ${ACTIVITY_KINDS.join(', ')};
                                             category: ${ACTIVITY_CATEGORIES.join(', ')}
      reward:      --reward <amount> | --reward <n>% [--cap <amount>] | --points <n>
      texts:       --summary <t> --html <terms, sanitised> --image <img/...>
      eligibility: --new-days <n> --vip <level> --labels a,b --agent <username> (its downlines)
                   --min-deposit <amount> / --min-valid-bet <amount> [--window-days <n>, default 30]
      money:       --turnover <multiple> [--turnover-base bonus|deposit-plus-bonus] --per-member <n>
                   --budget <amount> --withdrawal refuse|forfeit --bonus-days <n> --claim-days <n>
      kind terms:  first-deposit, reload: --deposit-min <amount>; check-in: --days <a1,a2,…> (per day of the
                   streak); cashback: --period day|week --min-loss <amount> (reward n% of the net loss);
                   turnover tiers: --period day|week --tiers <validBet:amount,…>; raffle: --ticket <amount>
                   --prizes "<name>=<amount>;…" [--max-tickets <n>]
  activity edit <id> [the options of add but --kind]
  activity schedule <id>                     publish a draft: shown from now, open from --from
  activity close <id>                        end it now (members see it closed; applications waiting are still reviewed)
  activity review [<activityId>]             applications waiting for review (all activities, or one)
  activity image <applicationId> <n> --out <file>
                                             save image n (1-3) of an application (PNG or JPEG) to look at
  activity review <applicationId> approve|reject [--reason <t>]
                                             approve: the reward waits for the member's claim; reject: the member
                                             sees the reason and may apply again while the period is open`;

export const ACTIVITY_OPTIONS = new Set([
  'kind', 'category', 'title', 'summary', 'html', 'image', 'from', 'to', 'reward', 'cap', 'points', 'new-days', 'vip', 'labels', 'agent',
  'min-deposit', 'min-valid-bet', 'window-days', 'turnover', 'turnover-base', 'per-member', 'budget', 'withdrawal', 'bonus-days', 'claim-days',
  'deposit-min', 'days', 'period', 'min-loss', 'tiers', 'ticket', 'prizes', 'max-tickets', 'reason', 'out',
]);

export class ActivityArgsError extends Error {}

const KIND_WORDS: Record<string, string> = { 'first-deposit': 'firstDeposit', 'check-in': 'checkIn', 'turnover-tiers': 'turnoverTiers' };

function amountOf(name: string, text: string): number {
  const amount = parseMajorAmount(text);
  if (!amount.ok) throw new ActivityArgsError(`--${name}: ${amount.reason}`);
  return amount.minor;
}

function whole(name: string, text: string): number {
  if (!/^[0-9]{1,9}$/.test(text)) throw new ActivityArgsError(`--${name} must be a whole number, not "${text}"`);
  return Number(text);
}

/** "50%" or "0.5%" as basis points. */
function rateOf(name: string, text: string): number {
  const m = /^([0-9]{1,5})(?:\.([0-9]{1,2}))?%$/.exec(text);
  if (!m) throw new ActivityArgsError(`--${name} must be a percentage such as 50% or 0.5%, not "${text}"`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** The options of add/edit as activity fields; only the fields given. */
function fieldsOf(o: Map<string, string>): Record<string, unknown> {
  const f: Record<string, unknown> = {};
  const get = (name: string) => o.get(name);
  if (get('kind')) f.kind = KIND_WORDS[get('kind') ?? ''] ?? get('kind');
  if (get('category')) f.category = get('category');
  for (const [option, field] of [['title', 'title'], ['summary', 'summary'], ['html', 'termsHtml'], ['image', 'imageUrl']] as const) {
    const v = get(option);
    if (v !== undefined) f[field] = v;
  }
  for (const [option, field] of [['from', 'startsAt'], ['to', 'endsAt']] as const) {
    const v = get(option);
    if (v !== undefined) {
      if (Number.isNaN(Date.parse(v)) || !/T/.test(v)) throw new ActivityArgsError(`--${option} must be an ISO time such as 2026-12-01T00:00:00+07:00, not "${v}"`);
      f[field] = new Date(v).toISOString();
    }
  }
  const reward = get('reward');
  const points = get('points');
  if (reward !== undefined && points !== undefined) throw new ActivityArgsError('give --reward or --points, not both');
  if (get('cap') !== undefined && !reward?.endsWith('%')) throw new ActivityArgsError('--cap goes with a percentage reward (--reward 50% --cap 500000)');
  if (reward !== undefined) {
    f.reward = reward.endsWith('%')
      ? ({ type: 'percent', rate: rateOf('reward', reward), cap: get('cap') === undefined ? null : amountOf('cap', get('cap') ?? '') } satisfies TRewardRule)
      : ({ type: 'fixed', amount: amountOf('reward', reward) } satisfies TRewardRule);
  }
  if (points !== undefined) f.reward = { type: 'points', points: whole('points', points) } satisfies TRewardRule;
  const eligibility: Record<string, unknown> = {};
  const window = get('window-days') === undefined ? 30 : whole('window-days', get('window-days') ?? '');
  if (get('new-days') !== undefined) eligibility.newWithinDays = whole('new-days', get('new-days') ?? '');
  if (get('vip') !== undefined) eligibility.minVipLevel = whole('vip', get('vip') ?? '');
  if (get('labels') !== undefined) eligibility.labels = (get('labels') ?? '').split(',').map((l) => l.trim()).filter(Boolean);
  if (get('agent') !== undefined) eligibility.agent = { id: 0, username: get('agent') };
  if (get('min-deposit') !== undefined) eligibility.minDeposit = { amount: amountOf('min-deposit', get('min-deposit') ?? ''), days: window };
  if (get('min-valid-bet') !== undefined) eligibility.minValidBet = { amount: amountOf('min-valid-bet', get('min-valid-bet') ?? ''), days: window };
  if (Object.keys(eligibility).length > 0) f.eligibility = eligibility;
  if (get('turnover') !== undefined) f.turnoverMultiple = whole('turnover', get('turnover') ?? '');
  if (get('turnover-base') !== undefined) {
    const base = get('turnover-base');
    if (base !== 'bonus' && base !== 'deposit-plus-bonus') throw new ActivityArgsError('--turnover-base must be bonus or deposit-plus-bonus');
    f.turnoverBase = base === 'bonus' ? 'bonus' : 'depositPlusBonus';
  }
  if (get('per-member') !== undefined) f.perMemberLimit = get('per-member') === 'none' ? null : whole('per-member', get('per-member') ?? '');
  if (get('budget') !== undefined) f.budget = get('budget') === 'none' ? null : amountOf('budget', get('budget') ?? '');
  if (get('withdrawal') !== undefined) f.withdrawalPolicy = get('withdrawal');
  if (get('bonus-days') !== undefined) f.bonusDays = whole('bonus-days', get('bonus-days') ?? '');
  if (get('claim-days') !== undefined) f.claimDays = whole('claim-days', get('claim-days') ?? '');
  const terms: Record<string, unknown> = {};
  if (get('deposit-min') !== undefined) terms.minDeposit = amountOf('deposit-min', get('deposit-min') ?? '');
  if (get('days') !== undefined) terms.days = (get('days') ?? '').split(',').map((d) => amountOf('days', d.trim()));
  if (get('period') !== undefined) terms.period = get('period');
  if (get('min-loss') !== undefined) terms.minNetLoss = amountOf('min-loss', get('min-loss') ?? '');
  if (get('tiers') !== undefined) {
    terms.tiers = (get('tiers') ?? '').split(',').map((pair) => {
      const [bet, amount] = pair.split(':');
      if (bet === undefined || amount === undefined) throw new ActivityArgsError(`--tiers takes validBet:amount pairs separated by commas, not "${pair}"`);
      return { validBet: amountOf('tiers', bet.trim()), amount: amountOf('tiers', amount.trim()) };
    });
  }
  if (get('ticket') !== undefined) terms.ticketPer = amountOf('ticket', get('ticket') ?? '');
  if (get('max-tickets') !== undefined) terms.maxTicketsPerMember = whole('max-tickets', get('max-tickets') ?? '');
  if (get('prizes') !== undefined) {
    terms.prizes = (get('prizes') ?? '').split(';').filter((p) => p.trim()).map((p) => {
      const at = p.lastIndexOf('=');
      if (at <= 0) throw new ActivityArgsError(`--prizes takes name=amount separated by ";", not "${p}"`);
      return { name: p.slice(0, at).trim(), amount: amountOf('prizes', p.slice(at + 1).trim()) };
    });
  }
  if (Object.keys(terms).length > 0) f.terms = terms;
  return f;
}

/** Check-in days, tiers and raffle prizes name their amounts: the card's reward is the largest (undefined for other kinds). */
export function derivedReward(kind: string, terms: Record<string, unknown>): TRewardRule | undefined {
  const amounts =
    kind === 'checkIn' ? (terms.days as number[] | undefined) :
    kind === 'turnoverTiers' ? (terms.tiers as { amount: number }[] | undefined)?.map((t) => t.amount) :
    kind === 'raffle' ? (terms.prizes as { amount: number }[] | undefined)?.map((p) => p.amount) : undefined;
  return Array.isArray(amounts) && amounts.length > 0 ? { type: 'fixed', amount: Math.max(...amounts) } : undefined;
}

/** The defaults of a new activity: cash, no limit, no budget, no eligibility rule, the kind's reward from its terms. */
export function withDefaults(f: Record<string, unknown>): Record<string, unknown> {
  const terms = (f.terms ?? {}) as Record<string, unknown>;
  if (f.kind === 'raffle' && terms.maxTicketsPerMember === undefined) terms.maxTicketsPerMember = null;
  const derived = derivedReward(String(f.kind), terms);
  if (derived && f.reward !== undefined) throw new ActivityArgsError(`a ${String(f.kind)} activity takes its amounts from its terms (--days, --tiers, --prizes), not --reward`);
  const needs: Record<string, string> = { checkIn: '--days', turnoverTiers: '--tiers', raffle: '--prizes' };
  const need = needs[String(f.kind)];
  if (need && !derived) throw new ActivityArgsError(`terms of a ${String(f.kind)} activity: ${need} is required`);
  if (!need && f.reward === undefined) throw new ActivityArgsError(`activity add needs a reward: --reward <amount>, --reward <n>% [--cap <amount>] or --points <n>`);
  return {
    summary: '',
    termsHtml: '',
    imageUrl: null,
    eligibility: {},
    terms,
    turnoverMultiple: 0,
    turnoverBase: 'bonus',
    withdrawalPolicy: 'refuse',
    bonusDays: 30,
    claimDays: 7,
    perMemberLimit: null,
    budget: null,
    ...f,
    reward: f.reward ?? derived,
  };
}

/** argv after `activity` to a raw command (ZOpsCommand validates it). */
export function activityArgs(positional: string[], options: Map<string, string>): unknown {
  const [verb, a, b] = positional;
  const only = (allowed: string[], count: number) => {
    for (const name of options.keys()) if (!allowed.includes(name)) throw new ActivityArgsError(`--${name} does not apply to "activity ${verb}"`);
    if (positional.length > count) throw new ActivityArgsError(`unexpected argument "${positional[count]}"`);
  };
  const id = (text: string | undefined, what = 'an activity') => {
    if (!/^[1-9][0-9]{0,15}$/.test(text ?? '')) throw new ActivityArgsError(`activity ${verb} needs ${what} id, e.g. activity ${verb} 3`);
    return Number(text);
  };
  switch (verb) {
    case 'list':
      only([], 1);
      return { kind: 'activity.list' };
    case 'show':
    case 'schedule':
    case 'close':
      only([], 2);
      return { kind: `activity.${verb}`, id: id(a) };
    case 'add': {
      only([...ACTIVITY_OPTIONS].filter((o) => o !== 'reason' && o !== 'out'), 1);
      for (const required of ['kind', 'category', 'title', 'from', 'to']) {
        if (!options.has(required)) throw new ActivityArgsError(`activity add needs --${required}`);
      }
      return { kind: 'activity.add', activity: withDefaults(fieldsOf(options)) satisfies Partial<TActivityInput> };
    }
    case 'edit': {
      only([...ACTIVITY_OPTIONS].filter((o) => o !== 'reason' && o !== 'out' && o !== 'kind'), 2);
      const changes = fieldsOf(options);
      if (Object.keys(changes).length === 0) throw new ActivityArgsError('activity edit needs at least one option to change');
      return { kind: 'activity.edit', id: id(a), changes };
    }
    case 'image':
      only(['out'], 3);
      if (!/^[1-3]$/.test(b ?? '')) throw new ActivityArgsError('activity image needs an application id and an image number 1-3, e.g. activity image 12 1 --out proof.png');
      if (!options.get('out')) throw new ActivityArgsError('activity image needs --out <file>');
      return { kind: 'activity.image', applicationId: id(a, 'an application'), index: Number(b), out: options.get('out') };
    case 'review':
      if (b === undefined) {
        only([], 2);
        return { kind: 'activity.applications', id: a === undefined ? null : id(a) };
      }
      only(['reason'], 3);
      if (b !== 'approve' && b !== 'reject') throw new ActivityArgsError('activity review <applicationId> needs approve or reject');
      if (b === 'reject' && !options.get('reason')) throw new ActivityArgsError('activity review … reject needs --reason (the member sees it)');
      return { kind: 'activity.review', applicationId: id(a, 'an application'), decision: b, reason: options.get('reason') ?? null };
    default:
      throw new ActivityArgsError('activity supports: list, show, add, edit, schedule, close, review, image');
  }
}
