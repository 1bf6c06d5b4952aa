import { z } from 'zod';
import type { TTx } from '../../db/client.ts';
import { formatMinor, parseMajorAmount } from '../ledger/amount.ts';
import { ZEligibility } from '../promotions/activity-terms.ts';
import { cancelRain, listRains, scheduleRain } from './envelopes.service.ts';

/**
 * `npm run ops -- envelope …` as data (ops.command.ts puts these in its union and hands `envelope` argv here), and
 * what each does. Amounts are read in major units (parseMajorAmount).
 */

const ZIso = z.iso.datetime({ offset: true });
const ZRainId = z.number().int().positive('a rain id (see envelope list)');

export const ENVELOPE_COMMANDS = [
  z.strictObject({
    kind: z.literal('envelope.schedule'),
    title: z.string().trim().min(1, '--title is required').max(120),
    from: ZIso,
    to: ZIso,
    pool: z.number().int().positive('--pool must be more than 0'),
    min: z.number().int().positive('--min must be more than 0'),
    max: z.number().int().positive('--max must be more than 0'),
    count: z.number().int().positive('--count must be at least 1'),
    turnover: z.number().int().min(0).max(1000),
    eligibility: ZEligibility,
  }),
  z.strictObject({ kind: z.literal('envelope.list') }),
  z.strictObject({ kind: z.literal('envelope.cancel'), id: ZRainId }),
] as const;
export type TEnvelopeCommand = z.infer<(typeof ENVELOPE_COMMANDS)[number]>;

export const ENVELOPE_USAGE = `  envelope schedule --title <t> --from ISO --to ISO --pool <amount> --min <amount> --max <amount> --count <n>
                    [--turnover <multiple>] [--new-days <n>] [--vip <level>] [--labels a,b] [--agent <username>]
                    [--min-deposit <amount> | --min-valid-bet <amount> [--window-days <n>, default 30]]
                                             a red envelope rain: the pool is cut into n envelopes (each min–max) now;
                                             an eligible member opens one in the window (cash, or a bonus with
                                             --turnover × its amount to bet)
  envelope list                              the latest rains: window, state, pool, opened and paid
  envelope cancel <id>                       cancel a rain that has not started`;

export const ENVELOPE_OPTIONS = new Set([
  'title', 'from', 'to', 'pool', 'min', 'max', 'count', 'turnover', 'new-days', 'vip', 'labels', 'agent', 'min-deposit', 'min-valid-bet', 'window-days',
]);

export class EnvelopeArgsError extends Error {}

function amountOf(name: string, text: string | undefined): number {
  if (text === undefined) throw new EnvelopeArgsError(`envelope schedule needs --${name} <amount>`);
  const amount = parseMajorAmount(text);
  if (!amount.ok) throw new EnvelopeArgsError(`--${name}: ${amount.reason}`);
  return amount.minor;
}

function whole(name: string, text: string): number {
  if (!/^[0-9]{1,9}$/.test(text)) throw new EnvelopeArgsError(`--${name} must be a whole number, not "${text}"`);
  return Number(text);
}

function isoOf(name: string, text: string | undefined): string {
  if (text === undefined) throw new EnvelopeArgsError(`envelope schedule needs --${name} <ISO time>`);
  if (Number.isNaN(Date.parse(text)) || !/T/.test(text)) throw new EnvelopeArgsError(`--${name} must be an ISO time such as 2026-12-01T20:00:00+07:00, not "${text}"`);
  return new Date(text).toISOString();
}

/** `envelope <sub> …` (after the word envelope) to a command (validated by ops.command.ts's union). */
export function envelopeArgs(positional: readonly string[], options: ReadonlyMap<string, string>): unknown {
  const [sub, id, extra] = positional;
  const get = (name: string) => options.get(name);
  if (sub !== 'schedule' && options.size > 0) throw new EnvelopeArgsError(`envelope ${sub ?? ''} takes no options`);
  if (sub === 'list') {
    if (id !== undefined) throw new EnvelopeArgsError(`unexpected argument "${id}"`);
    return { kind: 'envelope.list' };
  }
  if (sub === 'cancel') {
    if (!/^[1-9][0-9]{0,15}$/.test(id ?? '') || extra !== undefined) throw new EnvelopeArgsError('envelope cancel needs a rain id (see envelope list), e.g. envelope cancel 3');
    return { kind: 'envelope.cancel', id: Number(id) };
  }
  if (sub !== 'schedule') throw new EnvelopeArgsError('envelope supports: schedule, list, cancel');
  if (id !== undefined) throw new EnvelopeArgsError(`unexpected argument "${id}"`);
  if (get('title') === undefined) throw new EnvelopeArgsError('envelope schedule needs --title');
  if (get('count') === undefined) throw new EnvelopeArgsError('envelope schedule needs --count <n>');
  const eligibility: Record<string, unknown> = {};
  const window = get('window-days') === undefined ? 30 : whole('window-days', get('window-days') ?? '');
  if (get('new-days') !== undefined) eligibility.newWithinDays = whole('new-days', get('new-days') ?? '');
  if (get('vip') !== undefined) eligibility.minVipLevel = whole('vip', get('vip') ?? '');
  if (get('labels') !== undefined) eligibility.labels = (get('labels') ?? '').split(',').map((l) => l.trim()).filter(Boolean);
  if (get('agent') !== undefined) eligibility.agent = { id: 0, username: get('agent') };
  if (get('min-deposit') !== undefined) eligibility.minDeposit = { amount: amountOf('min-deposit', get('min-deposit')), days: window };
  if (get('min-valid-bet') !== undefined) eligibility.minValidBet = { amount: amountOf('min-valid-bet', get('min-valid-bet')), days: window };
  return {
    kind: 'envelope.schedule',
    title: get('title'),
    from: isoOf('from', get('from')),
    to: isoOf('to', get('to')),
    pool: amountOf('pool', get('pool')),
    min: amountOf('min', get('min')),
    max: amountOf('max', get('max')),
    count: whole('count', get('count') ?? ''),
    turnover: get('turnover') === undefined ? 0 : whole('turnover', get('turnover') ?? ''),
    eligibility,
  };
}

export interface TEnvelopeOpsResult {
  message: string;
  data: unknown;
  /** What the audit row records (null for a read). */
  audit: { target: string; before: unknown; after: unknown } | null;
}

/** Runs an envelope command in `db` (the caller's transaction for a change, with its audit row). RainRefusal: the operator's mistake. */
export async function runEnvelopeCommand(db: TTx, merchantId: number, actor: string, cmd: TEnvelopeCommand, now: Date): Promise<TEnvelopeOpsResult> {
  switch (cmd.kind) {
    case 'envelope.list': {
      const rains = await listRains(db, merchantId, now);
      const lines = rains.map(
        (r) =>
          `#${r.id} ${r.state.padEnd(9)} ${r.startsAt} → ${r.endsAt}  pool ${formatMinor(r.pool)} in ${r.count} (${formatMinor(r.min)}–${formatMinor(r.max)})` +
          `${r.turnoverMultiple > 0 ? ` bonus ×${r.turnoverMultiple}` : ''}  opened ${r.opened}, paid ${formatMinor(r.paid)}  ${r.title}`,
      );
      return { message: lines.join('\n') || 'no red envelope rains', data: rains, audit: null };
    }
    case 'envelope.schedule': {
      const rain = await scheduleRain(
        db,
        merchantId,
        {
          title: cmd.title,
          startsAt: new Date(cmd.from),
          endsAt: new Date(cmd.to),
          pool: cmd.pool,
          min: cmd.min,
          max: cmd.max,
          count: cmd.count,
          turnoverMultiple: cmd.turnover,
          eligibility: cmd.eligibility,
          createdBy: actor,
        },
        now,
      );
      return {
        message: `red envelope rain ${rain.id} "${rain.title}": ${rain.count} envelopes of ${formatMinor(rain.minAmount)}–${formatMinor(rain.maxAmount)} from a pool of ${formatMinor(rain.pool)}, ${rain.startsAt.toISOString()} → ${rain.endsAt.toISOString()}`,
        data: rain,
        audit: { target: `envelopeRain:${rain.id}`, before: null, after: rain },
      };
    }
    case 'envelope.cancel': {
      const rain = await cancelRain(db, merchantId, cmd.id, now);
      return { message: `red envelope rain ${rain.id} cancelled`, data: rain, audit: { target: `envelopeRain:${rain.id}`, before: { cancelledAt: null }, after: { cancelledAt: rain.cancelledAt } } };
    }
  }
}
