import type { TDb } from '../../db/client.ts';
import { scheduleJob } from '../../jobs/scheduler.ts';
import { signBody } from '../../lib/hmac-signature.ts';
import { randomToken } from '../../lib/secrets.ts';
import { SANDBOX_GATEWAY } from '../deposit/payment-channels.ts';
import type { THostedPage } from './hosted-page.ts';
import type { TSandboxGatewayRepository } from './sandbox-gateway.repository.ts';

export const CALLBACK_JOB = 'sandboxGateway.callback';
/** An unpaid payment link lives this long (the portal expires its deposit at the same moment). */
export const PAYMENT_TTL_MS = 30 * 60 * 1000;
/** One delivery may take this long before it counts as failed and is retried. */
const DELIVERY_TIMEOUT_MS = 10_000;

export interface TSandboxGatewayDeps {
  db: TDb;
  repo: TSandboxGatewayRepository;
  /** The merchant account the portal holds at the gateway (shown on the hosted page). */
  merchant: string;
  /** The shared HMAC secret of the merchant account. */
  secret: () => Promise<string>;
  /** Where the merchant receives callbacks; throws while it is not known (the server is not listening yet). */
  callbackUrl: () => string;
  /** Where the browser goes back to after paying: the merchant's return page. */
  returnUrl: (orderId: number, status: 'paid' | 'failed') => string;
  /**
   * Whether the merchant still takes this order's payment through the sandbox: its channel is on and this
   * server runs the sandbox (issue 15). Asked before a payment is taken and before "paid" is reported.
   */
  takesPayments: (orderId: number) => Promise<boolean>;
}

/**
 * The sandbox gateway: behaves like a real online gateway. The merchant opens a payment for an order,
 * the payer completes it on the hosted page, and the gateway tells the merchant server to server with
 * a signed callback, retried with back-off (the job) until the merchant answers success. No money
 * moves: whoever opens the page can "pay", so it works only while the operator has its channel on.
 */
export function createSandboxGateway(deps: TSandboxGatewayDeps) {
  const { db, repo } = deps;

  function pageState(p: { status: 'open' | 'paid' | 'failed'; createdAt: Date }, now: Date): THostedPage['state'] {
    if (p.status === 'open' && now.getTime() - p.createdAt.getTime() > PAYMENT_TTL_MS) return 'expired';
    return p.status;
  }

  /** The page's state, with an open payment shown as `off` while its channel takes no payments. */
  async function currentState(p: { depositId: number; status: 'open' | 'paid' | 'failed'; createdAt: Date }, now: Date): Promise<THostedPage['state']> {
    const state = pageState(p, now);
    return state === 'open' && !(await deps.takesPayments(p.depositId)) ? 'off' : state;
  }

  return {
    code: SANDBOX_GATEWAY,
    sandbox: true,

    /** Opens a payment for the merchant's order (idempotent per order); the payer pays at `paymentUrl`. */
    async createPayment(input: { orderId: number; amount: number }): Promise<{ txnId: string; paymentUrl: string }> {
      const existing = await repo.byOrder(db, input.orderId);
      const txnId = existing?.txnId ?? `SBX${randomToken(18)}`;
      if (!existing) await repo.insert(db, { txnId, depositId: input.orderId, amount: input.amount });
      return { txnId, paymentUrl: paymentPath(txnId) };
    },

    paymentUrl: paymentPath,

    async page(txnId: string, now = new Date()): Promise<THostedPage> {
      const p = await repo.byTxn(db, txnId);
      if (!p) return { merchant: deps.merchant, txnId, orderId: 0, amount: 0, state: 'unknown' };
      return { merchant: deps.merchant, txnId, orderId: p.depositId, amount: p.amount, state: await currentState(p, now) };
    },

    /**
     * The payer's choice on the hosted page. The payment is settled and its callback scheduled in one
     * transaction, so a paid payment is never left without a notification. Answers where the browser goes,
     * `off` when the channel takes no payments (nothing changes), or null when the payment is not open.
     */
    async complete(txnId: string, outcome: 'paid' | 'failed', now = new Date()): Promise<{ redirect: string } | 'off' | null> {
      const p = await repo.byTxn(db, txnId);
      if (!p) return null;
      const state = await currentState(p, now);
      if (state === 'off') return 'off';
      if (state !== 'open') return null;
      const settled = await db.transaction(async (tx) => {
        if (!(await repo.settle(tx, txnId, outcome))) return false;
        await scheduleJob(tx, { name: CALLBACK_JOB, key: txnId, runAt: now, payload: { txnId } });
        return true;
      });
      return settled ? { redirect: deps.returnUrl(p.depositId, outcome) } : null;
    },

    /**
     * One callback delivery: a fresh timestamp and nonce each time, signed over the exact bytes sent.
     * Anything but the merchant's success envelope throws, and the job retries with back-off.
     */
    async deliverCallback(txnId: string): Promise<void> {
      const p = await repo.byTxn(db, txnId);
      if (!p || p.status === 'open' || p.callbackAckedAt) return;
      // Turned off after the payer clicked: "paid" is not reported (the job retries; the portal would refuse it too).
      if (p.status === 'paid' && !(await deps.takesPayments(p.depositId))) throw new Error('the sandbox channel is off: its payment is not reported');
      const body = JSON.stringify({
        depositId: p.depositId,
        gatewayTxnId: p.txnId,
        amount: p.amount,
        status: p.status,
        timestamp: Math.floor(Date.now() / 1000),
        nonce: randomToken(18),
      });
      await repo.countAttempt(db, txnId);
      const url = deps.callbackUrl();
      const signature = signBody(await deps.secret(), body);
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-signature': signature },
          body,
          signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
        });
      } catch (err) {
        throw new Error(`callback to ${url} not delivered: ${err instanceof Error ? err.message : String(err)}`);
      }
      const answer = (await res.json().catch(() => null)) as { success?: unknown; code?: unknown } | null;
      if (res.status !== 200 || answer?.success !== true) throw new Error(`callback refused: HTTP ${res.status} ${String(answer?.code ?? '')}`);
      await repo.ack(db, txnId, new Date());
    },
  };
}

export type TSandboxGateway = ReturnType<typeof createSandboxGateway>;

/** The hosted page of a payment, relative to the server (the gateway is served by this process). */
export function paymentPath(txnId: string): string {
  return `/sandbox-gateway/pay/${encodeURIComponent(txnId)}`;
}
