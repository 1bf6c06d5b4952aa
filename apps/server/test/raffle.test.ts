import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import * as games from '@playhall/contract/calls/games';
import * as promotions from '@playhall/contract/calls/promotions';
import { drawRaffle, raffleCommit, verifyRaffle } from '@playhall/contract/raffle';
import { openDatabase, rowsOf, type TDatabase } from '../src/db/client.ts';
import { parseOpsCommand } from '../src/modules/ops/ops.command.ts';
import { drawRaffleNow, RAFFLE_DRAW_GRACE_MS } from '../src/modules/raffle/raffle.draw.ts';
import { allocateTickets } from '../src/modules/raffle/raffle.tickets.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { createTestApp, TEST_DB, type TTestApp } from './support/test-app.ts';

// Issue 17, the raffle: tickets earned by turnover and numbered once, a draw from a committed seed that anyone can
// re-run, prizes claimed exactly once (MCS2_claimRafflePromotion).

let t: TTestApp;
let api: TApi;
let other: TDatabase | null = null;
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
  // A second process's connections to the same database (on PGlite, one process per database: the same one).
  other = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl, dataDir: null }) : null;
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const PASSWORD = 'Member12345';
const MINUTE = 60_000;
/** The house slot's stake at betPerLine 5,000: 100,000 minor units, one ticket each. */
const STAKE = 100_000;
let seq = 0;
const rid = () => `raffle-${Date.now()}-${seq++}`;

async function query<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(q));
}

async function member(username: string, funds: number): Promise<{ id: number; token: string }> {
  await api.ops({ kind: 'user.create', username, password: PASSWORD, type: 'member', upline: 'agent01' });
  await api.sql(sql`update users set password_initial = false where username = ${username}`);
  if (funds > 0) await api.ops({ kind: 'wallet.adjust', username, amount: funds, reason: 'test funds', requestId: null });
  const [row] = await query<{ id: string }>(sql`select id::text from users where username = ${username}`);
  const res = (await api.call(auth.login, { type: 'username', username, password: PASSWORD }, { ip: freshIp() })) as TLogin;
  expect(res.body.code, username).toBe('ok');
  return { id: Number(row?.id), token: res.body.value.token };
}

/** Spins of the house slot at a stake of 100,000 (settled at once). */
async function spins(token: string, n: number): Promise<void> {
  const launch = await api.call<{ game_url: string }>(
    games.launchGame,
    { launchMode: 'GLS', vassalage: 'PH_SLOT', gameId: 'lucky-crown', merchantCode: 'PLAYHALL', language: 'EN' },
    { token },
  );
  expect(launch.body.code).toBe('ok');
  const gameToken = new URLSearchParams(launch.body.value.game_url.split('#')[1]).get('token') ?? '';
  for (let i = 0; i < n; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/house/play',
      headers: { 'x-game-token': gameToken, 'content-type': 'application/json' },
      payload: JSON.stringify({ input: { betPerLine: 5_000 } }),
    });
    expect(res.json().code).toBe('ok');
  }
}

const detail = async (id: number, token?: string) => (await api.call<promotions.TActivityDetail>(promotions.activityDetail, { id: String(id) }, { token })).body.value;
const claim = (token: string, promotionId: number, requestId = rid()) =>
  api.call<{ prizeName: string; amount: number; balance: number }>(promotions.claimRaffle, { requestId, promotionId }, { token, ip: freshIp() });

async function ticketsOf(activityId: number): Promise<{ number: number; user_id: string }[]> {
  return query(sql`select number, user_id::text from raffle_tickets where activity_id = ${activityId} order by number`);
}

describe(`the raffle on ${TEST_DB}`, () => {
  it('numbers tickets once as turnover earns them, draws from the committed seed, and pays each prize once', async () => {
    const start = new Date(Date.now() - MINUTE);
    const end = new Date(Date.now() + 30 * MINUTE);
    const add = parseOpsCommand([
      'activity', 'add', '--kind', 'raffle', '--category', 'event', '--title', 'Test raffle', '--from', start.toISOString(), '--to', end.toISOString(),
      '--ticket', '1000', '--prizes', 'Gold=5000;Silver=1000',
    ]);
    const added = await api.ops(add);
    const id = (added.data as { id: number }).id;
    expect((await api.ops({ kind: 'activity.schedule', id })).ok).toBe(true);

    const [a, b, c] = [await member('rafa01', 1_000_000), await member('rafb01', 1_000_000), await member('rafc01', 1_000_000)];
    const outsider = await member('rafout01', 1_000_000);
    for (const m of [a, b, c]) expect((await api.call(promotions.joinActivity, { requestId: rid(), id }, { token: m.token })).body.code).toBe('ok');

    // Before the draw: the commit is public, the seed is not; a claim is refused.
    const before = await detail(id, a.token);
    expect(before.raffle).toMatchObject({ seed: null, ticketPer: STAKE, myTickets: [], totalTickets: 0, prizes: [{ name: 'Gold', amount: 500_000 }, { name: 'Silver', amount: 100_000 }], drawnAt: null, winners: [] });
    expect(before.raffle?.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await claim(a.token, id)).body.code).toBe('raffle_not_drawn');

    // A member who did not join earns nothing; the others one ticket per 1,000.00 of valid bet.
    await spins(a.token, 3);
    await spins(b.token, 2);
    await spins(outsider.token, 2);
    // Two numberings at once (on PostgreSQL from two connection pools, as two processes), then a rerun: each ticket once.
    const now = new Date();
    const added1 = await Promise.all([allocateTickets(t.database.db, id, now), allocateTickets((other ?? t.database).db, id, now)]);
    expect(added1[0] + added1[1]).toBe(5);
    expect(await allocateTickets(t.database.db, id, new Date())).toBe(0);
    // Between full passes the job counts again only members who played since its last run.
    const mark = new Date();
    await spins(c.token, 1);
    await spins(a.token, 1);
    expect(await allocateTickets(t.database.db, id, new Date(), { activeSince: mark })).toBe(2);
    expect(await allocateTickets(t.database.db, id, new Date())).toBe(0);
    const tickets = await ticketsOf(id);
    expect(tickets.map((k) => k.number)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const held = (m: { id: number }) => tickets.filter((k) => Number(k.user_id) === m.id).length;
    expect([held(a), held(b), held(c), held(outsider)]).toEqual([4, 2, 1, 0]);
    expect((await detail(id, a.token)).raffle).toMatchObject({ myTickets: tickets.filter((k) => Number(k.user_id) === a.id).map((k) => k.number), totalTickets: 7 });

    // The operator cannot draw before the period ends; the job draws after the grace.
    await expect(api.ops({ kind: 'raffle.draw', id })).rejects.toThrow(/runs until/);
    await t.scheduler.tick(new Date(end.getTime() + RAFFLE_DRAW_GRACE_MS - MINUTE));
    expect((await detail(id)).raffle?.drawnAt).toBeNull();
    // The job and another process draw at the same moment: one draw, one reward per prize.
    const at = new Date(end.getTime() + RAFFLE_DRAW_GRACE_MS + MINUTE);
    await Promise.all([t.scheduler.tick(at), drawRaffleNow((other ?? t.database).db, id, at)]);
    const [drawnOnce] = await query<{ winners: string; rewards: string }>(sql`
      select (select count(*) from raffle_winners where activity_id = ${id})::text as winners,
        (select count(*) from member_rewards where key like ${`raffle:${id}:%`})::text as rewards`);
    expect(drawnOnce).toEqual({ winners: '2', rewards: '2' });
    const after = await detail(id, a.token);
    const view = after.raffle;
    if (!view?.seed) throw new Error('not drawn');
    expect(view.drawnAt).not.toBeNull();
    expect(view.winners).toHaveLength(2);
    // Anyone re-runs it: the seed hashes to the commit shown before, and the published function gives the same winners,
    // from the stored ticket list, and from ticket numbers alone as the browser does.
    expect(await raffleCommit(view.seed)).toBe(before.raffle?.seedHash);
    const holders = tickets.map((k) => k.user_id);
    const stored = await query<{ prize: number; ticket: number; user_id: string }>(sql`select prize, ticket, user_id::text from raffle_winners where activity_id = ${id} order by prize`);
    const published = stored.map((w) => ({ prize: w.prize, ticket: w.ticket, holder: w.user_id }));
    expect(await verifyRaffle({ seed: view.seed, commit: before.raffle?.seedHash ?? '', tickets: holders, winners: published })).toEqual({ commitMatches: true, winnersMatch: true });
    const byNumber = await drawRaffle(view.seed, Array.from({ length: view.totalTickets }, (_, i) => String(i)), view.prizes.length);
    expect(byNumber.map((w) => w.ticket)).toEqual(view.winners.map((w) => w.ticket));
    // Winners are shown masked, the member's own whole.
    for (const w of view.winners) expect(w.member).toMatch(w.mine ? /^rafa01$/ : /^ra\*\*\*01$/);
    expect((await api.ops({ kind: 'raffle.draw', id })).message).toMatch(/was drawn at/);
    expect((await api.ops({ kind: 'raffle.show', id })).message).toContain(`seed ${view.seed}`);

    // A member without a prize is refused; a winner's twenty claims at once pay once.
    const winnerIds = new Set(stored.map((w) => Number(w.user_id)));
    const loser = [a, b, c].find((m) => !winnerIds.has(m.id));
    if (!loser) throw new Error('three members, two prizes: one has none');
    expect((await claim(loser.token, id)).body.code).toBe('raffle_no_prize');
    const winner = [a, b, c].find((m) => winnerIds.has(m.id));
    if (!winner) throw new Error('no winner');
    const prize = stored.filter((w) => Number(w.user_id) === winner.id).reduce((s, w) => s + (w.prize === 0 ? 500_000 : 100_000), 0);
    const [{ balance: cashBefore } = { balance: '0' }] = await query<{ balance: string }>(
      sql`select balance::text from ledger_accounts where user_id = ${winner.id} and wallet = 'MAIN'`,
    );
    const requestIds = Array.from({ length: 20 }, () => rid());
    const answers = await Promise.all(requestIds.map((r) => claim(winner.token, id, r)));
    const won = answers.filter((r) => r.body.code === 'ok');
    expect(won).toHaveLength(1);
    expect(new Set(answers.filter((r) => r.body.code !== 'ok').map((r) => r.body.code))).toEqual(new Set(['reward_already_claimed']));
    expect(won[0]?.body.value).toMatchObject({ amount: prize, balance: Number(cashBefore) + prize });
    const firstRequest = requestIds[answers.indexOf(won[0] as (typeof answers)[number])] ?? '';
    expect((await claim(winner.token, id, firstRequest)).body.value).toEqual(won[0]?.body.value);
    const [paid] = await query<{ n: string; sum: string }>(sql`
      select count(*)::text as n, coalesce(sum(p.amount), 0)::text as sum from journal_entries e join postings p on p.entry_id = e.id and p.amount > 0
      where e.key like 'reward:%:claim' and p.account_id = (select id from ledger_accounts where user_id = ${winner.id} and wallet = 'MAIN')`);
    expect(paid).toEqual({ n: String(stored.filter((w) => Number(w.user_id) === winner.id).length), sum: String(prize) });
    expect((await detail(id, winner.token)).raffle?.winners.filter((w) => w.mine).every((w) => w.claimed)).toBe(true);
    // Another merchant's or a non-raffle id.
    expect((await claim(winner.token, 999_999)).body.code).toBe('not_found');
    expect((await api.ops({ kind: 'ledger.check' })).message).toMatch(/ledger clean/);
  });

  it('a raffle the operator closes early counts bets placed until the close, and ops raffle draw draws it without the grace', async () => {
    const add = parseOpsCommand([
      'activity', 'add', '--kind', 'raffle', '--category', 'event', '--title', 'Short raffle', '--from', new Date(Date.now() - MINUTE).toISOString(),
      '--to', new Date(Date.now() + 60 * MINUTE).toISOString(), '--ticket', '1000', '--prizes', 'Only=100',
    ]);
    const id = ((await api.ops(add)).data as { id: number }).id;
    await api.ops({ kind: 'activity.schedule', id });
    const m = await member('rafclose01', 1_000_000);
    expect((await api.call(promotions.joinActivity, { requestId: rid(), id }, { token: m.token })).body.code).toBe('ok');
    await spins(m.token, 2);
    await new Promise((r) => setTimeout(r, 20));
    expect((await api.ops({ kind: 'activity.close', id })).ok).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    await spins(m.token, 3);
    const drawn = await api.ops({ kind: 'raffle.draw', id });
    expect(drawn.message).toMatch(new RegExp(`^raffle ${id} drawn: 2 tickets, 1 prize\\(s\\) won`));
    const claimed = await claim(m.token, id);
    expect(claimed.body.value).toMatchObject({ prizeName: 'Only', amount: 10_000 });
    const audits = await query<{ action: string }>(sql`select action from audit_log where target = ${`activity:${id}`} order by id`);
    expect(audits.map((a) => a.action)).toEqual(['activity.add', 'activity.schedule', 'activity.close', 'raffle.draw']);
    expect((await api.ops({ kind: 'ledger.check' })).message).toMatch(/ledger clean/);
  });
});
