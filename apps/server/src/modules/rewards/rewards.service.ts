import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type TTx } from '../../db/client.ts';
import { memberRewards } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createLedger, type TPosting } from '../ledger/ledger.service.ts';
import { amountText, writeEventMessage, type TEventMessage } from '../inbox/event-messages.ts';

/**
 * Granting and claiming rewards (issue 17; docs/decisions.md, "Promotions"). Every reward is a `member_rewards` row
 * keyed once per merchant; what it credits moves through the ledger:
 * - cash: house `bonus` → the member's MAIN wallet, entry kind `bonus` (bonusDetails and the agents' dividend base
 *   see it as any bonus);
 * - bonus: house `bonus` → the member's bonus wallet (account kind `bonus`, wallet `BONUS`), entry kind `bonus`,
 *   with its turnover open until met (converted to MAIN) or expired (forfeited to the house);
 * - points: house `points` → the member's points account (kind `points`, wallet `POINTS`), entry kind `points`:
 *   points are a unit of their own and never share an entry with money.
 * Budgets and per-member limits are the caller's business.
 */

export type TRewardSource = 'activity' | 'raffle' | 'envelope' | 'rebate' | 'vip' | 'mission' | 'referral' | 'mall';
export type TRewardForm = 'bonus' | 'cash' | 'points';

export interface TGrantInput {
  merchantId: number;
  userId: number;
  source: TRewardSource;
  activityId: number | null;
  /** Idempotency key of the reward, unique per merchant, e.g. `activity:<id>:deposit:<depositId>`, `envelope:<rain>:<user>`. */
  key: string;
  title: string;
  form: TRewardForm;
  /** Minor units (points for form 'points'); > 0. */
  amount: number;
  /** 0 for cash and points. */
  turnoverRequired: number;
  /** Basis points per game category; null = engine defaults. */
  turnoverWeights: Record<string, number> | null;
  withdrawalPolicy: 'refuse' | 'forfeit';
  /** Days to meet the turnover before it is forfeited. */
  bonusDays: number;
  /** null: credited now (status issued); a date: waits for the member's claim (status claim). */
  claimBy: Date | null;
}

export interface TGrantResult {
  rewardId: number;
  created: boolean;
  status: 'claim' | 'issued';
}

/** The member's bonus wallet and points account: ledger accounts of the member beside MAIN, not wallets. */
export const BONUS_WALLET = 'BONUS';
export const POINTS_WALLET = 'POINTS';
const DAY_MS = 86_400_000;

const ledgerRepo = createLedgerRepository();
const ledger = createLedger({ repo: ledgerRepo });

/** A member's bonus wallet or points account, made on first use (like `ledger_wallet`, with its own kind). */
export async function memberAccount(tx: TTx, merchantId: number, userId: number, wallet: typeof BONUS_WALLET | typeof POINTS_WALLET): Promise<{ id: number; balance: number }> {
  const [row] = rowsOf<{ id: string; balance: string }>(
    await tx.execute(sql`select id::text, balance::text from ledger_member_account(${merchantId}::int, ${userId}::bigint, ${wallet}::text)`),
  );
  if (!row) throw new Error(`${wallet} account vanished`);
  return { id: Number(row.id), balance: Number(row.balance) };
}

function checkGrant(input: TGrantInput): void {
  const bad = (what: string) => new Error(`grantReward ${input.key}: ${what}`);
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw bad(`amount ${input.amount} must be a positive integer`);
  if (!Number.isSafeInteger(input.turnoverRequired) || input.turnoverRequired < 0) throw bad('turnoverRequired must be a non-negative integer');
  if (input.form !== 'bonus' && input.turnoverRequired !== 0) throw bad(`a ${input.form} reward has no turnover`);
  if (!Number.isInteger(input.bonusDays) || input.bonusDays <= 0) throw bad('bonusDays must be a positive integer');
  if (input.key.length === 0 || input.key.length > 200) throw bad('key must be 1-200 characters');
}

type TRewardRow = typeof memberRewards.$inferSelect;

/**
 * The ledger entry that credits a reward: its key is `bonus:<reward key>` (money; bonusDetails reads the source
 * from it) or `points:<reward key>` when granted, `reward:<id>:claim` when the member claims it.
 */
async function credit(tx: TTx, reward: TRewardRow, key: string) {
  const { merchantId, userId } = reward;
  let postings: TPosting[];
  let kind: string;
  if (reward.form === 'points') {
    const points = await memberAccount(tx, merchantId, userId, POINTS_WALLET);
    postings = [
      { accountId: await ledgerRepo.houseAccount(tx, merchantId, 'points'), amount: -reward.amount },
      { accountId: points.id, amount: reward.amount },
    ];
    kind = 'points';
  } else {
    const to = reward.form === 'cash' ? await ledgerRepo.walletAccount(tx, merchantId, userId, 'MAIN') : await memberAccount(tx, merchantId, userId, BONUS_WALLET);
    postings = [
      { accountId: await ledgerRepo.houseAccount(tx, merchantId, 'bonus'), amount: -reward.amount },
      { accountId: to.id, amount: reward.amount },
    ];
    kind = 'bonus';
  }
  return ledger.post(tx, { merchantId, key, kind, memo: reward.title, postings });
}

export interface TGrantOptions {
  /**
   * A job granting a chunk collects the members' "bonus received" messages here and writes them with one statement
   * (`writeEventMessages(tx, 'bonusIssued', messages)`) before its transaction ends, instead of one insert per grant.
   */
  messages?: TEventMessage[];
}

/**
 * Inside the caller's transaction: writes the member_rewards row and (unless it waits for a claim) its ledger entry.
 * A repeated key returns the first reward and moves nothing.
 */
export async function grantReward(tx: TTx, input: TGrantInput, now: Date, opts: TGrantOptions = {}): Promise<TGrantResult> {
  checkGrant(input);
  const waits = input.claimBy !== null;
  const bonus = input.form === 'bonus';
  const [inserted] = await tx
    .insert(memberRewards)
    .values({
      merchantId: input.merchantId,
      userId: input.userId,
      source: input.source,
      activityId: input.activityId,
      key: input.key,
      title: input.title,
      form: input.form,
      amount: input.amount,
      status: waits ? 'claim' : 'issued',
      claimBy: input.claimBy,
      turnoverRequired: bonus ? input.turnoverRequired : 0,
      turnoverWeights: bonus ? input.turnoverWeights : null,
      bonusStatus: bonus && !waits ? 'open' : null,
      // A bonus waiting for its claim keeps its term here (from now); the claim restarts it from the claim.
      bonusExpiresAt: bonus ? new Date(now.getTime() + input.bonusDays * DAY_MS) : null,
      withdrawalPolicy: input.withdrawalPolicy,
      creditedAt: waits ? null : now,
      createdAt: now,
    })
    .onConflictDoNothing({ target: [memberRewards.merchantId, memberRewards.key] })
    .returning();
  if (!inserted) {
    const [first] = await tx
      .select({ id: memberRewards.id, status: memberRewards.status })
      .from(memberRewards)
      .where(and(eq(memberRewards.merchantId, input.merchantId), eq(memberRewards.key, input.key)));
    if (!first) throw new Error(`reward ${input.key} vanished`);
    return { rewardId: first.id, created: false, status: first.status === 'claim' ? 'claim' : 'issued' };
  }
  if (waits) return { rewardId: inserted.id, created: true, status: 'claim' };
  const entry = await credit(tx, inserted, `${input.form === 'points' ? 'points' : 'bonus'}:${input.key}`);
  await tx.update(memberRewards).set({ journalEntryId: entry.entryId }).where(eq(memberRewards.id, inserted.id));
  // The member's message (issue 19), once per reward; points have their own page and no message.
  if (input.form !== 'points') {
    const message = { userId: input.userId, sourceKey: `reward:${inserted.id}`, a: amountText(input.amount), b: input.title };
    if (opts.messages) opts.messages.push(message);
    else await writeEventMessage(tx, 'bonusIssued', message);
  }
  return { rewardId: inserted.id, created: true, status: 'issued' };
}

export interface TClaimResult {
  amount: number;
  /** MAIN after the claim. */
  balance: number;
  bonusBalance: number;
}

/**
 * The member claims a reward waiting for it: the row is locked, so 20 identical claims at once credit it once
 * (under `reward:<id>:claim`). Another member's id is reward_not_found; past its claimBy reward_expired; claimed
 * already is reward_already_claimed, unless by this same requestId, which answers the first result. Given a
 * transaction, it runs in a savepoint of it.
 */
export async function claimReward(db: TTx, member: { merchantId: number; userId: number }, rewardId: number, requestId: string, now = new Date()): Promise<TClaimResult> {
  return db.transaction(async (tx) => {
    const [reward] = await tx
      .select()
      .from(memberRewards)
      .where(and(eq(memberRewards.id, rewardId), eq(memberRewards.merchantId, member.merchantId), eq(memberRewards.userId, member.userId)))
      .for('update');
    if (!reward) throw new AppError('reward_not_found');
    const key = `reward:${reward.id}:claim`;
    if (reward.status === 'claimed') {
      if (reward.claimRequestId !== requestId) throw new AppError('reward_already_claimed');
      return claimAnswer(tx, reward, await credit(tx, reward, key));
    }
    if (reward.status !== 'claim') throw new AppError(reward.status === 'expired' ? 'reward_expired' : 'reward_already_claimed');
    if (reward.claimBy && reward.claimBy.getTime() <= now.getTime()) throw new AppError('reward_expired');
    const entry = await credit(tx, reward, key);
    const term = reward.bonusExpiresAt ? reward.bonusExpiresAt.getTime() - reward.createdAt.getTime() : 0;
    await tx
      .update(memberRewards)
      .set({
        status: 'claimed',
        claimRequestId: requestId,
        journalEntryId: entry.entryId,
        creditedAt: now,
        ...(reward.form === 'bonus' ? { bonusStatus: 'open' as const, bonusExpiresAt: new Date(now.getTime() + term) } : {}),
      })
      .where(eq(memberRewards.id, reward.id));
    return claimAnswer(tx, reward, entry);
  });
}

/** What a claim answers: the balances right after its entry (from its postings), the other one as it is now. */
async function claimAnswer(tx: TTx, reward: TRewardRow, entry: Awaited<ReturnType<typeof credit>>): Promise<TClaimResult> {
  const main = await ledgerRepo.walletAccount(tx, reward.merchantId, reward.userId, 'MAIN');
  const bonus = await memberAccount(tx, reward.merchantId, reward.userId, BONUS_WALLET);
  const after = (id: number, now: number) => entry.postings.find((p) => p.accountId === id)?.balanceAfter ?? now;
  return { amount: reward.amount, balance: after(main.id, main.balance), bonusBalance: after(bonus.id, bonus.balance) };
}

/** The member's bonus wallet balance (0 without one); read-only, makes no account. */
export async function bonusBalanceOf(db: TTx, merchantId: number, userId: number): Promise<number> {
  const [row] = rowsOf<{ balance: string | number }>(
    await db.execute(sql`select balance from ledger_accounts where merchant_id = ${merchantId} and user_id = ${userId} and wallet = ${BONUS_WALLET}`),
  );
  return Number(row?.balance ?? 0);
}
