import { localized } from '../../lib/content-language.ts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ACTIVITY_IMAGE_MAX_BYTES } from '@playhall/contract/constants';
import type { TImageUpload } from '@playhall/contract/fields';
import type { TActivityAction, TActivityCard, TActivityCategory, TActivityDetail, TActivityStatus, TIneligibleReason } from '@playhall/contract/calls/promotions';
import { rowsOf, type TDb, type TTx } from '../../db/client.ts';
import { activities, activityApplications, activityParticipations, memberRewards, merchants, uploads, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { cleanImageUpload, EVIDENCE_MAX_PIXELS, type TCleanImage } from '../../lib/image-content.ts';
import { sanitizeOperatorHtml } from '../../lib/sanitize.ts';
import { randomToken } from '../../lib/secrets.ts';
import { DEFAULT_TIME_ZONE, instantOf, wallClock } from '../../lib/zoned-time.ts';
import {
  cardStatus,
  checkInReward,
  consecutiveDays,
  firstDepositBonus,
  grantDecision,
  reloadBonus,
  transition,
  TransitionError,
  turnoverRequirement,
  type TActivityEvent,
  type TReward,
} from '../promotions-engine/index.ts';
import { raffleView } from '../raffle/raffle.service.ts';
import { grantReward, type TGrantOptions } from '../rewards/rewards.service.ts';
import { memberVipOf } from '../vip/vip.store.ts';
import { ZCashbackTerms, ZCheckInTerms, ZDepositTerms, ZEligibility, ZTiersTerms, engineRule, type TEligibility, type TPeriod } from './activity-terms.ts';

/**
 * Activities members join (issue 17): the list and detail pages, joining, proof applications, daily check-in, the
 * rewards of deposit activities when a deposit is credited, and the operator's review. Every status change goes
 * through the engine's `transition`; every reward through `grantReward`, in the transaction that holds the activity
 * row's lock (budget and per-member limit by the engine's `grantDecision`, `spent` updated under that lock).
 */

export type TActivityRow = typeof activities.$inferSelect;
type TParticipationRow = typeof activityParticipations.$inferSelect;

const DAY_MS = 86_400_000;
/** A period that ended is still listed this long, so a member sees how it ended. */
export const ENDED_SHOWN_MS = 3 * DAY_MS;
const DEPOSIT_KINDS = ['firstDeposit', 'reload'] as const;

/** Where a refusal of the engine's state machine becomes the contract's error. */
export function step(from: TActivityStatus, event: TActivityEvent): TActivityStatus {
  try {
    return transition(from, event);
  } catch (err) {
    if (err instanceof TransitionError) throw new AppError('activity_transition_refused', { from, event });
    throw err;
  }
}

/** The merchant-time-zone day (yyyy-mm-dd) of an instant. */
export function localDay(tz: string, at: Date): string {
  return new Date(wallClock(tz, at.getTime())).toISOString().slice(0, 10);
}

/** The period (a local day, or a local week from Monday) holding `at`: [start, end). */
export function periodOf(tz: string, period: TPeriod, at: Date): { start: Date; end: Date } {
  const wall = wallClock(tz, at.getTime());
  let startWall = Math.floor(wall / DAY_MS) * DAY_MS;
  let days = 1;
  if (period === 'week') {
    const weekday = (new Date(startWall).getUTCDay() + 6) % 7; // Monday 0
    startWall -= weekday * DAY_MS;
    days = 7;
  }
  return { start: new Date(instantOf(tz, startWall)), end: new Date(instantOf(tz, startWall + days * DAY_MS)) };
}

export async function merchantTimeZone(db: TTx, merchantId: number): Promise<string> {
  const [row] = await db.select({ tz: merchants.timeZone }).from(merchants).where(eq(merchants.id, merchantId));
  return row?.tz ?? DEFAULT_TIME_ZONE;
}

const num = (v: unknown): number => Number(v ?? 0);

/** Credited deposits, and settled valid bet and net loss (stake − payout), of a member in [from, to). */
export async function memberFigures(db: TTx, userId: number, from: Date, to: Date): Promise<{ deposit: number; validBet: number; netLoss: number }> {
  const [row] = rowsOf<{ deposit: string; valid_bet: string; net_loss: string }>(
    await db.execute(sql`
      select
        (select coalesce(sum(amount), 0)::text from deposits where user_id = ${userId} and status = 'credited'
           and credited_at >= ${from.toISOString()}::timestamptz and credited_at < ${to.toISOString()}::timestamptz) as deposit,
        coalesce(sum(valid_bet), 0)::text as valid_bet,
        coalesce(sum(bet_amount - payout), 0)::text as net_loss
      from bet_records
      where user_id = ${userId} and status = 'settled'
        and created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz`),
  );
  return { deposit: num(row?.deposit), validBet: num(row?.valid_bet), netLoss: num(row?.net_loss) };
}

/** The eligibility rules a member fails ([] = eligible); VIP level and labels from member_vip (issue 18). */
export async function ineligibleReasons(db: TTx, eligibility: TEligibility, userId: number, now: Date): Promise<TIneligibleReason[]> {
  const reasons: TIneligibleReason[] = [];
  const [user] = await db.select({ createdAt: users.createdAt, accountType: users.accountType }).from(users).where(eq(users.id, userId));
  if (!user || user.accountType === 4) return ['login'];
  if (eligibility.newWithinDays !== undefined && now.getTime() - user.createdAt.getTime() > eligibility.newWithinDays * DAY_MS) reasons.push('notNewMember');
  const { level: vipLevel, labels } = await memberVipOf(db, userId);
  if (eligibility.minVipLevel !== undefined && vipLevel < eligibility.minVipLevel) reasons.push('vipLevel');
  if (eligibility.labels !== undefined && !eligibility.labels.some((l) => labels.includes(l))) reasons.push('memberLabel');
  if (eligibility.agent !== undefined) {
    const [below] = rowsOf<{ n: number }>(
      await db.execute(sql`select 1 as n from user_paths where ancestor_id = ${eligibility.agent.id} and descendant_id = ${userId} and depth >= 1`),
    );
    if (!below) reasons.push('agentTree');
  }
  for (const [rule, reason] of [[eligibility.minDeposit, 'minDeposit'], [eligibility.minValidBet, 'minValidBet']] as const) {
    if (rule === undefined) continue;
    const figures = await memberFigures(db, userId, new Date(now.getTime() - rule.days * DAY_MS), now);
    if ((reason === 'minDeposit' ? figures.deposit : figures.validBet) < rule.amount) reasons.push(reason);
  }
  return reasons;
}

/** What the card's state machine reads of a participation, with a claimed reward moved on by its `claim` event. */
function participationView(p: TParticipationRow | undefined, rewardStatus: string | null) {
  if (!p) return null;
  const claimUntil = typeof p.state.claimUntil === 'string' ? new Date(p.state.claimUntil) : undefined;
  // The member claims in the reward centre (rewards.claim): the card follows the reward.
  const status = p.status === 'claim' && rewardStatus === 'claimed' ? step('claim', 'claim') : p.status;
  return { status, signedDay: p.lastCheckIn ?? undefined, claimUntil: status === 'claim' ? claimUntil : undefined };
}

export function isClosed(a: TActivityRow): boolean {
  return a.state === 'closed' || (a.budget !== null && a.spent >= a.budget);
}

function card(a: TActivityRow, status: TActivityStatus): TActivityCard {
  return {
    id: a.id,
    kind: a.kind,
    category: a.category,
    title: a.title,
    summary: a.summary,
    imageUrl: a.imageUrl,
    startsAt: a.startsAt.toISOString(),
    endsAt: a.endsAt.toISOString(),
    status,
    reward: a.reward as TActivityCard['reward'],
    turnoverMultiple: a.turnoverMultiple,
  };
}

/** The reward a grant gives, its form and turnover as the activity sets them. */
function grantForm(a: TActivityRow, reward: TReward, deposit: number) {
  const form = reward.unit === 'points' ? ('points' as const) : a.turnoverMultiple > 0 ? ('bonus' as const) : ('cash' as const);
  const turnoverRequired = form === 'bonus' ? turnoverRequirement({ multiple: a.turnoverMultiple, base: a.turnoverBase }, reward.amount, a.turnoverBase === 'depositPlusBonus' ? deposit : 0) : 0;
  return { form, turnoverRequired };
}

export type TGrantOutcome = { ok: true; rewardId: number; created: boolean; amount: number } | { ok: false; reason: 'nothing_to_grant' | 'member_limit_reached' | 'budget_exhausted' };

/**
 * Grants one reward of an activity whose row the caller locked FOR UPDATE (and the participation's): the engine
 * decides against the budget and the member's limit, grantReward writes it once per key, and `spent` and
 * `granted` grow only when it was created now. `a` and `p` are updated in place for the caller's next grant.
 */
export async function grantActivityReward(
  tx: TTx,
  a: TActivityRow,
  p: TParticipationRow,
  g: { key: string; reward: TReward; deposit?: number; claimBy: Date | null; title?: string },
  now: Date,
  opts: TGrantOptions = {},
): Promise<TGrantOutcome> {
  const decision = grantDecision(g.reward, { perMemberLimit: a.perMemberLimit, memberGrants: p.granted, budget: a.budget, spent: a.spent });
  if (!decision.ok) return decision;
  const { form, turnoverRequired } = grantForm(a, g.reward, g.deposit ?? 0);
  const r = await grantReward(
    tx,
    {
      merchantId: a.merchantId,
      userId: p.userId,
      source: 'activity',
      activityId: a.id,
      key: g.key,
      title: g.title ?? a.title,
      form,
      amount: decision.amount,
      turnoverRequired,
      turnoverWeights: a.turnoverWeights,
      withdrawalPolicy: a.withdrawalPolicy,
      bonusDays: a.bonusDays,
      claimBy: g.claimBy,
    },
    now,
    opts,
  );
  if (r.created) {
    await tx.update(activities).set({ spent: sql`${activities.spent} + ${decision.amount}` }).where(eq(activities.id, a.id));
    await tx.update(activityParticipations).set({ granted: sql`${activityParticipations.granted} + 1`, updatedAt: now }).where(eq(activityParticipations.id, p.id));
    a.spent += decision.amount;
    p.granted += 1;
  }
  return { ok: true, rewardId: r.rewardId, created: r.created, amount: decision.amount };
}

async function lockActivity(tx: TTx, merchantId: number, id: number): Promise<TActivityRow> {
  const [a] = await tx
    .select()
    .from(activities)
    .where(and(eq(activities.id, id), eq(activities.merchantId, merchantId)))
    .for('update');
  if (!a || a.state === 'draft') throw new AppError('not_found', null, 'No such activity');
  return a;
}

/** The member's participation, locked; made (status from the schedule alone) when there is none. */
async function lockParticipation(tx: TTx, a: TActivityRow, userId: number, now: Date): Promise<TParticipationRow> {
  await tx
    .insert(activityParticipations)
    .values({ activityId: a.id, userId, status: cardStatus({ startsAt: a.startsAt, endsAt: a.endsAt, closed: isClosed(a) }, null, now, '') })
    .onConflictDoNothing();
  const [p] = await tx
    .select()
    .from(activityParticipations)
    .where(and(eq(activityParticipations.activityId, a.id), eq(activityParticipations.userId, userId)))
    .for('update');
  if (!p) throw new Error('participation vanished');
  return p;
}

async function rewardStatusOf(tx: TTx, p: TParticipationRow): Promise<string | null> {
  const id = Number(p.state.rewardId ?? 0);
  if (!id) return null;
  const [r] = await tx.select({ status: memberRewards.status }).from(memberRewards).where(eq(memberRewards.id, id));
  return r?.status ?? null;
}

/** The status the member's card shows now, from the stored one and what time alone did since. */
function currentStatus(a: TActivityRow, p: TParticipationRow | undefined, rewardStatus: string | null, now: Date, today: string): TActivityStatus {
  return cardStatus({ startsAt: a.startsAt, endsAt: a.endsAt, closed: isClosed(a) }, participationView(p, rewardStatus), now, today);
}

/** A deposit activity's reward on one deposit (first deposit: only the member's first ever). */
function depositReward(a: TActivityRow, deposit: number, isFirst: boolean): TReward {
  const terms = { minDeposit: ZDepositTerms.parse(a.terms).minDeposit, reward: engineRule(a.reward as never) };
  return a.kind === 'firstDeposit' ? firstDepositBonus(terms, deposit, isFirst) : reloadBonus(terms, deposit);
}

/** Credited deposits of a member ordered by credit time (oldest first), with whether each is the first ever. */
async function creditedDeposits(tx: TTx, userId: number): Promise<{ id: number; amount: number; creditedAt: Date }[]> {
  return rowsOf<{ id: string; amount: string; credited_at: string | Date }>(
    await tx.execute(sql`select id, amount, credited_at from deposits where user_id = ${userId} and status = 'credited' order by credited_at, id`),
  ).map((r) => ({ id: num(r.id), amount: num(r.amount), creditedAt: new Date(r.credited_at) }));
}

/** Grants a deposit activity on a deposit, moving the participation inProcess → issued; nothing when it does not qualify. */
async function grantOnDeposit(tx: TTx, a: TActivityRow, p: TParticipationRow, deposit: { id: number; amount: number }, isFirst: boolean, now: Date): Promise<boolean> {
  const reward = depositReward(a, deposit.amount, isFirst);
  const outcome = await grantActivityReward(tx, a, p, { key: `activity:${a.id}:deposit:${deposit.id}`, reward, deposit: deposit.amount, claimBy: null }, now);
  if (!outcome.ok) return false;
  const status = step(p.status, 'issue');
  await tx.update(activityParticipations).set({ status, state: { ...p.state, rewardId: outcome.rewardId, depositId: deposit.id }, updatedAt: now }).where(eq(activityParticipations.id, p.id));
  p.status = status;
  return true;
}

/**
 * A deposit is being credited (modules/deposit/deposit-credit.ts, every path, under the deposit's row lock and before
 * its ledger entry): each deposit activity running now that the member joined and still waits (inProcess) grants on
 * it. Activities are locked in id order, as a join locks them, before any wallet is touched.
 */
export async function onDepositCredited(tx: TTx, deposit: { id: number; merchantId: number; userId: number; amount: number }, now = new Date()): Promise<void> {
  const waiting = await tx
    .select({ activityId: activityParticipations.activityId })
    .from(activityParticipations)
    .innerJoin(activities, eq(activities.id, activityParticipations.activityId))
    .where(
      and(
        eq(activityParticipations.userId, deposit.userId),
        eq(activityParticipations.status, 'inProcess'),
        eq(activities.merchantId, deposit.merchantId),
        eq(activities.state, 'published'),
        inArray(activities.kind, [...DEPOSIT_KINDS]),
        sql`${activities.startsAt} <= ${now.toISOString()}::timestamptz and ${activities.endsAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(activities.id));
  if (waiting.length === 0) return;
  const earlier = (await creditedDeposits(tx, deposit.userId)).filter((d) => d.id !== deposit.id);
  for (const { activityId } of waiting) {
    const a = await lockActivity(tx, deposit.merchantId, activityId);
    const p = await lockParticipation(tx, a, deposit.userId, now);
    if (p.status !== 'inProcess' || isClosed(a)) continue;
    await grantOnDeposit(tx, a, p, deposit, earlier.length === 0, now);
  }
}

export interface TPromotionsDeps {
  db: TDb;
  merchantId: () => Promise<number>;
  timeZone: () => Promise<string>;
  /** The merchant's default language: an activity's text falls back to it before its base text. */
  defaultLanguage?: () => Promise<string>;
}

export function createPromotionsService(deps: TPromotionsDeps) {
  const { db } = deps;

  /** The activities a member sees, their title, summary and terms in `language` (else the merchant's default, else the base). */
  async function visible(merchantId: number, now: Date, language: string | null, category?: TActivityCategory, id?: number): Promise<TActivityRow[]> {
    const fallback = (await deps.defaultLanguage?.()) ?? 'EN';
    const rows = await db
      .select()
      .from(activities)
      .where(
        and(
          eq(activities.merchantId, merchantId),
          inArray(activities.state, ['published', 'closed']),
          // Ended (or closed by the operator) a few days ago at most: the member still sees how it ended.
          id === undefined
            ? sql`${activities.endsAt} > ${new Date(now.getTime() - ENDED_SHOWN_MS).toISOString()}::timestamptz
                and (${activities.state} = 'published' or ${activities.updatedAt} > ${new Date(now.getTime() - ENDED_SHOWN_MS).toISOString()}::timestamptz)`
            : eq(activities.id, id),
          category ? eq(activities.category, category) : undefined,
        ),
      )
      .orderBy(asc(activities.sort), asc(activities.startsAt), asc(activities.id));
    return rows.map((a) => ({ ...a, ...localized(a, a.texts, ['title', 'summary', 'termsHtml'], language, fallback) }));
  }

  async function participationsOf(userId: number | null, ids: number[]) {
    if (userId === null || ids.length === 0) return new Map<number, { p: TParticipationRow; rewardStatus: string | null }>();
    const rows = await db
      .select({ p: activityParticipations, rewardStatus: memberRewards.status })
      .from(activityParticipations)
      .leftJoin(memberRewards, sql`${memberRewards.id} = nullif(${activityParticipations.state}->>'rewardId', '')::bigint and ${memberRewards.userId} = ${userId}`)
      .where(and(eq(activityParticipations.userId, userId), inArray(activityParticipations.activityId, ids)));
    return new Map(rows.map((r) => [r.p.activityId, r]));
  }

  /** Whether a member may take part now, and the actions their status allows. */
  function actionsOf(a: TActivityRow, status: TActivityStatus, eligible: boolean, withinLimit: boolean): TActivityAction[] {
    if (status === 'claim') return ['claim'];
    if (!eligible || !withinLimit) return [];
    if (status === 'join') return a.kind === 'proof' ? ['apply'] : a.kind === 'checkIn' ? ['checkIn'] : ['join'];
    if (status === 'rejected') return ['apply'];
    // Repeatable: a reload is joined again for the next deposit, a proof activity applied to again (within the limit).
    if (status === 'issued' && a.kind === 'reload') return ['join'];
    if (status === 'claimed' && a.kind === 'proof') return ['apply'];
    return [];
  }

  return {
    async list(userId: number | null, category?: TActivityCategory, now = new Date(), language: string | null = null): Promise<{ list: TActivityCard[] }> {
      const mid = await deps.merchantId();
      const today = localDay(await deps.timeZone(), now);
      const rows = await visible(mid, now, language, category);
      const mine = await participationsOf(userId, rows.map((a) => a.id));
      return { list: rows.map((a) => card(a, currentStatus(a, mine.get(a.id)?.p, mine.get(a.id)?.rewardStatus ?? null, now, today))) };
    },

    async detail(userId: number | null, id: number, now = new Date(), language: string | null = null): Promise<TActivityDetail> {
      const mid = await deps.merchantId();
      const tz = await deps.timeZone();
      const today = localDay(tz, now);
      const [a] = await visible(mid, now, language, undefined, id);
      if (!a) throw new AppError('not_found', null, 'No such activity');
      const mine = (await participationsOf(userId, [a.id])).get(a.id);
      const p = mine?.p;
      const status = currentStatus(a, p, mine?.rewardStatus ?? null, now, today);
      const eligibility = ZEligibility.parse(a.eligibility);
      const reasons: TIneligibleReason[] = userId === null ? ['login'] : await ineligibleReasons(db, eligibility, userId, now);
      const withinLimit = a.perMemberLimit === null || (p?.granted ?? 0) < a.perMemberLimit;
      if (userId !== null && !withinLimit) reasons.push('limitReached');
      if (isClosed(a) && a.state !== 'closed') reasons.push('budgetExhausted');
      const periodic = a.kind === 'cashback' || a.kind === 'turnoverTiers' ? (a.kind === 'cashback' ? ZCashbackTerms : ZTiersTerms).parse(a.terms).period : null;
      const window = periodic ? periodOf(tz, periodic, now) : { start: a.startsAt, end: a.endsAt };
      const progress = userId === null ? null : await memberFigures(db, userId, window.start, new Date(Math.min(now.getTime(), window.end.getTime())));
      const checkInTerms = a.kind === 'checkIn' ? ZCheckInTerms.parse(a.terms) : null;
      const signedToday = p?.lastCheckIn === today;
      const streakAlive = p?.lastCheckIn ? consecutiveDays([p.lastCheckIn], today) > 0 : false;
      const tiersTerms = a.kind === 'turnoverTiers' ? ZTiersTerms.parse(a.terms) : null;
      const paidTiers = tiersTerms && userId !== null ? await paidTiersOf(db, a.id, userId, window.start) : new Set<number>();
      const [application] =
        userId === null || a.kind !== 'proof'
          ? []
          : await db
              .select()
              .from(activityApplications)
              .where(and(eq(activityApplications.activityId, a.id), eq(activityApplications.userId, userId)))
              .orderBy(sql`${activityApplications.id} desc`)
              .limit(1);
      return {
        ...card(a, status),
        termsHtml: sanitizeOperatorHtml(a.termsHtml),
        perMemberLimit: a.perMemberLimit,
        granted: p?.granted ?? 0,
        actions: userId === null ? [] : actionsOf(a, status, reasons.length === 0, withinLimit),
        ineligible: reasons,
        progress,
        checkIn: checkInTerms ? { streak: streakAlive ? (p?.streak ?? 0) : 0, signedToday, days: checkInTerms.days } : null,
        tiers: tiersTerms ? tiersTerms.tiers.map((t, i) => ({ validBet: t.validBet, amount: t.amount, reached: (progress?.validBet ?? 0) >= t.validBet, paid: paidTiers.has(i) })) : null,
        application: application
          ? { id: application.id, status: application.status, remark: application.remark, reason: application.reason, time: application.createdAt.toISOString(), images: application.imageIds.length }
          : null,
        claimRewardId: status === 'claim' && p ? Number(p.state.rewardId ?? 0) || null : null,
        raffle: a.kind === 'raffle' ? await raffleView(db, a.id, userId, now) : null,
      };
    },

    /** Join a deposit, cashback, turnover-tier or raffle activity: inProcess, or issued at once on a deposit already made. */
    async join(userId: number, input: { id: number; requestId: string }, now = new Date()): Promise<{ status: TActivityStatus }> {
      const mid = await deps.merchantId();
      const today = localDay(await deps.timeZone(), now);
      return db.transaction(async (tx) => {
        const a = await lockActivity(tx, mid, input.id);
        const p = await lockParticipation(tx, a, userId, now);
        // The same request again answers what the first one left.
        if (p.state.joinRequest === input.requestId) return { status: currentStatus(a, p, await rewardStatusOf(tx, p), now, today) };
        const from = currentStatus(a, p, await rewardStatusOf(tx, p), now, today);
        if (from === 'closed') throw new AppError('activity_closed');
        if (a.kind === 'proof' || a.kind === 'checkIn') throw new AppError('activity_transition_refused', { from, event: 'join' });
        // Only a reload is joined again once issued: a first deposit happens once.
        if (from === 'issued' && a.kind !== 'reload') throw new AppError('activity_transition_refused', { from, event: 'join' });
        const status = step(from, 'join');
        const reasons = await ineligibleReasons(tx, ZEligibility.parse(a.eligibility), userId, now);
        if (reasons.length > 0) throw new AppError('activity_not_eligible', { reasons });
        if (a.perMemberLimit !== null && p.granted >= a.perMemberLimit) throw new AppError('activity_limit_reached');
        await tx.update(activityParticipations).set({ status, state: { ...p.state, joinRequest: input.requestId }, joinedAt: now, updatedAt: now }).where(eq(activityParticipations.id, p.id));
        p.status = status;
        if (a.kind === 'firstDeposit' || a.kind === 'reload') {
          // Joining after a qualifying deposit of the period grants on it at once (the latest that qualifies).
          const all = await creditedDeposits(tx, userId);
          // Joined again after a reload was issued: only a deposit credited after the one it was paid on counts.
          const used = all.find((d) => d.id === Number(p.state.depositId ?? 0));
          const inPeriod = all.filter((d) => d.creditedAt >= a.startsAt && d.creditedAt < a.endsAt && (!used || d.creditedAt > used.creditedAt));
          const candidates = a.kind === 'firstDeposit' ? all.slice(0, 1).filter((d) => inPeriod.includes(d)) : inPeriod.reverse();
          for (const d of candidates) {
            if (depositReward(a, d.amount, all[0]?.id === d.id).amount <= 0) continue;
            await grantOnDeposit(tx, a, p, d, all[0]?.id === d.id, now);
            break;
          }
        }
        return { status: p.status };
      });
    },

    /** Apply to a proof activity with a remark and up to 3 images (checked by content), reviewed by the operator. */
    async apply(userId: number, input: { id: number; requestId: string; remark: string; images: TImageUpload[] }, now = new Date()) {
      const mid = await deps.merchantId();
      const today = localDay(await deps.timeZone(), now);
      const [first] = await db.select().from(activityApplications).where(and(eq(activityApplications.userId, userId), eq(activityApplications.requestId, input.requestId)));
      if (first) return { applicationId: first.id, status: 'applying' as const };
      /** The status applying leads to, or the refusal; checked before the images are decoded, and again under the locks. */
      const applyStep = async (tx: TTx, a: TActivityRow, p: TParticipationRow | undefined): Promise<TActivityStatus> => {
        const from = currentStatus(a, p, p ? await rewardStatusOf(tx, p) : null, now, today);
        if (from === 'closed') throw new AppError('activity_closed');
        if (a.kind !== 'proof') throw new AppError('activity_transition_refused', { from, event: 'apply' });
        const status = step(from, 'apply');
        const reasons = await ineligibleReasons(tx, ZEligibility.parse(a.eligibility), userId, now);
        if (reasons.length > 0) throw new AppError('activity_not_eligible', { reasons });
        if (a.perMemberLimit !== null && (p?.granted ?? 0) >= a.perMemberLimit) throw new AppError('activity_limit_reached');
        return status;
      };
      // Decoding three 5 MB images is the costly part: a request refused anyway is refused before it.
      const [shown] = await visible(mid, now, null, undefined, input.id);
      if (!shown) throw new AppError('not_found', null, 'No such activity');
      await applyStep(db, shown, (await participationsOf(userId, [shown.id])).get(shown.id)?.p);
      const images: TCleanImage[] = [];
      for (const image of input.images) {
        images.push(await cleanImageUpload(image, { maxBytes: ACTIVITY_IMAGE_MAX_BYTES, maxPixels: EVIDENCE_MAX_PIXELS }, 'Images must be PNG or JPEG and under 5MB'));
      }
      return db.transaction(async (tx) => {
        const a = await lockActivity(tx, mid, input.id);
        const p = await lockParticipation(tx, a, userId, now);
        const status = await applyStep(tx, a, p);
        const imageIds: string[] = [];
        for (const image of images) {
          const id = randomToken(18);
          await tx.insert(uploads).values({ id, userId, purpose: 'activityProof', mime: image.mime, data: image.bytes.toString('base64') });
          imageIds.push(id);
        }
        const [created] = await tx
          .insert(activityApplications)
          .values({ activityId: a.id, userId, requestId: input.requestId, remark: input.remark, imageIds, createdAt: now })
          .onConflictDoNothing()
          .returning({ id: activityApplications.id });
        if (!created) throw new AppError('duplicate_request');
        await tx.update(activityParticipations).set({ status, state: { ...p.state, applicationId: created.id }, updatedAt: now }).where(eq(activityParticipations.id, p.id));
        return { applicationId: created.id, status };
      });
    },

    /** Daily check-in: signs today and pays the streak's day; a second check-in the same day is already_checked_in. */
    async checkIn(userId: number, input: { id: number; requestId: string }, now = new Date()) {
      const mid = await deps.merchantId();
      const today = localDay(await deps.timeZone(), now);
      return db.transaction(async (tx) => {
        const a = await lockActivity(tx, mid, input.id);
        const p = await lockParticipation(tx, a, userId, now);
        if (p.lastCheckIn === today) {
          if (p.state.checkInRequest === input.requestId) return { streak: p.streak, amount: num(p.state.checkInAmount), status: 'signed' as const };
          throw new AppError('already_checked_in');
        }
        const from = currentStatus(a, p, null, now, today);
        if (from === 'closed') throw new AppError('activity_closed');
        if (a.kind !== 'checkIn') throw new AppError('activity_transition_refused', { from, event: 'checkIn' });
        const status = step(from, 'checkIn');
        const reasons = await ineligibleReasons(tx, ZEligibility.parse(a.eligibility), userId, now);
        if (reasons.length > 0) throw new AppError('activity_not_eligible', { reasons });
        // Yesterday signed: the streak goes on; otherwise it starts again (engine consecutiveDays).
        const streak = p.lastCheckIn && consecutiveDays([p.lastCheckIn, today], today) === 2 ? p.streak + 1 : 1;
        const terms = ZCheckInTerms.parse(a.terms);
        const reward = checkInReward({ days: terms.days.map((amount) => ({ kind: 'fixed' as const, amount })) }, streak);
        const outcome = await grantActivityReward(tx, a, p, { key: `activity:${a.id}:checkIn:${userId}:${today}`, reward, claimBy: null, title: `${a.title} · day ${streak}` }, now);
        if (!outcome.ok) throw new AppError(outcome.reason === 'budget_exhausted' ? 'activity_budget_exhausted' : 'activity_limit_reached');
        await tx
          .update(activityParticipations)
          .set({ status, streak, lastCheckIn: today, state: { ...p.state, checkInRequest: input.requestId, checkInAmount: outcome.amount, rewardId: outcome.rewardId }, updatedAt: now })
          .where(eq(activityParticipations.id, p.id));
        return { streak, amount: outcome.amount, status };
      });
    },
  };
}

/** The tiers of a turnover-tier activity already paid to a member for the period starting at `start`. */
async function paidTiersOf(db: TTx, activityId: number, userId: number, start: Date): Promise<Set<number>> {
  const prefix = `activity:${activityId}:tier:${start.toISOString()}:`;
  const rows = await db
    .select({ key: memberRewards.key })
    .from(memberRewards)
    .where(and(eq(memberRewards.userId, userId), eq(memberRewards.activityId, activityId), sql`${memberRewards.key} like ${`${prefix}%`}`));
  return new Set(rows.map((r) => Number(r.key.slice(prefix.length).split(':')[0])));
}

export type TPromotionsService = ReturnType<typeof createPromotionsService>;
