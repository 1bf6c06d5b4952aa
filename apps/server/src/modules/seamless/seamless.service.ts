import type { TDb } from '../../db/client.ts';
import { runStatement, statement } from '../../db/prepared.ts';
import { sha256Hex } from '../../lib/secrets.ts';
import { HOUSE_SHARDS, MAX_POSTING } from '../ledger/ledger.service.ts';

/**
 * The seamless-wallet protocol between a vendor and the portal (ARCHITECTURE.md, Games): the vendor
 * debits a stake, credits a payout and rolls back a debit, each under its own transaction id. A repeat
 * of an id gets the stored first answer and moves nothing; a rollback that arrives before its debit
 * leaves a mark that refuses the late debit. Debits need a live launch session — its own 4 hours not over
 * and the login session it was issued under not ended (logout, a password change, expiry: 'session_expired'; an
 * operator's lock: 'account_locked') — credits and rollbacks never do: a game that ended after the token expired
 * still pays.
 */

export type TSeamlessOp = 'debit' | 'credit' | 'rollback';

export interface TSeamlessRequest {
  op: TSeamlessOp;
  vassalage: string;
  txnId: string;
  roundId: string;
  amount: number;
  /** Debit: the launch token the game page holds. */
  sessionToken?: string;
  /** Credit and rollback: the member (the vendor knows it from the debit). */
  userId?: number;
  /** Rollback: the debit it undoes. */
  refTxnId?: string;
}

export type TSeamlessAnswer =
  | { ok: true; txnId: string; balance: number; duplicate: boolean }
  | {
    ok: false;
    txnId: string;
    error: 'insufficient_balance' | 'session_expired' | 'invalid_session' | 'not_found' | 'rolled_back' | 'account_locked' | 'invalid_amount' | TRgSeamlessCode;
    balance: number | null;
    duplicate: boolean;
    /** Responsible gaming's figures of an rg_* refusal (migration 0044): {until} of a break or exclusion; {kind, period, limit, used, resetsAt} of a loss limit. */
    rg?: Record<string, unknown>;
  };

/** A debit refused by responsible gaming (rg_refusal in seamless_call). */
export type TRgSeamlessCode = 'rg_on_break' | 'rg_loss_limit' | 'rg_self_excluded';

export function hashGameToken(token: string): string {
  return sha256Hex(token);
}

/**
 * The whole call is the `seamless_call` function (migration 0010; 0016 reads a debit's launch with its login
 * session in the same lookup), one round trip: the stored first answer for a repeated id, the launch session
 * for a debit, the member's lock, the rollback mark, the ledger entry
 * (bets and payouts against the house game account's shard of the member: HOUSE_SHARDS), and the answer
 * stored under the transaction id, all in one transaction.
 */
const SEAMLESS_CALL = statement(
  'seamless_call',
  'select seamless_call($1::int, $2::text, $3::text, $4::text, $5::text, $6::bigint, $7::text, $8::bigint, $9::text, $10::timestamptz, $11::int) as r',
);

export function createSeamlessService(deps: { db: TDb; now?: () => Date }) {
  const now = () => deps.now?.() ?? new Date();

  async function run(merchantId: number, req: TSeamlessRequest): Promise<TSeamlessAnswer> {
    if (!Number.isSafeInteger(req.amount) || req.amount < 0 || req.amount > MAX_POSTING || (req.op === 'debit' && req.amount === 0)) {
      return { ok: false, txnId: req.txnId, error: 'invalid_amount', balance: null, duplicate: false };
    }
    const [row] = await runStatement<{ r: TSeamlessAnswer }>(deps.db, SEAMLESS_CALL, [
      merchantId,
      req.vassalage,
      req.op,
      req.txnId,
      req.roundId,
      req.amount,
      req.op === 'debit' && req.sessionToken ? hashGameToken(req.sessionToken) : null,
      req.userId ?? null,
      req.refTxnId ?? null,
      now(),
      HOUSE_SHARDS,
    ]);
    if (!row) throw new Error(`seamless ${req.op} ${req.txnId} answered nothing`);
    return row.r;
  }

  return { run };
}

export type TSeamlessService = ReturnType<typeof createSeamlessService>;
