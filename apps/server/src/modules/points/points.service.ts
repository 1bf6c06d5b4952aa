import { localized } from '../../lib/content-language.ts';
import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { TRedeemItem, TRedeemRecord } from '@playhall/contract/calls/points';
import { MAIN_WALLET } from '@playhall/contract/calls/wallet';
import { rowsOf, type TDb, type TTx } from '../../db/client.ts';
import { journalEntries, ledgerAccounts, pointExchanges, pointItems, postings, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { sanitizeOperatorHtml } from '../../lib/sanitize.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createLedger } from '../ledger/ledger.service.ts';
import { grantReward, memberAccount, POINTS_WALLET } from '../rewards/rewards.service.ts';
import { readPointsConfig } from './points.config.ts';

/**
 * The points mall and the member's points (issue 18; docs/decisions.md, "Loyalty"). Points are the member's POINTS
 * ledger account: every change is a posting with its balance after, moved only against the house `points` account
 * and never in an entry with money. Redeeming locks the member's row, then the item's, then the accounts (the order
 * every reward path keeps); stock is decided under the item's lock and a CHECK keeps it at or above zero.
 */

const ledgerRepo = createLedgerRepository();
const ledger = createLedger({ repo: ledgerRepo });
/** The amount requirement of an item counts this many local days up to today. */
export const REQUIREMENT_DAYS = 30;
/** A bonus item's bonus is forfeited if its turnover is not met within this many days. */
const MALL_BONUS_DAYS = 30;

export interface TMember {
  merchantId: number;
  userId: number;
  timeZone: string;
}

type TItemRow = typeof pointItems.$inferSelect;
type TExchangeRow = typeof pointExchanges.$inferSelect;

/** An item as members see it; its name and description in `lang` (else the merchant's default language, else the base). */
export function itemView(i: TItemRow, lang: { language: string | null; fallback: string } = { language: null, fallback: 'EN' }): TRedeemItem {
  const text = localized(i, i.texts, ['name', 'descriptionHtml'], lang.language, lang.fallback);
  return {
    id: i.id,
    name: text.name,
    // Sanitised when written and again when served (as activity terms are).
    description: sanitizeOperatorHtml(text.descriptionHtml),
    imageUrl: i.imageUrl,
    kind: i.kind,
    value: i.kind === 'goods' ? 0 : i.value,
    quantity: i.stock,
    pointsRequired: i.pointsRequired,
    amountRequired: i.amountRequired,
    amountKind: i.amountKind,
    status: i.status === 'off' ? 'offline' : i.stock === 0 ? 'soldOut' : 'available',
    units: i.units,
    pointsRatio: Math.max(1, i.pointsRatio),
  };
}

export function recordView(e: TExchangeRow): TRedeemRecord {
  return { id: e.id, time: e.createdAt.toISOString(), rewardName: e.itemName, kind: e.kind, quantity: e.quantity, points: e.points, status: e.status, remark: e.remark };
}

/** The member's points now (0 without an account; makes none). */
export async function pointsOf(db: TTx, merchantId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.merchantId, merchantId), eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.wallet, POINTS_WALLET)));
  return row?.balance ?? 0;
}

/** Inclusive local days as a condition on a timestamp column. */
function dayRange(column: SQL | unknown, tz: string, range: { from?: string; to?: string }): SQL[] {
  const day = sql`(${column} at time zone ${tz})::date`;
  return [...(range.from ? [gte(day, sql`${range.from}::date`)] : []), ...(range.to ? [lte(day, sql`${range.to}::date`)] : [])];
}

/** The catalogue: items on (available or sold out) and off (offline), in the operator's order. */
export async function listItems(db: TDb, merchantId: number, page: { page: number; pageSize: number }, lang?: { language: string | null; fallback: string }) {
  const rows = await db
    .select()
    .from(pointItems)
    .where(eq(pointItems.merchantId, merchantId))
    .orderBy(asc(pointItems.sort), asc(pointItems.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [n] = await db.select({ n: count() }).from(pointItems).where(eq(pointItems.merchantId, merchantId));
  return { list: rows.map((r) => itemView(r, lang)), total: n?.n ?? 0, page: page.page, pageSize: page.pageSize };
}

/** Points details: the POINTS account's postings, newest first, each with its balance after and its entry's memo. */
export async function pointDetails(db: TDb, m: TMember, q: { from?: string; to?: string; page: number; pageSize: number }) {
  const where = and(
    eq(ledgerAccounts.merchantId, m.merchantId),
    eq(ledgerAccounts.userId, m.userId),
    eq(ledgerAccounts.wallet, POINTS_WALLET),
    ...dayRange(postings.createdAt, m.timeZone, q),
  );
  const rows = await db
    .select({ id: postings.id, time: postings.createdAt, amount: postings.amount, balanceAfter: postings.balanceAfter, memo: journalEntries.memo })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(where)
    .orderBy(desc(postings.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [n] = await db.select({ n: count() }).from(postings).innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId)).where(where);
  return {
    list: rows.map((r) => ({ id: r.id, time: r.time.toISOString(), changedPoints: r.amount, pointsBalance: r.balanceAfter, remark: r.memo ?? '' })),
    total: n?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** The member's own exchanges, newest first. */
export async function redeemHistory(db: TDb, m: TMember, q: { status?: TExchangeRow['status']; from?: string; to?: string; page: number; pageSize: number }) {
  const where = and(
    eq(pointExchanges.merchantId, m.merchantId),
    eq(pointExchanges.userId, m.userId),
    q.status ? eq(pointExchanges.status, q.status) : undefined,
    ...dayRange(pointExchanges.createdAt, m.timeZone, q),
  );
  const rows = await db.select().from(pointExchanges).where(where).orderBy(desc(pointExchanges.id)).limit(q.pageSize).offset((q.page - 1) * q.pageSize);
  const [n] = await db.select({ n: count() }).from(pointExchanges).where(where);
  return { list: rows.map(recordView), total: n?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/** The member's deposit or valid bet over the last REQUIREMENT_DAYS local days, from the team rollup's member_days. */
export async function recentAmount(db: TTx, m: TMember, kind: 'deposit' | 'validBet', now: Date): Promise<number> {
  const column = kind === 'deposit' ? sql`deposit` : sql`valid_bet`;
  const [row] = rowsOf<{ total: string | number }>(
    await db.execute(sql`
      select coalesce(sum(${column}), 0) as total from member_days
      where user_id = ${m.userId} and day > (${now.toISOString()}::timestamptz at time zone ${m.timeZone})::date - ${REQUIREMENT_DAYS}::int`),
  );
  return Number(row?.total ?? 0);
}

/** Locks the member's row: a member's redeems, converts and cancels run one at a time. */
async function lockMember(tx: TTx, m: TMember): Promise<void> {
  const [row] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, m.userId), eq(users.merchantId, m.merchantId))).for('update');
  if (!row) throw new AppError('not_logged_in');
}

/** The points balance right after an entry, from its posting on the member's POINTS account. */
async function pointsAfter(tx: TTx, m: TMember, key: string): Promise<number | null> {
  const [row] = rowsOf<{ balance_after: string | number }>(
    await tx.execute(sql`
      select p.balance_after from journal_entries e join postings p on p.entry_id = e.id join ledger_accounts a on a.id = p.account_id
      where e.merchant_id = ${m.merchantId} and e.key = ${key} and a.user_id = ${m.userId} and a.wallet = ${POINTS_WALLET}`),
  );
  return row ? Number(row.balance_after) : null;
}

const redeemKey = (exchangeId: number) => `points:redeem:${exchangeId}`;
const refundKey = (exchangeId: number) => `points:refund:${exchangeId}`;

/** A points move between the member and the house points account (positive: to the member). */
async function movePoints(tx: TTx, m: TMember, key: string, points: number, memo: string) {
  const account = await memberAccount(tx, m.merchantId, m.userId, POINTS_WALLET);
  const house = await ledgerRepo.houseAccount(tx, m.merchantId, 'points');
  try {
    const entry = await ledger.post(tx, {
      merchantId: m.merchantId,
      key,
      kind: 'points',
      memo,
      postings: [
        { accountId: house, amount: -points },
        { accountId: account.id, amount: points },
      ],
    });
    return { entry, balanceAfter: entry.postings.find((p) => p.accountId === account.id)?.balanceAfter ?? account.balance + points };
  } catch (err) {
    if (err instanceof AppError && err.code === 'insufficient_balance') throw new AppError('points_not_enough', { points: account.balance });
    throw err;
  }
}

/** The same redeem request again: its first answer (the record as it is now, the points right after its debit). */
async function replayRedeem(tx: TTx, m: TMember, requestId: string): Promise<{ record: TRedeemRecord; points: number } | null> {
  const [first] = await tx.select().from(pointExchanges).where(and(eq(pointExchanges.userId, m.userId), eq(pointExchanges.requestId, requestId)));
  if (!first) return null;
  return { record: recordView(first), points: (await pointsAfter(tx, m, redeemKey(first.id))) ?? (await pointsOf(tx, m.merchantId, m.userId)) };
}

export async function findRedeem(db: TDb, m: TMember, requestId: string) {
  return replayRedeem(db as unknown as TTx, m, requestId);
}

/**
 * Redeems `quantity` units of an item. The caller checked the payment password. Under the member's and the item's
 * locks: on, in stock, the amount requirement met, enough points; the points are debited (`points:redeem:<id>`), the
 * stock taken, and a cash or bonus item credited at once through grantReward (source mall, `mall:<exchange id>`),
 * approved; goods wait for the operator as applying.
 */
export async function redeem(
  db: TDb,
  m: TMember,
  input: { requestId: string; rewardId: number; quantity: number; address?: string },
  now = new Date(),
): Promise<{ record: TRedeemRecord; points: number }> {
  return db.transaction(async (tx) => {
    await lockMember(tx, m);
    const again = await replayRedeem(tx, m, input.requestId);
    if (again) return again;
    const [item] = await tx.select().from(pointItems).where(and(eq(pointItems.id, input.rewardId), eq(pointItems.merchantId, m.merchantId))).for('update');
    if (!item) throw new AppError('redeem_item_not_found');
    if (item.status !== 'on') throw new AppError('redeem_item_off');
    if (item.kind === 'goods' && !input.address) throw new AppError('redeem_address_required');
    if (item.kind !== 'goods' && input.address) throw new AppError('redeem_address_not_needed');
    if (item.stock !== null && item.stock < input.quantity) throw new AppError('redeem_sold_out', { left: item.stock });
    if (item.amountRequired > 0) {
      const done = await recentAmount(tx, m, item.amountKind, now);
      if (done < item.amountRequired) throw new AppError('redeem_requirement_not_met', { kind: item.amountKind, required: item.amountRequired, done });
    }
    const cost = item.pointsRequired * input.quantity;
    const have = await pointsOf(tx, m.merchantId, m.userId);
    if (have < cost) throw new AppError('points_not_enough', { points: have, required: cost });
    const [exchange] = await tx
      .insert(pointExchanges)
      .values({
        merchantId: m.merchantId,
        userId: m.userId,
        itemId: item.id,
        itemName: item.name,
        kind: item.kind,
        quantity: input.quantity,
        points: cost,
        status: 'applying',
        requestId: input.requestId,
        address: input.address ?? null,
        createdAt: now,
      })
      .returning();
    if (!exchange) throw new Error('exchange insert returned nothing');
    const debit = await movePoints(tx, m, redeemKey(exchange.id), -cost, `Redeemed ${item.name} × ${input.quantity}`);
    if (item.stock !== null) await tx.update(pointItems).set({ stock: sql`${pointItems.stock} - ${input.quantity}` }).where(eq(pointItems.id, item.id));
    let record = exchange;
    if (item.kind !== 'goods') {
      const amount = item.value * input.quantity;
      const reward = await grantReward(
        tx,
        {
          merchantId: m.merchantId,
          userId: m.userId,
          source: 'mall',
          activityId: null,
          key: `mall:${exchange.id}`,
          title: `${item.name} × ${input.quantity}`,
          form: item.kind,
          amount,
          turnoverRequired: item.kind === 'bonus' ? amount * item.turnoverMultiple : 0,
          turnoverWeights: null,
          withdrawalPolicy: 'refuse',
          bonusDays: MALL_BONUS_DAYS,
          claimBy: null,
        },
        now,
      );
      const [approved] = await tx
        .update(pointExchanges)
        .set({ status: 'approved', rewardId: reward.rewardId, decidedAt: now, decidedBy: 'auto' })
        .where(eq(pointExchanges.id, exchange.id))
        .returning();
      if (approved) record = approved;
    }
    return { record: recordView(record), points: debit.balanceAfter };
  });
}

/**
 * Rejects an applying exchange (the member's cancel or the operator's reject): status rejected with the remark, the
 * points back under `points:refund:<id>`, the stock restored. Locks the exchange, then its item.
 */
async function rejectExchange(tx: TTx, exchange: TExchangeRow, remark: string, by: string, now: Date, cancelRequestId: string | null): Promise<{ row: TExchangeRow; points: number }> {
  const [item] = await tx.select({ id: pointItems.id, stock: pointItems.stock }).from(pointItems).where(eq(pointItems.id, exchange.itemId)).for('update');
  const m = { merchantId: exchange.merchantId, userId: exchange.userId, timeZone: 'UTC' };
  const refund = await movePoints(tx, m, refundKey(exchange.id), exchange.points, `Refund: ${exchange.itemName} × ${exchange.quantity} (${remark})`);
  if (item && item.stock !== null) await tx.update(pointItems).set({ stock: sql`${pointItems.stock} + ${exchange.quantity}` }).where(eq(pointItems.id, item.id));
  const [rejected] = await tx
    .update(pointExchanges)
    .set({ status: 'rejected', remark, decidedAt: now, decidedBy: by, cancelRequestId })
    .where(eq(pointExchanges.id, exchange.id))
    .returning();
  if (!rejected) throw new Error(`exchange ${exchange.id} vanished`);
  return { row: rejected, points: refund.balanceAfter };
}

export const CANCELLED_BY_MEMBER = 'cancelled by member';

/** The member cancels its own goods exchange while applying; the same request replays its answer. */
export async function cancelRedeem(db: TDb, m: TMember, input: { requestId: string; exchangeId: number }, now = new Date()) {
  return db.transaction(async (tx) => {
    await lockMember(tx, m);
    const [exchange] = await tx
      .select()
      .from(pointExchanges)
      .where(and(eq(pointExchanges.id, input.exchangeId), eq(pointExchanges.merchantId, m.merchantId), eq(pointExchanges.userId, m.userId)))
      .for('update');
    if (!exchange) throw new AppError('exchange_not_found');
    if (exchange.status === 'rejected' && exchange.cancelRequestId === input.requestId) {
      return { record: recordView(exchange), points: (await pointsAfter(tx, m, refundKey(exchange.id))) ?? (await pointsOf(tx, m.merchantId, m.userId)) };
    }
    if (exchange.status !== 'applying') throw new AppError('exchange_not_applying');
    const { row, points } = await rejectExchange(tx, exchange, CANCELLED_BY_MEMBER, 'member', now, input.requestId);
    return { record: recordView(row), points };
  });
}

export class PointsOpsRefusal extends Error {}

/** The operator decides an applying exchange: approve (goods shipped), or reject with a reason (points refunded). */
export async function decideExchange(
  db: TDb,
  merchantId: number,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
  actor: string,
  now: Date,
  /** Writes the operator's audit row in the same transaction. */
  audit: (tx: TTx, before: TExchangeRow, after: TExchangeRow) => Promise<void>,
): Promise<{ before: TExchangeRow; after: TExchangeRow }> {
  return db.transaction(async (tx) => {
    const [exchange] = await tx.select().from(pointExchanges).where(and(eq(pointExchanges.id, id), eq(pointExchanges.merchantId, merchantId))).for('update');
    if (!exchange) throw new PointsOpsRefusal(`no exchange ${id} (see points review)`);
    if (exchange.status !== 'applying') throw new PointsOpsRefusal(`exchange ${id} is already ${exchange.status}`);
    let after: TExchangeRow | undefined;
    if (!decision.approve) after = (await rejectExchange(tx, exchange, decision.reason, actor, now, null)).row;
    else [after] = await tx.update(pointExchanges).set({ status: 'approved', decidedAt: now, decidedBy: actor }).where(eq(pointExchanges.id, id)).returning();
    if (!after) throw new Error(`exchange ${id} vanished`);
    await audit(tx, exchange, after);
    return { before: exchange, after };
  });
}

/** Converted cash: floor(points × amount ÷ points) minor units at the configured rate. */
export function convertedAmount(points: number, rate: { points: number; amount: number }): number {
  return Number((BigInt(points) * BigInt(rate.amount)) / BigInt(rate.points));
}

const convertKeys = (m: TMember, requestId: string) => ({ points: `points:convert:${m.userId}:${requestId}`, cash: `bonus:points:${m.userId}:${requestId}` });

/** The answer of a convert already done under this request id, or null. */
export async function findConvert(db: TDb, m: TMember, requestId: string): Promise<{ points: number; credited: number; balance: number } | null> {
  const keys = convertKeys(m, requestId);
  const rows = rowsOf<{ key: string; wallet: string; amount: string | number; balance_after: string | number }>(
    await db.execute(sql`
      select e.key, a.wallet, p.amount, p.balance_after from journal_entries e join postings p on p.entry_id = e.id join ledger_accounts a on a.id = p.account_id
      where e.merchant_id = ${m.merchantId} and e.key in (${keys.points}, ${keys.cash}) and a.user_id = ${m.userId}`),
  );
  const pts = rows.find((r) => r.key === keys.points);
  if (!pts) return null;
  const cash = rows.find((r) => r.key === keys.cash);
  return { points: Number(pts.balance_after), credited: Number(cash?.amount ?? 0), balance: Number(cash?.balance_after ?? 0) };
}

/**
 * Converts points to cash in the main wallet (the caller checked the payment password): the points to the house
 * (`points:convert:<user>:<requestId>`, kind points) and the cash from the house bonus account
 * (`bonus:points:<user>:<requestId>`, kind bonus: a promotion cost, as the agents' dividend base counts bonuses),
 * in one transaction under the member's lock.
 */
export async function convertPoints(db: TDb, m: TMember, input: { requestId: string; points: number }): Promise<{ points: number; credited: number; balance: number }> {
  const config = await readPointsConfig(db, m.merchantId);
  if (!config.convertEnabled) throw new AppError('points_convert_disabled');
  if (input.points < config.minConvertPoints) throw new AppError('points_convert_below_min', { min: config.minConvertPoints });
  const credited = convertedAmount(input.points, { points: config.convertPoints, amount: config.convertAmount });
  if (credited <= 0) throw new AppError('points_convert_below_min', { min: Math.max(config.minConvertPoints, config.convertPoints) });
  return db.transaction(async (tx) => {
    await lockMember(tx, m);
    const first = await findConvert(tx as unknown as TDb, m, input.requestId);
    if (first) return first;
    const keys = convertKeys(m, input.requestId);
    const debit = await movePoints(tx, m, keys.points, -input.points, `Converted to cash: ${input.points} points`);
    const main = await ledgerRepo.walletAccount(tx, m.merchantId, m.userId, MAIN_WALLET);
    const cash = await ledger.post(tx, {
      merchantId: m.merchantId,
      key: keys.cash,
      kind: 'bonus',
      memo: `Points converted: ${input.points} points`,
      postings: [
        { accountId: await ledgerRepo.houseAccount(tx, m.merchantId, 'bonus'), amount: -credited },
        { accountId: main.id, amount: credited },
      ],
    });
    const mainAfter = cash.postings.find((p) => p.accountId === main.id);
    return { points: debit.balanceAfter, credited, balance: mainAfter?.balanceAfter ?? main.balance + credited };
  });
}

/** An operator's points grant (or, negative, a correction) through the ledger, keyed by its audit id. */
export async function grantPoints(tx: TTx, m: Omit<TMember, 'timeZone'>, points: number, key: string, reason: string) {
  return (await movePoints(tx, { ...m, timeZone: 'UTC' }, key, points, reason)).balanceAfter;
}

