import { MAIN_WALLET } from '@playhall/contract/calls/wallet';
import type { TTx } from '../../db/client.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createLedger } from '../ledger/ledger.service.ts';
import { STAKES } from '@playhall/contract/stakes';

/** A free-play guest's demo balance (500,000 ₫ in VND, stakes.ts): play money for house games, never withdrawable. */
export const FREE_PLAY_BALANCE = STAKES.freePlayBalance;

const ledgerRepo = createLedgerRepository();
const ledger = createLedger({ repo: ledgerRepo });

/**
 * Funds a new guest from the house `freePlay` account, so guest rounds move money through the same ledger
 * and seamless calls as members' while the house keeps demo money apart from real cash-in. A guest can
 * neither withdraw nor transfer (account type 4 is refused every money call), so none of it ever leaves.
 */
export async function fundFreePlayGuest(tx: TTx, merchantId: number, userId: number): Promise<void> {
  const source = await ledgerRepo.houseAccount(tx, merchantId, 'freePlay');
  const wallet = await ledgerRepo.walletAccount(tx, merchantId, userId, MAIN_WALLET);
  await ledger.post(tx, {
    merchantId,
    key: `freeplay:${userId}`,
    kind: 'freePlay',
    memo: 'Free-play demo balance',
    postings: [
      { accountId: source, amount: -FREE_PLAY_BALANCE },
      { accountId: wallet.id, amount: FREE_PLAY_BALANCE },
    ],
  });
}
