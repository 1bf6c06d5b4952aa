import { z } from 'zod';
import { defineCall, defineRelay, ZEmpty, ZNoValue } from '../define.ts';
import { CONTRACT_KINDS, CURRENCY } from '../constants.ts';
import { GAME_CATEGORIES } from '../categories.ts';
import {
  DAY_RANGE_FIELDS,
  PAGE_FIELDS,
  pageOf,
  withConfirmation,
  ZDay,
  ZId,
  ZIdQuery,
  ZImageUpload,
  ZMinor,
  ZMinorPositive,
  ZRequestId,
  ZTime,
} from '../fields.ts';
import { ZPassword, ZPaymentPassword } from './auth.ts';

const ZRemark = z.string().trim().max(140);

// ---------------------------------------------------------------- balance and wallets

/** `MAIN`, or a vendor's vassalage code for its transfer wallet. */
export const ZWalletCode = z.string().min(1).max(32).regex(/^[A-Za-z0-9_]+$/);
export const MAIN_WALLET = 'MAIN';

export const ZBalance = z.object({
  /** Main wallet plus every vendor wallet. */
  sumBalance: ZMinor,
  currency: z.literal(CURRENCY),
  /** Amount and fee of withdrawals awaiting the operator: held out of the wallets (not in sumBalance). */
  held: ZMinor,
  wallets: z.array(
    z.object({
      wallet: z.string(),
      displayName: z.string(),
      balance: ZMinor,
      /** A vendor wallet under maintenance cannot be transferred to or from. */
      status: z.enum(['ok', 'maintenance']),
    }),
  ),
});
export type TBalance = z.infer<typeof ZBalance>;

export const balance = defineCall({
  name: 'wallet.balance',
  method: 'GET',
  path: '/wps/v2/wallets/balance',
  moduleId: 'WPS',
  token: 'required',
  request: ZEmpty,
  response: ZBalance,
  issue: 4,
});

/** Active-member requirement of a contract kind: a period valid-bet or a deposit threshold. */
export const ZRequirementType = z.enum(['validBet', 'deposit']);

/** Consolidated settings (spec §3): which requirement each contract kind uses, which info it shows. */
export const ZConsolidated = z.object({
  dailysalreqtype: ZRequirementType,
  divtypereq: ZRequirementType,
  contracthoursalreq: ZRequirementType,
  realtimesalreqtype: ZRequirementType,
  contractmrdailysalinfotype: z.boolean(),
  contracthoursalinfo: z.boolean(),
  dailysalinfotype: z.boolean(),
  realtimesalinfotype: z.boolean(),
  divtypeinfo: z.boolean(),
});
export type TConsolidated = z.infer<typeof ZConsolidated>;

export const consolidated = defineCall({
  name: 'wallet.consolidated',
  method: 'GET',
  path: '/wps/member/info/funds/consolidated',
  moduleId: 'WPS',
  token: 'required',
  request: ZEmpty,
  response: ZConsolidated,
  issue: 4,
});

/** One side of every transfer is the main wallet; `recallAll` brings every vendor wallet home. */
export const walletTransfer = defineRelay({
  name: 'wallet.transfer',
  relay: 'GCS_walletTransfer',
  moduleId: 'GCS',
  token: 'required',
  request: z.discriminatedUnion('action', [
    z.strictObject({
      action: z.literal('transfer'),
      requestId: ZRequestId,
      from: ZWalletCode,
      to: ZWalletCode,
      amount: ZMinorPositive,
    }),
    z.strictObject({ action: z.literal('recallAll'), requestId: ZRequestId }),
  ]),
  response: ZBalance,
  issue: 4,
});

export const merchantWallet = defineRelay({
  name: 'wallet.merchantWallet',
  relay: 'GCS_merchantWallet',
  moduleId: 'GCS',
  token: 'optional',
  request: ZEmpty,
  /** Single wallet: vendors play from the main wallet (seamless); otherwise each has its own. */
  response: z.object({ isSingle: z.boolean() }),
  issue: 4,
});

// ---------------------------------------------------------------- deposit

export const ZDepositChannel = z.object({
  id: z.number().int(),
  type: z.enum(['bank', 'online']),
  name: z.string(),
  minAmount: ZMinor,
  maxAmount: ZMinor,
  /** The account to transfer to, for bank channels. */
  bank: z
    .object({ bankName: z.string(), accountName: z.string(), accountNumber: z.string(), branch: z.string().nullable() })
    .nullable(),
});

export const depositChannels = defineCall({
  name: 'deposit.channels',
  method: 'GET',
  path: '/wps/deposit/channels',
  moduleId: 'WPS',
  token: 'required',
  request: ZEmpty,
  response: z.object({ channels: z.array(ZDepositChannel) }),
  issue: 4,
});

export const DEPOSIT_STATUSES = ['awaitingPayment', 'pendingReview', 'credited', 'rejected', 'expired'] as const;

export const ZDeposit = z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  channelType: z.enum(['bank', 'online']),
  amount: ZMinor,
  status: z.enum(DEPOSIT_STATUSES),
  remark: z.string().nullable(),
  /** Why the operator rejected it, or that the gateway reported the payment failed. */
  reviewRemark: z.string().nullable(),
  /** Online deposits awaiting payment: the hosted payment page, to resume paying. */
  paymentUrl: z.string().nullable(),
  /** Online deposits: unpaid by then, the deposit expires. */
  expiresAt: ZTime.nullable(),
  createdAt: ZTime,
  creditedAt: ZTime.nullable(),
});
export type TDeposit = z.infer<typeof ZDeposit>;

export const depositCreate = defineCall({
  name: 'deposit.create',
  method: 'POST',
  path: '/wps/deposit',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({
    requestId: ZRequestId,
    channelId: ZId,
    amount: ZMinorPositive,
    /** Bank channels: who paid, and the transfer receipt. */
    payerName: z.string().trim().max(128).optional(),
    receipt: ZImageUpload.optional(),
    remark: ZRemark.optional(),
  }),
  response: z.object({
    deposit: ZDeposit,
    /** Online channels: the gateway's hosted payment page. */
    paymentUrl: z.string().nullable(),
  }),
  issue: 4,
});

export const depositRecords = defineCall({
  name: 'deposit.records',
  method: 'GET',
  path: '/wps/deposit/records',
  moduleId: 'WPS',
  token: 'required',
  /** `id`: that one deposit of the member's (the gateway's return page shows its outcome), whatever its day. */
  request: z.strictObject({ id: ZIdQuery.optional(), status: z.enum(DEPOSIT_STATUSES).optional(), ...DAY_RANGE_FIELDS, ...PAGE_FIELDS }),
  response: pageOf(ZDeposit),
  issue: 4,
});

/**
 * Server-to-server callback of the online gateway. The body is signed with HMAC-SHA256 in the
 * `X-Signature` header over the raw body; the gateway retries until it gets success, and the deposit
 * is credited once whatever the number of callbacks.
 */
export const depositGatewayCallback = defineCall({
  name: 'deposit.gatewayCallback',
  method: 'POST',
  path: '/wps/deposit/gateway/callback',
  moduleId: 'WPS',
  request: z.strictObject({
    depositId: ZId,
    gatewayTxnId: z.string().min(1).max(64),
    amount: ZMinorPositive,
    status: z.enum(['paid', 'failed']),
    /** Unix seconds; refused when more than 10 minutes from the portal's clock. */
    timestamp: z.number().int().positive(),
    /** Single use: a replayed body is refused even with a valid signature. */
    nonce: z.string().min(8).max(64),
  }),
  response: z.object({ received: z.literal(true) }),
  issue: 4,
});

// ---------------------------------------------------------------- bank cards and payment password

export const ZBankCard = z.object({
  id: z.number().int(),
  bankCode: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  /** Only the last four digits are ever sent back. */
  accountNumberMasked: z.string(),
  branch: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: ZTime,
});
export type TBankCard = z.infer<typeof ZBankCard>;

export const banks = defineCall({
  name: 'bankCard.banks',
  method: 'GET',
  path: '/wps/member/bankcards/banks',
  moduleId: 'WPS',
  token: 'required',
  request: ZEmpty,
  response: z.object({ list: z.array(z.object({ code: z.string(), name: z.string() })) }),
  issue: 4,
});

export const bankCards = defineCall({
  name: 'bankCard.list',
  method: 'GET',
  path: '/wps/member/bankcards',
  moduleId: 'WPS',
  token: 'required',
  request: ZEmpty,
  response: z.object({ list: z.array(ZBankCard) }),
  issue: 4,
});

export const bindBankCard = defineCall({
  name: 'bankCard.bind',
  method: 'POST',
  path: '/wps/member/bankcards',
  moduleId: 'WPS',
  token: 'required',
  encrypted: true,
  request: z.strictObject({
    bankCode: z.string().min(1).max(32),
    /** Must equal the member's payee name once one is stored. */
    accountName: z.string().trim().min(1).max(128),
    accountNumber: z.string().max(32).regex(/^[0-9]{6,32}$/),
    branch: z.string().trim().max(128).optional(),
    /** Asked once a payment password is set (a card may be bound before that). */
    paymentPassword: ZPaymentPassword.optional(),
  }),
  response: ZBankCard,
  issue: 4,
});

export const setPaymentPassword = defineCall({
  name: 'paymentPassword.set',
  method: 'POST',
  path: '/wps/member/paymentPassword',
  moduleId: 'WPS',
  token: 'required',
  encrypted: true,
  request: withConfirmation(
    z.strictObject({
      /** Proves the member; absent only for an account without a login password. */
      loginPassword: ZPassword.optional(),
      newPaymentPassword: ZPaymentPassword,
      confirmPaymentPassword: ZPaymentPassword,
    }),
    'newPaymentPassword',
    'confirmPaymentPassword',
  ),
  response: ZNoValue,
  issue: 4,
});

export const changePaymentPassword = defineCall({
  name: 'paymentPassword.change',
  method: 'POST',
  path: '/wps/member/paymentPassword/change',
  moduleId: 'WPS',
  token: 'required',
  encrypted: true,
  request: withConfirmation(
    z.strictObject({
      oldPaymentPassword: ZPaymentPassword,
      newPaymentPassword: ZPaymentPassword,
      confirmPaymentPassword: ZPaymentPassword,
    }),
    'newPaymentPassword',
    'confirmPaymentPassword',
  ),
  response: ZNoValue,
  issue: 4,
});

/** A wrong password answers payment_password_wrong (value: attemptsLeft), then locks for a while. */
export const verifyPaymentPassword = defineCall({
  name: 'paymentPassword.verify',
  method: 'POST',
  path: '/wps/member/paymentPassword/verify',
  moduleId: 'WPS',
  token: 'required',
  encrypted: true,
  request: z.strictObject({ paymentPassword: ZPaymentPassword }),
  response: ZNoValue,
  issue: 4,
});

// ---------------------------------------------------------------- withdrawal

export const WITHDRAWAL_CONFIRMATIONS = [
  'received',
  'partlyReceived',
  'notReceived',
  'forcedReceived',
  /** Set by the job when the member did not answer in time. */
  'autoReceived',
] as const;

/** disputed: the member answered partlyReceived or notReceived; the operator resolves it (docs/decisions.md). */
export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'rejected', 'confirmed', 'disputed'] as const;

export const ZWithdrawal = z.object({
  id: z.number().int(),
  amount: ZMinor,
  fee: ZMinor,
  bankCard: z.object({ bankName: z.string(), accountNumberMasked: z.string() }),
  /** pending: awaiting the operator; paid: awaiting the member's confirmation; then confirmed. */
  status: z.enum(WITHDRAWAL_STATUSES),
  confirmation: z.enum(WITHDRAWAL_CONFIRMATIONS).nullable(),
  receivedAmount: ZMinor.nullable(),
  /** The member's own remark (notReceived). */
  remark: z.string().nullable(),
  /** The operator's reason for a rejection, or the outcome of a dispute. */
  reviewRemark: z.string().nullable(),
  createdAt: ZTime,
  paidAt: ZTime.nullable(),
  /** After this moment an unconfirmed paid withdrawal is treated as received. */
  confirmDeadline: ZTime.nullable(),
});
export type TWithdrawal = z.infer<typeof ZWithdrawal>;

export const withdrawalInfo = defineCall({
  name: 'withdrawal.info',
  method: 'GET',
  path: '/wps/withdrawal/info',
  moduleId: 'WPS',
  token: 'required',
  request: ZEmpty,
  response: z.object({
    minAmount: ZMinor,
    maxAmount: ZMinor,
    /** Fee in basis points of the amount (per 10,000). */
    feeRate: z.number().int().min(0),
    dailyCountLimit: z.number().int().min(0),
    dailyCountUsed: z.number().int().min(0),
    withdrawable: ZMinor,
    frozen: z.boolean(),
  }),
  issue: 4,
});

export const withdraw = defineCall({
  name: 'withdrawal.create',
  method: 'POST',
  path: '/wps/withdrawal',
  moduleId: 'WPS',
  token: 'required',
  encrypted: true,
  request: z.strictObject({
    requestId: ZRequestId,
    amount: ZMinorPositive,
    bankCardId: ZId,
    paymentPassword: ZPaymentPassword,
  }),
  response: ZWithdrawal,
  issue: 4,
});

export const withdrawalRecords = defineCall({
  name: 'withdrawal.records',
  method: 'GET',
  path: '/wps/withdrawal/records',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({
    status: z.enum(WITHDRAWAL_STATUSES).optional(),
    ...DAY_RANGE_FIELDS,
    ...PAGE_FIELDS,
  }),
  response: pageOf(ZWithdrawal),
  issue: 4,
});

/**
 * The member's answer on a paid withdrawal (spec §4). No requestId: the withdrawal's own state makes
 * a repeat harmless (only a paid, unconfirmed withdrawal can be confirmed).
 */
export const confirmWithdrawal = defineCall({
  name: 'withdrawal.confirm',
  method: 'POST',
  path: '/wps/withdrawal/confirm',
  moduleId: 'WPS',
  token: 'required',
  request: z.discriminatedUnion('result', [
    z.strictObject({ result: z.literal('received'), withdrawalId: ZId }),
    z.strictObject({
      result: z.literal('partlyReceived'),
      withdrawalId: ZId,
      receivedAmount: ZMinorPositive,
      proof: ZImageUpload,
    }),
    z.strictObject({ result: z.literal('notReceived'), withdrawalId: ZId, remark: ZRemark.optional() }),
    /**
     * Marked received on the member's own word whatever arrived, also to close the member's own dispute:
     * nothing of the withdrawal is refunded afterwards (spec §4 "deposit not refunded").
     */
    z.strictObject({ result: z.literal('forcedReceived'), withdrawalId: ZId }),
  ]),
  response: ZWithdrawal,
  issue: 4,
});

// ---------------------------------------------------------------- transfers between members

const ZMemberTransfer = z.object({
  id: z.number().int(),
  amount: ZMinor,
  counterparty: z.string(),
  balance: ZMinor,
  createdAt: ZTime,
});

/** Shown when member.info toUpline is true; the upline is the member's own. */
export const transferUpline = defineCall({
  name: 'transfer.upline',
  method: 'POST',
  path: '/wps/transfer/upline',
  moduleId: 'WPS',
  token: 'required',
  // Carries the payment password.
  encrypted: true,
  request: z.strictObject({
    requestId: ZRequestId,
    amount: ZMinorPositive,
    paymentPassword: ZPaymentPassword,
    remark: ZRemark.optional(),
  }),
  response: ZMemberTransfer,
  issue: 4,
});

/** Only to a direct downline. */
export const transferDownline = defineCall({
  name: 'transfer.downline',
  method: 'POST',
  path: '/wps/transfer/downline',
  moduleId: 'WPS',
  token: 'required',
  encrypted: true,
  request: z.strictObject({
    requestId: ZRequestId,
    account: z.string().trim().min(1).max(64),
    amount: ZMinorPositive,
    paymentPassword: ZPaymentPassword,
    remark: ZRemark.optional(),
  }),
  response: ZMemberTransfer,
  issue: 4,
});

// ---------------------------------------------------------------- records

export const TRANSACTION_TYPES = [
  'deposit',
  'withdrawal',
  'withdrawalRefund',
  'vendorTransferIn',
  'vendorTransferOut',
  'memberTransferIn',
  'memberTransferOut',
  'bet',
  'payout',
  'betRefund',
  'bonus',
  'salaryIn',
  'salaryOut',
  'dividendIn',
  'dividendOut',
  'pointsConvert',
  'adjustment',
] as const;
export const ZTransactionType = z.enum(TRANSACTION_TYPES);

/**
 * What a record is about, for the page to say in words in the member's language (issue 16: "Slot · Lucky Crown ·
 * round 8f2a…", never a raw key): a game round, a lottery draw, a contract payment, a deposit, or one of the
 * platform's own entries. null: the remark (a member's or operator's own words) says it.
 */
export const ZTransactionDetail = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('game'),
    category: z.enum(GAME_CATEGORIES).nullable(),
    vendor: z.string(),
    game: z.string().nullable(),
    round: z.string(),
    rollback: z.boolean(),
  }),
  z.object({ kind: z.literal('lottery'), game: z.string(), drawNo: z.string(), voided: z.boolean() }),
  z.object({ kind: z.literal('contract'), contractKind: z.enum(CONTRACT_KINDS), period: z.string() }),
  z.object({ kind: z.literal('deposit'), channel: z.enum(['bank', 'online']), depositId: z.number().int() }),
  z.object({ kind: z.literal('system'), code: z.enum(['demoBalance', 'welcomeBonus', 'freePlay', 'recallAll']) }),
]);
export type TTransactionDetail = z.infer<typeof ZTransactionDetail>;

export const ZTransaction = z.object({
  id: z.number().int(),
  time: ZTime,
  type: ZTransactionType,
  /** Signed: money in is positive, money out negative. */
  amount: ZMinor,
  balanceAfter: ZMinor,
  remark: z.string().nullable(),
  detail: ZTransactionDetail.nullable(),
  /** The idempotency key of the journal entry, for support. */
  reference: z.string(),
});
export type TTransaction = z.infer<typeof ZTransaction>;

export const ZTransactionQuery = z.strictObject({
  type: ZTransactionType.optional(),
  ...DAY_RANGE_FIELDS,
  ...PAGE_FIELDS,
});

/** Account record (member centre transactionHistory). */
export const transactions = defineCall({
  name: 'records.transactions',
  method: 'GET',
  path: '/wps/member/transactions',
  moduleId: 'WPS',
  token: 'required',
  request: ZTransactionQuery,
  response: pageOf(ZTransaction),
  issue: 4,
});

/** CSV of the account record for the filters (no paging); `truncated` past the server's row cap. */
export const transactionsExport = defineCall({
  name: 'records.transactionsExport',
  method: 'GET',
  path: '/wps/member/transactions/export',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({ type: ZTransactionType.optional(), ...DAY_RANGE_FIELDS }),
  response: z.object({ filename: z.string(), csv: z.string(), truncated: z.boolean() }),
  issue: 4,
});

/** Money figures of a day or category, from the member's side: winLoss = payout − bet. */
export const ZProfitFigures = z.object({
  betAmount: ZMinor,
  validBet: ZMinor,
  payout: ZMinor,
  winLoss: ZMinor,
  bonus: ZMinor,
});

/** Personal loss (member centre personalProfit): per day and per category. */
export const personalProfit = defineCall({
  name: 'records.personalProfit',
  method: 'GET',
  path: '/wps/member/profit',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({ ...DAY_RANGE_FIELDS }),
  response: z.object({
    days: z.array(ZProfitFigures.extend({ date: ZDay, deposit: ZMinor, withdrawal: ZMinor })),
    categories: z.array(ZProfitFigures.extend({ category: z.enum(GAME_CATEGORIES) })),
    totals: ZProfitFigures.extend({ deposit: ZMinor, withdrawal: ZMinor }),
  }),
  issue: 4,
});

export const bonusDetails = defineCall({
  name: 'records.bonus',
  method: 'GET',
  path: '/wps/member/bonus',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({ ...DAY_RANGE_FIELDS, ...PAGE_FIELDS }),
  response: pageOf(
    z.object({ id: z.number().int(), time: ZTime, source: z.string(), amount: ZMinor, remark: z.string().nullable() }),
  ).extend({ totalAmount: ZMinor }),
  issue: 4,
});

export const ZBetRecord = z.object({
  roundId: z.string(),
  time: ZTime,
  category: z.enum(GAME_CATEGORIES),
  vassalage: z.string(),
  gameId: z.string(),
  gameName: z.string(),
  betAmount: ZMinor,
  /** The stake of a settled, non-void round; 0 for a push or a void round. */
  validBet: ZMinor,
  payout: ZMinor,
  winLoss: ZMinor,
  status: z.enum(['open', 'settled', 'void']),
});
export type TBetRecord = z.infer<typeof ZBetRecord>;

export const ZBetTotals = z.object({ betAmount: ZMinor, validBet: ZMinor, winLoss: ZMinor });

export const ZBetQuery = z.strictObject({
  category: z.enum(GAME_CATEGORIES).optional(),
  vassalage: z.string().max(32).optional(),
  ...DAY_RANGE_FIELDS,
  ...PAGE_FIELDS,
});

/** Betting record (member centre personalHistoryCopy). */
export const bets = defineCall({
  name: 'records.bets',
  method: 'GET',
  path: '/wps/member/bets',
  moduleId: 'WPS',
  token: 'required',
  request: ZBetQuery,
  response: pageOf(ZBetRecord).extend({ totals: ZBetTotals }),
  issue: 5,
});

/** Provably-fair data of a house round; the server seed is null until it is rotated. */
export const ZFairness = z.object({
  serverSeedHash: z.string(),
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int().min(0),
});

export const betDetail = defineCall({
  name: 'records.betDetail',
  method: 'GET',
  path: '/wps/member/bets/detail',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({ roundId: z.string().min(1).max(64) }),
  response: ZBetRecord.extend({
    /** The game's own record of the round (reels, cards, shots, dice), shown as the game defines. */
    detail: z.record(z.string(), z.unknown()),
    fairness: ZFairness.nullable(),
    /** The house title's key (house-rules/catalog.ts) for a house round, so the browser can re-run it; null otherwise. */
    houseGame: z.string().nullable(),
  }),
  issue: 5,
});
