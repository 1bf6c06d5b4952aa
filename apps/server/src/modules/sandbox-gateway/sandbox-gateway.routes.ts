import type { FastifyInstance, FastifyReply } from 'fastify';
import { renderHostedPage, type THostedPage } from './hosted-page.ts';
import type { TSandboxGateway } from './sandbox-gateway.service.ts';

const TXN = /^SBX[A-Za-z0-9_-]{16,40}$/;

function sendPage(reply: FastifyReply, page: THostedPage) {
  // Unknown: 404; switched off: 403, the page saying so (the test gateway takes no payment).
  return reply
    .status(page.state === 'unknown' ? 404 : page.state === 'off' ? 403 : 200)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(renderHostedPage(page));
}

/** The hosted payment page: shown with GET, completed by the payer's plain form POST. */
export function registerSandboxGatewayRoutes(app: FastifyInstance, gateway: TSandboxGateway): void {
  app.get<{ Params: { txnId: string } }>('/sandbox-gateway/pay/:txnId', async (request, reply) => {
    const { txnId } = request.params;
    const page = TXN.test(txnId) ? await gateway.page(txnId) : { merchant: '', txnId, orderId: 0, amount: 0, state: 'unknown' as const };
    return sendPage(reply, page);
  });

  app.post<{ Params: { txnId: string }; Body: unknown }>('/sandbox-gateway/pay/:txnId', async (request, reply) => {
    const { txnId } = request.params;
    const outcome = (request.body as { outcome?: unknown } | null)?.outcome;
    const done = TXN.test(txnId) && (outcome === 'paid' || outcome === 'failed') ? await gateway.complete(txnId, outcome) : null;
    // Switched off: refused, nothing changed.
    if (done === 'off') return sendPage(reply, await gateway.page(txnId));
    // Paid already, expired or unknown: show the page again, which says so.
    return reply.redirect(done?.redirect ?? `/sandbox-gateway/pay/${encodeURIComponent(txnId)}`, 303);
  });
}
