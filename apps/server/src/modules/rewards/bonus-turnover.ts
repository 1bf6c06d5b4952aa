import { sql } from 'drizzle-orm';
import { rowsOf, type TDb, type TTx } from '../../db/client.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createLedger } from '../ledger/ledger.service.ts';
import { bonusClosing, DEFAULT_TURNOVER_WEIGHTS, type TBonusEvent } from '../promotions-engine/turnover.ts';
import { BONUS_WALLET, memberAccount } from './rewards.service.ts';

/**
 * The bonus wallet's turnover (issue 17; docs/decisions.md, "Promotions"). `turnover_done` of each open bonus is
 * recomputed, set-based, from the member's settled valid bets placed since the bonus was credited, each weighted
 * by its category (the bonus's weights, else the engine defaults; per bet floor(validBet × weight / 10,000) as the
 * engine's turnoverContribution). A bet counts once: the member's open bonuses take it oldest first, so a bonus
 * counts what its own total exceeds the turnover the older bonuses (open, or converted since it was credited)
 * took. Then the engine's bonusClosing decides: met → converted (BONUS → MAIN, `bonus:<id>:convert`), expired →
 * forfeited (BONUS → house bonus, `bonus:<id>:forfeit`); the member's last open bonus takes the whole bonus
 * balance, winnings included, an earlier one min(amount, balance).
 */

const ledgerRepo = createLedgerRepository();
const ledger = createLedger({ repo: ledgerRepo });

/** Members per chunk of the job: one transaction, a handful of statements. */
export const SWEEP_CHUNK = 500;
/**
 * Members' closings in flight at once, each its own short transaction on a pool connection. Their members differ,
 * so their locks meet only on the house bonus account (a forfeit's, taken last); one at a time, each member's ten
 * round trips and commit had made the sweep cost about 3 ms per member closed (bench/promotions.ts).
 */
export const CLOSE_CONCURRENCY = 4;

interface TOpenBonus {
  id: number;
  userId: number;
  amount: number;
  required: number;
  done: number;
  weighted: number;
  creditedAt: Date;
  expiresAt: Date;
  policy: 'refuse' | 'forfeit';
}

interface TClosing {
  bonus: TOpenBonus;
  event: TBonusEvent;
}

const defaults = JSON.stringify(DEFAULT_TURNOVER_WEIGHTS);

/** The open bonuses of these members with their weighted valid bet since each was credited, oldest first. */
async function openBonuses(tx: TTx, merchantId: number, userIds: readonly number[]): Promise<TOpenBonus[]> {
  const rows = rowsOf<Record<string, string>>(
    await tx.execute(sql`
      select r.id::text, r.user_id::text, r.amount::text, r.turnover_required::text as required, r.turnover_done::text as done,
             r.credited_at, r.bonus_expires_at, r.withdrawal_policy,
             coalesce((select sum((b.valid_bet * coalesce((coalesce(r.turnover_weights, ${defaults}::jsonb) ->> b.category)::bigint, 0)) / 10000)
                       from bet_records b
                       where b.user_id = r.user_id and b.merchant_id = r.merchant_id and b.status = 'settled' and b.created_at >= r.credited_at), 0)::text as weighted
      from member_rewards r
      where r.merchant_id = ${merchantId} and r.bonus_status = 'open' and r.user_id = any(${`{${userIds.join(',')}}`}::bigint[])
      order by r.user_id, r.credited_at, r.id`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    amount: Number(r.amount),
    required: Number(r.required),
    done: Number(r.done),
    weighted: Number(r.weighted),
    creditedAt: new Date(r.credited_at as string),
    expiresAt: new Date(r.bonus_expires_at as string),
    policy: r.withdrawal_policy === 'forfeit' ? 'forfeit' : 'refuse',
  }));
}

/** Turnover the members' bonuses converted since `since` took: what a younger open bonus cannot count again. */
async function convertedSince(tx: TTx, merchantId: number, userIds: readonly number[]) {
  return rowsOf<{ user_id: string; credited_at: string; settled_at: string; done: string }>(
    await tx.execute(sql`
      select r.user_id::text, r.credited_at, r.settled_at, r.turnover_done::text as done from member_rewards r
      where r.merchant_id = ${merchantId} and r.bonus_status = 'converted' and r.user_id = any(${`{${userIds.join(',')}}`}::bigint[])
        and r.settled_at > (select min(o.credited_at) from member_rewards o where o.user_id = r.user_id and o.bonus_status = 'open')`),
  ).map((r) => ({ userId: Number(r.user_id), creditedAt: new Date(r.credited_at), settledAt: new Date(r.settled_at), done: Number(r.done) }));
}

/** Each bonus's turnover done, a bet counted once, oldest bonus first. */
function allocate(bonuses: TOpenBonus[], converted: Awaited<ReturnType<typeof convertedSince>>): TOpenBonus[] {
  const out: TOpenBonus[] = [];
  for (const [i, b] of bonuses.entries()) {
    const older = bonuses.slice(0, i).filter((o) => o.userId === b.userId);
    const taken =
      out.filter((o) => older.some((x) => x.id === o.id)).reduce((sum, o) => sum + o.done, 0) +
      converted.filter((c) => c.userId === b.userId && c.creditedAt <= b.creditedAt && c.settledAt > b.creditedAt).reduce((sum, c) => sum + c.done, 0);
    out.push({ ...b, done: Math.min(b.required, Math.max(0, b.weighted - taken)) });
  }
  return out;
}

/**
 * Recomputes the turnover of these members' open bonuses and closes what is due (met or expired), inside the
 * caller's transaction. `forfeitAll` (a withdrawal under the forfeit policy) forfeits every bonus still open;
 * `closeNone` only recomputes and answers in `due` the members who have a bonus to close.
 */
export async function settleBonuses(
  tx: TTx,
  merchantId: number,
  userIds: readonly number[],
  now: Date,
  opts: { forfeitAll?: boolean; closeNone?: boolean } = {},
): Promise<{ converted: number; forfeited: number; open: TOpenBonus[]; due: number[] }> {
  if (userIds.length === 0) return { converted: 0, forfeited: 0, open: [], due: [] };
  const found = await openBonuses(tx, merchantId, userIds);
  if (found.length === 0) return { converted: 0, forfeited: 0, open: [], due: [] };
  // Closing takes the members' rows first, as a bet does (seamless_call), and then the rewards' rows: no bet of
  // theirs moves the bonus wallet meanwhile, and every transaction here locks in that one order.
  if (!opts.closeNone) {
    const ids = [...new Set(found.map((b) => b.userId))].sort((a, b) => a - b);
    await tx.execute(sql`select id from users where id = any(${`{${ids.join(',')}}`}::bigint[]) order by id for update`);
  }
  const bonuses = allocate(found, await convertedSince(tx, merchantId, userIds));

  const closings: TClosing[] = [];
  for (const b of bonuses) {
    const due = bonusClosing({ status: 'open', balance: 0, requirement: b.required, progress: b.done, expiresAt: b.expiresAt }, now);
    if (due) closings.push({ bonus: b, event: due.event });
    else if (opts.forfeitAll) closings.push({ bonus: b, event: 'forfeit' });
  }
  const changed = bonuses.filter((b) => b.done !== found.find((f) => f.id === b.id)?.done).sort((a, b) => a.id - b.id);
  if (changed.length > 0) {
    await tx.execute(sql`select id from member_rewards where id = any(${`{${changed.map((b) => b.id).join(',')}}`}::bigint[]) order by id for update`);
    await tx.execute(sql`
      update member_rewards r set turnover_done = v.done
      from unnest(${`{${changed.map((b) => b.id).join(',')}}`}::bigint[], ${`{${changed.map((b) => b.done).join(',')}}`}::bigint[]) as v(id, done)
      where r.id = v.id and r.bonus_status = 'open'`);
  }
  const closingIds = new Set(closings.map((c) => c.bonus.id));
  const open = bonuses.filter((b) => !closingIds.has(b.id));
  const members = [...new Set(closings.map((c) => c.bonus.userId))].sort((a, b) => a - b);
  if (closings.length === 0 || opts.closeNone) return { converted: 0, forfeited: 0, open, due: members };

  const house = await ledgerRepo.houseAccount(tx, merchantId, 'bonus');
  let converted = 0;
  let forfeited = 0;
  for (const userId of members) {
    const bonusAccount = await memberAccount(tx, merchantId, userId, BONUS_WALLET);
    const main = await ledgerRepo.walletAccount(tx, merchantId, userId, 'MAIN');
    let balance = bonusAccount.balance;
    const stillOpen = open.some((b) => b.userId === userId);
    const mine = closings.filter((c) => c.bonus.userId === userId);
    for (const [i, c] of mine.entries()) {
      const last = !stillOpen && i === mine.length - 1;
      const amount = last ? balance : Math.min(c.bonus.amount, balance);
      const toCash = c.event === 'turnoverMet';
      if (amount > 0) {
        const entry = await ledger.post(tx, {
          merchantId,
          key: `bonus:${c.bonus.id}:${toCash ? 'convert' : 'forfeit'}`,
          kind: 'bonus',
          memo: toCash ? 'Bonus turnover met' : c.event === 'expire' ? 'Bonus expired' : 'Bonus forfeited on withdrawal',
          postings: [
            { accountId: bonusAccount.id, amount: -amount },
            { accountId: toCash ? main.id : house, amount },
          ],
        });
        if (!entry.replayed) balance -= amount;
      }
      await tx.execute(sql`
        update member_rewards set bonus_status = ${toCash ? 'converted' : 'forfeited'}, settled_at = ${now.toISOString()}::timestamptz
        where id = ${c.bonus.id} and bonus_status = 'open'`);
      if (toCash) converted++;
      else forfeited++;
    }
  }
  return { converted, forfeited, open, due: members };
}

/** The same for one member in a transaction of its own (the reward centre does it before answering). */
export async function settleMemberBonuses(db: TDb, merchantId: number, userId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => void (await settleBonuses(tx, merchantId, [userId], now)));
}

/**
 * The job: every member with an open bonus, their turnover recomputed in chunks of members (one transaction each,
 * no ledger lock), then each member with a bonus to close in a short transaction of its own (the member's row, the
 * member's accounts and the house bonus account, as a bet or a grant of that member takes them), CLOSE_CONCURRENCY
 * members at once, then the rewards whose claim window has passed marked expired. Returns what it did.
 */
export async function sweepBonuses(db: TDb, merchantId: number, now: Date): Promise<{ members: number; converted: number; forfeited: number; expiredClaims: number }> {
  let after = 0;
  const total = { members: 0, converted: 0, forfeited: 0, expiredClaims: 0 };
  for (;;) {
    const ids = rowsOf<{ user_id: string | number }>(
      await db.execute(sql`
        select distinct user_id from member_rewards
        where merchant_id = ${merchantId} and bonus_status = 'open' and user_id > ${after}
        order by user_id limit ${SWEEP_CHUNK}`),
    ).map((r) => Number(r.user_id));
    if (ids.length === 0) break;
    const { due } = await db.transaction((tx) => settleBonuses(tx, merchantId, ids, now, { closeNone: true }));
    const queue = [...due];
    const closer = async () => {
      try {
        for (let userId = queue.shift(); userId !== undefined; userId = queue.shift()) {
          const done = await db.transaction((tx) => settleBonuses(tx, merchantId, [userId], now));
          total.converted += done.converted;
          total.forfeited += done.forfeited;
        }
      } catch (err) {
        // The others stop after their current member; the job fails as a whole, as before.
        queue.length = 0;
        throw err;
      }
    };
    await Promise.all(Array.from({ length: Math.min(CLOSE_CONCURRENCY, queue.length) }, closer));
    total.members += ids.length;
    after = ids[ids.length - 1] ?? after;
    if (ids.length < SWEEP_CHUNK) break;
  }
  const expired = await db.execute(sql`
    update member_rewards set status = 'expired'
    where merchant_id = ${merchantId} and status = 'claim' and claim_by <= ${now.toISOString()}::timestamptz`);
  total.expiredClaims = Number((expired as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? (expired as { affectedRows?: number }).affectedRows ?? 0);
  return total;
}
