import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ACTIVITY_IMAGE_MAX_BYTES } from '@playhall/contract/constants';
import type { depositCreate, depositGatewayCallback, depositRecords, TDeposit } from '@playhall/contract/calls/wallet';
import type { TDb } from '../../db/client.ts';
import { AppError, invalidInput } from '../../lib/app-error.ts';
import { verifyBodySignature } from '../../lib/hmac-signature.ts';
import { cleanImageUpload, EVIDENCE_MAX_PIXELS, type TCleanImage } from '../../lib/image-content.ts';
import { randomToken } from '../../lib/secrets.ts';
import type { TLedgerRepository } from '../ledger/ledger.repository.ts';
import type { TLedger } from '../ledger/ledger.service.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { creditDeposit } from './deposit-credit.ts';
import { assertRgAllows } from '../responsible/rg-guard.ts';
import type { TChannelRow, TDepositRepository, TDepositRow } from './deposit.repository.ts';
import type { TPaymentGateway } from './payment-channels.ts';

/** A callback whose timestamp is further than this from our clock is refused (replays need a fresh one). */
export const CALLBACK_WINDOW_MS = 10 * 60 * 1000;
/** Bank deposits one member may have waiting for review at once. */
export const MAX_PENDING_REVIEW = 5;
/** Unpaid online deposits expire after this (the gateway's payment link lives as long). */
export const ONLINE_DEPOSIT_TTL_MS = 30 * 60 * 1000;

type TCreateInput = z.output<typeof depositCreate.request>;
type TRecordsQuery = z.output<typeof depositRecords.request>;
type TCallbackInput = z.output<typeof depositGatewayCallback.request>;

class RequestTaken extends Error {}

export function createDepositService(deps: {
  db: TDb;
  site: Pick<TSiteConfigLoader, 'get'>;
  repo: TDepositRepository;
  ledger: TLedger;
  ledgerRepo: TLedgerRepository;
  /** The gateway integrations this process runs, one per code that channels name (payment-channels.ts). */
  gateways: readonly TPaymentGateway[];
  /** The HMAC secret shared with the gateway. */
  gatewaySecret: () => Promise<string>;
}) {
  const { db, repo } = deps;
  const merchantId = async () => (await deps.site.get()).merchant.id;
  const gateways = new Map(deps.gateways.map((g) => [g.code, g]));

  /** The integration behind an online channel, when this process runs it; null for a bank channel. */
  const gatewayOf = (channel: TChannelRow): TPaymentGateway | null => (channel.gateway === null ? null : (gateways.get(channel.gateway) ?? null));
  /** Members see and use a channel only while it is on and, if online, its gateway runs here. */
  const offered = (channel: TChannelRow): boolean => channel.enabled && (channel.type === 'bank' || gatewayOf(channel) !== null);

  function view(row: TDepositRow, channel: TChannelRow | undefined): TDeposit {
    const gateway = channel && offered(channel) ? gatewayOf(channel) : null;
    return {
      id: row.id,
      channelId: row.channelId,
      channelType: channel?.type ?? 'bank',
      amount: row.amount,
      status: row.status,
      remark: row.remark,
      reviewRemark: row.reviewRemark,
      // A channel turned off takes no payment: its open links are not shown again.
      paymentUrl: row.status === 'awaitingPayment' && row.gatewayTxnId && gateway ? gateway.paymentUrl(row.gatewayTxnId) : null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      creditedAt: row.creditedAt?.toISOString() ?? null,
    };
  }

  async function answer(row: TDepositRow, channel: TChannelRow) {
    let current = row;
    // A payment is opened after the deposit commits; a retry finishes what a failed first attempt left.
    const gateway = offered(channel) ? gatewayOf(channel) : null;
    if (gateway && current.status === 'awaitingPayment' && !current.gatewayTxnId) {
      const payment = await gateway.createPayment({ orderId: current.id, amount: current.amount });
      await repo.setGatewayTxn(db, current.id, payment.txnId);
      current = (await repo.byId(db, current.id)) ?? current;
    }
    const deposit = view(current, channel);
    return { deposit, paymentUrl: deposit.paymentUrl };
  }

  return {
    async channels() {
      const rows = (await repo.enabledChannels(db, await merchantId())).filter(offered);
      return {
        channels: rows.map((c) => ({
          id: c.id,
          type: c.type,
          name: c.name,
          minAmount: c.minAmount,
          maxAmount: c.maxAmount,
          bank:
            c.type === 'bank'
              ? { bankName: c.bankName ?? '', accountName: c.accountName ?? '', accountNumber: c.accountNumber ?? '', branch: c.branch }
              : null,
        })),
      };
    },

    /**
     * A bank deposit waits for an operator with its receipt; an online one waits for the gateway. The
     * member's request id makes a retry answer the first deposit.
     */
    async create(userId: number, input: TCreateInput) {
      const mid = await merchantId();
      const first = await repo.byRequest(db, userId, input.requestId);
      const channel = await repo.channel(db, mid, first?.channelId ?? input.channelId);
      if (first && channel) return answer(first, channel);
      if (!channel || !offered(channel)) throw new AppError('not_found', null, 'No such deposit channel');
      if (input.amount < channel.minAmount || input.amount > channel.maxAmount) {
        throw new AppError('amount_out_of_range', { minAmount: channel.minAmount, maxAmount: channel.maxAmount });
      }
      let receipt: TCleanImage | null = null;
      if (channel.type === 'bank') {
        // Each one holds a receipt of up to 5 MB: a member cannot pile them up faster than operators review.
        if ((await repo.countPendingReview(db, userId)) >= MAX_PENDING_REVIEW) {
          throw new AppError('conflict', { maxPending: MAX_PENDING_REVIEW }, 'Too many bank deposits are waiting for review');
        }
        const missing = [...(input.payerName ? [] : ['payerName']), ...(input.receipt ? [] : ['receipt'])];
        if (missing.length > 0) throw invalidInput(missing.map((path) => ({ path, message: 'required' })));
        if (input.receipt) {
          receipt = await cleanImageUpload(input.receipt, { maxBytes: ACTIVITY_IMAGE_MAX_BYTES, maxPixels: EVIDENCE_MAX_PIXELS }, 'Receipts must be PNG or JPEG and under 5MB');
        }
      }
      const now = new Date();
      try {
        const created = await db.transaction(async (tx) => {
          // Responsible gaming (issue 22): a break or a deposit limit refuses up front (open deposits count as used).
          await assertRgAllows(tx, userId, 'deposit', input.amount, now);
          let receiptUploadId: string | null = null;
          if (receipt) {
            receiptUploadId = randomToken(18);
            await repo.insertUpload(tx, { id: receiptUploadId, userId, purpose: 'depositReceipt', mime: receipt.mime, data: receipt.bytes.toString('base64') });
          }
          const row = await repo.insert(tx, {
            merchantId: mid,
            userId,
            channelId: channel.id,
            requestId: input.requestId,
            amount: input.amount,
            status: channel.type === 'bank' ? 'pendingReview' : 'awaitingPayment',
            payerName: channel.type === 'bank' ? (input.payerName ?? null) : null,
            receiptUploadId,
            remark: input.remark || null,
            expiresAt: channel.type === 'online' ? new Date(now.getTime() + ONLINE_DEPOSIT_TTL_MS) : null,
          });
          // A concurrent twin with the same request id committed first: drop this one's upload too.
          if (!row) throw new RequestTaken();
          return row;
        });
        return await answer(created, channel);
      } catch (err) {
        if (!(err instanceof RequestTaken)) throw err;
        const twin = await repo.byRequest(db, userId, input.requestId);
        if (!twin) throw new Error('deposit request vanished');
        return answer(twin, channel);
      }
    },

    async records(userId: number, query: TRecordsQuery) {
      const { timeZone } = (await deps.site.get()).merchant;
      const { rows, total } = await repo.list(db, userId, { id: query.id, status: query.status, from: query.from, to: query.to, timeZone }, query.page, query.pageSize);
      const channels = new Map((await repo.channelsByIds(db, [...new Set(rows.map((r) => r.channelId))])).map((c) => [c.id, c]));
      return { list: rows.map((r) => view(r, channels.get(r.channelId))), total, page: query.page, pageSize: query.pageSize };
    },

    /**
     * Whether a deposit may still be paid through this gateway: its channel is on, names this gateway and
     * the gateway runs here. The sandbox asks this before it takes a payment or sends its callback.
     */
    async takesPayments(depositId: number, gatewayCode: string): Promise<boolean> {
      const channel = await repo.channelOfDeposit(db, depositId);
      return channel !== null && channel.gateway === gatewayCode && offered(channel);
    },

    /** The gateway's signature over the exact bytes it sent, checked before the body is even parsed. */
    async verifyCallback(raw: Buffer, request: FastifyRequest) {
      if (!verifyBodySignature(await deps.gatewaySecret(), raw, request.headers['x-signature'])) throw new AppError('bad_signature');
    },

    /**
     * A signed gateway callback (signature already checked): fresh, never seen before, for the order's
     * own transaction and amount. `paid` credits once however often it comes; `failed` rejects.
     */
    async callback(input: TCallbackInput, now = new Date()) {
      if (Math.abs(now.getTime() - input.timestamp * 1000) > CALLBACK_WINDOW_MS) throw new AppError('stale_request');
      await db.transaction(async (tx) => {
        if (!(await repo.useNonce(tx, input.nonce))) throw new AppError('replayed_request');
        const deposit = await repo.lock(tx, input.depositId);
        if (!deposit || deposit.gatewayTxnId !== input.gatewayTxnId) throw new AppError('not_found', null, 'No order for this transaction');
        if (deposit.amount !== input.amount) throw new AppError('amount_mismatch');
        if (input.status === 'paid') {
          if (deposit.status === 'credited') return;
          // Only a gateway this process runs can have taken the money; a sandbox took none, so its "paid"
          // counts only while the operator has its channel on (issue 15).
          const channel = await repo.channel(tx, deposit.merchantId, deposit.channelId);
          const gateway = channel && gatewayOf(channel);
          if (!channel || !gateway || (gateway.sandbox && !offered(channel))) {
            throw new AppError('conflict', null, 'This deposit channel takes no payments now');
          }
          // Paid at the gateway is money received, even when the callback comes after the deposit expired.
          if (deposit.status === 'rejected') throw new AppError('conflict', null, 'This deposit was already reported failed');
          await creditDeposit(tx, deps, deposit, `Online deposit ${deposit.gatewayTxnId}`);
        } else {
          if (deposit.status === 'rejected') return;
          if (deposit.status === 'credited') throw new AppError('conflict', null, 'This deposit was already credited');
          await repo.update(tx, deposit.id, { status: 'rejected', reviewRemark: 'The payment failed at the gateway' });
        }
      });
      return { received: true as const };
    },

    /** Housekeeping: unpaid online deposits expire; nonces too old to pass the time check are dropped. */
    async housekeeping(now: Date) {
      const expired = await repo.expireUnpaid(db, now);
      await repo.purgeNonces(db, new Date(now.getTime() - 6 * CALLBACK_WINDOW_MS));
      return { expired };
    },
  };
}

export type TDepositService = ReturnType<typeof createDepositService>;
