import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import * as auth from '@playhall/contract/calls/auth';
import * as games from '@playhall/contract/calls/games';
import * as points from '@playhall/contract/calls/points';
import * as promotions from '@playhall/contract/calls/promotions';
import * as wallet from '@playhall/contract/calls/wallet';
import { LAUNCH } from '@playhall/contract/constants';
import { LOYALTY_CATEGORIES } from '@playhall/contract/calls/loyalty';
import { STAKES } from '@playhall/contract/stakes';
import { rowsOf } from '../../src/db/client.ts';
import { deposits, users, withdrawals } from '../../src/db/schema.ts';
import { signBody } from '../../src/lib/hmac-signature.ts';
import { createRaster, encodePng } from '../../src/lib/png.ts';
import { installSecret } from '../../src/modules/crypto/install-secret.ts';
import { HOUSE_SECRET_PURPOSE } from '../../src/modules/house/house.module.ts';
import { ACCRUAL_WINDOW_MS } from '../../src/modules/points/points.accrual.ts';
import { drawFromSeed, indexResult, settleTicket } from '../../src/modules/lottery-engine/index.ts';
import { createLedgerRepository } from '../../src/modules/ledger/ledger.repository.ts';
import { createLedger } from '../../src/modules/ledger/ledger.service.ts';
import { sweepBonuses } from '../../src/modules/rewards/bonus-turnover.ts';
import { grantReward, type TGrantInput } from '../../src/modules/rewards/rewards.service.ts';
import { createWithdrawalRepository } from '../../src/modules/withdrawal/withdrawal.repository.ts';
import { createWithdrawalReview } from '../../src/modules/withdrawal/withdrawal.review.ts';
import { apiOf, type TApi, type TLogin } from './api.ts';
import { TEST_MERCHANT, type TTestApp } from './test-app.ts';

/**
 * The model-based money test (issue 22): random short sequences of real money moves against the real server, beside a
 * small in-memory model of what each member's wallet must hold. After every step every balance the model knows is
 * compared with the server's (the ledger's wallet rows and the member's balance call); after every sequence the ledger
 * check must be clean. A command knows its expected outcome from the model alone, so a server that moves money twice,
 * not at all, or refuses what it should take fails the step that did it, and fast-check shrinks the sequence.
 *
 * The members are made once per server and kept across sequences; each sequence starts its model from what the server
 * holds then, so no sequence needs a fresh database.
 */

const PASSWORD = 'Model12345';
const PAY = '654321';
const AGENT = 'mdlagent';
export const MEMBERS = ['mdlmem1', 'mdlmem2', 'mdlmem3'] as const;
/** The member of the bonus steps (a bonus, house-slot spins, the reward centre, withdrawals); the other steps leave it alone. */
const BONUS_MEMBER = 'mdlbonus';
/** Lines of the house slot lucky-crown: a spin stakes betPerLine × this. */
const SLOT_LINES = 20;
const SLOT = 'PH_SLOT';
/** Withdrawal fee of this test in basis points (the test file sets it; the server reads it on every use). */
export const FEE_BP = 100;
const fee = (amount: number) => Math.ceil((amount * FEE_BP) / 10_000);
/** A member with less than this at the start of a sequence is topped up by an operator adjustment. */
const TOP_UP_BELOW = 20_000_000;
const TOP_UP = 40_000_000;
/** Points convert at 1,000 points to 10,000.00, from 1,000 points up (set by `ops points config` when the pool is made). */
const CONVERT = { points: 1_000, amount: 1_000_000, min: 1_000 };
/** The lottery game of the model: an e-lottery (north table) whose results the operator enters (`ops lottery result`). */
const LOTTO_GAME = 'EL5';
/** Lottery bet types of the model and what one number costs per unit of stake (lô 2 on a north draw: 27 endings). */
type TLottoBet = 'lo2' | 'de';
const CHARGE: Record<TLottoBet, number> = { lo2: 27, de: 1 };
/** Points accrue for lottery tickets only (every other category off), 1 point per this much valid bet: not a round figure, so the floor shows. */
export const LOTT_POINT_RATE = 300_007;
/** The platform's hourly-salary contract with the agent: this rate (of 10,000) of its team's valid bet, from one tier with no minimum. */
export const SALARY_RATE = 37;
/** The hours the salary steps settle, one of its own per step from here on (long before any real bet). */
const SALARY_HOURS_FROM = Date.UTC(2001, 0, 1);
const PNG = encodePng(createRaster(6, 4, [20, 120, 200])).toString('base64');

/** `slot` and `lotto`: the PH_SLOT and PH_ELOTT transfer wallets (a transfer-wallet site; 0 on a one-wallet site). */
type TBalances = { main: number; held: number; points: number; slot: number; lotto: number; bonus: number };
type TWalletKey = 'main' | 'slot' | 'lotto';
const WALLET_CODES: Record<TWalletKey, string> = { main: 'MAIN', slot: SLOT, lotto: 'PH_ELOTT' };
type TUser = { name: string; id: number; token: string; gameToken: string; houseToken: string; cardId: number };
type TSeamlessAnswer = { status: string; balance: number | null; error?: string; duplicate: boolean };

/** The server side of the model: the app, its API client and the pool of members. */
export interface TWorld {
  t: TTestApp;
  api: TApi;
  users: Map<string, TUser>;
  seamlessSecret: string;
  gatewaySecret: string;
  sandboxChannel: number;
  run: number;
  /** Where seamless bets are paid from: the main wallet (one-wallet site) or PH_SLOT's transfer wallet. */
  gameWallet: 'main' | 'slot';
  /** The model's lottery game: its row and its odds per bet type. */
  lotto: { gameRowId: number; odds: Record<TLottoBet, number> };
  /** Lottery tickets were settled since the points accrual last ran: the next sequence runs it before it starts. */
  accrualDue: boolean;
  /** A sequence left the bonus member's bonus open: the next one forfeits it (the expiry sweep) before it starts. */
  bonusLeftOpen: boolean;
  /** Steps run per kind (their class), for the run's summary: how often each kind was really exercised. */
  counts: Map<string, number>;
  /** Salary steps run on this server: the next one settles the hour this many hours after SALARY_HOURS_FROM. */
  salaryHours: number;
}

export interface TModel {
  /** Main wallet, the amount held by pending withdrawals and the points, per username. */
  bal: Map<string, TBalances>;
  /** Seamless transactions of this sequence and their first answers. */
  debits: { user: string; txn: string; round: string; amount: number; moved: boolean; refunded: boolean }[];
  answers: Map<string, { body: Record<string, unknown>; op: string; answer: TSeamlessAnswer }>;
  transfers: { from: string; to: string; down: boolean; requestId: string; amount: number; answer: unknown }[];
  withdrawals: { user: string; id: number | null; requestId: string; amount: number; fee: number; status: string; received: number | null }[];
  /** The sequence's open lottery draw (made by its first bet) and its tickets. */
  draw: { id: number; drawNo: string; tickets: { user: string; betType: TLottoBet; numbers: string[]; stake: number; amount: number; oddsX1000: number }[] } | null;
  /**
   * Valid lottery bet per member and 15-minute window of settlement (the points accrual's windows): `prior` settled
   * before this sequence and already paid (read once when needed), `fresh` settled in it since the accrual last ran.
   */
  windows: Map<string, { user: string; start: number; prior: number | null; fresh: number }>;
  /** The bonus member's open bonus: its turnover required and done (valid bet since its grant) and its withdrawal policy. */
  bonus: { required: number; done: number; policy: 'refuse' | 'forfeit' } | null;
  /** Draws this sequence settled whose valid bet no salary step has billed yet: the team's valid bet of each. */
  settledDraws: { id: number; validBet: number }[];
  /** This sequence's prefix of transaction and request ids, and the counter after it. */
  uid: string;
  seq: number;
}

let ipSeq = 0;
/** A client address per call: the per-IP limits of the password-checked calls never reach this test. */
function ip(): string {
  ipSeq++;
  return `10.${20 + ((ipSeq >> 16) & 0x7f)}.${(ipSeq >> 8) & 0xff}.${ipSeq & 0xff}`;
}

function expectEq(actual: unknown, expected: unknown, what: string): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}: expected ${e}, server has ${a}`);
}

/** Makes the agent and its three members once: logins, payment passwords, bank cards, game launches. */
export async function createWorld(t: TTestApp, opts: { transferWallets?: boolean } = {}): Promise<TWorld> {
  const api = apiOf(t);
  const pool = new Map<string, TUser>();
  for (const name of [AGENT, ...MEMBERS, BONUS_MEMBER]) {
    const isAgent = name === AGENT;
    await api.ops({ kind: 'user.create', username: name, password: PASSWORD, type: isAgent ? 'agent' : 'member', upline: isAgent ? null : AGENT });
    await api.sql(sql`update users set password_initial = false where username = ${name}`);
    await api.ops({ kind: 'wallet.adjust', username: name, amount: TOP_UP, reason: 'model funds', requestId: null });
    const login = (await api.call(auth.login, { type: 'username', username: name, password: PASSWORD }, { ip: ip() })) as TLogin;
    const token = login.body.value.token;
    const pay = await api.call(wallet.setPaymentPassword, { loginPassword: PASSWORD, newPaymentPassword: PAY, confirmPaymentPassword: PAY }, { token, ip: ip() });
    if (pay.body.code !== 'ok') throw new Error(`payment password of ${name}: ${pay.body.code}`);
    const card = await api.call<wallet.TBankCard>(wallet.bindBankCard, { bankCode: 'VCB', accountName: 'Model Member', accountNumber: `00710000${pool.size}1234`, paymentPassword: PAY }, { token, ip: ip() });
    const launch = await api.call<{ game_url: string }>(games.launchGame, { launchMode: LAUNCH.launchMode, merchantCode: TEST_MERCHANT, vassalage: SLOT, gameId: 'lucky-crown', language: 'EN' }, { token });
    const gameToken = new URLSearchParams(launch.body.value.game_url.split('#')[1]).get('token') ?? '';
    const house = await api.call<{ game_url: string }>(games.launchGame, { launchMode: 'GLS', merchantCode: TEST_MERCHANT, vassalage: SLOT, gameId: 'lucky-crown', language: 'EN' }, { token });
    const houseToken = new URLSearchParams(house.body.value.game_url.split('#')[1]).get('token') ?? '';
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, name));
    pool.set(name, { name, id: Number(row?.id), token, gameToken, houseToken, cardId: card.body.value.id });
  }
  if (opts.transferWallets) await api.ops({ kind: 'walletMode.set', mode: 'transfer' });
  // Points for lottery tickets only: the seamless rounds of this test earn none, so the model needs no category rules.
  const rates = Object.fromEntries(LOYALTY_CATEGORIES.map((c) => [c, c === 'LOTT' ? LOTT_POINT_RATE : null]));
  await api.ops({ kind: 'points.config', rates, convert: { points: CONVERT.points, amount: CONVERT.amount }, minConvert: CONVERT.min, rules: null });
  const listed = (await api.ops({ kind: 'paymentChannel.list' })).data as { id: number; gateway: string | null }[];
  const sandboxChannel = listed.find((c) => c.gateway === 'sandbox')?.id;
  if (!sandboxChannel) throw new Error('no sandbox channel');
  await api.ops({ kind: 'lottery.source', game: LOTTO_GAME, source: 'operator' });
  // The platform pays the agent an hourly salary on its team's valid bet, from long before the hours the salary steps settle.
  const salaryTerms = { kind: 'hourlySalary' as const, tiers: [{ rate: SALARY_RATE, minActiveMembers: 0, minValidBet: 0 }] };
  await api.ops({ kind: 'contract.platform', username: AGENT, terms: salaryTerms, from: '2000-01-01T00:00:00Z' });
  const [game] = rowsOf<{ id: number; bet_types: Record<string, { oddsX1000: number }> }>(
    await t.database.db.execute(sql`select id, bet_types from lottery_games where merchant_id = ${t.merchantId} and game_code = ${LOTTO_GAME}`),
  );
  if (!game) throw new Error(`no lottery game ${LOTTO_GAME}`);
  return {
    lotto: { gameRowId: Number(game.id), odds: { lo2: game.bet_types.lo2?.oddsX1000 ?? 0, de: game.bet_types.de?.oddsX1000 ?? 0 } },
    accrualDue: false,
    bonusLeftOpen: false,
    counts: new Map(),
    salaryHours: 0,
    t,
    api,
    users: pool,
    seamlessSecret: await installSecret(t.database.db, HOUSE_SECRET_PURPOSE),
    gatewaySecret: await installSecret(t.database.db, 'sandbox-gateway-hmac'),
    sandboxChannel,
    run: 0,
    gameWallet: opts.transferWallets ? 'slot' : 'main',
  };
}

/** What the server holds for every member of the pool: main wallet (ledger row) and held by pending withdrawals. */
async function serverBalances(w: TWorld): Promise<Map<string, TBalances>> {
  const ids = [...w.users.values()].map((u) => u.id);
  const rows = rowsOf<{ username: string; main: string; held: string; points: string; slot: string; lotto: string; bonus: string }>(
    await w.t.database.db.execute(sql`
      select u.username,
        coalesce((select a.balance from ledger_accounts a where a.user_id = u.id and a.wallet = 'MAIN'), 0) as main,
        coalesce((select sum(x.amount + x.fee) from withdrawals x where x.user_id = u.id and x.status = 'pending'), 0) as held,
        coalesce((select a.balance from ledger_accounts a where a.user_id = u.id and a.wallet = 'POINTS'), 0) as points,
        coalesce((select a.balance from ledger_accounts a where a.user_id = u.id and a.wallet = ${WALLET_CODES.slot}), 0) as slot,
        coalesce((select a.balance from ledger_accounts a where a.user_id = u.id and a.wallet = ${WALLET_CODES.lotto}), 0) as lotto,
        coalesce((select a.balance from ledger_accounts a where a.user_id = u.id and a.wallet = 'BONUS'), 0) as bonus
      from users u where u.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`),
  );
  return new Map(rows.map((r) => [r.username, { main: Number(r.main), held: Number(r.held), points: Number(r.points), slot: Number(r.slot), lotto: Number(r.lotto), bonus: Number(r.bonus) }]));
}

/** Every balance the model knows against the server's; the balance call too for the members a step touched. */
async function verify(w: TWorld, m: TModel, touched: string[]): Promise<void> {
  const sorted = (map: Map<string, unknown>) => Object.fromEntries([...map.entries()].sort(([a], [b]) => a.localeCompare(b)));
  expectEq(sorted(await serverBalances(w)), sorted(m.bal), 'balances (main wallet, held, points)');
  for (const name of touched) {
    const res = await w.api.call<wallet.TBalance>(wallet.balance, {}, { token: user(w, name).token });
    const b = bal(m, name);
    expectEq({ sumBalance: res.body.value.sumBalance, held: res.body.value.held }, { sumBalance: b.main + b.slot + b.lotto, held: b.held }, `balance call of ${name}`);
  }
}

/** A fresh id of this sequence, taken before any await, so steps running at once never share one. */
function nextId(m: TModel, kind: string): string {
  m.seq++;
  return `${m.uid}-${kind}${m.seq}`;
}

function user(w: TWorld, name: string): TUser {
  const u = w.users.get(name);
  if (!u) throw new Error(`no member ${name}`);
  return u;
}

function bal(m: TModel, name: string) {
  const b = m.bal.get(name);
  if (!b) throw new Error(`model knows no ${name}`);
  return b;
}

async function seamless(w: TWorld, op: string, body: Record<string, unknown>): Promise<TSeamlessAnswer> {
  const raw = JSON.stringify({ timestamp: Date.now(), ...body });
  const res = await w.t.app.inject({ method: 'POST', url: `/seamless/${SLOT}/${op}`, headers: { 'content-type': 'application/json', 'x-signature': signBody(w.seamlessSecret, raw) }, payload: raw });
  const answer = res.json() as TSeamlessAnswer & { txnId?: string };
  return { status: answer.status, balance: answer.balance, ...(answer.error ? { error: answer.error } : {}), duplicate: answer.duplicate };
}

// ------------------------------------------------------------------------------------------ commands

/** A step of a sequence: a real call (or two at once) and what the model says it must answer and move. */
export abstract class Step implements fc.AsyncCommand<TModel, TWorld> {
  abstract readonly touches: string[];
  check(_m: Readonly<TModel>): boolean {
    return true;
  }
  abstract act(m: TModel, w: TWorld): Promise<void>;
  async run(m: TModel, w: TWorld): Promise<void> {
    w.counts.set(this.constructor.name, (w.counts.get(this.constructor.name) ?? 0) + 1);
    const started = performance.now();
    await this.act(m, w);
    w.counts.set(`${this.constructor.name} ms`, Math.round((w.counts.get(`${this.constructor.name} ms`) ?? 0) + performance.now() - started));
    await verify(w, m, this.touches);
  }
  abstract toString(): string;
}

/** A seamless debit (bet) of a fresh transaction; refused with the balance when the wallet cannot cover it. */
export class Debit extends Step {
  constructor(readonly member: string, readonly amount: number, readonly twin = false) {
    super();
  }
  get touches() {
    return [this.member];
  }
  async act(m: TModel, w: TWorld) {
    const b = bal(m, this.member);
    const txn = nextId(m, 'd');
    const body = { txnId: txn, roundId: txn, amount: this.amount, sessionToken: user(w, this.member).gameToken };
    const moved = b[w.gameWallet] >= this.amount;
    const expected: TSeamlessAnswer = moved ? { status: 'ok', balance: b[w.gameWallet] - this.amount, duplicate: false } : { status: 'error', balance: b[w.gameWallet], error: 'insufficient_balance', duplicate: false };
    // Twins: the same debit twice at once, as a vendor's retry racing its first try; one moves, one is the duplicate.
    const answers = this.twin ? await Promise.all([seamless(w, 'debit', body), seamless(w, 'debit', body)]) : [await seamless(w, 'debit', body)];
    expectEq(answers.map((a) => ({ ...a, duplicate: false })), answers.map(() => expected), `${this} answers`);
    expectEq(answers.filter((a) => !a.duplicate).length, 1, `${this} first answers`);
    if (moved) b[w.gameWallet] -= this.amount;
    m.debits.push({ user: this.member, txn, round: txn, amount: this.amount, moved, refunded: false });
    m.answers.set(txn, { body, op: 'debit', answer: expected });
  }
  toString() {
    return `${this.twin ? 'debitTwins' : 'debit'}(${this.member}, ${this.amount})`;
  }
}

/** A seamless credit (payout) for the round of an earlier debit of this sequence, or of a round of its own. */
export class Credit extends Step {
  constructor(readonly member: string, readonly amount: number, readonly debitRef: number | null) {
    super();
  }
  get touches() {
    return [this.member];
  }
  async act(m: TModel, w: TWorld) {
    const ref = this.debitRef === null ? undefined : m.debits.filter((d) => d.user === this.member)[this.debitRef];
    const txn = nextId(m, 'c');
    const body = { txnId: txn, roundId: ref?.round ?? txn, amount: this.amount, userId: user(w, this.member).id };
    const b = bal(m, this.member);
    const expected: TSeamlessAnswer = { status: 'ok', balance: b[w.gameWallet] + this.amount, duplicate: false };
    expectEq(await seamless(w, 'credit', body), expected, `${this}`);
    b[w.gameWallet] += this.amount;
    m.answers.set(txn, { body, op: 'credit', answer: expected });
  }
  toString() {
    return `credit(${this.member}, ${this.amount}${this.debitRef === null ? '' : `, round of debit #${this.debitRef}`})`;
  }
}

/**
 * A seamless rollback under a fresh id of an earlier debit of the sequence (any member's): gives back what the debit
 * took, once however often and under however many ids it is rolled back (a refused debit took nothing).
 */
export class Rollback extends Step {
  touches: string[] = [];
  constructor(readonly debitRef: number) {
    super();
  }
  override check(m: Readonly<TModel>) {
    return m.debits.length > 0;
  }
  async act(m: TModel, w: TWorld) {
    const debit = m.debits[this.debitRef % m.debits.length];
    if (!debit) throw new Error('no debit to roll back');
    this.touches = [debit.user];
    const txn = nextId(m, 'r');
    const body = { txnId: txn, roundId: debit.round, amount: 0, userId: user(w, debit.user).id, refTxnId: debit.txn };
    const b = bal(m, debit.user);
    const refund = debit.moved && !debit.refunded ? debit.amount : 0;
    const expected: TSeamlessAnswer = { status: 'ok', balance: b[w.gameWallet] + refund, duplicate: false };
    expectEq(await seamless(w, 'rollback', body), expected, `${this}`);
    b[w.gameWallet] += refund;
    if (debit.moved) debit.refunded = true;
    m.answers.set(txn, { body, op: 'rollback', answer: expected });
  }
  toString() {
    return `rollback(debit #${this.debitRef})`;
  }
}

/** A rollback that arrives before its debit: the late debit is refused and moves nothing. */
export class EarlyRollback extends Step {
  constructor(readonly member: string, readonly amount: number) {
    super();
  }
  get touches() {
    return [this.member];
  }
  async act(m: TModel, w: TWorld) {
    const txn = nextId(m, 'e');
    const u = user(w, this.member);
    const b = bal(m, this.member);
    expectEq(await seamless(w, 'rollback', { txnId: `${txn}:r`, roundId: txn, amount: 0, userId: u.id, refTxnId: txn }), { status: 'ok', balance: b[w.gameWallet], duplicate: false }, `${this} rollback`);
    const late = await seamless(w, 'debit', { txnId: txn, roundId: txn, amount: this.amount, sessionToken: u.gameToken });
    expectEq(late, { status: 'error', balance: b[w.gameWallet], error: 'rolled_back', duplicate: false }, `${this} late debit`);
  }
  toString() {
    return `rollbackBeforeDebit(${this.member}, ${this.amount})`;
  }
}

/** The vendor repeats an earlier seamless call of this sequence byte for byte but its time: the first answer, nothing moved. */
export class RepeatSeamless extends Step {
  readonly touches = [] as string[];
  constructor(readonly ref: number) {
    super();
  }
  override check(m: Readonly<TModel>) {
    return m.answers.size > 0;
  }
  async act(m: TModel, w: TWorld) {
    const all = [...m.answers.values()];
    const first = all[this.ref % all.length];
    if (!first) throw new Error('nothing to repeat');
    expectEq(await seamless(w, first.op, first.body), { ...first.answer, duplicate: true }, `${this} (${first.op} ${String(first.body.txnId)})`);
  }
  toString() {
    return `repeatSeamless(#${this.ref})`;
  }
}

/** A member's transfer to its upline (the agent), or the agent's to a direct downline; a retry of its request id moves nothing. */
export class Transfer extends Step {
  constructor(readonly member: string, readonly down: boolean, readonly amount: number, readonly twin = false) {
    super();
  }
  get touches() {
    return [this.member, AGENT];
  }
  async act(m: TModel, w: TWorld) {
    const requestId = nextId(m, 't');
    const entry = { from: this.down ? AGENT : this.member, to: this.down ? this.member : AGENT, down: this.down, requestId, amount: this.amount, answer: null as unknown };
    m.transfers.push(entry);
    await sendTransfer(m, w, entry, this.twin);
  }
  toString() {
    return `${this.twin ? 'transferTwins' : 'transfer'}(${this.down ? `${AGENT} -> ${this.member}` : `${this.member} -> ${AGENT}`}, ${this.amount})`;
  }
}

async function sendTransfer(m: TModel, w: TWorld, entry: TModel['transfers'][number], twin: boolean) {
  const from = bal(m, entry.from);
  const body = { requestId: entry.requestId, amount: entry.amount, paymentPassword: PAY, ...(entry.down ? { account: entry.to } : {}) };
  const send = () => w.api.call<{ balance: number; amount: number; counterparty: string }>(entry.down ? wallet.transferDownline : wallet.transferUpline, body, { token: user(w, entry.from).token, ip: ip() });
  const answers = twin ? await Promise.all([send(), send()]) : [await send()];
  if (entry.answer !== null) {
    // A retry of a request that went through: its first answer, nothing moved.
    expectEq(answers.map((a) => a.body.value), answers.map(() => entry.answer), `transfer ${entry.requestId} repeated`);
    return;
  }
  if (from.main < entry.amount) {
    expectEq(answers.map((a) => a.body.code), answers.map(() => 'insufficient_balance'), `transfer ${entry.requestId} without the money`);
    return;
  }
  const expected = { amount: entry.amount, counterparty: entry.to, balance: from.main - entry.amount };
  expectEq(answers.map((a) => ({ code: a.body.code, ...pick(a.body.value, ['amount', 'counterparty', 'balance']) })), answers.map(() => ({ code: 'ok', ...expected })), `transfer ${entry.requestId}`);
  from.main -= entry.amount;
  bal(m, entry.to).main += entry.amount;
  entry.answer = answers[0]?.body.value;
}

function pick(value: unknown, keys: string[]): Record<string, unknown> {
  const v = (value ?? {}) as Record<string, unknown>;
  return Object.fromEntries(keys.map((k) => [k, v[k]]));
}

/** The member retries an earlier transfer's request id (the app resending after a timeout). */
export class RepeatTransfer extends Step {
  constructor(readonly ref: number) {
    super();
  }
  touches: string[] = [];
  override check(m: Readonly<TModel>) {
    return m.transfers.length > 0;
  }
  async act(m: TModel, w: TWorld) {
    const entry = m.transfers[this.ref % m.transfers.length];
    if (!entry) throw new Error('no transfer to repeat');
    this.touches = [entry.from, entry.to];
    await sendTransfer(m, w, entry, false);
  }
  toString() {
    return `repeatTransfer(#${this.ref})`;
  }
}

/** An online deposit through the sandbox gateway, reported paid by its signed callback (once or twice), or failed. */
export class Deposit extends Step {
  constructor(readonly member: string, readonly amount: number, readonly outcome: 'paid' | 'paidTwice' | 'failedThenPaid') {
    super();
  }
  get touches() {
    return [this.member];
  }
  async act(m: TModel, w: TWorld) {
    const created = await w.api.call<{ deposit: wallet.TDeposit }>(wallet.depositCreate, { requestId: nextId(m, 'p'), channelId: w.sandboxChannel, amount: this.amount }, { token: user(w, this.member).token });
    expectEq(created.body.code, 'ok', `${this} opened`);
    const id = created.body.value.deposit.id;
    const [row] = await w.t.database.db.select({ gatewayTxnId: deposits.gatewayTxnId }).from(deposits).where(eq(deposits.id, id));
    const callback = async (status: 'paid' | 'failed') => {
      const raw = JSON.stringify({ depositId: id, gatewayTxnId: row?.gatewayTxnId, amount: this.amount, status, timestamp: Math.floor(Date.now() / 1000), nonce: crypto.randomBytes(12).toString('hex') });
      const res = await w.t.app.inject({ method: 'POST', url: wallet.depositGatewayCallback.path, headers: { 'content-type': 'application/json', 'x-signature': signBody(w.gatewaySecret, raw) }, payload: raw });
      return (res.json() as { code: string }).code;
    };
    if (this.outcome === 'failedThenPaid') {
      expectEq([await callback('failed'), await callback('paid')], ['ok', 'conflict'], `${this} callbacks`);
      return;
    }
    const codes = [await callback('paid')];
    if (this.outcome === 'paidTwice') codes.push(await callback('paid'));
    expectEq(codes, codes.map(() => 'ok'), `${this} callbacks`);
    bal(m, this.member).main += this.amount;
  }
  toString() {
    return `deposit(${this.member}, ${this.amount}, ${this.outcome})`;
  }
}

/** A withdrawal request: the amount and its fee leave the wallet and are held until the operator pays or rejects. */
export class Withdraw extends Step {
  constructor(readonly member: string, readonly amount: number) {
    super();
  }
  get touches() {
    return [this.member];
  }
  async act(m: TModel, w: TWorld) {
    const entry = { user: this.member, id: null as number | null, requestId: nextId(m, 'w'), amount: this.amount, fee: fee(this.amount), status: 'refused', received: null };
    m.withdrawals.push(entry);
    await sendWithdrawal(m, w, entry);
  }
  toString() {
    return `withdraw(${this.member}, ${this.amount})`;
  }
}

async function sendWithdrawal(m: TModel, w: TWorld, entry: TModel['withdrawals'][number]) {
  const u = user(w, entry.user);
  const res = await w.api.call<wallet.TWithdrawal>(wallet.withdraw, { requestId: entry.requestId, amount: entry.amount, bankCardId: u.cardId, paymentPassword: PAY }, { token: u.token, ip: ip() });
  if (entry.id !== null) {
    expectEq([res.body.code, res.body.value.id], ['ok', entry.id], `withdrawal ${entry.requestId} repeated`);
    return;
  }
  const b = bal(m, entry.user);
  if (b.main < entry.amount + entry.fee) {
    expectEq(res.body.code, 'insufficient_balance', `withdrawal ${entry.requestId} without the money`);
    return;
  }
  expectEq([res.body.code, res.body.value.status, res.body.value.fee], ['ok', 'pending', entry.fee], `withdrawal ${entry.requestId}`);
  entry.id = res.body.value.id;
  entry.status = 'pending';
  b.main -= entry.amount + entry.fee;
  b.held += entry.amount + entry.fee;
}

export class RepeatWithdraw extends Step {
  touches: string[] = [];
  constructor(readonly ref: number) {
    super();
  }
  override check(m: Readonly<TModel>) {
    return m.withdrawals.length > 0;
  }
  async act(m: TModel, w: TWorld) {
    const entry = m.withdrawals[this.ref % m.withdrawals.length];
    if (!entry) throw new Error('no withdrawal to repeat');
    this.touches = [entry.user];
    await sendWithdrawal(m, w, entry);
  }
  toString() {
    return `repeatWithdraw(#${this.ref})`;
  }
}

type TAnswerKind = 'pay' | 'reject' | 'received' | 'forcedReceived' | 'partlyReceived' | 'notReceived' | 'resolve' | 'timedOut';

const ledgerRepo = createLedgerRepository();
/** The auto-confirmation job of the product, run as the scheduler runs it when a paid withdrawal's deadline passed. */
const autoConfirm = createWithdrawalReview({ repo: createWithdrawalRepository(), ledgerRepo, ledger: createLedger({ repo: ledgerRepo }) }).autoConfirmJob;

/**
 * The next turn of a withdrawal: the operator pays or rejects it (`ops withdrawal pay|reject`), the member answers a
 * paid one (received, forced received, partly received with a photo, not received), the operator resolves a dispute
 * with a refund of what did not arrive (`ops withdrawal resolve`), or nobody answers and the auto-confirmation job finds
 * it past its deadline (timed out: received). A turn its state does not allow is refused and moves nothing; the
 * withdrawal's status is compared after every turn.
 */
export class WithdrawalTurn extends Step {
  touches: string[] = [];
  constructor(readonly ref: number, readonly kind: TAnswerKind, readonly part: number) {
    super();
  }
  override check(m: Readonly<TModel>) {
    return m.withdrawals.some((x) => x.id !== null);
  }
  async act(m: TModel, w: TWorld) {
    const open = m.withdrawals.filter((x) => x.id !== null);
    const x = open[this.ref % open.length];
    if (!x || x.id === null) throw new Error('no withdrawal');
    this.touches = [x.user];
    await this.turn(m, w, x, x.id);
    const [row] = await w.t.database.db.select({ status: withdrawals.status }).from(withdrawals).where(eq(withdrawals.id, x.id));
    expectEq(row?.status, x.status, `${this}: status of withdrawal ${x.id}`);
  }
  private async turn(m: TModel, w: TWorld, x: TModel['withdrawals'][number], id: number) {
    const b = bal(m, x.user);
    const what = `${this} on withdrawal ${id} (${x.status})`;
    if (this.kind === 'timedOut') {
      const job = { id: 0, name: 'withdrawal.autoConfirm', key: String(id), payload: { withdrawalId: id }, attempts: 0, runAt: new Date() };
      await autoConfirm.run({ db: w.t.database.db, log: w.t.app.log, now: new Date(Date.now() + 24 * 3_600_000), job });
      if (x.status === 'paid') x.status = 'confirmed';
      return;
    }
    if (this.kind === 'pay' || this.kind === 'reject' || this.kind === 'resolve') {
      const missing = x.amount - (x.received ?? 0);
      const refund = Math.floor((missing * this.part) / 100);
      const cmd =
        this.kind === 'pay'
          ? ({ kind: 'withdrawal.pay', id } as const)
          : this.kind === 'reject'
            ? ({ kind: 'withdrawal.reject', id, reason: 'model' } as const)
            : ({ kind: 'withdrawal.resolve', id, refund, reason: 'model' } as const);
      const allowed = this.kind === 'resolve' ? x.status === 'disputed' : x.status === 'pending';
      const ok = await w.api.ops(cmd).then(
        () => true,
        () => false,
      );
      expectEq(ok, allowed, what);
      if (!allowed) return;
      if (this.kind !== 'resolve') b.held -= x.amount + x.fee;
      if (this.kind === 'reject') b.main += x.amount + x.fee;
      if (this.kind === 'resolve') b.main += refund;
      x.status = this.kind === 'pay' ? 'paid' : this.kind === 'reject' ? 'rejected' : 'confirmed';
      return;
    }
    const received = Math.max(1, Math.floor((x.amount * this.part) / 100));
    const body =
      this.kind === 'partlyReceived'
        ? { result: this.kind, withdrawalId: id, receivedAmount: Math.min(received, x.amount - 1), proof: { mime: 'image/png', data: PNG } }
        : { result: this.kind, withdrawalId: id };
    const res = await w.api.call<wallet.TWithdrawal>(wallet.confirmWithdrawal, body, { token: user(w, x.user).token });
    const allowed = x.status === 'paid' || (this.kind === 'forcedReceived' && x.status === 'disputed');
    const status = this.kind === 'received' || this.kind === 'forcedReceived' ? 'confirmed' : 'disputed';
    expectEq(res.body.code === 'ok' ? res.body.value.status : res.body.code, allowed ? status : 'conflict', what);
    if (!allowed) return;
    x.status = status;
    if (this.kind === 'partlyReceived') x.received = Math.min(received, x.amount - 1);
  }
  toString() {
    return `withdrawal#${this.ref}.${this.kind}${this.kind === 'partlyReceived' || this.kind === 'resolve' ? `(${this.part}%)` : ''}`;
  }
}

/**
 * GCS_walletTransfer on a transfer-wallet site: main to a game's wallet or back (refused beyond the wallet's balance),
 * or every game wallet home at once; a retry of the request id moves nothing.
 */
export class WalletTransfer extends Step {
  constructor(readonly member: string, readonly from: TWalletKey, readonly to: TWalletKey, readonly amount: number, readonly retry: boolean) {
    super();
  }
  get touches() {
    return [this.member];
  }
  async act(m: TModel, w: TWorld) {
    const recall = this.from === this.to;
    const body = recall
      ? { action: 'recallAll', requestId: nextId(m, 'g') }
      : { action: 'transfer', requestId: nextId(m, 'g'), from: WALLET_CODES[this.from], to: WALLET_CODES[this.to], amount: this.amount };
    const send = () => w.api.call<wallet.TBalance>(wallet.walletTransfer, body, { token: user(w, this.member).token });
    const b = bal(m, this.member);
    const before = { ...b };
    if (recall) {
      b.main += b.slot + b.lotto;
      b.slot = 0;
      b.lotto = 0;
    } else if (b[this.from] >= this.amount) {
      b[this.from] -= this.amount;
      b[this.to] += this.amount;
    }
    const moved = recall || b[this.from] !== before[this.from];
    const answers = [await send()];
    if (this.retry) answers.push(await send());
    const seen = answers.map((a) => (a.body.code === 'ok' ? walletsOf(a.body.value) : a.body.code));
    expectEq(seen, answers.map(() => (moved ? { main: b.main, slot: b.slot, lotto: b.lotto } : 'insufficient_balance')), `${this}`);
  }
  toString() {
    return this.from === this.to ? `recallAll(${this.member}${this.retry ? ', retried' : ''})` : `walletTransfer(${this.member}, ${this.from} -> ${this.to}, ${this.amount}${this.retry ? ', retried' : ''})`;
  }
}

function walletsOf(b: wallet.TBalance): Record<TWalletKey, number | undefined> {
  const of = (code: string) => b.wallets.find((x) => x.wallet === code)?.balance;
  return { main: of(WALLET_CODES.main), slot: of(WALLET_CODES.slot), lotto: of(WALLET_CODES.lotto) };
}

/** An operator's bonus to a main wallet (`ops wallet bonus … --request-id`); the same request id again moves nothing. */
export class OperatorBonus extends Step {
  constructor(readonly member: string, readonly amount: number, readonly retry: boolean) {
    super();
  }
  get touches() {
    return [this.member];
  }
  async act(m: TModel, w: TWorld) {
    const requestId = nextId(m, 'b');
    for (let i = 0; i < (this.retry ? 2 : 1); i++) await w.api.ops({ kind: 'wallet.bonus', username: this.member, amount: this.amount, reason: 'model', requestId });
    bal(m, this.member).main += this.amount;
  }
  toString() {
    return `operatorBonus(${this.member}, ${this.amount}${this.retry ? ', retried' : ''})`;
  }
}

/** An operator's points grant (`ops points grant`). */
export class PointsGrant extends Step {
  constructor(readonly member: string, readonly points: number) {
    super();
  }
  get touches() {
    return [this.member];
  }
  async act(m: TModel, w: TWorld) {
    await w.api.ops({ kind: 'points.grant', username: this.member, points: this.points, reason: 'model' });
    bal(m, this.member).points += this.points;
  }
  toString() {
    return `pointsGrant(${this.member}, ${this.points})`;
  }
}

/** The member converts points to cash (below the minimum or beyond its points: refused); a retry of its request id answers the first. */
export class PointsConvert extends Step {
  constructor(readonly member: string, readonly points: number, readonly retry: boolean) {
    super();
  }
  get touches() {
    return [this.member];
  }
  async act(m: TModel, w: TWorld) {
    const body = { requestId: nextId(m, 'v'), points: this.points, paymentPassword: PAY };
    const send = () => w.api.call<{ points: number; credited: number; balance: number }>(points.convertPoints, body, { token: user(w, this.member).token, ip: ip() });
    const b = bal(m, this.member);
    const credited = Math.floor((this.points * CONVERT.amount) / CONVERT.points);
    const expected =
      this.points < CONVERT.min
        ? 'points_convert_below_min'
        : this.points > b.points
          ? 'points_not_enough'
          : { points: b.points - this.points, credited, balance: b.main + credited };
    const answers = [await send()];
    if (this.retry) answers.push(await send());
    expectEq(answers.map((a) => (a.body.code === 'ok' ? a.body.value : a.body.code)), answers.map(() => expected), `${this}`);
    if (typeof expected === 'string') return;
    b.points -= this.points;
    b.main += credited;
  }
  toString() {
    return `pointsConvert(${this.member}, ${this.points}${this.retry ? ', retried' : ''})`;
  }
}

/** One number of a lottery slip: a lô 2 or đề on a two-digit ending, its stake in whole units of the smallest stake. */
export type TLottoPick = { betType: TLottoBet; number: string; units: number };

/**
 * A member's lottery slip on the sequence's draw (`lottery.placeBets`; the first bet of a sequence opens a draw of its
 * own, closing in an hour): the slip's total leaves the main wallet, or it is refused whole when the wallet cannot
 * cover it; a retry of the request id answers the same tickets and moves nothing.
 */
export class LotteryBet extends Step {
  constructor(readonly member: string, readonly picks: TLottoPick[], readonly retry: boolean) {
    super();
  }
  get touches() {
    return [this.member];
  }
  async act(m: TModel, w: TWorld) {
    if (!m.draw) {
      const drawNo = nextId(m, 'D');
      const [row] = rowsOf<{ id: number }>(
        await w.t.database.db.execute(sql`
          insert into lottery_draws (merchant_id, game_row_id, game_code, draw_no, close_at, draw_at, status)
          values (${w.t.merchantId}, ${w.lotto.gameRowId}, ${LOTTO_GAME}, ${drawNo}, now() + interval '1 hour', now() + interval '61 minutes', 'open')
          returning id`),
      );
      m.draw = { id: Number(row?.id), drawNo, tickets: [] };
    }
    const draw = m.draw;
    const bets = this.picks.map((p) => ({ betType: p.betType, numbers: [p.number], stake: p.units * STAKES.minStake }));
    const amounts = bets.map((b) => b.stake * CHARGE[b.betType]);
    const total = amounts.reduce((s, a) => s + a, 0);
    const body = { requestId: nextId(m, 'l'), gameCode: LOTTO_GAME, drawNo: draw.drawNo, bets, totalAmount: total };
    const send = () => w.api.call<{ tickets: games.TTicket[]; balance: number }>(games.placeBets, body, { token: user(w, this.member).token });
    const b = bal(m, this.member);
    const answers = [await send()];
    if (this.retry) answers.push(await send());
    const seen = answers.map((a) => (a.body.code === 'ok' ? { balance: a.body.value.balance, tickets: a.body.value.tickets.map((x) => [x.betType, x.numbers, x.stake, x.amount, x.oddsX1000]) } : a.body.code));
    if (b.main < total) {
      expectEq(seen, answers.map(() => 'insufficient_balance'), `${this}`);
      return;
    }
    const tickets = bets.map((x, i) => ({ user: this.member, betType: x.betType, numbers: x.numbers, stake: x.stake, amount: amounts[i] ?? 0, oddsX1000: w.lotto.odds[x.betType] }));
    const expected = { balance: b.main - total, tickets: tickets.map((x) => [x.betType, x.numbers, x.stake, x.amount, x.oddsX1000]) };
    expectEq(seen, answers.map(() => expected), `${this}`);
    b.main -= total;
    draw.tickets.push(...tickets);
  }
  toString() {
    return `lotteryBet(${this.member}, ${this.picks.map((p) => `${p.betType} ${p.number} x${p.units}`).join(' + ')}${this.retry ? ', retried' : ''})`;
  }
}

/**
 * The operator enters the sequence's draw's result (`ops lottery result`, which settles it), then settles it again by
 * hand (`ops lottery settle`): each ticket pays what the lottery engine's pure rules say for that table, once.
 */
export class LotterySettle extends Step {
  touches: string[] = [];
  constructor(readonly seed: string) {
    super();
  }
  override check(m: Readonly<TModel>) {
    return m.draw !== null;
  }
  async act(m: TModel, w: TWorld) {
    const draw = m.draw;
    if (!draw) throw new Error('no draw to settle');
    this.touches = [...new Set(draw.tickets.map((x) => x.user))];
    await w.t.database.db.execute(sql`update lottery_draws set close_at = now() - interval '2 seconds', draw_at = now() - interval '1 second' where id = ${draw.id}`);
    const table = drawFromSeed('north', this.seed);
    const index = indexResult('north', table);
    const payouts = draw.tickets.map((x) => settleTicket(index, x).payout);
    const expected = { tickets: draw.tickets.length, winners: payouts.filter((p) => p > 0).length, paid: payouts.reduce((s, p) => s + p, 0) };
    if (expected.winners > 0) w.counts.set('lottery winners', (w.counts.get('lottery winners') ?? 0) + expected.winners);
    const prizes = Object.fromEntries(table.map((p) => [p.prize, p.numbers]));
    const first = (await w.api.ops({ kind: 'lottery.result', game: LOTTO_GAME, drawNo: draw.drawNo, prizes })).data as typeof expected;
    const rerun = (await w.api.ops({ kind: 'lottery.settle', game: LOTTO_GAME, drawNo: draw.drawNo })).data as typeof expected;
    expectEq([pick(first, ['tickets', 'winners', 'paid']), pick(rerun, ['tickets', 'winners', 'paid'])], [expected, { tickets: 0, winners: 0, paid: 0 }], `${this}: settled, then again`);
    draw.tickets.forEach((x, i) => {
      bal(m, x.user).main += payouts[i] ?? 0;
    });
    // The tickets' valid bet counts for points in the window of their settlement time.
    const [row] = rowsOf<{ at: string | Date | null }>(await w.t.database.db.execute(sql`select max(settled_at) as at from lottery_tickets where draw_id = ${draw.id}`));
    const start = Math.floor(new Date(row?.at ?? 0).getTime() / ACCRUAL_WINDOW_MS) * ACCRUAL_WINDOW_MS;
    for (const x of draw.tickets) {
      const key = `${start}:${x.user}`;
      const win = m.windows.get(key) ?? { user: x.user, start, prior: null, fresh: 0 };
      win.fresh += x.amount;
      m.windows.set(key, win);
    }
    if (draw.tickets.length > 0) w.accrualDue = true;
    if (draw.tickets.length > 0) m.settledDraws.push({ id: draw.id, validBet: draw.tickets.reduce((s, x) => s + x.amount, 0) });
    m.draw = null;
  }
  toString() {
    return `lotterySettle(${this.seed.slice(0, 8)})`;
  }
}

/**
 * Slips of one to three members on a fresh draw, then its settlement (`LotterySettle`), as one step: a round played
 * out; now and then the agent's salary on it after (`AgentSalary`).
 */
export class LotteryRound extends Step {
  constructor(readonly bets: LotteryBet[], readonly settle: LotterySettle, readonly salary: AgentSalary | null = null) {
    super();
  }
  get touches() {
    return [...new Set([...this.bets.flatMap((b) => b.touches), ...this.settle.touches, ...(this.salary?.touches ?? [])])];
  }
  async act(m: TModel, w: TWorld) {
    for (const bet of this.bets) await bet.act(m, w);
    await this.settle.act(m, w);
    await this.salary?.act(m, w);
  }
  toString() {
    return `lotteryRound(${this.bets.join(', ')}, ${this.settle}${this.salary ? `, ${this.salary}` : ''})`;
  }
}

/**
 * The points accrual (`ops points accrue`), run twice: each member gets, per 15-minute window, floor(valid lottery bet
 * settled in it ÷ the rate) less what the window paid before; the second run pays nothing.
 */
export class PointsAccrue extends Step {
  readonly touches = [] as string[];
  async act(m: TModel, w: TWorld) {
    let expected = 0;
    const earned = new Map<string, number>();
    for (const win of m.windows.values()) {
      if (win.prior === null) {
        // Valid bet of this member in this window settled by earlier sequences (their points paid before this one began).
        const [row] = rowsOf<{ v: string | number }>(
          await w.t.database.db.execute(sql`
            select coalesce(sum(t.amount), 0) as v from lottery_tickets t
            where t.user_id = ${user(w, win.user).id} and t.status in ('won', 'lost') and t.draw_no not like ${`${m.uid}%`}
              and t.settled_at >= ${new Date(win.start).toISOString()}::timestamptz and t.settled_at < ${new Date(win.start + ACCRUAL_WINDOW_MS).toISOString()}::timestamptz`),
        );
        win.prior = Number(row?.v ?? 0);
      }
      const points = Math.floor((win.prior + win.fresh) / LOTT_POINT_RATE) - Math.floor(win.prior / LOTT_POINT_RATE);
      expected += points;
      earned.set(win.user, (earned.get(win.user) ?? 0) + points);
    }
    const first = (await w.api.ops({ kind: 'points.accrue', at: null })).data as { points: number };
    const rerun = (await w.api.ops({ kind: 'points.accrue', at: null })).data as { points: number };
    expectEq([first.points, rerun.points], [expected, 0], `${this}: points paid, then by a rerun`);
    if (expected > 0) w.counts.set('points accrued', (w.counts.get('points accrued') ?? 0) + expected);
    for (const win of m.windows.values()) {
      win.prior = (win.prior ?? 0) + win.fresh;
      win.fresh = 0;
    }
    for (const [name, points] of earned) bal(m, name).points += points;
    w.accrualDue = false;
  }
  toString() {
    return 'pointsAccrue';
  }
}

/**
 * The agent's hourly salary (`ops settle hourly-salary --at`), run twice: the platform pays the agent floor(the team's
 * valid bet settled in the hour × SALARY_RATE ÷ 10,000) once, the second run bills and pays nothing. The sequence's
 * settled draws not billed yet are moved into an hour of this step's own (long past, no other bet in it) for the
 * settlement, which counts tickets by their draw's settle time, and moved back after it, so the points accrual still
 * finds them where they were; with no such draw the hour's bill is written as not reached and pays nothing.
 */
export class AgentSalary extends Step {
  readonly touches = [AGENT];
  async act(m: TModel, w: TWorld) {
    const hourStart = SALARY_HOURS_FROM + w.salaryHours++ * 3_600_000;
    const ids = m.settledDraws.map((d) => d.id);
    const validBet = m.settledDraws.reduce((s, d) => s + d.validBet, 0);
    const amount = Math.floor((validBet * SALARY_RATE) / 10_000);
    const was = rowsOf<{ id: string | number; at: string | Date }>(
      ids.length === 0 ? [] : await w.t.database.db.execute(sql`select id, settled_at as at from lottery_draws where id = any(${`{${ids.join(',')}}`}::bigint[])`),
    );
    expectEq(was.length, ids.length, `${this}: the sequence's settled draws`);
    const settle = async (late: number) =>
      pick((await w.api.ops({ kind: 'settle', contractKind: 'hourlySalary', at: new Date(hourStart + 3_600_000 + late).toISOString() })).data, ['contracts', 'bills', 'notReached', 'paid', 'amount']);
    let runs: Record<string, unknown>[];
    try {
      if (ids.length > 0) {
        await w.t.database.db.execute(sql`update lottery_draws set settled_at = ${new Date(hourStart + 1_800_000).toISOString()}::timestamptz where id = any(${`{${ids.join(',')}}`}::bigint[])`);
      }
      runs = [await settle(1_000), await settle(2_000)];
    } finally {
      for (const r of was) await w.t.database.db.execute(sql`update lottery_draws set settled_at = ${new Date(r.at).toISOString()}::timestamptz where id = ${Number(r.id)}`);
    }
    const first = { contracts: 1, bills: 1, notReached: amount > 0 ? 0 : 1, paid: amount > 0 ? 1 : 0, amount };
    expectEq(runs, [first, { contracts: 1, bills: 0, notReached: 0, paid: 0, amount: 0 }], `${this} (valid bet ${validBet}): settled, then again`);
    if (amount > 0) w.counts.set('salaries paid', (w.counts.get('salaries paid') ?? 0) + 1);
    bal(m, AGENT).main += amount;
    m.settledDraws = [];
  }
  toString() {
    return 'agentSalary';
  }
}

/**
 * A bonus with a turnover requirement granted to the bonus member (the grant every promotion uses, `grantReward`, as
 * the rewards tests grant it; one open bonus at a time, so the model needs no oldest-first sharing of bets): it goes
 * to the bonus wallet, and withdrawals are gated until house-game bets meet the turnover.
 */
export class BonusGrant extends Step {
  readonly touches = [BONUS_MEMBER];
  constructor(readonly amount: number, readonly turnover: number, readonly policy: 'refuse' | 'forfeit') {
    super();
  }
  override check(m: Readonly<TModel>) {
    return m.bonus === null;
  }
  async act(m: TModel, w: TWorld) {
    const u = user(w, BONUS_MEMBER);
    const input: TGrantInput = {
      merchantId: w.t.merchantId,
      userId: u.id,
      source: 'activity',
      activityId: null,
      key: nextId(m, 'B'),
      title: 'Model bonus',
      form: 'bonus',
      amount: this.amount,
      turnoverRequired: this.turnover,
      turnoverWeights: null,
      withdrawalPolicy: this.policy,
      bonusDays: 30,
      claimBy: null,
    };
    const first = await w.t.database.db.transaction((tx) => grantReward(tx, input, new Date()));
    const again = await w.t.database.db.transaction((tx) => grantReward(tx, input, new Date()));
    expectEq([first.created, again.created, again.rewardId], [true, false, first.rewardId], `${this}: granted once under its key`);
    bal(m, BONUS_MEMBER).bonus += this.amount;
    m.bonus = { required: this.turnover, done: 0, policy: this.policy };
    w.bonusLeftOpen = true;
  }
  toString() {
    return `bonusGrant(${this.amount}, turnover ${this.turnover}, ${this.policy})`;
  }
}

/**
 * A spin of the house slot by the bonus member: the stake takes cash first, then bonus; the win (the game's outcome,
 * read from its answer) goes back in the same proportion while a bonus is open, the rounding to cash; the stake counts
 * in full toward the open bonus's turnover (slots weigh 100 %). Refused when cash and bonus together cannot cover it.
 */
export class HouseSpin extends Step {
  readonly touches = [BONUS_MEMBER];
  constructor(readonly betPerLine: number) {
    super();
  }
  async act(m: TModel, w: TWorld) {
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/wps/house/play',
      headers: { 'x-game-token': user(w, BONUS_MEMBER).houseToken, 'content-type': 'application/json' },
      payload: JSON.stringify({ input: { betPerLine: this.betPerLine } }),
    });
    const body = res.json() as { code: string; value: { stake: number; payout: number; balance: number } };
    const b = bal(m, BONUS_MEMBER);
    const stake = this.betPerLine * SLOT_LINES;
    if (b.main + b.bonus < stake) {
      expectEq(body.code, 'insufficient_balance', `${this}`);
      return;
    }
    const fromCash = Math.min(b.main, stake);
    const fromBonus = stake - fromCash;
    const payout = body.value?.payout ?? 0;
    const toBonus = m.bonus && fromBonus > 0 ? Math.floor((payout * fromBonus) / stake) : 0;
    b.main += payout - toBonus - fromCash;
    b.bonus += toBonus - fromBonus;
    expectEq([body.code, body.value?.stake, body.value?.balance], ['ok', stake, b.main + b.bonus], `${this} (payout ${payout})`);
    if (m.bonus) m.bonus.done += stake;
  }
  toString() {
    return `houseSpin(${BONUS_MEMBER}, ${this.betPerLine} per line)`;
  }
}

/** Met bonuses convert first (the whole bonus balance to cash, winnings included). */
function convertIfMet(m: TModel) {
  if (!m.bonus || m.bonus.done < m.bonus.required) return;
  const b = bal(m, BONUS_MEMBER);
  b.main += b.bonus;
  b.bonus = 0;
  m.bonus = null;
}

/** The bonus member opens the reward centre: a met turnover converts, and it shows the bonus balance and the turnover left. */
export class RewardCentre extends Step {
  readonly touches = [BONUS_MEMBER];
  async act(m: TModel, w: TWorld) {
    const res = await w.api.call<{ bonusBalance: number; turnoverLeft: number }>(promotions.listRewards, {}, { token: user(w, BONUS_MEMBER).token });
    convertIfMet(m);
    const left = m.bonus ? m.bonus.required - m.bonus.done : 0;
    expectEq(pick(res.body.value, ['bonusBalance', 'turnoverLeft']), { bonusBalance: bal(m, BONUS_MEMBER).bonus, turnoverLeft: left }, `${this}`);
  }
  toString() {
    return `rewardCentre(${BONUS_MEMBER})`;
  }
}

/**
 * The bonus member asks to withdraw: a met bonus converts first; an open one under `refuse` refuses with
 * `turnover_open { remaining }` and nothing moves; under `forfeit` the bonus goes to the house and the request goes on.
 */
export class BonusWithdraw extends Step {
  readonly touches = [BONUS_MEMBER];
  constructor(readonly amount: number) {
    super();
  }
  async act(m: TModel, w: TWorld) {
    const u = user(w, BONUS_MEMBER);
    const requestId = nextId(m, 'w');
    const res = await w.api.call<wallet.TWithdrawal>(wallet.withdraw, { requestId, amount: this.amount, bankCardId: u.cardId, paymentPassword: PAY }, { token: u.token, ip: ip() });
    const b = bal(m, BONUS_MEMBER);
    const before = { b: { ...b }, bonus: m.bonus && { ...m.bonus } };
    convertIfMet(m);
    if (m.bonus && m.bonus.policy === 'refuse') {
      expectEq([res.body.code, res.body.value], ['turnover_open', { remaining: m.bonus.required - m.bonus.done }], `${this}`);
      return;
    }
    if (m.bonus) {
      b.bonus = 0;
      m.bonus = null;
    }
    if (b.main < this.amount + fee(this.amount)) {
      // Refused: its transaction, with any conversion or forfeit in it, rolls back.
      expectEq(res.body.code, 'insufficient_balance', `${this}`);
      Object.assign(b, before.b);
      m.bonus = before.bonus;
      return;
    }
    const entry = { user: BONUS_MEMBER, id: null as number | null, requestId, amount: this.amount, fee: fee(this.amount), status: 'pending', received: null };
    expectEq([res.body.code, res.body.value?.status, res.body.value?.fee], ['ok', 'pending', entry.fee], `${this}`);
    entry.id = res.body.value.id;
    m.withdrawals.push(entry);
    b.main -= entry.amount + entry.fee;
    b.held += entry.amount + entry.fee;
  }
  toString() {
    return `bonusWithdraw(${BONUS_MEMBER}, ${this.amount})`;
  }
}

/**
 * The outcomes of two money moves run at once: the model runs them in each order, and the server's answers must be
 * those of one order (a serial history), whose balances the model then keeps.
 */
function eitherOrder<TState, TAnswer>(state: TState, moves: ((s: TState) => TAnswer)[], clone: (s: TState) => TState) {
  return [
    [0, 1],
    [1, 0],
  ].map((order) => {
    const s = clone(state);
    const answers: TAnswer[] = [];
    for (const i of order) answers[i] = moves[i]!(s);
    return { answers, state: s };
  });
}

function serialOf<T extends { answers: unknown[] }>(options: T[], seen: unknown[], what: string): T {
  const match = options.find((o) => JSON.stringify(o.answers) === JSON.stringify(seen));
  if (!match) throw new Error(`${what}: the answers ${JSON.stringify(seen)} fit neither order: ${JSON.stringify(options.map((o) => o.answers))}`);
  return match;
}

/** Two debits of one member at once, together more than the wallet may hold: no overdraft, and answers of one order. */
export class DebitRace extends Step {
  constructor(readonly member: string, readonly a: number, readonly b: number) {
    super();
  }
  get touches() {
    return [this.member];
  }
  async act(m: TModel, w: TWorld) {
    const b = bal(m, this.member);
    const amounts = [this.a, this.b];
    const bodies = amounts.map((amount) => {
      const txn = nextId(m, 'd');
      return { txnId: txn, roundId: txn, amount, sessionToken: user(w, this.member).gameToken };
    });
    const seen = await Promise.all(bodies.map((body) => seamless(w, 'debit', body)));
    const debit = (amount: number) => (s: { left: number }): TSeamlessAnswer => {
      if (s.left < amount) return { status: 'error', balance: s.left, error: 'insufficient_balance', duplicate: false };
      s.left -= amount;
      return { status: 'ok', balance: s.left, duplicate: false };
    };
    const match = serialOf(eitherOrder({ left: b[w.gameWallet] }, amounts.map(debit), (s) => ({ ...s })), seen, `${this}`);
    b[w.gameWallet] = match.state.left;
    bodies.forEach((body, i) => {
      const answer = match.answers[i]!;
      m.debits.push({ user: this.member, txn: body.txnId, round: body.roundId, amount: body.amount, moved: answer.status === 'ok', refunded: false });
      m.answers.set(body.txnId, { body, op: 'debit', answer });
    });
  }
  toString() {
    return `debitRace(${this.member}, ${this.a}, ${this.b})`;
  }
}

/** A member's transfer to the agent and the agent's to the member at once (opposite lock orders): both answer, as in one order. */
export class TransferCross extends Step {
  constructor(readonly member: string, readonly up: number, readonly down: number) {
    super();
  }
  get touches() {
    return [this.member, AGENT];
  }
  async act(m: TModel, w: TWorld) {
    const sends = [
      { from: this.member, to: AGENT, amount: this.up, call: wallet.transferUpline, body: { requestId: nextId(m, 't'), amount: this.up, paymentPassword: PAY } },
      { from: AGENT, to: this.member, amount: this.down, call: wallet.transferDownline, body: { requestId: nextId(m, 't'), amount: this.down, paymentPassword: PAY, account: this.member } },
    ];
    const responses = await Promise.all(sends.map((x) => w.api.call<{ balance: number }>(x.call, x.body, { token: user(w, x.from).token, ip: ip() })));
    const seen = responses.map((res) => (res.body.code === 'ok' ? res.body.value.balance : res.body.code));
    type TState = Record<string, number>;
    const move = (x: (typeof sends)[number]) => (s: TState): number | string => {
      if ((s[x.from] ?? 0) < x.amount) return 'insufficient_balance';
      s[x.from] = (s[x.from] ?? 0) - x.amount;
      s[x.to] = (s[x.to] ?? 0) + x.amount;
      return s[x.from] ?? 0;
    };
    const start: TState = { [this.member]: bal(m, this.member).main, [AGENT]: bal(m, AGENT).main };
    const match = serialOf(eitherOrder(start, sends.map(move), (s) => ({ ...s })), seen, `${this}`);
    bal(m, this.member).main = match.state[this.member] ?? 0;
    bal(m, AGENT).main = match.state[AGENT] ?? 0;
    // Either may be retried later: one that went through answers its first answer again.
    sends.forEach((x, i) => {
      const res = responses[i];
      m.transfers.push({ from: x.from, to: x.to, down: x.from === AGENT, requestId: x.body.requestId, amount: x.amount, answer: res?.body.code === 'ok' ? res.body.value : null });
    });
  }
  toString() {
    return `transferCross(${this.member} -> ${AGENT} ${this.up}, ${AGENT} -> ${this.member} ${this.down})`;
  }
}

/** Two steps of different members at once: each must answer as if it ran alone. */
export class Both extends Step {
  constructor(readonly a: Step, readonly b: Step) {
    super();
  }
  get touches() {
    return [...this.a.touches, ...this.b.touches];
  }
  override check(m: Readonly<TModel>) {
    return this.a.check(m) && this.b.check(m);
  }
  async act(m: TModel, w: TWorld) {
    await Promise.all([this.a.act(m, w), this.b.act(m, w)]);
  }
  toString() {
    return `both(${this.a}, ${this.b})`;
  }
}

// ------------------------------------------------------------------------------------------ arbitraries

const member = fc.constantFrom(...MEMBERS);
/** Two different members, for steps run at once. */
const twoMembers = fc.tuple(fc.nat(2), fc.integer({ min: 1, max: 2 })).map(([i, d]) => [MEMBERS[i]!, MEMBERS[(i + d) % 3]!] as const);
const stake = fc.oneof(fc.integer({ min: 1, max: 5_000_000 }), fc.integer({ min: 20_000_000, max: 90_000_000 }));
const payout = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 10_000_000 }));
const transferAmount = fc.oneof(fc.integer({ min: 1, max: 3_000_000 }), fc.integer({ min: 30_000_000, max: 120_000_000 }));
const depositAmount = fc.integer({ min: 1_000_000, max: 20_000_000 });
const withdrawAmount = fc.integer({ min: 5_000_000, max: 45_000_000 });
const ref = fc.nat(7);

const lottoPick = fc.record({
  betType: fc.constantFrom<TLottoBet>('lo2', 'lo2', 'de'),
  number: fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0')),
  units: fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 20, max: 60 })),
});
/** A slip of one to three numbers, now and then more than the wallet holds (a lô 2 of 20+ units costs 27 × that). */
const lotteryBet = fc.tuple(member, fc.array(lottoPick, { minLength: 1, maxLength: 3 }), fc.boolean()).map(([n, picks, r]) => new LotteryBet(n, picks, r));
const bonusGrant = fc
  .tuple(fc.integer({ min: 100_000, max: 5_000_000 }), fc.constantFrom(0, 1_000_000, 3_000_000, 20_000_000), fc.constantFrom('refuse', 'forfeit' as const))
  .map(([a, t, p]) => new BonusGrant(a, t, p));
/** House-slot spins of 100,000, 1,000,000 and 10,000,000 (20 lines). */
const houseSpin = fc.constantFrom(5_000, 50_000, 500_000).map((b) => new HouseSpin(b));
const lotterySettle = fc.stringMatching(/^[0-9a-f]{64}$/).map((seed) => new LotterySettle(seed));
const lotterySteps = fc.oneof(
  lotteryBet,
  lotteryBet,
  lotterySettle,
  fc.tuple(fc.array(lotteryBet, { minLength: 1, maxLength: 3 }), lotterySettle, fc.boolean()).map(([bets, settle, salary]) => new LotteryRound(bets, settle, salary ? new AgentSalary() : null)),
  fc.constant(new PointsAccrue() as Step),
  fc.constant(new AgentSalary() as Step),
);

/** A single member's step that may run beside another member's. */
const soloStep = (name: string) =>
  fc.oneof(
    stake.map((a) => new Debit(name, a) as Step),
    fc.tuple(payout).map(([a]) => new Credit(name, a, null) as Step),
    fc.tuple(depositAmount).map(([a]) => new Deposit(name, a, 'paid') as Step),
    fc.integer({ min: 1, max: 4_000 }).map((p) => new PointsGrant(name, p) as Step),
  );

const debit = fc.tuple(member, stake).map(([n, a]) => new Debit(n, a));
const rollback = ref.map((r) => new Rollback(r));
const turn = fc
  .tuple(ref, fc.constantFrom<TAnswerKind>('pay', 'pay', 'reject', 'received', 'forcedReceived', 'partlyReceived', 'notReceived', 'resolve', 'resolve', 'timedOut'), fc.integer({ min: 0, max: 100 }))
  .map(([r, k, p]) => new WithdrawalTurn(r, k, p));

/**
 * The commands, the cheap ones listed twice or thrice: a transfer or a withdrawal checks the payment password (argon2id,
 * tens of milliseconds), so they come less often and 1,000 sequences stay within CI's time.
 */
const commonCommands = [
  debit,
  debit,
  fc.tuple(member, stake).map(([n, a]) => new Debit(n, a, true)),
  fc.tuple(member, payout, fc.option(ref, { nil: null })).map(([n, a, r]) => new Credit(n, a, r)),
  rollback,
  rollback,
  fc.tuple(member, stake).map(([n, a]) => new EarlyRollback(n, a)),
  ref.map((r) => new RepeatSeamless(r)),
  fc.tuple(member, fc.boolean(), transferAmount, fc.boolean()).map(([n, down, a, twin]) => new Transfer(n, down, a, twin)),
  ref.map((r) => new RepeatTransfer(r)),
  fc.tuple(member, depositAmount, fc.constantFrom('paid', 'paidTwice', 'failedThenPaid' as const)).map(([n, a, o]) => new Deposit(n, a, o)),
  fc.tuple(member, withdrawAmount).map(([n, a]) => new Withdraw(n, a)),
  ref.map((r) => new RepeatWithdraw(r)),
  turn,
  turn,
  turn,
  fc.tuple(member, fc.integer({ min: 1, max: 4_000 })).map(([n, p]) => new PointsGrant(n, p)),
  fc.tuple(member, stake, stake).map(([n, a, b]) => new DebitRace(n, a, b)),
  fc.tuple(member, transferAmount, transferAmount).map(([n, a, b]) => new TransferCross(n, a, b)),
  fc.tuple(member, fc.integer({ min: 1, max: 2_000_000 }), fc.boolean()).map(([n, a, r]) => new OperatorBonus(n, a, r)),
  fc.tuple(member, fc.oneof(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 1_000, max: 6_000 })), fc.boolean()).map(([n, p, r]) => new PointsConvert(n, p, r)),
  twoMembers.chain(([a, b]) => fc.tuple(soloStep(a), soloStep(b))).map(([a, b]) => new Both(a, b)),
  // The lottery and its points, two entries of the 24: a step of them in one of about twelve.
  lotterySteps,
  lotterySteps,
];

/**
 * The bonus member's steps (a one-wallet site only: a transfer-wallet site never spends bonus), three entries, so that a
 * grant, spins and a withdrawal meet in one short sequence often enough while 1,000 sequences stay within CI's time.
 */
const bonusSteps = fc.oneof(
  bonusGrant,
  houseSpin,
  houseSpin,
  fc.constant(new RewardCentre()),
  fc.integer({ min: 5_000_000, max: 8_000_000 }).map((a) => new BonusWithdraw(a)),
);
const walletKey = fc.constantFrom<TWalletKey>('main', 'slot', 'lotto');

/** The commands of a one-wallet site, and on a transfer-wallet site the transfers between its wallets besides. */
export function moneyCommands(w: TWorld) {
  if (w.gameWallet === 'main') return [...commonCommands, bonusSteps, bonusSteps, bonusSteps];
  const transfer = fc
    .tuple(member, walletKey, walletKey, fc.oneof(fc.integer({ min: 1, max: 5_000_000 }), fc.integer({ min: 20_000_000, max: 60_000_000 })), fc.boolean())
    .filter(([, from, to]) => from === to || from === 'main' || to === 'main')
    .map(([n, from, to, a, r]) => new WalletTransfer(n, from, to, a, r));
  return [...commonCommands, transfer, transfer, transfer];
}

// ------------------------------------------------------------------------------------------ the property

/** The model of a new sequence: what the server holds now, members below the floor topped up first. */
async function startSequence(w: TWorld): Promise<TModel> {
  w.run++;
  // Points of tickets settled by an earlier sequence are paid now, so that this one's accrual pays only its own.
  if (w.accrualDue) await w.api.ops({ kind: 'points.accrue', at: null });
  w.accrualDue = false;
  // A bonus an earlier sequence left open is forfeited (the expiry sweep, its 30 days passed), so each starts without one.
  if (w.bonusLeftOpen) await sweepBonuses(w.t.database.db, w.t.merchantId, new Date(Date.now() + 31 * 86_400_000));
  w.bonusLeftOpen = false;
  let held = await serverBalances(w);
  const low = [...held.entries()].filter(([, b]) => b.main < TOP_UP_BELOW);
  for (const [name] of low) await w.api.ops({ kind: 'wallet.adjust', username: name, amount: TOP_UP, reason: 'model funds', requestId: null });
  if (low.length > 0) held = await serverBalances(w);
  return { bal: held, debits: [], answers: new Map(), transfers: [], withdrawals: [], bonus: null, draw: null, windows: new Map(), settledDraws: [], uid: `m${w.run}x${crypto.randomBytes(3).toString('hex')}`, seq: 0 };
}

const EXAMPLE_SEED = '5eed'.repeat(16);
const EXAMPLE_ENDING = drawFromSeed('north', EXAMPLE_SEED)[0]?.numbers[0]?.slice(-2) ?? '00';

/**
 * Sequences every run checks before the random ones: the real bug the model found (a debit rolled back under a second
 * id was refunded twice; migration 0045) and a retried transfer.
 */
export const MONEY_EXAMPLES: Step[][] = [
  // A slip whose đề and lô win (the special prize's ending of that seed's table), settled, then its points.
  [
    new LotteryBet(MEMBERS[2], [{ betType: 'lo2', number: EXAMPLE_ENDING, units: 3 }, { betType: 'de', number: EXAMPLE_ENDING, units: 2 }, { betType: 'lo2', number: '00', units: 1 }], true),
    new LotterySettle(EXAMPLE_SEED),
    new AgentSalary(),
    new PointsAccrue(),
  ],
  [new Debit(MEMBERS[0], 1_000), new Rollback(0), new Rollback(0)],
  [new Transfer(MEMBERS[1], false, 5_000), new RepeatTransfer(0)],
];

/** The property: any sequence of the commands keeps every balance as the model says and the ledger check clean. */
export function moneyProperty(w: TWorld, maxCommands: number) {
  return fc.asyncProperty(fc.commands(moneyCommands(w), { maxCommands }), async (cmds) => {
    const model = await startSequence(w);
    await fc.asyncModelRun(() => ({ model, real: w }), cmds);
    const check = await w.api.ops({ kind: 'ledger.check' });
    if (!check.ok) throw new Error(`ledger check after the sequence: ${check.message}`);
  });
}
