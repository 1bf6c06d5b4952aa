import { CURRENCY } from '@playhall/contract/constants';
import { MAIN_WALLET, type TBalance, type TConsolidated } from '@playhall/contract/calls/wallet';
import type { TDb, TTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isFrozen } from '../agent/frozen.ts';
import type { TLedgerRepository } from '../ledger/ledger.repository.ts';
import type { TLedger, TPosting } from '../ledger/ledger.service.ts';
import type { TSiteConfig, TSiteConfigLoader } from '../system/site-config.ts';
import type { TPaymentPasswordService } from './payment-password.service.ts';
import type { TVendorTransferItem, TWalletRepository } from './wallet.repository.ts';
import { createBatcher } from '../../db/batcher.ts';
import { testFault } from '../../lib/test-fault.ts';
import { assertRgAllows } from '../responsible/rg-guard.ts';

/**
 * Transfer batches (db/batcher.ts): at most 4 out at once, so 6 of a pool's 10 connections stay for the other
 * calls, and 64 transfers in one. docs/decisions.md (performance) says why transfers are batched.
 */
const TRANSFER_BATCHES = { maxInFlight: 4, maxBatch: 64 };

/** The most one member transfer may move (100,000,000.00): a typo guard, far below the ledger's limit. */
export const MAX_MEMBER_TRANSFER = 10_000_000_000;

/**
 * Spec §3 consolidated settings. Fixed until the agent contracts (issue 7) make them configurable:
 * every kind judges active members by valid bets and shows its info.
 */
export const CONSOLIDATED: TConsolidated = {
  dailysalreqtype: 'validBet',
  divtypereq: 'validBet',
  contracthoursalreq: 'validBet',
  realtimesalreqtype: 'validBet',
  contractmrdailysalinfotype: true,
  contracthoursalinfo: true,
  dailysalinfotype: true,
  realtimesalinfotype: true,
  divtypeinfo: true,
};

type TVendorTransfer = { action: 'transfer'; requestId: string; from: string; to: string; amount: number } | { action: 'recallAll'; requestId: string };
type TMemberTransferInput = { requestId: string; amount: number; paymentPassword: string; remark?: string };

/** Balances, transfer wallets and transfers between members; every movement goes through the ledger. */
export function createWalletService(deps: {
  db: TDb;
  repo: TWalletRepository;
  ledgerRepo: Pick<TLedgerRepository, 'walletAccount' | 'walletsOf' | 'accountsByIds'>;
  ledger: Pick<TLedger, 'post'>;
  site: Pick<TSiteConfigLoader, 'get'>;
  paymentPassword: Pick<TPaymentPasswordService, 'verify'>;
}) {
  const { db, repo, ledgerRepo, ledger } = deps;
  // The model test's broken rule (lib/test-fault.ts): a retry gets a key of its own and pays again.
  const replayFault = testFault() === 'transfer-replay';
  const merchantId = async () => (await deps.site.get()).merchant.id;
  const transfers = createBatcher(
    async (batch: { merchantId: number; item: TVendorTransferItem }[]) => {
      const mid = batch[0]?.merchantId ?? 0;
      // One process serves one merchant; a batch of another would be a wiring mistake.
      if (batch.some((b) => b.merchantId !== mid)) throw new Error('a transfer batch spans merchants');
      return repo.vendorTransfers(db, mid, batch.map((b) => b.item));
    },
    TRANSFER_BATCHES,
  );

  /** The member's wallets as the balance call shows them: main, then each transfer wallet of the site. */
  function balanceFrom(site: TSiteConfig, accounts: { wallet: string; balance: number }[], held: number): TBalance {
    const byWallet = new Map(accounts.map((a) => [a.wallet, a.balance]));
    const wallets: TBalance['wallets'] = [{ wallet: MAIN_WALLET, displayName: 'Main wallet', balance: byWallet.get(MAIN_WALLET) ?? 0, status: 'ok' }];
    if (!site.singleWallet) {
      for (const v of site.vendorWallets) {
        wallets.push({ wallet: v.wallet, displayName: v.displayName, balance: byWallet.get(v.wallet) ?? 0, status: v.open ? 'ok' : 'maintenance' });
      }
    }
    // Every wallet the member holds counts, also one of a vendor no longer listed; the bonus wallet and the
    // points account are not cash (issue 17: the reward centre shows the bonus balance).
    const sumBalance = accounts.filter((a) => a.wallet !== 'BONUS' && a.wallet !== 'POINTS').reduce((sum, a) => sum + a.balance, 0);
    return { sumBalance, currency: CURRENCY, held, wallets };
  }

  /**
   * The site settings are read before any transaction opens: they may need a pooled connection of their
   * own, and waiting for one while holding another is how a busy pool deadlocks.
   */
  async function balanceOf(tx: TTx, site: TSiteConfig, userId: number): Promise<TBalance> {
    const accounts = await ledgerRepo.walletsOf(tx, site.merchant.id, userId);
    return balanceFrom(site, accounts, await repo.heldForWithdrawals(tx, userId));
  }

  function vendorWallet(site: TSiteConfig, code: string) {
    const vendor = site.vendorWallets.find((v) => v.wallet === code);
    if (!vendor) throw new AppError('not_found', { wallet: code }, `No wallet ${code}`);
    if (!vendor.open) throw new AppError('operation_not_allowed', { wallet: code }, `The ${vendor.displayName} wallet is under maintenance`);
    return vendor;
  }

  async function memberTransfer(userId: number, input: TMemberTransferInput, target: (mid: number) => Promise<{ id: number }>) {
    if (input.amount > MAX_MEMBER_TRANSFER) throw new AppError('amount_out_of_range', { max: MAX_MEMBER_TRANSFER });
    // Spec §4: a payer frozen for an overdue dividend transfers nothing out until it pays.
    if (await isFrozen(db, userId)) throw new AppError('account_frozen');
    // Responsible gaming (issue 22): sending money to another member during a break would get round the break
    // (the other plays or sends it back later); receiving stays open, as a withdrawal does.
    await assertRgAllows(db, userId, 'transfer', input.amount);
    await deps.paymentPassword.verify(userId, input.paymentPassword);
    const mid = await merchantId();
    const to = await target(mid);
    return db.transaction(async (tx) => {
      const fromAccount = await ledgerRepo.walletAccount(tx, mid, userId, MAIN_WALLET);
      const toAccount = await ledgerRepo.walletAccount(tx, mid, to.id, MAIN_WALLET);
      const entry = await ledger.post(tx, {
        merchantId: mid,
        key: `member:${userId}:${input.requestId}${replayFault ? `:${crypto.randomUUID()}` : ''}`,
        kind: 'memberTransfer',
        memo: input.remark || null,
        postings: [
          { accountId: fromAccount.id, amount: -input.amount },
          { accountId: toAccount.id, amount: input.amount },
        ],
      });
      // A retry answers with the first entry: its own amount, counterparty and balance.
      const mine = entry.postings.find((p) => p.accountId === fromAccount.id);
      const theirs = entry.postings.find((p) => p.accountId !== fromAccount.id);
      if (!mine || !theirs) throw new AppError('duplicate_request');
      const [other] = await ledgerRepo.accountsByIds(tx, [theirs.accountId]);
      const counterparty = other?.userId ? await repo.usernameOf(tx, other.userId) : null;
      return { id: entry.entryId, amount: -mine.amount, counterparty: counterparty ?? '', balance: mine.balanceAfter, createdAt: entry.createdAt.toISOString() };
    });
  }

  return {
    balance: async (userId: number) => balanceOf(db, await deps.site.get(), userId),
    async merchantWallet(): Promise<{ isSingle: boolean }> {
      return { isSingle: (await deps.site.get()).singleWallet };
    },
    consolidated: (): TConsolidated => CONSOLIDATED,

    /** GCS_walletTransfer: main <-> a vendor's transfer wallet, or every vendor wallet home at once. */
    async vendorTransfer(userId: number, input: TVendorTransfer): Promise<TBalance> {
      const site = await deps.site.get();
      const mid = site.merchant.id;
      if (site.singleWallet) throw new AppError('operation_not_allowed', null, 'This site plays from the main wallet: there is nothing to transfer');
      const key = `vendor:${userId}:${input.requestId}`;
      if (input.action === 'transfer') {
        if (input.amount > MAX_MEMBER_TRANSFER) throw new AppError('amount_out_of_range', { max: MAX_MEMBER_TRANSFER });
        const toVendor = input.from === MAIN_WALLET;
        const vendorCode = toVendor ? input.to : input.from;
        if ((toVendor ? input.from : input.to) !== MAIN_WALLET || vendorCode === MAIN_WALLET) {
          throw new AppError('validation_failed', { issues: [{ path: 'to', message: 'one side of a transfer is the main wallet, the other a vendor wallet' }] });
        }
        vendorWallet(site, vendorCode);
        // Responsible gaming (issue 22): no money into a game wallet during a break; taking it home always works.
        if (toVendor) await assertRgAllows(db, userId, 'transfer', input.amount);
        // Both wallets, the entry and the balances read back in one call, batched with the transfers queued beside it.
        const moved = await transfers({ merchantId: mid, item: { user: userId, key, from: input.from, to: input.to, amount: input.amount } });
        if (moved.status === 'insufficient') throw new AppError('insufficient_balance');
        if (moved.status === 'kindMismatch') throw new AppError('duplicate_request');
        return balanceFrom(site, moved.wallets, moved.held);
      }
      const open = new Set(site.vendorWallets.filter((v) => v.open).map((v) => v.wallet));
      return db.transaction(async (tx) => {
        const main = await ledgerRepo.walletAccount(tx, mid, userId, MAIN_WALLET);
        const held = (await ledgerRepo.walletsOf(tx, mid, userId)).filter((a) => a.wallet !== MAIN_WALLET && a.balance > 0 && open.has(a.wallet));
        const total = held.reduce((sum, a) => sum + a.balance, 0);
        if (total > 0) {
          const postings: TPosting[] = [...held.map((a) => ({ accountId: a.id, amount: -a.balance })), { accountId: main.id, amount: total }];
          await ledger.post(tx, { merchantId: mid, key, kind: 'vendorTransfer', memo: 'Recall all', postings });
        }
        return balanceOf(tx, site, userId);
      });
    },

    /** To the member's own upline. */
    toUpline(userId: number, input: TMemberTransferInput) {
      return memberTransfer(userId, input, async () => {
        const payer = await repo.payer(db, userId);
        if (!payer?.uplineId || !(await repo.isActive(db, payer.uplineId))) throw new AppError('forbidden', null, 'You have no upline to transfer to');
        return { id: payer.uplineId };
      });
    },

    /** Only to a direct downline of the member. */
    toDownline(userId: number, input: TMemberTransferInput & { account: string }) {
      return memberTransfer(userId, input, async () => {
        const downline = await repo.directDownline(db, userId, input.account);
        if (!downline) throw new AppError('forbidden', null, 'Transfers go only to a direct downline');
        return downline;
      });
    },
  };
}

export type TWalletService = ReturnType<typeof createWalletService>;
