import { and, eq, sql } from 'drizzle-orm';
import type { REFERRAL_STATES } from '@playhall/contract/calls/loyalty';
import { rowsOf, type TDb, type TTx } from '../../db/client.ts';
import { referralCodes, referrals, referralTerms, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { maskMember } from '../raffle/raffle.service.ts';
import { grantReward } from '../rewards/rewards.service.ts';

/**
 * Invite friends (issue 18). Every account but a guest has a referral code (a trigger makes it, migration 0029). An
 * invitation is recorded when someone registers with a member's code (the link's `referralCode`) or links one within
 * 7 days (referral.bind). The qualification job pays the inviter once per invitee (`referral:<invitee id>`) when the
 * invitee's first deposit and valid bet within the terms' days reach the thresholds; an invitee on the inviter's
 * device, or registered from an IP the inviter used that day, does not qualify, nor one whose days ran out.
 */

export type TRewardForm = 'points' | 'bonus' | 'cash';
export interface TReferralTerms {
  firstDeposit: number;
  validBet: number;
  days: number;
  reward: { form: TRewardForm; amount: number };
  turnoverMultiple: number;
}

const VND = (dong: number) => dong * 100;
/** Without an operator's terms: a first deposit of 200,000 ₫ and 1,000,000 ₫ of valid bet in 30 days pay 50,000 ₫. */
export const DEFAULT_REFERRAL_TERMS: TReferralTerms = {
  firstDeposit: VND(200_000),
  validBet: VND(1_000_000),
  days: 30,
  reward: { form: 'cash', amount: VND(50_000) },
  turnoverMultiple: 0,
};
const DAY_MS = 86_400_000;
/** A member links an inviter's code within this many days of registering. */
export const BIND_DAYS = 7;
const BONUS_DAYS = 30;

export async function referralTermsOf(db: TTx, merchantId: number): Promise<TReferralTerms> {
  const [row] = await db.select().from(referralTerms).where(eq(referralTerms.merchantId, merchantId));
  if (!row) return DEFAULT_REFERRAL_TERMS;
  return {
    firstDeposit: row.firstDeposit,
    validBet: row.validBet,
    days: row.days,
    reward: { form: row.rewardForm, amount: row.rewardAmount },
    turnoverMultiple: row.turnoverMultiple,
  };
}

/** Codes are upper case without look-alikes; what a member types is read the same way. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();

/** The member (not a guest, active) whose referral code this is, or null. */
export async function inviterByCode(db: TTx, merchantId: number, code: string): Promise<{ userId: number; username: string } | null> {
  const [row] = await db
    .select({ userId: referralCodes.userId, username: users.username, status: users.status })
    .from(referralCodes)
    .innerJoin(users, eq(users.id, referralCodes.userId))
    .where(and(eq(referralCodes.merchantId, merchantId), eq(referralCodes.code, normalizeCode(code))));
  return row && row.status === 'active' ? { userId: row.userId, username: row.username } : null;
}

/** Records an invitation (at most one inviter per invitee); false when the invitee already has one. */
export async function recordReferral(
  tx: TTx,
  input: { merchantId: number; inviterId: number; inviteeId: number; via: 'register' | 'bind'; ip: string; device: string; registeredAt: Date; now: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(referrals)
    .values({
      merchantId: input.merchantId,
      inviterId: input.inviterId,
      inviteeId: input.inviteeId,
      via: input.via,
      inviteeIp: input.ip,
      inviteeDevice: input.device.slice(0, 255),
      registeredAt: input.registeredAt,
      createdAt: input.now,
    })
    .onConflictDoNothing({ target: referrals.inviteeId })
    .returning({ id: referrals.id });
  return rows.length > 0;
}

export interface TMember {
  merchantId: number;
  userId: number;
}

/**
 * referral.bind: within 7 days of registering, once; not one's own code nor one's own invitee's (a ring of two);
 * an unknown code is invitation_code_error. The invitee's register IP and device are those it registered with.
 */
export async function bindReferral(db: TDb, member: TMember, code: string, client: { ip: string; device: string }, now: Date): Promise<{ inviter: string }> {
  return db.transaction(async (tx) => {
    const [me] = await tx
      .select({ id: users.id, createdAt: users.createdAt, registerIp: users.registerIp })
      .from(users)
      .where(and(eq(users.id, member.userId), eq(users.merchantId, member.merchantId)))
      .for('update');
    if (!me) throw new AppError('not_logged_in');
    const inviter = await inviterByCode(tx, member.merchantId, code);
    if (!inviter) throw new AppError('invitation_code_error');
    if (inviter.userId === member.userId) throw new AppError('referral_self');
    const [bound] = await tx.select({ id: referrals.id }).from(referrals).where(eq(referrals.inviteeId, member.userId));
    if (bound) throw new AppError('referral_already_bound');
    if (now.getTime() >= me.createdAt.getTime() + BIND_DAYS * DAY_MS) throw new AppError('referral_bind_closed');
    const [ring] = await tx
      .select({ id: referrals.id })
      .from(referrals)
      .where(and(eq(referrals.inviterId, member.userId), eq(referrals.inviteeId, inviter.userId)));
    if (ring) throw new AppError('referral_self');
    const [registered] = rowsOf<{ device: string }>(
      await tx.execute(sql`select device from login_history where user_id = ${member.userId} and method = 'register' order by id limit 1`),
    );
    const ok = await recordReferral(tx, {
      merchantId: member.merchantId,
      inviterId: inviter.userId,
      inviteeId: member.userId,
      via: 'bind',
      ip: me.registerIp ?? client.ip,
      device: registered?.device ?? client.device,
      registeredAt: me.createdAt,
      now,
    });
    if (!ok) throw new AppError('referral_already_bound');
    return { inviter: maskMember(inviter.username) };
  });
}

interface TInfoRow {
  code: string | null;
  created_at: string | Date;
  invited: string | number;
  qualified: string | number;
  rewarded: string;
  rewarded_points: string;
  inviter: string | null;
}

export async function referralInfo(db: TDb, member: TMember, now: Date) {
  const terms = await referralTermsOf(db, member.merchantId);
  const [row] = rowsOf<TInfoRow>(
    await db.execute(sql`
      select c.code, u.created_at,
        t.invited, t.qualified, t.rewarded, t.rewarded_points,
        (select i.username from referrals r join users i on i.id = r.inviter_id where r.invitee_id = u.id) as inviter
      from users u
      left join referral_codes c on c.user_id = u.id
      cross join lateral (
        select count(*) as invited, count(*) filter (where r.state = 'qualified') as qualified,
          coalesce(sum(w.amount) filter (where w.form <> 'points'), 0)::text as rewarded,
          coalesce(sum(w.amount) filter (where w.form = 'points'), 0)::text as rewarded_points
        from referrals r left join member_rewards w on w.id = r.reward_id
        where r.inviter_id = u.id
      ) t
      where u.id = ${member.userId} and u.merchant_id = ${member.merchantId}`),
  );
  if (!row?.code) throw new AppError('not_logged_in');
  const bindEnds = new Date(new Date(row.created_at).getTime() + BIND_DAYS * DAY_MS);
  return {
    code: row.code,
    link: `/register?referralCode=${encodeURIComponent(row.code)}`,
    terms: { firstDeposit: terms.firstDeposit, validBet: terms.validBet, days: terms.days, reward: terms.reward },
    totals: { invited: Number(row.invited), qualified: Number(row.qualified), rewarded: Number(row.rewarded), rewardedPoints: Number(row.rewarded_points) },
    inviter: row.inviter === null ? null : maskMember(row.inviter),
    bindUntil: row.inviter === null && bindEnds > now ? bindEnds.toISOString() : null,
  };
}

type TState = (typeof REFERRAL_STATES)[number];
interface TInviteeRow {
  id: string | number;
  username: string;
  registered_at: string | Date;
  state: TState;
  reason: 'sameDevice' | 'sameIp' | 'expired' | null;
  form: TRewardForm | null;
  amount: string | null;
  total: string | number;
}

/**
 * The member's own invitees, newest first, masked. An invitee still "registered" whose deposit was credited since the
 * last qualification run shows as deposited already.
 */
export async function referralInvitees(db: TDb, member: TMember, input: { state?: TState; page: number; pageSize: number }) {
  const rows = rowsOf<TInviteeRow>(
    await db.execute(sql`
      with mine as (
        select r.id, u.username, r.registered_at, r.reason, r.reward_id,
          case when r.state = 'registered' and exists (select 1 from deposits d where d.user_id = r.invitee_id and d.status = 'credited')
            then 'deposited' else r.state end as state
        from referrals r join users u on u.id = r.invitee_id
        where r.inviter_id = ${member.userId} and r.merchant_id = ${member.merchantId}
      )
      select m.id, m.username, m.registered_at, m.state, m.reason, w.form, w.amount::text as amount, count(*) over () as total
      from mine m left join member_rewards w on w.id = m.reward_id
      where ${input.state ?? null}::text is null or m.state = ${input.state ?? null}::text
      order by m.id desc
      limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`),
  );
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      member: maskMember(r.username),
      registeredAt: new Date(r.registered_at).toISOString(),
      state: r.state,
      reason: r.state === 'notQualified' ? r.reason : null,
      reward: r.form && r.amount ? { form: r.form, amount: Number(r.amount) } : null,
    })),
    total: Number(rows[0]?.total ?? (input.page > 1 ? await countInvitees(db, member, input.state) : 0)),
    page: input.page,
    pageSize: input.pageSize,
  };
}

async function countInvitees(db: TDb, member: TMember, state: TState | undefined): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(
    await db.execute(sql`
      select count(*) as n from (
        select case when r.state = 'registered' and exists (select 1 from deposits d where d.user_id = r.invitee_id and d.status = 'credited')
          then 'deposited' else r.state end as state
        from referrals r where r.inviter_id = ${member.userId} and r.merchant_id = ${member.merchantId}
      ) m where ${state ?? null}::text is null or m.state = ${state ?? null}::text`),
  );
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------- the qualification job

export const REFERRAL_JOB = 'referral.qualify';
export const REFERRAL_EVERY_MS = 10 * 60_000;
const CHUNK = 500;

interface TOpenRow {
  id: string | number;
  inviter_id: string | number;
  invitee_id: string | number;
  state: 'registered' | 'deposited';
  registered_at: string | Date;
  first_deposit: string | null;
  first_deposit_at: string | Date | null;
  valid_bet: string;
  same_device: boolean;
  same_ip: boolean;
}

type TDecision = { id: number; state: 'deposited' } | { id: number; state: 'notQualified'; reason: 'sameDevice' | 'sameIp' | 'expired' };

/**
 * One run at `now`: open invitations (registered, deposited) in chunks of 500, one query per chunk for the figures
 * (the invitee's first credited deposit, its settled valid bet within the days, whether it shares the inviter's device
 * or a same-day IP), one statement per chunk for the state changes, and a short transaction per qualified invitee that
 * locks its invitation and grants the reward: a rerun or a second process pays nothing twice.
 */
export async function qualifyReferrals(db: TDb, merchantId: number, tz: string, now: Date): Promise<{ checked: number; qualified: number; notQualified: number }> {
  const terms = await referralTermsOf(db, merchantId);
  const at = now.toISOString();
  let after = 0;
  const totals = { checked: 0, qualified: 0, notQualified: 0 };
  for (;;) {
    const rows = rowsOf<TOpenRow>(
      await db.execute(sql`
        with chunk as (
          select id, inviter_id, invitee_id, state, registered_at, invitee_ip, invitee_device from referrals
          where merchant_id = ${merchantId} and state in ('registered', 'deposited') and id > ${after}
          order by id limit ${CHUNK}
        )
        select c.id, c.inviter_id, c.invitee_id, c.state, c.registered_at,
          fd.amount::text as first_deposit, fd.credited_at as first_deposit_at,
          (select coalesce(sum(b.valid_bet), 0)::text from bet_records b
            where b.user_id = c.invitee_id and b.status = 'settled'
              and b.created_at >= c.registered_at and b.created_at < c.registered_at + make_interval(days => ${terms.days}::int)
              and b.created_at < ${at}::timestamptz) as valid_bet,
          (c.invitee_device <> '' and exists (select 1 from login_history h where h.user_id = c.inviter_id and h.device = c.invitee_device)) as same_device,
          (exists (select 1 from login_history h where h.user_id = c.inviter_id and h.ip = c.invitee_ip
              and h.created_at >= c.registered_at - interval '1 day' and h.created_at < c.registered_at + interval '1 day'
              and (h.created_at at time zone ${tz})::date = (c.registered_at at time zone ${tz})::date)
           or exists (select 1 from users i where i.id = c.inviter_id and i.register_ip = c.invitee_ip
              and (i.created_at at time zone ${tz})::date = (c.registered_at at time zone ${tz})::date)) as same_ip
        from chunk c
        left join lateral (
          select d.amount, d.credited_at from deposits d
          where d.user_id = c.invitee_id and d.status = 'credited' order by d.credited_at, d.id limit 1
        ) fd on true
        order by c.id`),
    );
    if (rows.length === 0) return totals;
    after = Number(rows[rows.length - 1]?.id);
    totals.checked += rows.length;
    const decisions: TDecision[] = [];
    const due: { id: number; inviterId: number; inviteeId: number }[] = [];
    for (const r of rows) {
      const id = Number(r.id);
      const ends = new Date(r.registered_at).getTime() + terms.days * DAY_MS;
      const deposit = r.first_deposit === null ? null : { amount: Number(r.first_deposit), at: new Date(r.first_deposit_at ?? 0).getTime() };
      if (r.same_device) decisions.push({ id, state: 'notQualified', reason: 'sameDevice' });
      else if (r.same_ip) decisions.push({ id, state: 'notQualified', reason: 'sameIp' });
      else if (deposit && deposit.at < ends && deposit.amount >= terms.firstDeposit && Number(r.valid_bet) >= terms.validBet) {
        due.push({ id, inviterId: Number(r.inviter_id), inviteeId: Number(r.invitee_id) });
      } else if (now.getTime() >= ends) decisions.push({ id, state: 'notQualified', reason: 'expired' });
      else if (deposit && r.state === 'registered') decisions.push({ id, state: 'deposited' });
    }
    if (decisions.length > 0) {
      const changed = rowsOf<{ state: string }>(
        await db.execute(sql`
          update referrals r set state = d.state, reason = d.reason,
            decided_at = case when d.state = 'notQualified' then ${at}::timestamptz else r.decided_at end
          from jsonb_to_recordset(${JSON.stringify(decisions)}::jsonb) as d(id bigint, state text, reason text)
          where r.id = d.id and r.state in ('registered', 'deposited')
          returning r.state`),
      );
      totals.notQualified += changed.filter((c) => c.state === 'notQualified').length;
    }
    for (const d of due) if (await payReferral(db, merchantId, d, terms, now)) totals.qualified += 1;
    if (rows.length < CHUNK) return totals;
  }
}

/** Pays one qualified invitation under its row's lock; false when another run decided it first. */
async function payReferral(db: TDb, merchantId: number, d: { id: number; inviterId: number; inviteeId: number }, terms: TReferralTerms, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ state: referrals.state }).from(referrals).where(eq(referrals.id, d.id)).for('update');
    if (!row || (row.state !== 'registered' && row.state !== 'deposited')) return false;
    const grant = await grantReward(
      tx,
      {
        merchantId,
        userId: d.inviterId,
        source: 'referral',
        activityId: null,
        key: `referral:${d.inviteeId}`,
        title: 'Invite friends',
        form: terms.reward.form,
        amount: terms.reward.amount,
        turnoverRequired: terms.reward.form === 'bonus' ? terms.reward.amount * terms.turnoverMultiple : 0,
        turnoverWeights: null,
        withdrawalPolicy: 'refuse',
        bonusDays: BONUS_DAYS,
        claimBy: null,
      },
      now,
    );
    await tx.update(referrals).set({ state: 'qualified', reason: null, rewardId: grant.rewardId, decidedAt: now }).where(eq(referrals.id, d.id));
    return true;
  });
}
