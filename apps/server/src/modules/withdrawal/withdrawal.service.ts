import { ACTIVITY_IMAGE_MAX_BYTES } from '@playhall/contract/constants';
import { MAIN_WALLET, type TBankCard, type TWithdrawal, type WITHDRAWAL_STATUSES } from '@playhall/contract/calls/wallet';
import type { TImageUpload } from '@playhall/contract/fields';
import { payeeNameRule, ruleIssue } from '@playhall/contract/validation';
import type { TDb } from '../../db/client.ts';
import type { bankCards } from '../../db/schema.ts';
import { AppError, invalidInput } from '../../lib/app-error.ts';
import { isFrozen as isPayerFrozen } from '../agent/frozen.ts';
import { cleanImageUpload, EVIDENCE_MAX_PIXELS } from '../../lib/image-content.ts';
import { randomToken } from '../../lib/secrets.ts';
import type { TLedgerRepository } from '../ledger/ledger.repository.ts';
import type { TLedger } from '../ledger/ledger.service.ts';
import { bonusWithdrawalGate } from '../rewards/bonus-withdrawal.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import type { TPaymentPasswordService } from '../wallet/payment-password.service.ts';
import type { TWalletRepository } from '../wallet/wallet.repository.ts';
import { withdrawableOf, withdrawalFee, type TWithdrawalConfig } from './withdrawal.config.ts';
import { vipWithdrawalDay, vipWithdrawalRules } from '../vip/vip.store.ts';
import type { TWithdrawalRepository } from './withdrawal.repository.ts';

type TCardRow = typeof bankCards.$inferSelect;
type TStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** Only the last four digits of an account number ever leave the server. */
export function maskAccountNumber(accountNumber: string): string {
  return `****${accountNumber.slice(-4)}`;
}

/** A real name as people type it: Unicode-normalised, spaces collapsed; compared without case. */
export function normalizeName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ');
}
const sameName = (a: string, b: string) => normalizeName(a).toLocaleLowerCase() === normalizeName(b).toLocaleLowerCase();

export function toBankCard(card: TCardRow): TBankCard {
  return {
    id: card.id,
    bankCode: card.bankCode,
    bankName: card.bankName,
    accountName: card.accountName,
    accountNumberMasked: maskAccountNumber(card.accountNumber),
    branch: card.branch,
    isDefault: card.isDefault,
    createdAt: card.createdAt.toISOString(),
  };
}

export function toWithdrawal(row: NonNullable<Awaited<ReturnType<TWithdrawalRepository['byId']>>>): TWithdrawal {
  const { w } = row;
  return {
    id: w.id,
    amount: w.amount,
    fee: w.fee,
    bankCard: { bankName: row.bankName, accountNumberMasked: maskAccountNumber(row.accountNumber) },
    status: w.status,
    confirmation: w.confirmation,
    receivedAmount: w.receivedAmount,
    remark: w.remark,
    reviewRemark: w.reviewRemark,
    createdAt: w.createdAt.toISOString(),
    paidAt: w.paidAt?.toISOString() ?? null,
    confirmDeadline: w.confirmDeadline?.toISOString() ?? null,
  };
}

type TConfirmInput =
  | { result: 'received'; withdrawalId: number }
  | { result: 'partlyReceived'; withdrawalId: number; receivedAmount: number; proof: TImageUpload }
  | { result: 'notReceived'; withdrawalId: number; remark?: string }
  | { result: 'forcedReceived'; withdrawalId: number };

/** Bank cards and the member's side of withdrawals: request, records, confirmation (spec §4). */
export function createWithdrawalService(deps: {
  db: TDb;
  repo: TWithdrawalRepository;
  walletRepo: Pick<TWalletRepository, 'payer'>;
  ledgerRepo: Pick<TLedgerRepository, 'walletAccount' | 'houseAccount' | 'walletsOf'>;
  ledger: Pick<TLedger, 'post'>;
  site: Pick<TSiteConfigLoader, 'get'>;
  paymentPassword: Pick<TPaymentPasswordService, 'verify'>;
  config: () => TWithdrawalConfig;
  now?: () => Date;
}) {
  const { db, repo, ledgerRepo, ledger } = deps;
  const now = deps.now ?? (() => new Date());
  const merchant = async () => (await deps.site.get()).merchant;

  /** Spec §4: an agent whose dividend is overdue (refused) is frozen until it pays it. */
  async function isFrozen(userId: number): Promise<boolean> {
    return isPayerFrozen(db, userId);
  }

  async function mainBalance(merchantId: number, userId: number): Promise<number> {
    return (await ledgerRepo.walletsOf(db, merchantId, userId)).find((a) => a.wallet === MAIN_WALLET)?.balance ?? 0;
  }

  async function byId(id: number): Promise<TWithdrawal> {
    const row = await repo.byId(db, id);
    if (!row) throw new Error(`withdrawal ${id} vanished`);
    return toWithdrawal(row);
  }

  return {
    async banks() {
      return { list: await repo.banks(db, (await merchant()).id) };
    },

    async cards(userId: number) {
      return { list: (await repo.cardsOf(db, userId)).map(toBankCard) };
    },

    /**
     * Binds a card. The account name must be the member's payee name once one is stored; the first card
     * stores it, so it must then pass the payeeName rule. The payment password is asked once the member has set one.
     */
    async bind(userId: number, input: { bankCode: string; accountName: string; accountNumber: string; branch?: string; paymentPassword?: string }) {
      const { merchant: { id: merchantId }, registerRules } = await deps.site.get();
      const bank = await repo.bank(db, merchantId, input.bankCode);
      if (!bank) throw new AppError('not_found', { bankCode: input.bankCode }, `No bank ${input.bankCode}`);
      const payer = await deps.walletRepo.payer(db, userId);
      if (!payer) throw new AppError('session_expired');
      if (payer.paymentPasswordHash) {
        if (!input.paymentPassword) throw new AppError('payment_password_required');
        await deps.paymentPassword.verify(userId, input.paymentPassword);
      }
      const { maxCards } = deps.config();
      return db.transaction(async (tx) => {
        const member = await repo.lockMember(tx, userId);
        if (!member) throw new AppError('session_expired');
        const name = normalizeName(input.accountName);
        if (member.payeeName === null) {
          const issue = ruleIssue('accountName', 'payeeName', name, payeeNameRule(registerRules));
          if (issue) throw invalidInput([issue]);
          await repo.setPayeeName(tx, userId, name);
        } else if (!sameName(member.payeeName, name)) throw new AppError('payee_name_mismatch');
        const cards = await repo.cardsOf(tx, userId);
        if (cards.some((c) => c.bankCode === bank.code && c.accountNumber === input.accountNumber)) throw new AppError('bank_card_exists');
        if (cards.length >= maxCards) throw new AppError('bank_card_limit', { max: maxCards });
        const card = await repo.insertCard(tx, {
          userId,
          bankCode: bank.code,
          bankName: bank.name,
          accountName: member.payeeName ?? name,
          accountNumber: input.accountNumber,
          branch: input.branch || null,
          isDefault: cards.length === 0,
        });
        if (!card) throw new AppError('bank_card_exists');
        return toBankCard(card);
      });
    },

    async info(userId: number) {
      const config = deps.config();
      const { id: merchantId, timeZone } = await merchant();
      const frozen = await isFrozen(userId);
      return {
        minAmount: config.minAmount,
        maxAmount: config.maxAmount,
        feeRate: config.feeRate,
        dailyCountLimit: (await vipWithdrawalRules(db, merchantId, userId)).perDay || config.dailyCountLimit,
        dailyCountUsed: await repo.countOnDay(db, userId, now(), timeZone),
        withdrawable: frozen ? 0 : withdrawableOf(await mainBalance(merchantId, userId), config.feeRate),
        frozen,
      };
    },

    /**
     * Requests a withdrawal: amount plus fee leave the main wallet for the house hold account in the same
     * transaction as the withdrawal row. A repeated request id answers the first withdrawal.
     */
    async create(userId: number, input: { requestId: string; amount: number; bankCardId: number; paymentPassword: string }): Promise<TWithdrawal> {
      const first = await repo.byRequest(db, userId, input.requestId);
      if (first) return toWithdrawal(first);
      const config = deps.config();
      if (input.amount < config.minAmount || input.amount > config.maxAmount) {
        throw new AppError('amount_out_of_range', { min: config.minAmount, max: config.maxAmount });
      }
      const card = await repo.cardOf(db, userId, input.bankCardId);
      if (!card) throw new AppError('not_found', { bankCardId: input.bankCardId }, 'No such bank card');
      if (await isFrozen(userId)) throw new AppError('account_frozen');
      await deps.paymentPassword.verify(userId, input.paymentPassword);
      const { id: merchantId, timeZone } = await merchant();
      const fee = withdrawalFee(input.amount, config.feeRate);
      const id = await db.transaction(async (tx) => {
        await repo.lockMember(tx, userId);
        // A twin of this request that committed while this one waited for the lock.
        const twin = await repo.byRequest(tx, userId, input.requestId);
        if (twin) return twin.w.id;
        // The member's VIP level may allow its own count and amount per day (issue 18; 0 = the global rule).
        const vip = await vipWithdrawalDay(tx, merchantId, userId, now(), timeZone);
        const countLimit = vip.perDay > 0 ? vip.perDay : config.dailyCountLimit;
        if (vip.count >= countLimit) throw new AppError('withdrawal_daily_limit', { limit: countLimit });
        if (vip.limitPerDay > 0 && vip.amount + input.amount > vip.limitPerDay) {
          throw new AppError('withdrawal_daily_amount', { limit: vip.limitPerDay, left: Math.max(0, vip.limitPerDay - vip.amount) });
        }
        // Open bonus turnover refuses the request, or forfeits the bonuses where the operator chose so (issue 17).
        await bonusWithdrawalGate(tx, merchantId, userId, now());
        const row = await repo.insert(tx, { merchantId, userId, requestId: input.requestId, bankCardId: card.id, amount: input.amount, fee, status: 'pending' });
        const wallet = await ledgerRepo.walletAccount(tx, merchantId, userId, MAIN_WALLET);
        const hold = await ledgerRepo.houseAccount(tx, merchantId, 'withdrawalHold');
        await ledger.post(tx, {
          merchantId,
          key: `member:${userId}:${input.requestId}`,
          kind: 'withdrawal',
          memo: `${card.bankName} ${maskAccountNumber(card.accountNumber)}`,
          postings: [
            { accountId: wallet.id, amount: -(input.amount + fee) },
            { accountId: hold, amount: input.amount + fee },
          ],
        });
        return row.id;
      });
      return byId(id);
    },

    async records(userId: number, query: { status?: TStatus; from?: string; to?: string; page: number; pageSize: number }) {
      const { timeZone } = await merchant();
      const { rows, total } = await repo.list(db, userId, { status: query.status, from: query.from, to: query.to, timeZone }, query.page, query.pageSize);
      return { list: rows.map(toWithdrawal), total, page: query.page, pageSize: query.pageSize };
    },

    /**
     * The member's answer on a paid withdrawal (docs/decisions.md): received and forcedReceived confirm it;
     * partlyReceived and notReceived open a dispute for the operator. forcedReceived also closes the
     * member's own dispute. Someone else's withdrawal is not found.
     */
    async confirm(userId: number, input: TConfirmInput): Promise<TWithdrawal> {
      // Decoded before the withdrawal's row is locked: a large photo takes a moment to read.
      const proof = input.result === 'partlyReceived' ? await cleanImageUpload(input.proof, { maxBytes: ACTIVITY_IMAGE_MAX_BYTES, maxPixels: EVIDENCE_MAX_PIXELS }) : null;
      await db.transaction(async (tx) => {
        const w = await repo.lockWithdrawal(tx, input.withdrawalId, userId);
        if (!w) throw new AppError('not_found', { withdrawalId: input.withdrawalId }, 'No such withdrawal');
        const allowed: TStatus[] = input.result === 'forcedReceived' ? ['paid', 'disputed'] : ['paid'];
        if (!allowed.includes(w.status)) {
          throw new AppError('conflict', { status: w.status, confirmation: w.confirmation }, `This withdrawal is ${w.status} and cannot be answered ${input.result}`);
        }
        const confirmedAt = now();
        switch (input.result) {
          case 'received':
          case 'forcedReceived':
            await repo.update(tx, w.id, { status: 'confirmed', confirmation: input.result, confirmedAt });
            return;
          case 'partlyReceived': {
            if (input.receivedAmount >= w.amount) {
              throw new AppError('amount_out_of_range', { min: 1, max: w.amount - 1 }, 'A partly received amount is less than the withdrawal: answer received instead');
            }
            if (!proof) throw new Error('a partly received answer carries its decoded proof');
            const uploadId = randomToken(18);
            await repo.insertUpload(tx, { id: uploadId, userId, purpose: 'withdrawalProof', mime: proof.mime, data: proof.bytes.toString('base64') });
            await repo.update(tx, w.id, { status: 'disputed', confirmation: 'partlyReceived', receivedAmount: input.receivedAmount, proofUploadId: uploadId, confirmedAt });
            return;
          }
          case 'notReceived':
            await repo.update(tx, w.id, { status: 'disputed', confirmation: 'notReceived', remark: input.remark || null, confirmedAt });
            return;
        }
      });
      return byId(input.withdrawalId);
    },
  };
}

export type TWithdrawalService = ReturnType<typeof createWithdrawalService>;
