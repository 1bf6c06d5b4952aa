import { z } from 'zod';
import type { TDb } from '../../db/client.ts';
import { referralTerms } from '../../db/schema.ts';
import { formatMinor, parseMajorAmount } from '../ledger/amount.ts';
import { qualifyReferrals, referralTermsOf, type TReferralTerms } from './referral.service.ts';

/**
 * `npm run ops -- referral …` as data (ops.command.ts puts these in its union and hands `referral` argv here): the
 * invite-friends terms, and the qualification job run now (or as at a moment). Amounts in major units.
 */

export const REFERRAL_COMMANDS = [
  z.strictObject({
    kind: z.literal('referral.terms'),
    firstDeposit: z.number().int().min(0).nullable(),
    validBet: z.number().int().min(0).nullable(),
    days: z.number().int().min(1).max(365).nullable(),
    reward: z.number().int().positive('--reward must be more than 0').nullable(),
    form: z.enum(['points', 'bonus', 'cash']).nullable(),
    turnover: z.number().int().min(0).max(1000).nullable(),
  }),
  z.strictObject({ kind: z.literal('referral.qualify'), at: z.iso.datetime({ offset: true }) }),
] as const;
export type TReferralCommand = z.infer<(typeof REFERRAL_COMMANDS)[number]>;

export const REFERRAL_USAGE = `  referral terms [--deposit <amount>] [--bet <amount>] [--days <n>] [--reward <amount|points>]
                 [--form cash|bonus|points] [--turnover <multiple>]
                                             invite friends: an invitee qualifies with a first deposit ≥ --deposit and
                                             valid bet ≥ --bet within --days of registering; the inviter gets --reward
                                             once (no option: show the terms)
  referral qualify [--at ISO]                run the qualification job now (or as at that moment)`;

export const REFERRAL_OPTIONS = new Set(['deposit', 'bet', 'days', 'reward', 'form', 'turnover', 'at']);

export class ReferralArgsError extends Error {}
export class ReferralRefusal extends Error {}

function amountOf(name: string, text: string): number {
  const amount = parseMajorAmount(text);
  if (!amount.ok) throw new ReferralArgsError(`--${name}: ${amount.reason}`);
  return amount.minor;
}

function whole(name: string, text: string): number {
  if (!/^[0-9]{1,9}$/.test(text)) throw new ReferralArgsError(`--${name} must be a whole number, not "${text}"`);
  return Number(text);
}

/** `referral <sub> …` (after the word referral) to a command (validated by ops.command.ts's union). */
export function referralArgs(positional: readonly string[], options: ReadonlyMap<string, string>): unknown {
  const [sub, extra] = positional;
  if (extra !== undefined) throw new ReferralArgsError(`unexpected argument "${extra}"`);
  const get = (name: string) => options.get(name);
  if (sub === 'qualify') {
    for (const name of options.keys()) if (name !== 'at') throw new ReferralArgsError(`--${name} does not apply to referral qualify`);
    const at = get('at');
    if (at !== undefined && (Number.isNaN(Date.parse(at)) || !/T/.test(at))) throw new ReferralArgsError(`--at must be an ISO time such as 2026-12-01T00:00:00+07:00, not "${at}"`);
    return { kind: 'referral.qualify', at: at === undefined ? new Date().toISOString() : new Date(at).toISOString() };
  }
  if (sub !== 'terms') throw new ReferralArgsError('referral supports: terms, qualify');
  if (options.has('at')) throw new ReferralArgsError('--at does not apply to referral terms');
  const form = get('form') ?? null;
  const rewardText = get('reward');
  // Points are a count; money in major units. Without --form the stored form decides (runReferralCommand).
  return {
    kind: 'referral.terms',
    firstDeposit: get('deposit') === undefined ? null : amountOf('deposit', get('deposit') ?? ''),
    validBet: get('bet') === undefined ? null : amountOf('bet', get('bet') ?? ''),
    days: get('days') === undefined ? null : whole('days', get('days') ?? ''),
    reward: rewardText === undefined ? null : form === 'points' ? whole('reward', rewardText) : amountOf('reward', rewardText),
    form,
    turnover: get('turnover') === undefined ? null : whole('turnover', get('turnover') ?? ''),
  };
}

function describe(t: TReferralTerms): string {
  const reward = t.reward.form === 'points' ? `${t.reward.amount} points` : `${formatMinor(t.reward.amount)} ${t.reward.form}${t.turnoverMultiple > 0 ? ` (turnover ×${t.turnoverMultiple})` : ''}`;
  return `first deposit ≥ ${formatMinor(t.firstDeposit)} and valid bet ≥ ${formatMinor(t.validBet)} within ${t.days} days of registering pay the inviter ${reward}`;
}

export interface TReferralOpsResult {
  message: string;
  data: unknown;
  audit: { target: string; before: unknown; after: unknown } | null;
}

export async function runReferralCommand(db: TDb, merchantId: number, timeZone: string, cmd: TReferralCommand): Promise<TReferralOpsResult> {
  if (cmd.kind === 'referral.qualify') {
    const r = await qualifyReferrals(db, merchantId, timeZone, new Date(cmd.at));
    return {
      message: `referral qualification as at ${cmd.at}: ${r.checked} open invitation(s) checked, ${r.qualified} qualified and paid, ${r.notQualified} not qualified`,
      data: r,
      audit: { target: 'referral:qualify', before: null, after: { at: cmd.at, ...r } },
    };
  }
  const before = await referralTermsOf(db, merchantId);
  const changes = [cmd.firstDeposit, cmd.validBet, cmd.days, cmd.reward, cmd.form, cmd.turnover].some((v) => v !== null);
  if (!changes) return { message: describe(before), data: before, audit: null };
  const form = cmd.form ?? before.reward.form;
  // A reward typed for money and read as points (or back) would be 100 times off: changing the form needs --reward.
  if (cmd.form !== null && cmd.form !== before.reward.form && cmd.reward === null) throw new ReferralRefusal('changing --form needs --reward as well');
  if (cmd.reward !== null && cmd.form === null && before.reward.form === 'points') throw new ReferralRefusal('the reward is in points: give --form points with --reward');
  const turnover = form === 'bonus' ? (cmd.turnover ?? before.turnoverMultiple) : 0;
  if (cmd.turnover !== null && cmd.turnover > 0 && form !== 'bonus') throw new ReferralRefusal('--turnover applies to a bonus reward only (--form bonus)');
  const after: TReferralTerms = {
    firstDeposit: cmd.firstDeposit ?? before.firstDeposit,
    validBet: cmd.validBet ?? before.validBet,
    days: cmd.days ?? before.days,
    reward: { form, amount: cmd.reward ?? before.reward.amount },
    turnoverMultiple: turnover,
  };
  const values = {
    firstDeposit: after.firstDeposit,
    validBet: after.validBet,
    days: after.days,
    rewardForm: after.reward.form,
    rewardAmount: after.reward.amount,
    turnoverMultiple: after.turnoverMultiple,
    updatedAt: new Date(),
  };
  await db.insert(referralTerms).values({ merchantId, ...values }).onConflictDoUpdate({ target: referralTerms.merchantId, set: values });
  return { message: `invite friends: ${describe(after)}`, data: after, audit: { target: 'referral:terms', before, after } };
}
