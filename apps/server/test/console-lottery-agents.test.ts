import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import * as games from '@playhall/contract/calls/games';
import * as wallet from '@playhall/contract/calls/wallet';
import type { TBill, TContract } from '@playhall/contract/calls/agent';
import * as la from '@playhall/contract/console-lottery-agents';
import { STAKES } from '@playhall/contract/stakes';
import { rowsOf } from '../src/db/client.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { consoleCall, enrolledOperator, opsAs } from './support/console.ts';
import { createTestApp, TEST_DB, type TTestApp } from './support/test-app.ts';

// The console's lottery and agents pages over HTTP with real operator sessions (issue 24): draws listed, a result
// entered for an operator-sourced draw settles and pays as `ops lottery result` does, a void refunds, each with its
// audit row; the demo agent tree a level at a time; contracts, bills and frozen accounts; refusals by role and input.

let t: TTestApp;
let api: TApi;
let admin = '';
let risk = '';
let support = '';
let marketing = '';

beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
  admin = (await enrolledOperator(t, 'la-admin', 'admin')).cookie;
  risk = (await enrolledOperator(t, 'la-risk', 'risk')).cookie;
  support = (await enrolledOperator(t, 'la-support', 'support')).cookie;
  marketing = (await enrolledOperator(t, 'la-marketing', 'marketing')).cookie;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const M = STAKES.minStake;
const db = () => t.database.db;
const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(query));
const audits = (action: string) => q<{ actor: string; target: string; reason: string | null; after: unknown }>(sql`select actor, target, reason, after from audit_log where action = ${action} order by id`);

async function token(username: string): Promise<string> {
  const res = (await api.call(auth.login, { type: 'username', username, password: t.demoPassword }, { ip: freshIp() })) as TLogin;
  expect(res.body.code).toBe('ok');
  return res.body.value.token;
}
const balance = async (tok: string) => (await api.call<wallet.TBalance>(wallet.balance, {}, { token: tok })).body.value.sumBalance;

/** The current draw of a game, open at least 10 s more. */
async function currentDraw(gameCode: string): Promise<string> {
  for (;;) {
    const res = await api.call<{ game: games.TLottoGame }>(games.lottoGame, { gameCode });
    const closeAt = res.body.value.game.currentDraw?.closeAt;
    const left = closeAt ? Date.parse(closeAt) - Date.now() : Infinity;
    if (left > 10_000) return res.body.value.game.currentDraw?.drawNo ?? '';
    await new Promise((resolve) => setTimeout(resolve, left + 500));
  }
}
const passTime = (gameCode: string, drawNo: string) =>
  db().execute(sql`update lottery_draws set close_at = now() - interval '2 seconds', draw_at = now() - interval '1 second' where game_code = ${gameCode} and draw_no = ${drawNo}`);
const place = (tok: string, gameCode: string, drawNo: string, bets: { betType: games.TLotteryBetType; numbers: string[]; stake: number }[], totalAmount: number) =>
  api.call(games.placeBets, { requestId: crypto.randomUUID(), gameCode, drawNo, bets, totalAmount }, { token: tok });

const TABLE = {
  DB: ['12345'],
  G1: ['00001'],
  G2: ['00002', '00003'],
  G3: ['00004', '00005', '00006', '00007', '00008', '00009'],
  G4: ['0010', '0011', '0012', '0013'],
  G5: ['0014', '0015', '0016', '0017', '0018', '0019'],
  G6: ['020', '021', '022'],
  G7: ['23', '24', '25', '26'],
};

describe(`console lottery pages on ${TEST_DB}`, () => {
  it('lists the games with their prize shapes and a game’s draws by state, paged', async () => {
    const gamesRes = await consoleCall<{ list: la.TConsoleLotteryGame[] }>(t, la.consoleLotteryGames, {}, { cookie: risk });
    expect(gamesRes.status).toBe(200);
    const el5 = gamesRes.body.value.list.find((g) => g.code === 'EL5');
    expect(el5).toMatchObject({ structure: 'north', resultSource: 'house' });
    expect(el5?.prizes.map((p) => p.prize)).toEqual(Object.keys(TABLE));

    await t.scheduler.tick(new Date());
    const all = await consoleCall<{ list: la.TConsoleDrawRow[]; total: number }>(t, la.consoleLotteryDraws, { game: 'EL1', pageSize: 5 }, { cookie: risk });
    expect(all.status).toBe(200);
    expect(all.body.value.list.length).toBeGreaterThan(0);
    expect(all.body.value.list.length).toBeLessThanOrEqual(5);
    expect(all.body.value.total).toBeGreaterThanOrEqual(all.body.value.list.length);
    const drawAts = all.body.value.list.map((d) => d.drawAt);
    expect([...drawAts].sort().reverse()).toEqual(drawAts);
    const open = await consoleCall<{ list: la.TConsoleDrawRow[] }>(t, la.consoleLotteryDraws, { game: 'EL1', status: 'open', pageSize: 100 }, { cookie: risk });
    expect(open.body.value.list.length).toBeGreaterThan(0);
    expect(open.body.value.list.every((d) => d.status === 'open' && Date.parse(d.closeAt) > Date.now() - 5_000)).toBe(true);

    expect((await consoleCall(t, la.consoleLotteryDraws, { game: 'NOPE' }, { cookie: risk })).body.code).toBe('not_found');
    const bad = await consoleCall<{ issues: { path: string }[] }>(t, la.consoleLotteryDraws, { game: 'EL1', status: 'won' }, { cookie: risk });
    expect(bad.status).toBe(400);
    expect(bad.body.value.issues.map((i) => i.path)).toEqual(['status']);
  });

  it('enters a result for an operator-sourced draw: settled and paid as the CLI does, audited with the operator', async () => {
    const src = await consoleCall(t, la.consoleLotterySource, { game: 'EL5', source: 'operator' }, { cookie: admin });
    expect(src.body.code).toBe('ok');
    // Draws made from now on have no seed.
    await db().execute(sql`delete from lottery_draws d where game_code = 'EL5' and not exists (select 1 from lottery_tickets t where t.draw_id = d.id)`);
    await t.scheduler.tick(new Date(Date.now() + 20 * 60_000));
    const tok = await token('member02');
    const drawNo = await currentDraw('EL5');
    const before = await balance(tok);
    expect((await place(tok, 'EL5', drawNo, [{ betType: 'de', numbers: ['45'], stake: 10 * M }, { betType: 'lo2', numbers: ['45'], stake: M }], 37 * M)).body.code).toBe('ok');

    // Betting still open: refused as a conflict, nothing entered.
    const early = await consoleCall(t, la.consoleLotteryResult, { game: 'EL5', drawNo, prizes: TABLE }, { cookie: admin });
    expect([early.status, early.body.code]).toEqual([409, 'conflict']);
    await passTime('EL5', drawNo);
    await t.scheduler.tick(new Date());
    const closed = await consoleCall<{ list: la.TConsoleDrawRow[] }>(t, la.consoleLotteryDraws, { game: 'EL5', status: 'closed' }, { cookie: risk });
    expect(closed.body.value.list.map((d) => d.drawNo)).toContain(drawNo);

    // A wrong table: field errors per prize, nothing saved.
    const auditBefore = (await audits('lottery.result')).length;
    const wrong = await consoleCall<{ issues: { path: string; message: string }[] }>(
      t,
      la.consoleLotteryResult,
      { game: 'EL5', drawNo, prizes: { ...TABLE, G1: [], G2: ['00002'], G7: ['23', '24', '25', '2'], G9: ['1'] } },
      { cookie: admin },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.value.issues).toEqual(
      expect.arrayContaining([
        { path: 'prizes.G9', message: 'prize_unknown' },
        { path: 'prizes.G1', message: 'prize_missing' },
        { path: 'prizes.G2', message: 'prize_count' },
        { path: 'prizes.G7', message: 'prize_digits' },
      ]),
    );
    const letters = await consoleCall<{ issues: { path: string }[] }>(t, la.consoleLotteryResult, { game: 'EL5', drawNo, prizes: { ...TABLE, DB: ['12a45'] } }, { cookie: admin });
    expect(letters.body.value.issues.map((i) => i.path)).toEqual(['prizes.DB.0']);
    // Risk may look, not enter.
    expect((await consoleCall(t, la.consoleLotteryResult, { game: 'EL5', drawNo, prizes: TABLE }, { cookie: risk })).status).toBe(403);
    const [still] = await q<{ status: string }>(sql`select status from lottery_draws where game_code = 'EL5' and draw_no = ${drawNo}`);
    expect(still?.status).toBe('open');
    expect(await audits('lottery.result')).toHaveLength(auditBefore);

    const entered = await consoleCall<{ message: string; tickets: number; winners: number; paid: number }>(t, la.consoleLotteryResult, { game: 'el5', drawNo, prizes: TABLE }, { cookie: admin });
    expect(entered.body.code).toBe('ok');
    expect(entered.body.value).toMatchObject({ tickets: 2, winners: 2, paid: 950 * M + 99 * M });
    expect(await balance(tok)).toBe(before - 37 * M + 950 * M + 99 * M);
    const audit = (await audits('lottery.result')).at(-1);
    expect(audit).toMatchObject({ actor: 'operator:la-admin', target: `lottery:EL5:${drawNo}` });
    const settled = await consoleCall<{ list: la.TConsoleDrawRow[] }>(t, la.consoleLotteryDraws, { game: 'EL5', status: 'settled' }, { cookie: risk });
    expect(settled.body.value.list.find((d) => d.drawNo === drawNo)?.result?.[0]).toEqual({ prize: 'DB', numbers: ['12345'] });

    // Entered twice: refused, nothing paid again.
    const again = await consoleCall(t, la.consoleLotteryResult, { game: 'EL5', drawNo, prizes: TABLE }, { cookie: admin });
    expect([again.status, again.body.code]).toEqual([409, 'conflict']);
    expect(await balance(tok)).toBe(before - 37 * M + 950 * M + 99 * M);
    expect((await consoleCall(t, la.consoleLotteryResult, { game: 'EL5', drawNo: '19990101-0001', prizes: TABLE }, { cookie: admin })).body.code).toBe('not_found');
  });

  it('voids a draw with a reason: stakes refunded, audited; without a reason nothing changes', async () => {
    await t.scheduler.tick(new Date());
    const tok = await token('member02');
    const drawNo = await currentDraw('EL5');
    const before = await balance(tok);
    expect((await place(tok, 'EL5', drawNo, [{ betType: 'de', numbers: ['11'], stake: 7 * M }], 7 * M)).body.code).toBe('ok');

    const noReason = await consoleCall<{ issues: { path: string; message: string }[] }>(t, la.consoleLotteryVoid, { game: 'EL5', drawNo, reason: ' ' }, { cookie: admin });
    expect(noReason.status).toBe(400);
    expect(noReason.body.value.issues).toEqual([expect.objectContaining({ path: 'reason', message: 'reason_required' })]);
    expect((await consoleCall(t, la.consoleLotteryVoid, { game: 'EL5', drawNo, reason: 'Provider outage' }, { cookie: support })).status).toBe(403);
    expect(await balance(tok)).toBe(before - 7 * M);

    const voided = await consoleCall<{ message: string; tickets: number; paid: number }>(t, la.consoleLotteryVoid, { game: 'EL5', drawNo, reason: 'Provider outage' }, { cookie: admin });
    expect(voided.body.code).toBe('ok');
    expect(voided.body.value).toMatchObject({ tickets: 1, paid: 7 * M });
    expect(await balance(tok)).toBe(before);
    expect((await audits('lottery.void')).at(-1)).toMatchObject({ actor: 'operator:la-admin', target: `lottery:EL5:${drawNo}`, reason: 'Provider outage' });
    const listed = await consoleCall<{ list: la.TConsoleDrawRow[] }>(t, la.consoleLotteryDraws, { game: 'EL5', status: 'void' }, { cookie: admin });
    expect(listed.body.value.list.map((d) => d.drawNo)).toContain(drawNo);
    expect((await api.ops({ kind: 'ledger.check' })).message).toMatch(/ledger clean/);
    await opsAs(t, { kind: 'lottery.source', game: 'EL5', source: 'house' });
  });
});

describe(`console agents pages on ${TEST_DB}`, () => {
  type TTree = { list: la.TConsoleTreeRow[]; total: number; parent: { id: number; account: string; upline: string | null } | null };
  const idOf = async (username: string) => Number((await q<{ id: number }>(sql`select id from users where username = ${username}`))[0]?.id);

  it('opens the demo tree a level at a time: agent01 → agent02 → member03', async () => {
    const top = await consoleCall<TTree>(t, la.consoleAgentTree, {}, { cookie: support });
    expect(top.status).toBe(200);
    expect(top.body.value.parent).toBeNull();
    const agent01 = top.body.value.list.find((r) => r.account === 'agent01');
    expect(agent01).toMatchObject({ type: 'agent', directCount: 3, teamSize: 4, status: 'active' });
    // Only the top: no downline appears at this level.
    expect(top.body.value.list.map((r) => r.account)).not.toContain('agent02');

    const level1 = await consoleCall<TTree>(t, la.consoleAgentTree, { parentId: agent01?.id }, { cookie: support });
    expect(level1.body.value.parent).toMatchObject({ account: 'agent01', upline: null });
    expect(level1.body.value.list.map((r) => r.account)).toEqual(['agent02', 'member01', 'member02']);
    const agent02 = level1.body.value.list.find((r) => r.account === 'agent02');
    expect(agent02).toMatchObject({ directCount: 1, teamSize: 1 });

    const level2 = await consoleCall<TTree>(t, la.consoleAgentTree, { parentId: agent02?.id }, { cookie: support });
    expect(level2.body.value.parent).toMatchObject({ account: 'agent02', upline: 'agent01' });
    expect(level2.body.value.list.map((r) => [r.account, r.directCount, r.teamSize])).toEqual([['member03', 0, 0]]);
    const leaf = await consoleCall<TTree>(t, la.consoleAgentTree, { parentId: level2.body.value.list[0]?.id }, { cookie: support });
    expect(leaf.body.value).toMatchObject({ list: [], total: 0 });

    expect((await consoleCall(t, la.consoleAgentTree, { parentId: 999_999 }, { cookie: support })).body.code).toBe('not_found');
    expect((await consoleCall(t, la.consoleAgentTree, { parentId: 'x' }, { cookie: support })).status).toBe(400);
    expect((await consoleCall(t, la.consoleAgentTree, {}, { cookie: marketing })).status).toBe(403);
  });

  it('a platform contract through the console (ops contract platform), listed as given and received, with its audit', async () => {
    const agent01 = await idOf('agent01');
    const terms = { kind: 'dailySalary', tiers: [{ rate: 80, minActiveMembers: 0, minValidBet: 0 }] };
    // Bad terms: field errors, nothing saved; support may look, not sign.
    const bad = await consoleCall<{ issues: { path: string }[] }>(t, la.consoleAgentPlatformContract, { id: agent01, terms: { kind: 'dailySalary', tiers: [{ rate: 20_000, minActiveMembers: 0 }] } }, { cookie: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.value.issues.map((i) => i.path)).toEqual(['terms.tiers.0.rate']);
    expect((await consoleCall(t, la.consoleAgentPlatformContract, { id: agent01, terms }, { cookie: support })).status).toBe(403);
    expect(await q(sql`select id from contracts where downline_id = ${agent01}`)).toHaveLength(0);
    // Only top agents sign with the platform: the command's refusal as a conflict.
    const sub = await consoleCall(t, la.consoleAgentPlatformContract, { id: await idOf('agent02'), terms }, { cookie: admin });
    expect([sub.status, sub.body.code]).toEqual([409, 'conflict']);

    const signed = await consoleCall<{ message: string }>(t, la.consoleAgentPlatformContract, { id: agent01, terms }, { cookie: admin });
    expect(signed.body.code).toBe('ok');
    expect(signed.body.value.message).toMatch(/platform dailySalary contract \d+ with agent01/);
    const audit = (await audits('contract.platform')).at(-1);
    expect(audit).toMatchObject({ actor: 'operator:la-admin', target: `user:${agent01}` });

    const received = await consoleCall<{ list: TContract[]; total: number }>(t, la.consoleAgentContracts, { id: agent01, role: 'received' }, { cookie: support });
    expect(received.body.value.total).toBe(1);
    expect(received.body.value.list[0]).toMatchObject({ kind: 'dailySalary', status: 'valid', upline: { account: 'platform' }, downline: { account: 'agent01' } });
    const given = await consoleCall<{ list: TContract[]; total: number }>(t, la.consoleAgentContracts, { id: agent01, role: 'given' }, { cookie: support });
    expect(given.body.value.total).toBe(0);

    // Its start moved (ops contract start): audited with before and after.
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const bogus = await consoleCall<{ issues: { path: string }[] }>(t, la.consoleAgentContractStart, { id: agent01, kind: 'dailySalary', from: 'yesterday' }, { cookie: admin });
    expect(bogus.body.value.issues.map((i) => i.path)).toEqual(['from']);
    const moved = await consoleCall<{ message: string }>(t, la.consoleAgentContractStart, { id: agent01, kind: 'dailySalary', from }, { cookie: admin });
    expect(moved.body.code).toBe('ok');
    expect((await audits('contract.start')).at(-1)).toMatchObject({ actor: 'operator:la-admin', after: { effectiveFrom: from } });
    const none = await consoleCall(t, la.consoleAgentContractStart, { id: agent01, kind: 'dividend', from }, { cookie: admin });
    expect([none.status, none.body.code]).toEqual([409, 'conflict']);
  });

  it('lists an account’s bills by kind and role, and the accounts frozen by a refused dividend', async () => {
    const agent01 = await idOf('agent01');
    const agent02 = await idOf('agent02');
    // A dividend agent02 → member03 and two of its bills, one paid and one refused (unpaid past its deadline) as the
    // settlement leaves them, set up directly: the pages only read them.
    const [contract] = await q<{ id: number }>(sql`
      insert into contracts (merchant_id, kind, upline_id, downline_id, status, terms, max_rate, responded_at, effective_from)
      values (${t.merchantId}, 'dividend', ${agent02}, ${await idOf('member03')}, 'valid', ${JSON.stringify({ kind: 'dividend', period: 'weekly', tiers: [{ rate: 1000, minActiveMembers: 0, minNetLoss: 0 }] })}::jsonb, 1000, now(), now() - interval '30 days')
      returning id`);
    await db().execute(sql`
      insert into contract_bills (merchant_id, contract_id, kind, period, period_start, period_end, base, rate, amount, paid_amount, status, payer_id, payee_id, deadline)
      values (${t.merchantId}, ${contract?.id}, 'dividend', '2020-W01', now() - interval '20 days', now() - interval '13 days', 500000, 1000, 50000, 10000, 'refused', ${agent02}, ${await idOf('member03')}, now() - interval '11 days'),
             (${t.merchantId}, ${contract?.id}, 'dividend', '2020-W02', now() - interval '13 days', now() - interval '6 days', 300000, 1000, 30000, 30000, 'paid', ${agent02}, ${await idOf('member03')}, now() - interval '4 days')`);

    const owed = await consoleCall<{ list: TBill[]; total: number; totals: { amount: number; paidAmount: number } }>(t, la.consoleAgentBills, { id: agent02, kind: 'dividend', role: 'payer' }, { cookie: support });
    expect(owed.status).toBe(200);
    expect(owed.body.value.total).toBe(2);
    expect(owed.body.value.totals).toEqual({ amount: 80000, paidAmount: 40000 });
    expect(owed.body.value.list.map((b) => [b.period, b.status, b.payer?.account, b.payee.account])).toEqual([
      ['2020-W02', 'paid', 'agent02', 'member03'],
      ['2020-W01', 'refused', 'agent02', 'member03'],
    ]);
    const refused = await consoleCall<{ total: number }>(t, la.consoleAgentBills, { id: agent02, kind: 'dividend', role: 'payer', status: 'refused' }, { cookie: support });
    expect(refused.body.value.total).toBe(1);
    const asPayee = await consoleCall<{ total: number }>(t, la.consoleAgentBills, { id: agent02, kind: 'dividend', role: 'payee' }, { cookie: support });
    expect(asPayee.body.value.total).toBe(0);
    expect((await consoleCall(t, la.consoleAgentBills, { id: agent02, kind: 'weekly' }, { cookie: support })).status).toBe(400);

    const frozen = await consoleCall<{ list: { account: string; upline: string | null; bills: number; owed: number }[]; total: number }>(t, la.consoleAgentFrozen, {}, { cookie: support });
    expect(frozen.body.value).toMatchObject({ total: 1, list: [{ account: 'agent02', upline: 'agent01', bills: 1, owed: 40000 }] });
    // The tree says so too.
    const level1 = await consoleCall<TTree>(t, la.consoleAgentTree, { parentId: agent01 }, { cookie: support });
    expect(level1.body.value.list.find((r) => r.account === 'agent02')?.status).toBe('frozen');
    expect((await consoleCall(t, la.consoleAgentFrozen, {}, { cookie: marketing })).status).toBe(403);
  });
});
