import crypto from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { TEnvelopeRain } from '@playhall/contract/calls/promotions';
import { MAIN_WALLET } from '@playhall/contract/calls/wallet';
import { rowsOf, type TDb, type TTx } from '../../db/client.ts';
import { envelopeRains, envelopes, memberRewards, postings, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { ZEligibility, type TEligibility } from '../promotions/activity-terms.ts';
import { ineligibleReasons } from '../promotions/promotions.service.ts';
import { rainProblem, splitPool } from '../promotions-engine/index.ts';
import { grantReward } from '../rewards/rewards.service.ts';

/** Red envelope rains (issue 17; docs/decisions.md, "Promotions"). */

const ledgerRepo = createLedgerRepository();
const DAY_MS = 86_400_000;
/** How far ahead envelopes.rains shows coming rains. */
const AHEAD_MS = DAY_MS;
/** Envelopes one rain may hold, and how many rows one insert writes. */
export const MAX_ENVELOPES = 100_000;
/** An envelope holds whole units of the currency: amounts are minor units, 100 to the unit. */
const ENVELOPE_UNIT = 100;
const INSERT_CHUNK = 5_000;
/** Days a bonus envelope (--turnover) has to meet its turnover. */
const ENVELOPE_BONUS_DAYS = 7;

type TRain = typeof envelopeRains.$inferSelect;

export interface TRainInput {
  title: string;
  startsAt: Date;
  endsAt: Date;
  pool: number;
  min: number;
  max: number;
  count: number;
  turnoverMultiple: number;
  /** As ZEligibility, the agent named by username (resolved here). */
  eligibility: TEligibility;
  createdBy: string;
}

/** An operator's mistake in a rain: the message names the rule (ops shows it). */
export class RainRefusal extends Error {}

/**
 * Schedules a rain: checks the window and the terms (the engine's `rainProblem`), splits the pool into its envelopes
 * with the engine's `splitPool` from node:crypto's CSPRNG and stores them with the rain, in the caller's transaction.
 */
export async function scheduleRain(tx: TTx, merchantId: number, input: TRainInput, now: Date): Promise<TRain> {
  const title = input.title.trim();
  if (title.length === 0 || title.length > 120) throw new RainRefusal('--title: 1–120 characters');
  if (input.endsAt.getTime() <= input.startsAt.getTime()) throw new RainRefusal('--to must be after --from');
  if (input.endsAt.getTime() <= now.getTime()) throw new RainRefusal('--to is in the past: the rain would never be on');
  if (input.endsAt.getTime() - input.startsAt.getTime() > 7 * DAY_MS) throw new RainRefusal('a rain lasts at most 7 days');
  if (input.count > MAX_ENVELOPES) throw new RainRefusal(`--count: at most ${MAX_ENVELOPES} envelopes`);
  if (!Number.isInteger(input.turnoverMultiple) || input.turnoverMultiple < 0 || input.turnoverMultiple > 1000) throw new RainRefusal('--turnover: a whole multiple 0–1000');
  // Envelopes hold whole units of the currency (10,327 ₫, never 10,327.71 ₫): the pool is cut in whole units.
  if ([input.pool, input.min, input.max].some((a) => a % ENVELOPE_UNIT !== 0)) throw new RainRefusal('--pool, --min and --max: whole amounts (no decimals)');
  const terms = { pool: input.pool / ENVELOPE_UNIT, count: input.count, min: input.min / ENVELOPE_UNIT, max: input.max / ENVELOPE_UNIT };
  const problem = rainProblem(terms);
  if (problem) throw new RainRefusal(problem);
  const eligibility = ZEligibility.safeParse(input.eligibility);
  if (!eligibility.success) throw new RainRefusal(eligibility.error.issues.map((i) => `eligibility ${i.path.join('.')}: ${i.message}`).join('; '));
  const rules = { ...eligibility.data };
  if (rules.agent) {
    const [agent] = await tx
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(and(eq(users.merchantId, merchantId), eq(users.username, rules.agent.username), eq(users.type, 'agent')));
    if (!agent) throw new RainRefusal(`--agent: no agent named ${rules.agent.username}`);
    rules.agent = agent;
  }
  const [rain] = await tx
    .insert(envelopeRains)
    .values({
      merchantId,
      title,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      pool: input.pool,
      minAmount: input.min,
      maxAmount: input.max,
      count: input.count,
      eligibility: rules,
      turnoverMultiple: input.turnoverMultiple,
      createdBy: input.createdBy,
      createdAt: now,
    })
    .returning();
  if (!rain) throw new Error('rain insert returned nothing');
  const amounts = splitPool(terms, (n) => crypto.randomInt(n)).map((units) => units * ENVELOPE_UNIT);
  for (let i = 0; i < amounts.length; i += INSERT_CHUNK) {
    const part = amounts.slice(i, i + INSERT_CHUNK);
    await tx.execute(sql`
      insert into envelopes (rain_id, seq, amount)
      select ${rain.id}, ${i} + s.ord::int - 1, s.amount from unnest(${`{${part.join(',')}}`}::bigint[]) with ordinality as s(amount, ord)`);
  }
  return rain;
}

export interface TRainSummary {
  id: number;
  title: string;
  startsAt: string;
  endsAt: string;
  state: 'upcoming' | 'open' | 'over' | 'cancelled';
  pool: number;
  min: number;
  max: number;
  count: number;
  turnoverMultiple: number;
  eligibility: TEligibility;
  opened: number;
  paid: number;
}

function rainState(rain: Pick<TRain, 'startsAt' | 'endsAt'>, now: Date): 'upcoming' | 'open' | 'over' {
  if (now.getTime() < rain.startsAt.getTime()) return 'upcoming';
  return now.getTime() < rain.endsAt.getTime() ? 'open' : 'over';
}

/** The operator's list: the latest rains with what has been opened and paid. */
export async function listRains(db: TTx, merchantId: number, now: Date, limit = 50): Promise<TRainSummary[]> {
  const rows = await db
    .select({
      rain: envelopeRains,
      opened: sql<string>`(select count(*) from envelopes e where e.rain_id = ${envelopeRains.id} and e.user_id is not null)`,
      paid: sql<string>`(select coalesce(sum(e.amount), 0) from envelopes e where e.rain_id = ${envelopeRains.id} and e.user_id is not null)`,
    })
    .from(envelopeRains)
    .where(eq(envelopeRains.merchantId, merchantId))
    .orderBy(desc(envelopeRains.startsAt), desc(envelopeRains.id))
    .limit(limit);
  return rows.map(({ rain, opened, paid }) => ({
    id: rain.id,
    title: rain.title,
    startsAt: rain.startsAt.toISOString(),
    endsAt: rain.endsAt.toISOString(),
    state: rain.cancelledAt ? 'cancelled' : rainState(rain, now),
    pool: rain.pool,
    min: rain.minAmount,
    max: rain.maxAmount,
    count: rain.count,
    turnoverMultiple: rain.turnoverMultiple,
    eligibility: rain.eligibility as TEligibility,
    opened: Number(opened),
    paid: Number(paid),
  }));
}

/** Cancels a rain that has not started (its envelopes stay, unopened, with the rain marked cancelled). */
export async function cancelRain(tx: TTx, merchantId: number, id: number, now: Date): Promise<TRain> {
  const [rain] = await tx.select().from(envelopeRains).where(and(eq(envelopeRains.id, id), eq(envelopeRains.merchantId, merchantId))).for('update');
  if (!rain) throw new RainRefusal(`no red envelope rain ${id}`);
  if (rain.cancelledAt) throw new RainRefusal(`rain ${id} was cancelled at ${rain.cancelledAt.toISOString()}`);
  if (rain.startsAt.getTime() <= now.getTime()) throw new RainRefusal(`rain ${id} started at ${rain.startsAt.toISOString()}: only a rain that has not started can be cancelled`);
  const [after] = await tx.update(envelopeRains).set({ cancelledAt: now }).where(eq(envelopeRains.id, id)).returning();
  if (!after) throw new Error('rain vanished');
  return after;
}

/** envelopes.rains: rains on now or starting within a day, with this member's eligibility and envelope. */
export async function rainsFor(db: TDb, merchantId: number, userId: number | null, now: Date): Promise<TEnvelopeRain[]> {
  const rains = await db
    .select({
      rain: envelopeRains,
      left: sql<string>`(select count(*) from envelopes e where e.rain_id = ${envelopeRains.id} and e.user_id is null)`,
      opened: userId === null ? sql<null>`null` : sql<string | null>`(select e.amount from envelopes e where e.rain_id = ${envelopeRains.id} and e.user_id = ${userId})`,
    })
    .from(envelopeRains)
    .where(
      and(
        eq(envelopeRains.merchantId, merchantId),
        isNull(envelopeRains.cancelledAt),
        gt(envelopeRains.endsAt, now),
        lt(envelopeRains.startsAt, new Date(now.getTime() + AHEAD_MS)),
      ),
    )
    .orderBy(asc(envelopeRains.startsAt), asc(envelopeRains.id));
  const list: TEnvelopeRain[] = [];
  for (const { rain, left, opened } of rains) {
    const eligible = userId !== null && (await ineligibleReasons(db, rain.eligibility as TEligibility, userId, now)).length === 0;
    list.push({
      id: rain.id,
      title: rain.title,
      startsAt: rain.startsAt.toISOString(),
      endsAt: rain.endsAt.toISOString(),
      state: rainState(rain, now),
      eligible,
      opened: opened === null ? null : Number(opened),
      left: Number(left),
    });
  }
  return list;
}

/** MAIN after the entry that paid a reward (from its posting), or as it is now for a reward that did not touch it. */
async function balanceAfterReward(tx: TTx, merchantId: number, userId: number, rewardId: number): Promise<number> {
  const main = await ledgerRepo.walletAccount(tx, merchantId, userId, MAIN_WALLET);
  const [row] = await tx
    .select({ balanceAfter: postings.balanceAfter })
    .from(memberRewards)
    .innerJoin(postings, and(eq(postings.entryId, memberRewards.journalEntryId), eq(postings.accountId, main.id)))
    .where(eq(memberRewards.id, rewardId));
  return row?.balanceAfter ?? main.balance;
}

/**
 * envelopes.open: the member's one envelope of a rain that is on. In one transaction: the member's row is locked
 * (their own requests go one at a time), a repeat of the request that opened their envelope answers what it
 * answered, another request is envelope_already_opened; otherwise one conditional UPDATE takes the next unopened
 * envelope (`FOR UPDATE SKIP LOCKED`: members opening together take different envelopes without waiting on each
 * other) and grantReward pays it (cash, or bonus with the rain's turnover) under `envelope:<rain>:<user>`.
 * The pool cannot be overdrawn: every envelope was cut from it when the rain was scheduled and is taken once.
 */
export async function openEnvelope(db: TDb, member: { merchantId: number; userId: number }, rainId: number, requestId: string, now: Date): Promise<{ amount: number; balance: number }> {
  const { merchantId, userId } = member;
  return db.transaction(async (tx) => {
    const [rain] = await tx.select().from(envelopeRains).where(and(eq(envelopeRains.id, rainId), eq(envelopeRains.merchantId, merchantId), isNull(envelopeRains.cancelledAt)));
    if (!rain) throw new AppError('not_found');
    await tx.execute(sql`select 1 from users where id = ${userId} for update`);
    const [mine] = await tx.select().from(envelopes).where(and(eq(envelopes.rainId, rainId), eq(envelopes.userId, userId)));
    if (mine) {
      if (mine.requestId !== requestId || mine.rewardId === null) throw new AppError('envelope_already_opened');
      return { amount: mine.amount, balance: await balanceAfterReward(tx, merchantId, userId, mine.rewardId) };
    }
    if (rainState(rain, now) !== 'open') throw new AppError('envelope_not_open');
    const reasons = await ineligibleReasons(tx, rain.eligibility as TEligibility, userId, now);
    if (reasons.length > 0) throw new AppError('activity_not_eligible', { reasons });
    const taken = await takeEnvelope(tx, rainId, userId, requestId, now);
    if (!taken) throw new AppError('envelopes_gone');
    const bonus = rain.turnoverMultiple > 0;
    const granted = await grantReward(
      tx,
      {
        merchantId,
        userId,
        source: 'envelope',
        activityId: null,
        key: `envelope:${rainId}:${userId}`,
        title: rain.title,
        form: bonus ? 'bonus' : 'cash',
        amount: taken.amount,
        turnoverRequired: bonus ? taken.amount * rain.turnoverMultiple : 0,
        turnoverWeights: null,
        withdrawalPolicy: 'refuse',
        bonusDays: ENVELOPE_BONUS_DAYS,
        claimBy: null,
      },
      now,
    );
    await tx.update(envelopes).set({ rewardId: granted.rewardId }).where(and(eq(envelopes.rainId, rainId), eq(envelopes.seq, taken.seq)));
    return { amount: taken.amount, balance: await balanceAfterReward(tx, merchantId, userId, granted.rewardId) };
  });
}

/**
 * Takes the next unopened envelope for the member. SKIP LOCKED passes over envelopes other members' transactions
 * are taking; when it finds none while some are still unopened (held by transactions that may yet roll back), it
 * looks again a few times before answering that none is left.
 */
async function takeEnvelope(tx: TTx, rainId: number, userId: number, requestId: string, now: Date): Promise<{ seq: number; amount: number } | null> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [taken] = rowsOf<{ seq: number; amount: string }>(
      await tx.execute(sql`
        update envelopes set user_id = ${userId}, opened_at = ${now.toISOString()}::timestamptz, request_id = ${requestId}
        where rain_id = ${rainId} and user_id is null
          and seq = (select seq from envelopes where rain_id = ${rainId} and user_id is null order by seq limit 1 for update skip locked)
        returning seq, amount::text`),
    );
    if (taken) return { seq: taken.seq, amount: Number(taken.amount) };
    const [left] = rowsOf<{ any: boolean }>(await tx.execute(sql`select exists (select 1 from envelopes where rain_id = ${rainId} and user_id is null) as any`));
    if (!left?.any) return null;
    await new Promise((r) => setTimeout(r, 20 * (attempt + 1)));
  }
  return null;
}
