import { and, asc, eq, sql } from 'drizzle-orm';
import { TRIAL_ACCOUNT_TYPE } from '@playhall/contract/constants';
import { rowsOf, type TDb, type TTx } from '../../db/client.ts';
import { vipLevels } from '../../db/schema.ts';
import { localized, type TReader } from '../../lib/content-language.ts';
import { grantReward, type TRewardSource } from '../rewards/rewards.service.ts';
import type { TVipLevelRow } from './vip.ladder.ts';

/** Reads of the ladder and a member's VIP state, and the one way the VIP jobs pay (grantReward). */

/** The ladder; for a `reader`, each level's name in their language (else the site's, else the base: content-language.ts). */
export async function ladderOf(db: TTx, merchantId: number, reader?: TReader): Promise<TVipLevelRow[]> {
  const rows = await db.select().from(vipLevels).where(eq(vipLevels.merchantId, merchantId)).orderBy(asc(vipLevels.level));
  return rows.map((r) => ({
    level: r.level,
    name: reader ? localized(r, r.texts, ['name'], reader.language, reader.fallback).name : r.name,
    validBetRequired: r.validBetRequired,
    depositRequired: r.depositRequired,
    keepValidBet: r.keepValidBet,
    upgradeBonus: r.upgradeBonus,
    monthlyBonus: r.monthlyBonus,
    birthdayBonus: r.birthdayBonus,
    bonusTurnoverMultiple: r.bonusTurnoverMultiple,
    rebateRates: r.rebateRates,
    withdrawalsPerDay: r.withdrawalsPerDay,
    withdrawalLimitPerDay: r.withdrawalLimitPerDay,
  }));
}

export interface TMemberVip {
  level: number;
  topLevel: number;
  levelSince: Date | null;
  validBetTotal: number;
  depositTotal: number;
  birthday: string | null;
  labels: string[];
}

const NO_VIP: TMemberVip = { level: 0, topLevel: 0, levelSince: null, validBetTotal: 0, depositTotal: 0, birthday: null, labels: [] };

/** A member's VIP state (level 0, no labels without a row). */
export async function memberVipOf(db: TTx, userId: number): Promise<TMemberVip> {
  const [r] = rowsOf<{ level: number; top_level: number; level_since: string | Date | null; valid_bet_total: string; deposit_total: string; birthday: string | Date | null; labels: string[] | string | null }>(
    await db.execute(sql`
      select level, top_level, level_since, valid_bet_total::text, deposit_total::text, to_char(birthday, 'YYYY-MM-DD') as birthday, labels
      from member_vip where user_id = ${userId}`),
  );
  if (!r) return NO_VIP;
  return {
    level: Number(r.level),
    topLevel: Number(r.top_level),
    levelSince: r.level_since === null ? null : new Date(r.level_since),
    validBetTotal: Number(r.valid_bet_total),
    depositTotal: Number(r.deposit_total),
    birthday: r.birthday === null ? null : String(r.birthday),
    labels: textArray(r.labels),
  };
}

/** A text[] as the drivers give it: an array (postgres.js, PGlite) or its literal. */
export function textArray(v: string[] | string | null): string[] {
  if (v === null) return [];
  if (Array.isArray(v)) return v;
  const inner = v.replace(/^\{|\}$/g, '');
  if (inner === '') return [];
  return inner.split(',').map((s) => s.replace(/^"|"$/g, '').replace(/\\(.)/g, '$1'));
}

/** The withdrawal allowance of the member's level: 0 = not configured (the global limits apply). */
export async function vipWithdrawalRules(db: TTx, merchantId: number, userId: number): Promise<{ perDay: number; limitPerDay: number }> {
  const [r] = rowsOf<{ per_day: number; limit_per_day: string }>(
    await db.execute(sql`
      select l.withdrawals_per_day as per_day, l.withdrawal_limit_per_day::text as limit_per_day
      from vip_levels l
      where l.merchant_id = ${merchantId} and l.level = coalesce((select v.level from member_vip v where v.user_id = ${userId}), 0)`),
  );
  return { perDay: Number(r?.per_day ?? 0), limitPerDay: Number(r?.limit_per_day ?? 0) };
}

/**
 * In one statement, for a withdrawal under the member's lock: the allowance of its level (0 = the global rule) and the
 * count and amount of its withdrawals of the local day that were not rejected.
 */
export async function vipWithdrawalDay(db: TTx, merchantId: number, userId: number, at: Date, timeZone: string): Promise<{ perDay: number; limitPerDay: number; count: number; amount: number }> {
  const [r] = rowsOf<{ per_day: number | null; limit_per_day: string | null; n: string; amount: string }>(
    await db.execute(sql`
      select l.withdrawals_per_day as per_day, l.withdrawal_limit_per_day::text as limit_per_day, w.n, w.amount
      from (select count(*)::text as n, coalesce(sum(amount), 0)::text as amount from withdrawals
            where user_id = ${userId} and status <> 'rejected'
              and (created_at at time zone ${timeZone})::date = (${at.toISOString()}::timestamptz at time zone ${timeZone})::date) w
      left join vip_levels l
        on l.merchant_id = ${merchantId} and l.level = coalesce((select v.level from member_vip v where v.user_id = ${userId}), 0)`),
  );
  return { perDay: Number(r?.per_day ?? 0), limitPerDay: Number(r?.limit_per_day ?? 0), count: Number(r?.n ?? 0), amount: Number(r?.amount ?? 0) };
}

/** Count and amount of the member's withdrawals of the local day of `at` that were not rejected. */
export async function withdrawalsOnDay(db: TTx, userId: number, at: Date, timeZone: string): Promise<{ count: number; amount: number }> {
  const [r] = rowsOf<{ n: string; amount: string }>(
    await db.execute(sql`
      select count(*)::text as n, coalesce(sum(amount), 0)::text as amount from withdrawals
      where user_id = ${userId} and status <> 'rejected'
        and (created_at at time zone ${timeZone})::date = (${at.toISOString()}::timestamptz at time zone ${timeZone})::date`),
  );
  return { count: Number(r?.n ?? 0), amount: Number(r?.amount ?? 0) };
}

/** Members of the merchant who can hold a level (every account but a free-play guest), `limit` after `after` by id. */
export async function accountChunk(db: TTx, merchantId: number, after: number, limit: number): Promise<number[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select u.id::text as id from users u where u.merchant_id = ${merchantId} and u.account_type <> ${TRIAL_ACCOUNT_TYPE} and u.id > ${after}
      order by u.id limit ${limit}`),
  );
  return rows.map((r) => Number(r.id));
}

export interface TVipPayment {
  userId: number;
  key: string;
  amount: number;
  title: string;
  /** The level whose turnover multiple decides the form: > 0 a bonus with multiple × amount to bet, else cash. */
  turnoverMultiple: number;
  source?: TRewardSource;
}

/** Bonuses of the VIP benefits run 30 days; an open one refuses a withdrawal like any bonus (issue 17). */
const BONUS_DAYS = 30;
/** Grants per transaction: each holds the house bonus account's lock to its end, which every bonus grant waits for. */
export const PAY_CHUNK = 500;

/** Pays each once under its key (grantReward), PAY_CHUNK per transaction; the number of rewards newly created. */
export async function payAll(db: TDb, merchantId: number, payments: readonly TVipPayment[], now: Date): Promise<number> {
  let created = 0;
  for (let i = 0; i < payments.length; i += PAY_CHUNK) {
    const part = payments.slice(i, i + PAY_CHUNK);
    created += await db.transaction(async (tx) => {
      let n = 0;
      for (const p of part) n += (await pay(tx, merchantId, p, now)) ? 1 : 0;
      return n;
    });
  }
  return created;
}

/** One payment in the caller's transaction; true when newly granted. */
export async function pay(tx: TTx, merchantId: number, p: TVipPayment, now: Date): Promise<boolean> {
  if (p.amount <= 0) return false;
  const bonus = p.turnoverMultiple > 0;
  const r = await grantReward(
    tx,
    {
      merchantId,
      userId: p.userId,
      source: p.source ?? 'vip',
      activityId: null,
      key: p.key,
      title: p.title,
      form: bonus ? 'bonus' : 'cash',
      amount: p.amount,
      turnoverRequired: bonus ? p.turnoverMultiple * p.amount : 0,
      turnoverWeights: null,
      withdrawalPolicy: 'refuse',
      bonusDays: BONUS_DAYS,
      claimBy: null,
    },
    now,
  );
  return r.created;
}

/** The ladder's row of a level, or undefined. */
export function levelRow(ladder: readonly TVipLevelRow[], level: number): TVipLevelRow | undefined {
  return ladder.find((l) => l.level === level);
}

export async function levelExists(db: TTx, merchantId: number, level: number): Promise<boolean> {
  const [r] = await db.select({ level: vipLevels.level }).from(vipLevels).where(and(eq(vipLevels.merchantId, merchantId), eq(vipLevels.level, level)));
  return r !== undefined;
}
