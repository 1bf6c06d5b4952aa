import { MAIN_WALLET } from '@playhall/contract/calls/wallet';
import type { TTx } from '../../db/client.ts';
import type { TLedgerRepository } from '../ledger/ledger.repository.ts';
import type { TLedger } from '../ledger/ledger.service.ts';
import { onDepositCredited } from '../promotions/promotions.service.ts';
import { amountText, writeEventMessage } from '../inbox/event-messages.ts';
import type { TDepositRepository, TDepositRow } from './deposit.repository.ts';

/**
 * Credits a deposit: cash-in → the member's main wallet under the key `deposit:<id>`, so whichever
 * path gets here (operator approval, any number of gateway callbacks) the money moves once.
 * The caller holds the deposit's row lock. Deposit activities the member joined grant on it first (issue 17), in
 * the same transaction: their activity rows are locked before any wallet, as a join locks them. The member's message
 * (issue 19) is written in it too, once per deposit (`deposit:<id>`).
 */
export async function creditDeposit(
  tx: TTx,
  deps: { ledger: TLedger; ledgerRepo: TLedgerRepository; repo: TDepositRepository },
  deposit: TDepositRow,
  memo: string,
): Promise<TDepositRow> {
  await onDepositCredited(tx, deposit);
  const wallet = await deps.ledgerRepo.walletAccount(tx, deposit.merchantId, deposit.userId, MAIN_WALLET);
  const cashIn = await deps.ledgerRepo.houseAccount(tx, deposit.merchantId, 'cashIn');
  const entry = await deps.ledger.post(tx, {
    merchantId: deposit.merchantId,
    key: `deposit:${deposit.id}`,
    kind: 'deposit',
    memo,
    postings: [
      { accountId: cashIn, amount: -deposit.amount },
      { accountId: wallet.id, amount: deposit.amount },
    ],
  });
  await writeEventMessage(tx, 'depositCredited', { userId: deposit.userId, sourceKey: `deposit:${deposit.id}`, a: amountText(deposit.amount), b: String(deposit.id) });
  return deps.repo.update(tx, deposit.id, { status: 'credited', journalEntryId: entry.entryId, creditedAt: entry.createdAt });
}
