import type { FastifyInstance } from 'fastify';
import type { TJobRegistry } from '../../app.ts';
import { createSandboxGatewayRepository } from './sandbox-gateway.repository.ts';
import { registerSandboxGatewayRoutes } from './sandbox-gateway.routes.ts';
import { CALLBACK_JOB, createSandboxGateway, type TSandboxGateway, type TSandboxGatewayDeps } from './sandbox-gateway.service.ts';

/** Callback deliveries before the gateway gives up (back-off 2 s doubling, capped at an hour: about 2.3 hours). */
const CALLBACK_ATTEMPTS = 12;

/** Wires the sandbox gateway: its hosted page and its callback job. */
export function registerSandboxGatewayModule(
  app: FastifyInstance,
  deps: Omit<TSandboxGatewayDeps, 'repo'> & { jobs: TJobRegistry },
): TSandboxGateway {
  const gateway = createSandboxGateway({ ...deps, repo: createSandboxGatewayRepository() });
  registerSandboxGatewayRoutes(app, gateway);
  deps.jobs.handle(CALLBACK_JOB, {
    maxAttempts: CALLBACK_ATTEMPTS,
    run: async ({ job }) => gateway.deliverCallback(String(job.payload.txnId)),
  });
  return gateway;
}
