import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as agent from '@playhall/contract/calls/agent';
import * as auth from '@playhall/contract/calls/auth';
import * as wallet from '@playhall/contract/calls/wallet';
import type { TCallDef } from '@playhall/contract/define';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';

// The agent centre's team calls (issue 7) on the real server: who may call them at all, that an agent sees
// and acts only inside its own downline tree, and that the team pages report what the team did.

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
const rows = <T>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : ((r as { rows: T[] }).rows ?? []));
async function idOf(username: string): Promise<number> {
  const [row] = rows<{ id: string | number }>(await t.database.db.execute(sql`select id from users where username = ${username}`));
  return Number(row?.id);
}

/** Every agent-centre call with a payload it accepts. */
const CALLS: [TCallDef, Record<string, unknown>][] = [
  [agent.teamOverview, {}],
  [agent.team, {}],
  [agent.registerDownline, { username: 'nobody99', password: 'Nobody99pass', type: 'member' }],
  [agent.teamBets, {}],
  [agent.profitLoss, {}],
  [agent.income, {}],
  [agent.downlineTransactions, {}],
  [agent.affiliateCodes, {}],
  [agent.createAffiliateCode, { type: 'member' }],
  [agent.agentAnnouncements, {}],
  [agent.bills, { kind: 'dividend' }],
  [agent.payBill, { requestId: crypto.randomUUID(), billId: 1, paymentPassword: '123456' }],
  [agent.contracts, {}],
  [agent.processDividend, { action: 'reject', contractId: 1 }],
  [agent.processDailySalary, { action: 'reject', contractId: 1 }],
  [agent.processHourlySalary, { action: 'reject', contractId: 1 }],
  [agent.processRealtimeSalary, { action: 'reject', contractId: 1 }],
];

describe('authorization', () => {
  it('a member cannot call any agent call, and a visitor is asked to log in', async () => {
    const member = await token('member01');
    for (const [def, body] of CALLS) {
      const res = await api.call(def, body, { token: member });
      expect([res.status, res.body.code], def.name).toEqual([403, 'non_agent_login']);
      expect((await api.call(def, body)).status, def.name).toBe(401);
    }
    // Nothing was made on the member's behalf.
    expect(await idOf('nobody99')).toBeNaN();
  });

  it('an agent reads and acts only inside its own downline tree', async () => {
    const a2 = await token('agent02');
    const agent01 = await idOf('agent01');
    const member01 = await idOf('member01');
    // agent01 and member01 are above / beside agent02: not in its tree.
    expect((await api.call(agent.team, { parentId: agent01 }, { token: a2 })).body.code).toBe('not_found');
    expect((await api.call(agent.team, { parentId: member01 }, { token: a2 })).body.code).toBe('not_found');
    const search = await api.call<{ list: agent.TTeamMember[] }>(agent.team, { account: 'member0' }, { token: a2 });
    expect(search.body.value.list.map((m) => m.account)).toEqual(['member03']);
    const bets = await api.call<{ total: number }>(agent.teamBets, { account: 'member01' }, { token: a2 });
    expect(bets.body.value.total).toBe(0);
    const pl = await api.call<{ list: { account: string }[] }>(agent.profitLoss, { account: 'member01' }, { token: a2 });
    expect(pl.body.value.list).toEqual([]);
    const tx = await api.call<{ total: number }>(agent.downlineTransactions, { account: 'agent01' }, { token: a2 });
    expect(tx.body.value.total).toBe(0);
    expect((await api.call(agent.processDailySalary, { action: 'sign', downlineId: member01, terms: { tiers: [{ rate: 1, minActiveMembers: 0, minValidBet: 0 }] } }, { token: a2 })).body.code).toBe('not_found');
    // agent01 sees the whole tree, member03 two levels down included.
    const a1 = await token('agent01');
    const all = await api.call<{ list: agent.TTeamMember[] }>(agent.team, { account: 'member03' }, { token: a1 });
    expect(all.body.value.list[0]).toMatchObject({ account: 'member03', level: 2, uplineAccount: 'agent02' });
  });
});

describe('team pages', () => {
  it('registers a downline with its contract offer, lists it, and reports the team’s money and bets', async () => {
    const a1 = await token('agent01');
    await api.ops({ kind: 'contract.platform', username: 'agent01', terms: { kind: 'dailySalary', tiers: [{ rate: 80, minActiveMembers: 0, minValidBet: 0 }] } });
    const username = `sub${crypto.randomInt(10_000, 99_999)}`;
    const made = await api.call<{ id: number; account: string }>(
      agent.registerDownline,
      { username, password: 'Sub12345pass', type: 'agent', nickname: 'Sub', contracts: [{ kind: 'dailySalary', tiers: [{ rate: 50, minActiveMembers: 0, minValidBet: 0 }] }] },
      { token: a1 },
    );
    expect(made.body.code).toBe('ok');
    expect((await api.call(agent.registerDownline, { username, password: 'Sub12345pass', type: 'member' }, { token: a1 })).body.code).toBe('username_taken');
    // A contract above the agent's own rate makes nothing at all.
    const over = await api.call(agent.registerDownline, { username: `${username}x`, password: 'Sub12345pass', type: 'agent', contracts: [{ kind: 'dailySalary', tiers: [{ rate: 90, minActiveMembers: 0, minValidBet: 0 }] }] }, { token: a1 });
    expect(over.body.code).toBe('contract_rate_exceeds_upline');
    expect(await idOf(`${username}x`)).toBeNaN();

    const sub = await token(username, 'Sub12345pass');
    const offered = await api.call<{ list: agent.TContract[] }>(agent.contracts, { role: 'downline' }, { token: sub });
    expect(offered.body.value.list[0]).toMatchObject({ status: 'awaitingConsent', upline: { account: 'agent01' }, kind: 'dailySalary' });

    const direct = await api.call<{ list: agent.TTeamMember[]; total: number }>(agent.team, {}, { token: a1 });
    expect(direct.body.value.list.map((m) => m.account)).toEqual(expect.arrayContaining(['agent02', 'member01', 'member02', username]));
    const agent02 = direct.body.value.list.find((m) => m.account === 'agent02');
    expect(agent02).toMatchObject({ level: 1, directCount: 1, teamSize: 1, type: 'agent' });
    const below = await api.call<{ list: agent.TTeamMember[] }>(agent.team, { parentId: agent02?.id }, { token: a1 });
    expect(below.body.value.list.map((m) => m.account)).toEqual(['member03']);

    // Money into the team shows in the overview and profit/loss: a deposit-like credit and a transfer out.
    await api.ops({ kind: 'wallet.adjust', username: 'member02', amount: 12_345, reason: 'test', requestId: null });
    const overview = await api.call<{ teamSize: number; directAgents: number; directMembers: number; newMembers: number; teamBalance: number; series: unknown[] }>(agent.teamOverview, {}, { token: a1 });
    // The whole test database was made today: every team member is new in the default 7-day range.
    expect(overview.body.value).toMatchObject({ teamSize: 5, directAgents: 2, directMembers: 2, newMembers: 5 });
    const older = await api.call<{ newMembers: number }>(agent.teamOverview, { from: '2020-01-01', to: '2020-01-31' }, { token: a1 });
    expect(older.body.value.newMembers).toBe(0);
    expect(overview.body.value.series).toHaveLength(7);
    const balances = rows<{ total: string | number }>(
      await t.database.db.execute(sql`select coalesce(sum(balance), 0) as total from ledger_accounts where kind <> 'points' and user_id in (select descendant_id from user_paths where ancestor_id = ${await idOf('agent01')} and depth > 0)`),
    );
    expect(overview.body.value.teamBalance).toBe(Number(balances[0]?.total));
    const txs = await api.call<{ list: { account: string; type: string; amount: number }[] }>(agent.downlineTransactions, { account: 'member02' }, { token: a1 });
    expect(txs.body.value.list[0]).toMatchObject({ account: 'member02', type: 'adjustment', amount: 12_345 });

    // Affiliate codes: made, listed with their link.
    const code = await api.call<{ code: string; url: string; type: string }>(agent.createAffiliateCode, { type: 'agent' }, { token: a1 });
    expect(code.body.value).toMatchObject({ type: 'agent', url: `/?affiliateCode=${code.body.value.code}` });
    const codes = await api.call<{ list: { code: string; registrations: number }[] }>(agent.affiliateCodes, {}, { token: a1 });
    expect(codes.body.value.list.find((c) => c.code === code.body.value.code)?.registrations).toBe(0);

    // Agency announcements are the operator's type-A notices, shown to agents only.
    await api.ops({ kind: 'announce.add', type: 'A', title: 'Agency rates', content: '<p>New tiers</p>', image: null, link: null, until: null });
    const notices = await api.call<{ list: { title: string }[] }>(agent.agentAnnouncements, {}, { token: a1 });
    expect(notices.body.value.list.map((n) => n.title)).toContain('Agency rates');
    // In the agent's language when the operator wrote it (issue 23), else the base text.
    const [row] = rows<{ id: string | number }>(await t.database.db.execute(sql`select id from announcements where type = 'A' and title = 'Agency rates' order by id desc limit 1`));
    await api.ops({ kind: 'content.translate', what: 'announcement', target: String(row?.id), language: 'VI', fields: { title: 'Biểu phí đại lý', content: '<p>Bậc mới</p>' } });
    const vi = await api.call<{ list: { title: string; content: string }[] }>(agent.agentAnnouncements, {}, { token: a1, headers: { language: 'VI' } });
    expect(vi.body.value.list.find((n) => n.title === 'Biểu phí đại lý')?.content).toBe('<p>Bậc mới</p>');
    const en = await api.call<{ list: { title: string }[] }>(agent.agentAnnouncements, {}, { token: a1, headers: { language: 'EN' } });
    expect(en.body.value.list.map((n) => n.title)).toContain('Agency rates');
    const publicList = await api.call<{ player: { title: string }[] }>((await import('@playhall/contract/calls/system')).listAnnouncements, { types: 'PL,PU,PR,H,B' });
    expect(JSON.stringify(publicList.body.value)).not.toContain('Agency rates');

    // Bills: none yet; paying someone else's bill (or none) is not found.
    const bills = await api.call<{ list: unknown[]; totals: { amount: number } }>(agent.bills, { kind: 'dailySalary' }, { token: a1 });
    expect(bills.body.value).toMatchObject({ list: [], totals: { amount: 0 } });
    void wallet;
  });
});
