import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as agent from '@playhall/contract/calls/agent';
import * as auth from '@playhall/contract/calls/auth';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';

// The demo agent's first minutes (issue 16): on the site `npm start` seeds, agent01 holds a platform contract
// of every kind, so its first offer to its sub-agent goes through; an agent holding no contract of a kind is
// told exactly that (contract_not_held), and nothing is offered or registered.

let t: TTestApp;
let api: TApi;
beforeAll(async () => {
  t = await createTestApp({ demoContracts: true });
  api = apiOf(t);
});
afterAll(async () => {
  await t?.close();
});

async function token(username: string): Promise<string> {
  const res = (await api.call(auth.login, { type: 'username', username, password: t.demoPassword }, { ip: freshIp() })) as TLogin;
  expect(res.body.code, username).toBe('ok');
  return res.body.value.token;
}
async function info(tok: string) {
  const res = await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization: tok } });
  return (res.json() as { value: { id: number; salary: boolean; hourSalary: boolean; enableCt: boolean } }).value;
}
const RELAY = {
  dailySalary: agent.processDailySalary,
  hourlySalary: agent.processHourlySalary,
  realtimeSalary: agent.processRealtimeSalary,
  dividend: agent.processDividend,
} as const;
/** A plain offer of each kind, as the offer dialog makes one: one tier from no minimum, below the platform's first rate. */
const FIRST_OFFERS = {
  dailySalary: { tiers: [{ rate: 50, minActiveMembers: 0, minValidBet: 0 }] },
  hourlySalary: { tiers: [{ rate: 10, minActiveMembers: 0, minValidBet: 0 }] },
  realtimeSalary: { profitRate: 5, lossRate: 20, minBetAmount: 1_000_000 },
  dividend: { period: 'semimonthly', tiers: [{ rate: 1_000, minActiveMembers: 0, minNetLoss: 0 }] },
} as const;

describe('the demo agent', () => {
  it('holds a platform contract of every kind, and its first offer of each kind to its sub-agent goes through', async () => {
    const a1 = await token('agent01');
    const held = await api.call<{ list: agent.TContract[] }>(agent.contracts, { role: 'downline', status: 'valid' }, { token: a1 });
    expect(held.body.value.list.map((c) => c.kind).sort()).toEqual([...agent.CONTRACT_KINDS].sort());
    for (const c of held.body.value.list) expect(c.upline.account).toBe('platform');
    // Holding them shows the dividend records, daily wages and hourly salary entries of the agent centre.
    expect(await info(a1)).toMatchObject({ salary: true, hourSalary: true, enableCt: true });

    const agent02 = (await info(await token('agent02'))).id;
    for (const kind of agent.CONTRACT_KINDS) {
      const offered = await api.call<agent.TContract>(RELAY[kind], { action: 'sign', downlineId: agent02, terms: FIRST_OFFERS[kind] }, { token: a1 });
      expect(offered.body.code, kind).toBe('ok');
      expect(offered.body.value).toMatchObject({ kind, status: 'awaitingConsent', downline: { account: 'agent02' } });
    }
  });

  it('an agent holding no contract of a kind is told so, and nothing is offered or registered', async () => {
    const a2 = await token('agent02');
    const member03 = (await info(await token('member03'))).id;
    for (const kind of agent.CONTRACT_KINDS) {
      const refused = await api.call(RELAY[kind], { action: 'sign', downlineId: member03, terms: FIRST_OFFERS[kind] }, { token: a2 });
      expect(refused.status, kind).toBe(409);
      expect(refused.body.code, kind).toBe('contract_not_held');
      expect(refused.body.value).toEqual({ kind });
    }
    const given = await api.call<{ total: number }>(agent.contracts, { role: 'upline' }, { token: a2 });
    expect(given.body.value.total).toBe(0);

    // Registering a downline with an offer of a kind the agent does not hold makes no account either.
    const username = `nc${Date.now().toString(36).slice(-6)}`;
    const register = await api.call(
      agent.registerDownline,
      { username, password: 'Sub12345pass', type: 'agent', contracts: [{ kind: 'dailySalary', ...FIRST_OFFERS.dailySalary }] },
      { token: a2 },
    );
    expect(register.body.code).toBe('contract_not_held');
    const team = await api.call<{ list: agent.TTeamMember[] }>(agent.team, { account: username }, { token: a2 });
    expect(team.body.value.list).toEqual([]);
  });
});
