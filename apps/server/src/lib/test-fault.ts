/**
 * A deliberately broken money rule, for the model-based money test (apps/server/test/money-model.test.ts) to prove
 * it catches one: `PLAYHALL_TEST_FAULT=transfer-replay` makes a retried member transfer move its money again (its
 * ledger key loses the request id's idempotency). Read when a server is built; refused where NODE_ENV=production.
 */
export type TTestFault = 'transfer-replay';

const FAULTS: readonly TTestFault[] = ['transfer-replay'];

export function testFault(env: NodeJS.ProcessEnv = process.env): TTestFault | null {
  const raw = env.PLAYHALL_TEST_FAULT;
  if (!raw) return null;
  if (env.NODE_ENV === 'production') throw new Error('PLAYHALL_TEST_FAULT is a test switch: a production server refuses to start with it');
  if (!FAULTS.includes(raw as TTestFault)) throw new Error(`PLAYHALL_TEST_FAULT=${raw} is no fault; known: ${FAULTS.join(', ')}`);
  return raw as TTestFault;
}
