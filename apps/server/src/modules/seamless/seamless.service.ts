import { MAIN_WALLET } from '@playhall/contract/calls/wallet';
import type { TDb, TTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { sha256Hex } from '../../lib/secrets.ts';
import type { TLedgerRepository } from '../ledger/ledger.repository.ts';
import type { TLedger } from '../ledger/ledger.service.ts';
import { MAX_POSTING } from '../ledger/ledger.service.ts';
import type { TSeamlessRepository } from './seamless.repository.ts';

/**
 * The seamless-wallet protocol between a vendor and the portal (ARCHITECTURE.md, Games): the vendor
 * debits a stake, credits a payout and rolls back a debit, each under its own transaction id. A repeat
 * of an id gets the stored first answer and moves nothing; a rollback that arrives before its debit
 * leaves a mark that refuses the late debit. Debits need a live launch session; credits and rollbacks
 * never do — a game that ended after the token expired still pays.
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
  | { ok: false; txnId: string; error: 'insufficient_balance' | 'session_expired' | 'invalid_session' | 'not_found' | 'rolled_back' | 'account_locked' | 'invalid_amount'; balance: number | null; duplicate: boolean };

export function hashGameToken(token: string): string {
  return sha256Hex(token);
}

class Refusal extends Error {
  constructor(
    readonly error: Extract<TSeamlessAnswer, { ok: false }>['error'],
    readonly userId: number | null,
  ) {
    super(error);
  }
}

export function createSeamlessService(deps: {
  db: TDb;
  repo: TSeamlessRepository;
  ledgerRepo: Pick<TLedgerRepository, 'walletAccount' | 'houseAccount'>;
  ledger: Pick<TLedger, 'post'>;
  now?: () => Date;
}) {
  const { db, repo, ledgerRepo, ledger } = deps;
  const now = () => deps.now?.() ?? new Date();

  async function walletOf(tx: TTx, merchantId: number, userId: number, single: boolean, vassalage: string) {
    // One wallet site: games play from the main wallet; with transfer wallets, from the vendor's own.
    return ledgerRepo.walletAccount(tx, merchantId, userId, single ? MAIN_WALLET : vassalage);
  }

  async function who(tx: TTx, req: TSeamlessRequest, merchantId: number): Promise<number> {
    if (req.op === 'debit') {
      const session = req.sessionToken ? await repo.session(tx, hashGameToken(req.sessionToken)) : null;
      if (!session || session.merchantId !== merchantId) throw new Refusal('invalid_session', null);
      if (session.expiresAt <= now()) throw new Refusal('session_expired', session.userId);
      return session.userId;
    }
    if (!req.userId) throw new Refusal('not_found', null);
    return req.userId;
  }

  async function run(merchantId: number, req: TSeamlessRequest): Promise<TSeamlessAnswer> {
    if (!Number.isSafeInteger(req.amount) || req.amount < 0 || req.amount > MAX_POSTING || (req.op === 'debit' && req.amount === 0)) {
      return { ok: false, txnId: req.txnId, error: 'invalid_amount', balance: null, duplicate: false };
    }
    return db.transaction(async (tx) => {
      const first = await repo.existing(tx, merchantId, req.vassalage, req.txnId);
      if (first) return { ...(first.response as TSeamlessAnswer), duplicate: true };

      let userId: number | null = null;
      let answer: TSeamlessAnswer;
      let entryId: number | null = null;
      try {
        userId = await who(tx, req, merchantId);
        await repo.lockMember(tx, userId);
        // Re-read under the member's lock: a concurrent twin may have committed meanwhile.
        const twin = await repo.existing(tx, merchantId, req.vassalage, req.txnId);
        if (twin) return { ...(twin.response as TSeamlessAnswer), duplicate: true };
        const member = await repo.member(tx, userId);
        if (!member || member.merchantId !== merchantId) throw new Refusal('not_found', null);
        const wallet = await walletOf(tx, merchantId, userId, member.singleWallet, req.vassalage);
        const game = await ledgerRepo.houseAccount(tx, merchantId, 'game');
        const key = `vendor:${req.vassalage}:${req.txnId}`;

        if (req.op === 'debit') {
          if (member.status !== 'active') throw new Refusal('account_locked', userId);
          if (await repo.rollbackOf(tx, merchantId, req.vassalage, req.txnId)) throw new Refusal('rolled_back', userId);
          if (wallet.balance < req.amount) throw new Refusal('insufficient_balance', userId);
          const entry = await ledger
            .post(tx, {
              merchantId,
              key,
              kind: 'bet',
              memo: `${req.vassalage} ${req.roundId}`,
              postings: [
                { accountId: wallet.id, amount: -req.amount },
                { accountId: game, amount: req.amount },
              ],
            })
            .catch((err: unknown) => {
              // A transfer of the member's may have spent the money since it was read.
              if (err instanceof AppError && err.code === 'insufficient_balance') throw new Refusal('insufficient_balance', userId);
              throw err;
            });
          entryId = entry.entryId;
          answer = { ok: true, txnId: req.txnId, balance: wallet.balance - req.amount, duplicate: false };
        } else if (req.op === 'credit') {
          let balance = wallet.balance;
          if (req.amount > 0) {
            const entry = await ledger.post(tx, {
              merchantId,
              key,
              kind: 'payout',
              memo: `${req.vassalage} ${req.roundId}`,
              postings: [
                { accountId: game, amount: -req.amount },
                { accountId: wallet.id, amount: req.amount },
              ],
            });
            entryId = entry.entryId;
            balance += req.amount;
          }
          answer = { ok: true, txnId: req.txnId, balance, duplicate: false };
        } else {
          const debit = req.refTxnId ? await repo.existing(tx, merchantId, req.vassalage, req.refTxnId) : null;
          let balance = wallet.balance;
          // A refused debit moved nothing; a missing one gets a mark (this rollback) that refuses it later.
          if (debit && debit.type === 'debit' && debit.journalEntryId !== null) {
            const entry = await ledger.post(tx, {
              merchantId,
              key,
              kind: 'betRefund',
              memo: `${req.vassalage} ${req.roundId} rollback`,
              postings: [
                { accountId: game, amount: -debit.amount },
                { accountId: wallet.id, amount: debit.amount },
              ],
            });
            entryId = entry.entryId;
            balance += debit.amount;
          }
          answer = { ok: true, txnId: req.txnId, balance, duplicate: false };
        }
      } catch (err) {
        if (!(err instanceof Refusal)) throw err;
        userId = err.userId;
        let balance: number | null = null;
        if (userId !== null) {
          const member = await repo.member(tx, userId);
          if (member) balance = (await walletOf(tx, merchantId, userId, member.singleWallet, req.vassalage)).balance;
        }
        answer = { ok: false, txnId: req.txnId, error: err.error, balance, duplicate: false };
        // A refusal without a member (bad session) is not stored: there is no one to store it for.
        if (userId === null) return answer;
      }
      await repo.insert(tx, {
        merchantId,
        vassalage: req.vassalage,
        txnId: req.txnId,
        type: req.op,
        userId,
        roundId: req.roundId,
        amount: req.op === 'rollback' ? 0 : req.amount,
        refTxnId: req.refTxnId ?? null,
        journalEntryId: entryId,
        response: answer,
      });
      return answer;
    });
  }

  return { run };
}

export type TSeamlessService = ReturnType<typeof createSeamlessService>;
