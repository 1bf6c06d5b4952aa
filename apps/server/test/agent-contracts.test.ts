import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as agent from '@playhall/contract/calls/agent';
import * as auth from '@playhall/contract/calls/auth';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';

// Contracts between uplines and direct downlines (issue 7), on the real server: who may act, the rate cap of
// the upline's own contract, one change awaiting consent at a time, acceptance from the next period, and the
// auto-termination of downline contracts a lower rate no longer covers.

let t: TTestApp;
let api: TApi;
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
});
afterAll(async () => {
  await t?.close();
});

async function token(username: string, password = t.demoPassword): Promise<string> {
  const res = (await api.call(auth.login, { type: 'username', username, password }, { ip: freshIp() })) as TLogin;
  expect(res.body.code, username).toBe('ok');
  return res.body.value.token;
}
const daily = (rate: number, minValidBet = 0) => ({ tiers: [{ rate, minActiveMembers: 0, minValidBet }] });
async function idOf(username: string, password?: string): Promise<number> {
  const tok = await token(username, password);
  const res = await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization: tok } });
  return (res.json() as { value: { id: number } }).value.id;
}
function daily$(tok: string, body: Record<string, unknown>) {
  return api.call<agent.TContract>(agent.processDailySalary, body, { token: tok });
}

describe('contracts', () => {
  it('are for agents only, capped by the upline’s own contract, and one change awaits consent at a time', async () => {
    const member = await token('member01');
    const a1 = await token('agent01');
    const agent02 = await idOf('agent02');
    for (const def of [agent.processDailySalary, agent.processDividend, agent.processHourlySalary, agent.processRealtimeSalary]) {
      const res = await api.call(def, { action: 'reject', contractId: 1 }, { token: member });
      expect(res.status, def.name).toBe(403);
      expect(res.body.code).toBe('non_agent_login');
    }
    expect((await api.call(agent.contracts, {}, { token: member })).body.code).toBe('non_agent_login');
    expect((await api.call(agent.contracts, {})).status).toBe(401);

    // agent01 holds no daily-salary contract yet: it cannot give one.
    expect((await daily$(a1, { action: 'sign', downlineId: agent02, terms: daily(60) })).body.code).toBe('contract_rate_exceeds_upline');
    const platform = await api.ops({ kind: 'contract.platform', username: 'agent01', terms: { kind: 'dailySalary', ...daily(80) } });
    expect(platform.ok).toBe(true);
    expect((await daily$(a1, { action: 'sign', downlineId: agent02, terms: daily(81) })).body.code).toBe('contract_rate_exceeds_upline');
    // Tiers out of order are refused before anything else.
    const bad = await daily$(a1, { action: 'sign', downlineId: agent02, terms: { tiers: [{ rate: 60, minActiveMembers: 0, minValidBet: 0 }, { rate: 50, minActiveMembers: 1, minValidBet: 100 }] } });
    expect(bad.status).toBe(400);

    const offered = await daily$(a1, { action: 'sign', downlineId: agent02, terms: daily(60) });
    expect(offered.body.code).toBe('ok');
    expect(offered.body.value).toMatchObject({ status: 'awaitingConsent', upline: { account: 'agent01' }, downline: { account: 'agent02' }, kind: 'dailySalary' });
    expect((await daily$(a1, { action: 'sign', downlineId: agent02, terms: daily(50) })).body.code).toBe('contract_pending');

    // Only the downline answers, and only contracts of its own.
    expect((await daily$(a1, { action: 'accept', contractId: offered.body.value.id })).body.code).toBe('not_found');
    const a2 = await token('agent02');
    const mine = await api.call<{ list: agent.TContract[] }>(agent.contracts, { role: 'downline' }, { token: a2 });
    expect(mine.body.value.list.map((c) => c.id)).toContain(offered.body.value.id);
    const accepted = await daily$(a2, { action: 'accept', contractId: offered.body.value.id });
    expect(accepted.body.value.status).toBe('valid');
    // Valid from the next local day.
    const from = new Date(accepted.body.value.effectiveFrom ?? 0);
    expect(from.getTime()).toBeGreaterThan(Date.now());
    expect(from.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Ho_Chi_Minh', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(from)).toBe('00:00');
  });

  it('accepting a lower rate terminates the downline contracts it no longer covers, once confirmed', async () => {
    const created = await api.ops({ kind: 'user.create', username: 'agent03', password: 'Agent03pass', type: 'agent', upline: 'agent02' });
    expect(created.ok).toBe(true);
    const a1 = await token('agent01');
    const a2 = await token('agent02');
    const agent02 = await idOf('agent02');
    const agent03 = await idOf('agent03', 'Agent03pass');
    // agent01 cannot contract with agent03: not its direct downline.
    expect((await daily$(a1, { action: 'sign', downlineId: agent03, terms: daily(10) })).body.code).toBe('not_found');

    // The tree's closure rows came with the account: itself, its upline and the top agent above.
    const paths = await t.database.db.execute(sql`
      select u.username, p.depth from user_paths p join users u on u.id = p.ancestor_id where p.descendant_id = ${agent03} order by p.depth`);
    expect((paths as unknown as { rows: { username: string; depth: number }[] }).rows.map((r) => `${r.username}:${r.depth}`)).toEqual(['agent03:0', 'agent02:1', 'agent01:2']);
    await expect(t.database.db.execute(sql`update users set upline_id = null where id = ${agent03}`)).rejects.toThrow();

    const a3 = await token('agent03', 'Agent03pass');
    const given = await daily$(a2, { action: 'sign', downlineId: agent03, terms: daily(50) });
    expect(given.body.code).toBe('ok');
    expect((await daily$(a3, { action: 'accept', contractId: given.body.value.id })).body.value.status).toBe('valid');

    const lower = await daily$(a1, { action: 'sign', downlineId: agent02, terms: daily(40) });
    expect(lower.body.code).toBe('ok');
    const warned = await api.call<{ contracts: agent.TContract[] }>(agent.processDailySalary, { action: 'accept', contractId: lower.body.value.id }, { token: a2 });
    expect(warned.status).toBe(409);
    expect(warned.body.code).toBe('contract_auto_terminate');
    expect(warned.body.value.contracts.map((c) => c.id)).toEqual([given.body.value.id]);
    // Nothing changed while unconfirmed.
    const still = await api.call<{ list: agent.TContract[] }>(agent.contracts, { role: 'downline' }, { token: a3 });
    expect(still.body.value.list.find((c) => c.id === given.body.value.id)?.status).toBe('valid');

    const confirmed = await daily$(a2, { action: 'accept', contractId: lower.body.value.id, confirmAutoTerminate: true });
    expect(confirmed.body.value.status).toBe('valid');
    const after = await api.call<{ list: agent.TContract[] }>(agent.contracts, { role: 'downline' }, { token: a3 });
    expect(after.body.value.list.find((c) => c.id === given.body.value.id)).toMatchObject({ status: 'invalid', endedBy: 'system' });
    const history = await api.call<{ list: agent.TContract[] }>(agent.contracts, { role: 'downline', kind: 'dailySalary' }, { token: a2 });
    expect(history.body.value.list.map((c) => c.status).sort()).toEqual(['expired', 'valid']);

    // Either party terminates a valid contract; a stranger cannot touch it.
    expect((await daily$(a3, { action: 'terminate', contractId: confirmed.body.value.id })).body.code).toBe('not_found');
    const ended = await daily$(a2, { action: 'terminate', contractId: confirmed.body.value.id });
    expect(ended.body.value).toMatchObject({ status: 'invalid', endedBy: 'downline' });
    // A rejected offer stays in the history as rejected.
    await api.ops({ kind: 'contract.platform', username: 'agent01', terms: { kind: 'hourlySalary', ...daily(30) } });
    const hourly = await api.call<agent.TContract>(agent.processHourlySalary, { action: 'sign', downlineId: agent02, terms: daily(20) }, { token: a1 });
    const rejected = await api.call<agent.TContract>(agent.processHourlySalary, { action: 'reject', contractId: hourly.body.value.id }, { token: a2 });
    expect(rejected.body.value.status).toBe('rejected');
  });
});
