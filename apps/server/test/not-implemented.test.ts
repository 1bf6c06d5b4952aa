import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CALLS } from '@playhall/contract/registry';
import { createTestApp, type TTestApp } from './support/test-app.ts';

/**
 * The inventory of contract calls that still answer 501, by the issue that builds them. When an issue
 * lands its calls, it removes them here — so nothing declared is ever forgotten.
 */
const STILL_501: Record<number, string[]> = {
  19: [
  ],
};

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('calls not built yet', () => {
  it('are exactly the inventory, each under the issue that declares it', () => {
    expect([...t.pendingCalls].sort()).toEqual(Object.values(STILL_501).flat().sort());
    for (const [issue, names] of Object.entries(STILL_501)) {
      for (const name of names) expect(ALL_CALLS.find((c) => c.name === name)?.issue, name).toBe(Number(issue));
    }
  });

  it('answer 501 not_implemented with the issue that builds them', async () => {
    for (const name of t.pendingCalls) {
      const def = ALL_CALLS.find((c) => c.name === name);
      if (!def) throw new Error(name);
      const res = await t.app.inject({ method: def.method, url: def.path, ...(def.method === 'GET' ? {} : { payload: {} }) });
      expect(res.statusCode, `${def.method} ${def.path}`).toBe(501);
      expect(res.json()).toMatchObject({ success: false, code: 'not_implemented', value: { call: name, issue: def.issue } });
    }
  });

  it('every issue-2 call is served for real', () => {
    const foundation = ALL_CALLS.filter((c) => c.issue === 2).map((c) => c.name);
    expect(foundation.length).toBeGreaterThanOrEqual(9);
    for (const name of foundation) expect(t.pendingCalls).not.toContain(name);
  });
});
