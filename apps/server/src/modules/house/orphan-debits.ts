import { sql } from 'drizzle-orm';
import { rowsOf, type TDb, type TTx } from '../../db/client.ts';
import { HOUSE_SHARDS } from '../ledger/ledger.service.ts';
import { BOOK_VENDORS } from '../sportsbook/sportsbook.books.ts';

/**
 * Orphan debits (issue 21): the room, dice-room and crash services debit a member first and record what the debit
 * bought a moment later (the slip, seat or bank in `pvp_rooms.state`, the `crash_bets` row) in another statement. A
 * process that dies between the two leaves the member debited with nothing to show for it. The job
 * `house.recoverOrphanDebits` finds such debits and rolls each back once:
 *
 * - a house vendor's debit that succeeded (`vendor_transactions`, type debit, with its ledger entry), older than
 *   `ORPHAN_GRACE_MS`, with no rollback, whose round id nothing claims: no `game_rounds` row, no credit of the round,
 *   no slip, seat, banker seat or bank return in any room's state, no `crash_bets` row, no `house_hands` row (hands
 *   roll their own pending debits back), no sports bet (the books debit inside the bet's own transaction);
 * - read from a cursor (`scan_cursors`) up to the first row younger than the grace, in chunks, so a run reads only
 *   what was written since the last one;
 * - each orphan rolled back under an advisory lock on its debit, after the same question is asked again under that
 *   lock, with the rollback id the service itself would use (`<roundId>:rollback`): a service that rolls back its
 *   own refused step and the job meet on one transaction id, so the money comes back exactly once.
 *
 * The services take the same advisory lock when they record (`debitStillLive`, under their room or round lock) and
 * refuse a debit rolled back meanwhile: the job and a late record cannot both win.
 */

/** Longer than any step between a debit and its record (one request, no waiting on the member). */
export const ORPHAN_GRACE_MS = 2 * 60 * 1000;
const CURSOR = 'house.orphanDebits';
/** Rows of `vendor_transactions` read per statement, and statements per run (the next run goes on). */
const CHUNK = 5000;
const CHUNKS_PER_RUN = 40;

const lockKey = (merchantId: number, vassalage: string, debitTxn: string) => `house-debit:${merchantId}:${vassalage}:${debitTxn}`;

/** The rollback id of a debit: the one the services use (`<roundId>:debit` → `<roundId>:rollback`). */
export function rollbackTxnOf(debitTxn: string): string {
  return debitTxn.endsWith(':debit') ? `${debitTxn.slice(0, -':debit'.length)}:rollback` : `${debitTxn}:rollback`;
}

/**
 * For a service about to record what a debit bought (inside its transaction, under its own lock): takes the debit's
 * advisory lock (held to the end of the transaction) and answers whether the debit still stands, i.e. the recovery
 * job (or anyone) has not rolled it back.
 */
export async function debitStillLive(tx: TTx, merchantId: number, vassalage: string, debitTxn: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey(merchantId, vassalage, debitTxn)}::text, 0))`);
  const rows = rowsOf<{ one: number }>(
    await tx.execute(sql`select 1 as one from vendor_transactions
      where merchant_id = ${merchantId} and vassalage = ${vassalage} and type = 'rollback' and ref_txn_id = ${debitTxn} limit 1`),
  );
  return rows.length === 0;
}

interface TOrphan {
  id: number;
  merchant_id: number;
  vassalage: string;
  txn_id: string;
  round_id: string;
  user_id: number;
  amount: number;
}

/** The orphan debits among `vendor_transactions` ids in [from, to] (see the module's comment for the rule). */
function orphansIn(tx: TTx, from: number, to: number, cutoff: Date) {
  return tx.execute(sql`
    with room_claims as (
      select r.merchant_id, c.id
      from pvp_rooms r
      cross join lateral (
        select s ->> 'roundId' from jsonb_array_elements(case when jsonb_typeof(r.state -> 'seats') = 'array' then r.state -> 'seats' else '[]'::jsonb end) s
        union all select r.state -> 'banker' ->> 'tenureId'
        union all select p ->> 'tenureId' from jsonb_array_elements(case when jsonb_typeof(r.state -> 'pendingReturns') = 'array' then r.state -> 'pendingReturns' else '[]'::jsonb end) p
      ) c(id)
      where c.id is not null
    )
    select d.id, d.merchant_id, d.vassalage, d.txn_id, d.round_id, d.user_id, d.amount
    from vendor_transactions d
    where d.id between ${from} and ${to}
      and d.type = 'debit' and d.journal_entry_id is not null
      and d.created_at < ${cutoff.toISOString()}::timestamptz
      and not (d.vassalage = any(${`{${BOOK_VENDORS.join(',')}}`}::text[]))
      and exists (select 1 from vendors v where v.merchant_id = d.merchant_id and v.vassalage = d.vassalage and v.integration = 'house')
      and not exists (select 1 from vendor_transactions x where x.merchant_id = d.merchant_id and x.vassalage = d.vassalage and x.type = 'rollback' and x.ref_txn_id = d.txn_id)
      and not exists (select 1 from game_rounds g where g.merchant_id = d.merchant_id and g.vassalage = d.vassalage and g.round_id = d.round_id)
      and not exists (select 1 from vendor_transactions x where x.round_id = d.round_id and x.merchant_id = d.merchant_id and x.vassalage = d.vassalage and x.type = 'credit')
      and not exists (select 1 from house_hands h where h.round_id = d.round_id)
      and not exists (select 1 from crash_bets b where b.user_id = d.user_id and b.round_id = d.round_id)
      and not exists (select 1 from sports_bets s where s.merchant_id = d.merchant_id and s.bet_id = d.round_id)
      and not exists (select 1 from room_claims rc where rc.merchant_id = d.merchant_id and rc.id = d.round_id)
    order by d.id`).then((r) => rowsOf<TOrphan>(r).map((o) => ({ ...o, id: Number(o.id), merchant_id: Number(o.merchant_id), user_id: Number(o.user_id), amount: Number(o.amount) })));
}

export function createOrphanDebitRecovery(deps: { db: TDb; graceMs?: number }) {
  const { db } = deps;
  const graceMs = deps.graceMs ?? ORPHAN_GRACE_MS;

  /** Rolls one orphan back if, under its debit's lock, it is still one. Answers whether this call rolled it back. */
  async function rollBack(o: TOrphan, cutoff: Date, at: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey(o.merchant_id, o.vassalage, o.txn_id)}::text, 0))`);
      const [still] = await orphansIn(tx, o.id, o.id, cutoff);
      if (!still) return false;
      const [row] = rowsOf<{ r: { ok: boolean; duplicate: boolean } | string }>(
        await tx.execute(sql`select seamless_call(${o.merchant_id}::int, ${o.vassalage}::text, 'rollback', ${rollbackTxnOf(o.txn_id)}::text, ${o.round_id}::text, 0::bigint,
                                 null::text, ${o.user_id}::bigint, ${o.txn_id}::text, ${at.toISOString()}::timestamptz, ${HOUSE_SHARDS}::int) as r`),
      );
      const answer = typeof row?.r === 'string' ? (JSON.parse(row.r) as { ok: boolean; duplicate: boolean }) : row?.r;
      return answer?.ok === true && !answer.duplicate;
    });
  }

  return {
    /**
     * One run: reads `vendor_transactions` from the cursor up to the first row younger than the grace (in chunks),
     * rolls back the orphans found, moves the cursor. Answers the debits rolled back. Two runs at once do no harm:
     * each orphan is decided under its lock and rolled back under one id.
     */
    async run(now: Date = new Date()): Promise<{ rolledBack: number; scanned: number }> {
      const cutoff = new Date(now.getTime() - graceMs);
      let rolledBack = 0;
      let scanned = 0;
      for (let chunk = 0; chunk < CHUNKS_PER_RUN; chunk += 1) {
        const [cur] = rowsOf<{ last_id: number | string }>(await db.execute(sql`select last_id from scan_cursors where name = ${CURSOR}`));
        const from = Number(cur?.last_id ?? 0);
        // The window: rows after the cursor, before the first one younger than the grace (a row written later with a
        // smaller id, by a statement still running, is not passed over: the cursor stops at the last row read).
        const [win] = rowsOf<{ upto: number | string | null; n: number | string }>(
          await db.execute(sql`
            select max(id) as upto, count(*) as n from (
              select id from vendor_transactions
              where id > ${from}
                and id < coalesce((select id from vendor_transactions where id > ${from} and created_at >= ${cutoff.toISOString()}::timestamptz order by id limit 1), 9223372036854775807)
              order by id limit ${CHUNK}
            ) w`),
        );
        const n = Number(win?.n ?? 0);
        if (!win?.upto || n === 0) break;
        const upto = Number(win.upto);
        scanned += n;
        for (const orphan of await orphansIn(db, from + 1, upto, cutoff)) {
          if (await rollBack(orphan, cutoff, now)) rolledBack += 1;
        }
        await db.execute(sql`
          insert into scan_cursors (name, last_id, updated_at) values (${CURSOR}, ${upto}, now())
          on conflict (name) do update set last_id = greatest(scan_cursors.last_id, excluded.last_id), updated_at = now()`);
        if (n < CHUNK) break;
      }
      return { rolledBack, scanned };
    },
  };
}

export type TOrphanDebitRecovery = ReturnType<typeof createOrphanDebitRecovery>;
