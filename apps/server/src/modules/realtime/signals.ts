import type { TSignalKind } from '@playhall/contract/realtime';
import type { TDb } from '../../db/client.ts';
import { runStatement, statement } from '../../db/prepared.ts';

/**
 * Member change signals by state diff (docs/decisions.md, issue 19): each process reads, for the sessions with a
 * socket on it, the member's ledger balances, unread message count and whether the session is still live, in one
 * set-based statement, and compares with what it saw last. Nothing is added to the money or message paths, and
 * every writer (server, CLI, SQL jobs, other processes) is caught alike. Money wallets (MAIN and vendor wallets) are
 * read as one text of wallet=balance pairs, so a transfer between two wallets is a change although the sum is not.
 */
const POLL = statement(
  'realtime_poll',
  `select m.sid::text as session_id,
     (s.revoked_at is null and s.expires_at > $3 and u.status = 'active') as live,
     coalesce((select string_agg(a.wallet || '=' || a.balance, ',' order by a.wallet) from ledger_accounts a
               where a.merchant_id = $2 and a.user_id = s.user_id and a.wallet not in ('BONUS', 'POINTS')), '') as money,
     coalesce((select a.balance from ledger_accounts a where a.merchant_id = $2 and a.user_id = s.user_id and a.wallet = 'BONUS'), 0)::text as bonus,
     coalesce((select a.balance from ledger_accounts a where a.merchant_id = $2 and a.user_id = s.user_id and a.wallet = 'POINTS'), 0)::text as points,
     (select count(*) from member_messages mm where mm.user_id = s.user_id and mm.read_at is null and mm.deleted_at is null)::int as unread,
     (select r.excluded_until from rg_members r where r.user_id = s.user_id and r.excluded_until > $3) as excluded_until
   from unnest($1::bigint[]) as m(sid)
   join sessions s on s.id = m.sid
   join users u on u.id = s.user_id`,
);

export interface TMemberFigures {
  live: boolean;
  money: string;
  bonus: string;
  points: string;
  unread: number;
  /** The member is self-excluded until then (the session ended for that reason); else null. */
  excludedUntil: Date | null;
}

/** The figures of each session's member; a session not answered (deleted) is not live. */
export async function readFigures(db: TDb, merchantId: number, sessionIds: number[], now: Date): Promise<Map<number, TMemberFigures>> {
  const out = new Map<number, TMemberFigures>();
  if (sessionIds.length === 0) return out;
  // An array literal as text: both drivers bind it the same way.
  const rows = await runStatement<{
    session_id: string;
    live: boolean;
    money: string;
    bonus: string;
    points: string;
    unread: number;
    excluded_until: Date | string | null;
  }>(db, POLL, [
    `{${sessionIds.join(',')}}`,
    merchantId,
    now,
  ]);
  for (const r of rows) {
    out.set(Number(r.session_id), {
      live: r.live,
      money: r.money,
      bonus: String(r.bonus),
      points: String(r.points),
      unread: Number(r.unread),
      excludedUntil: r.excluded_until === null ? null : new Date(r.excluded_until),
    });
  }
  for (const id of sessionIds) if (!out.has(id)) out.set(id, { live: false, money: '', bonus: '0', points: '0', unread: 0, excludedUntil: null });
  return out;
}

/** What changed between two readings, as the signal kinds the page acts on (a balance change also changes the records). */
export function changedKinds(before: TMemberFigures, after: TMemberFigures): TSignalKind[] {
  const kinds: TSignalKind[] = [];
  if (before.money !== after.money) kinds.push('balance', 'records');
  if (before.bonus !== after.bonus) kinds.push('bonus');
  if (before.points !== after.points) kinds.push('points');
  if (before.unread !== after.unread) kinds.push('unread');
  return kinds;
}
