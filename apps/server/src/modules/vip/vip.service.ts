import { sql } from 'drizzle-orm';
import { TRIAL_ACCOUNT_TYPE } from '@playhall/contract/constants';
import type { TVipLevel, TVipProgress } from '@playhall/contract/calls/loyalty';
import { isIsoDay } from '@playhall/contract/patterns';
import { rowsOf, type TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TReader } from '../../lib/content-language.ts';
import type { TTeamRollup } from '../agent/team-rollup.ts';
import type { TVipLevelRow } from './vip.ladder.ts';
import { localDay, monthOf } from './vip.jobs.ts';
import { recomputeMember } from './vip.recompute.ts';
import { ladderOf, levelRow, memberVipOf, vipWithdrawalRules, withdrawalsOnDay } from './vip.store.ts';

/** The age the spec asks of a member confirming a birthday (§9). */
export const BIRTHDAY_MIN_AGE = 21;

function levelOut(l: TVipLevelRow): TVipLevel {
  return { ...l };
}

/** Whole years between a birthday and a local day, both YYYY-MM-DD. */
export function ageOn(birthday: string, day: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

export interface TVipDeps {
  db: TDb;
  rollup: Pick<TTeamRollup, 'catchUp'>;
  merchant: () => Promise<{ id: number; timeZone: string }>;
  now?: () => Date;
}

export function createVipService(deps: TVipDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** The member's progress: its level, what the next needs, this month's keep requirement, birthday, labels, today's withdrawals. */
  async function progress(userId: number, ladder: readonly TVipLevelRow[], merchant: { id: number; timeZone: string }, at: Date): Promise<TVipProgress> {
    const vip = await memberVipOf(db, userId);
    const held = levelRow(ladder, vip.level);
    const next = levelRow(ladder, vip.level + 1);
    const month = monthOf(merchant.timeZone, at);
    let keep: TVipProgress['keep'] = null;
    if (vip.level > 0 && held) {
      const [done] = rowsOf<{ vb: string }>(
        await db.execute(sql`
          select coalesce(sum(valid_bet), 0)::text as vb from member_days
          where user_id = ${userId} and day >= ${month.first}::date and day < ${month.next}::date`),
      );
      keep = { required: held.keepValidBet, done: Number(done?.vb ?? 0), monthEnds: month.end.toISOString() };
    }
    const today = await withdrawalsOnDay(db, userId, at, merchant.timeZone);
    return {
      level: vip.level,
      name: held?.name ?? `VIP${vip.level}`,
      since: vip.levelSince?.toISOString() ?? null,
      validBet: vip.validBetTotal,
      deposit: vip.depositTotal,
      next: next
        ? {
            level: next.level,
            name: next.name,
            validBetNeeded: Math.max(0, next.validBetRequired - vip.validBetTotal),
            depositNeeded: Math.max(0, next.depositRequired - vip.depositTotal),
          }
        : null,
      keep,
      birthday: vip.birthday,
      labels: vip.labels,
      withdrawalsToday: today,
    };
  }

  return {
    /**
     * /vip: the ladder for everyone; for a member also its progress. Opening it recomputes the member's own level
     * first (the same steps and keys as the job), so a rise shows, and pays, the moment the member looks.
     */
    async levels(session: { userId: number; accountType: number } | null, reader: TReader): Promise<{ levels: TVipLevel[]; me: TVipProgress | null }> {
      const merchant = await deps.merchant();
      const at = now();
      // Level names in the reader's language, the member's progress included.
      const ladder = await ladderOf(db, merchant.id, reader);
      if (!session || session.accountType === TRIAL_ACCOUNT_TYPE) return { levels: ladder.map(levelOut), me: null };
      await recomputeMember(db, deps.rollup, merchant.id, merchant.timeZone, session.userId, at);
      return { levels: ladder.map(levelOut), me: await progress(session.userId, ladder, merchant, at) };
    },

    /**
     * The member confirms its birthday once: 21 or older on the merchant's local date (birthday_too_young); a second
     * time birthday_already_set; a future or impossible date validation_failed. Nothing changes on a refusal.
     */
    async confirmBirthday(userId: number, birthday: string): Promise<{ birthday: string }> {
      const merchant = await deps.merchant();
      const at = now();
      const today = localDay(merchant.timeZone, at);
      if (!isIsoDay(birthday) || birthday > today || birthday < '1900-01-01') {
        throw new AppError('validation_failed', { issues: [{ path: 'birthday', message: 'invalid_date' }] }, 'The birthday must be a past calendar date');
      }
      const existing = await memberVipOf(db, userId);
      if (existing.birthday !== null) throw new AppError('birthday_already_set');
      if (ageOn(birthday, today) < BIRTHDAY_MIN_AGE) throw new AppError('birthday_too_young');
      // Once: the conditional write decides between two confirmations at once.
      const written = rowsOf<{ user_id: string }>(
        await db.execute(sql`
          insert into member_vip as v (user_id, merchant_id, birthday, birthday_confirmed_at)
          values (${userId}, ${merchant.id}, ${birthday}::date, ${at.toISOString()}::timestamptz)
          on conflict (user_id) do update set birthday = excluded.birthday, birthday_confirmed_at = excluded.birthday_confirmed_at
            where v.birthday is null
          returning v.user_id::text`),
      );
      if (written.length === 0) throw new AppError('birthday_already_set');
      return { birthday };
    },

    /** The withdrawal allowance of the member's level (0 = the global rule). */
    withdrawalRules: (merchantId: number, userId: number) => vipWithdrawalRules(db, merchantId, userId),
  };
}

export type TVipService = ReturnType<typeof createVipService>;
