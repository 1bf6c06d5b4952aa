import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { testFault } from '../src/lib/test-fault.ts';
import { createWorld, FEE_BP, MONEY_EXAMPLES, moneyProperty, type TWorld } from './support/money-model.ts';
import { createTestApp, TEST_DB, type TTestApp } from './support/test-app.ts';

/**
 * Money invariants proven by a model (issue 22; support/money-model.ts): random sequences of deposits, withdrawals and
 * every answer to them, member transfers, seamless bets, payouts and rollbacks with repeated and racing ids, against
 * the real server, every balance compared with the model after each step and the ledger check clean after each
 * sequence. 1,000 sequences on PostgreSQL, 100 on PGlite; MODEL_RUNS= sets the number, MODEL_SEED= replays a failure.
 */

// Read by the server on every use (withdrawal.config.ts): a fee to account for, and no daily count a run could reach.
process.env.WITHDRAWAL_FEE_BP = String(FEE_BP);
process.env.WITHDRAWAL_DAILY_COUNT = '1000000';

const RUNS = Number(process.env.MODEL_RUNS ?? (TEST_DB === 'postgres' ? 1_000 : 100));
/** A failure prints its seed and path: MODEL_SEED=<seed> MODEL_PATH=<path> replays it and its shrinking. */
const REPLAY = { seed: process.env.MODEL_SEED ? Number(process.env.MODEL_SEED) : undefined, path: process.env.MODEL_PATH || undefined };
const MAX_COMMANDS = 6;

const apps: TTestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

async function world(opts: { fault?: string; transferWallets?: boolean } = {}): Promise<TWorld> {
  if (opts.fault) process.env.PLAYHALL_TEST_FAULT = opts.fault;
  try {
    const t = await createTestApp();
    apps.push(t);
    return await createWorld(t, { transferWallets: opts.transferWallets });
  } finally {
    delete process.env.PLAYHALL_TEST_FAULT;
  }
}

describe('money model', () => {
  it(`keeps every balance as the model says over ${RUNS} random sequences, and the ledger clean`, async () => {
    const w = await world();
    const started = Date.now();
    await fc.assert(moneyProperty(w, MAX_COMMANDS), { numRuns: RUNS, ...REPLAY, examples: MONEY_EXAMPLES.map((steps) => [steps]) });
    console.warn(`money model: ${RUNS} sequences on ${TEST_DB} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.warn(`  steps: ${[...w.counts].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  }, 600_000);

  it(`keeps them on a transfer-wallet site too, with transfers between the wallets (${Math.ceil(RUNS / 10)} sequences)`, async () => {
    const w = await world({ transferWallets: true });
    await fc.assert(moneyProperty(w, MAX_COMMANDS), { numRuns: Math.ceil(RUNS / 10), ...REPLAY, examples: MONEY_EXAMPLES.map((steps) => [steps]) });
  }, 600_000);

  it('catches a broken rule (a retried transfer that pays again) with a short shrunk sequence and its seed', async () => {
    const w = await world({ fault: 'transfer-replay' });
    const details = await fc.check(moneyProperty(w, MAX_COMMANDS), { numRuns: 500 });
    expect(details.failed).toBe(true);
    const report = fc.defaultReportMessage(details) ?? '';
    console.warn(report.split('\n').slice(0, 4).join('\n'));
    expect(report).toMatch(/seed: -?\d+/);
    // The shrunk counterexample: the command list of the failing sequence as fast-check prints it.
    const shrunk = String(details.counterexample?.[0]);
    const steps = shrunk.split(/,(?![^(]*\))/).filter((s) => s.trim() !== '');
    expect(steps.length, shrunk).toBeLessThanOrEqual(4);
    expect(shrunk).toMatch(/transfer/);
    expect(String(details.errorInstance)).toMatch(/repeated|transfer/);
  }, 300_000);

  it('refuses the test switch on a production server and an unknown fault', () => {
    expect(() => testFault({ PLAYHALL_TEST_FAULT: 'transfer-replay', NODE_ENV: 'production' })).toThrow(/production/);
    expect(() => testFault({ PLAYHALL_TEST_FAULT: 'nonsense' })).toThrow(/no fault/);
    expect(testFault({})).toBeNull();
  });
});
