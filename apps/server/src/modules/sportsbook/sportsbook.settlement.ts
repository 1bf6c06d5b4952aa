import type { TDb, TTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { HOUSE_SHARDS } from '../ledger/ledger.service.ts';
import { transitionProblem, type TFixtureState } from '../sportsbook-engine/fixture-state.ts';
import { resultProblem, settle, type TMarket, type TOutcome, type TResult } from '../sportsbook-engine/markets.ts';
import { betPayout, betState } from '../sportsbook-engine/payout.ts';
import {
  createSportsSettlementRepository,
  type TBetChange,
  type TBetToSettle,
  type TFixtureRow,
  type TLegToJudge,
  type TPosting,
  type TRoundChange,
  type TVendorRow,
} from './sportsbook.settlement.repository.ts';

/**
 * Settlement of the house books (issue 20; docs/decisions.md, "Sportsbook (issue 20)"). A fixture's result moves its
 * legs and then its bets, set-based in chunks of bets, as the lottery settles tickets: each chunk is one transaction
 * that locks its bets in id order, writes the legs' outcomes under their fixture's result version, judges each bet
 * whose legs it wrote from all its legs, flips the bets that change (conditional on the settlement count it saw),
 * writes their game rounds, and moves the money — reversal entries `vendor:<vendor>:<betId>:reverse:<n>` and payouts
 * `…:settle:<n>`, their postings and balances in one statement with the accounts locked in id order. A rerun, a crash
 * in the middle or a second process finds nothing left to change, so each bet is paid once per settlement. A
 * correction moves money only for the bets whose settlement it changes.
 */

/** Bets per chunk: the lottery's figure (tens of milliseconds of locks, per-statement costs spread thin). */
export const SPORTS_SETTLE_BATCH = 10_000;
/** Chunks in flight at once, each a transaction on its own pool connection. */
export const SPORTS_SETTLE_CONCURRENCY = 2;

export type TFixtureResult = { home: number; away: number } | 'void';

/** A result the fixture cannot take (its state, or a bad score): the operator sees the message. */
export class SportsResultError extends RangeError {}

export interface TSettleOptions {
  batch?: number;
  concurrency?: number;
  /** Milliseconds per phase summed over chunks (the bench prints them). */
  phases?: Record<string, number>;
}

export interface TSettleCounts {
  /** Legs given an outcome under the current result version. */
  legs: number;
  /** Bets settled now (a first settlement or a resettlement). */
  settled: number;
  /** Settled bets back to open: a correction left them waiting on another fixture. */
  reopened: number;
  /** Earlier payouts reversed by a correction. */
  reversed: number;
  /** Paid in this run, minor units. */
  paid: number;
  /** Taken back by reversals, minor units. */
  taken: number;
  /** What reversals could not take (the wallet no longer held it), recorded on the bets. */
  unrecovered: number;
}

export interface TResultOutcome extends TSettleCounts {
  fixtureId: number;
  state: 'resulted' | 'void';
  resultVersion: number;
  /** The fixture had been resulted before: its bets were resettled. */
  correction: boolean;
  /** The same result again: nothing new written, only any settlement left unfinished completed. */
  repeated: boolean;
}

export interface TBetJudgement {
  status: 'open' | 'settled';
  outcome: TOutcome | null;
  payout: number;
  roundStatus: 'open' | 'settled' | 'void';
  validBet: number;
}

/**
 * Where a bet stands from its legs: open while a leg waits (unless one lost), else settled with its payout. A single's
 * outcome is its leg's; a parlay's says what it returned: loss (nothing), halfLoss (less than the stake), push (the
 * stake back, a leg pushed), void (every leg void), win (more than the stake). The game round is void only when the
 * bet is; its valid bet is the stake, half of it for a single's half win or half loss, none for a push or void.
 */
export function judgeBet(bet: { stake: number; maxPayout: number; odds: readonly number[]; outcomes: readonly (string | null)[] }): TBetJudgement {
  const outcomes = bet.outcomes as readonly (TOutcome | null)[];
  const state = betState(outcomes);
  if (state === 'open') return { status: 'open', outcome: null, payout: 0, roundStatus: 'open', validBet: 0 };
  if (state === 'lost') return { status: 'settled', outcome: 'loss', payout: 0, roundStatus: 'settled', validBet: bet.stake };
  const legs = outcomes.map((outcome, i) => ({ odds: bet.odds[i] as number, outcome: outcome as TOutcome }));
  const { payout } = betPayout(bet.stake, legs, bet.maxPayout);
  let outcome: TOutcome;
  if (legs.length === 1) outcome = legs[0]?.outcome as TOutcome;
  else if (legs.every((l) => l.outcome === 'void')) outcome = 'void';
  else if (payout === 0) outcome = 'loss';
  else outcome = payout > bet.stake ? 'win' : payout === bet.stake ? 'push' : 'halfLoss';
  const half = legs.length === 1 && (outcome === 'halfWin' || outcome === 'halfLoss');
  const validBet = outcome === 'push' || outcome === 'void' ? 0 : half ? Math.floor(bet.stake / 2) : bet.stake;
  return { status: 'settled', outcome, payout, roundStatus: outcome === 'void' ? 'void' : 'settled', validBet };
}

const LINED = new Set(['asianHandicap', 'overUnder', 'mapHandicap', 'totalMaps']);
const marketOf = (kind: string, line: number): TMarket => (LINED.has(kind) ? { kind, line } : { kind }) as TMarket;

const settleKey = (vassalage: string, betId: string, n: number) => `vendor:${vassalage}:${betId}:settle:${n}`;

export function createSportsSettlement(deps: { db: TDb; merchantId: number | (() => Promise<number>) }) {
  const { db } = deps;
  const repo = createSportsSettlementRepository();
  const merchantOf = async () => (typeof deps.merchantId === 'number' ? deps.merchantId : deps.merchantId());
  let houseIds: number[] | null = null;
  let singleWallet: boolean | null = null;

  async function timed<T>(phases: Record<string, number> | undefined, phase: string, work: () => Promise<T> | T): Promise<T> {
    if (!phases) return work();
    const t0 = performance.now();
    try {
      return await work();
    } finally {
      phases[phase] = (phases[phase] ?? 0) + performance.now() - t0;
    }
  }

  interface TCtx {
    merchantId: number;
    houseIds: number[];
    singleWallet: boolean;
    now: Date;
    phases?: Record<string, number>;
  }

  interface TDecision {
    bet: TBetToSettle;
    target: TBetJudgement;
    change: TBetChange;
    /** The settlement this decision reverses (its payout taken back), or null. */
    reverses: number | null;
  }

  /** One chunk of legs behind their fixtures' result versions and the bets they belong to, in the caller's transaction. */
  async function chunk(tx: TTx, ctx: TCtx, legs: readonly (TLegToJudge & { version: number; outcome: TOutcome })[]): Promise<TSettleCounts> {
    const { phases, merchantId } = ctx;
    const counts: TSettleCounts = { legs: 0, settled: 0, reopened: 0, reversed: 0, paid: 0, taken: 0, unrecovered: 0 };
    const ids = [...new Set(legs.map((l) => l.betId))];
    await timed(phases, 'lock bets', () => repo.lockBets(tx, ids));
    const written = await timed(phases, 'legs', () => repo.writeLegOutcomes(tx, legs));
    counts.legs = written.length;
    if (written.length === 0) return counts;
    // The bets whose legs this transaction wrote, judged from all their legs under their lock: a leg of another
    // fixture written at the same moment was written under the same lock, before or after, so the later of the two
    // sees both. Legs another settler wrote were judged with their bets by that settler.
    const bets = await timed(phases, 'read bets', () => repo.betsWithLegs(tx, written));

    const decisions: TDecision[] = [];
    for (const read of bets) {
      const bet = { ...read, bonus: false };
      const target = judgeBet(bet);
      if (target.status === bet.status && target.outcome === bet.outcome && target.payout === bet.payout) continue;
      const settleCount = target.status === 'settled' ? bet.settleCount + 1 : bet.settleCount;
      decisions.push({
        bet,
        target,
        change: { id: bet.id, seenCount: bet.settleCount, status: target.status, outcome: target.outcome, payout: target.payout, settleCount },
        reverses: bet.status === 'settled' && bet.payout > 0 ? bet.settleCount : null,
      });
    }
    if (decisions.length === 0) return counts;
    const bonus = await repo.bonusStakes(tx, merchantId, decisions.filter((d) => d.target.payout > 0).map((d) => d.bet));
    for (const d of decisions) d.bet.bonus = bonus.has(d.bet.betId);
    const flipped = await timed(phases, 'flip', () => repo.flipBets(tx, decisions.map((d) => d.change), ctx.now));
    const done = decisions.filter((d) => flipped.has(d.bet.id));
    // The betting record first: it needs no account, so the wallets and the house are locked for less time.
    const rounds: TRoundChange[] = done.map(({ bet, target }) => ({ betId: bet.betId, vassalage: bet.vassalage, status: target.roundStatus, payout: target.payout, validBet: target.validBet }));
    await timed(phases, 'rounds', () => repo.updateRounds(tx, merchantId, rounds, ctx.now));

    // What earlier settlements credited, for the reversals; then every account the chunk moves, locked in id order.
    const credited = await repo.creditedBy(tx, merchantId, done.flatMap((d) => (d.reverses === null ? [] : [settleKey(d.bet.vassalage, d.bet.betId, d.reverses)])));
    const creditedByKey = new Map<string, { accountId: number; amount: number }[]>();
    for (const c of credited) creditedByKey.set(c.key, [...(creditedByKey.get(c.key) ?? []), { accountId: c.accountId, amount: c.amount }]);
    const viaSeamless = done.filter((d) => d.bet.bonus && d.target.status === 'settled' && d.target.payout > 0);
    await repo.lockMembers(tx, [...new Set(viaSeamless.map((d) => d.bet.userId))].sort((a, b) => a - b));
    const userIds = [...new Set(done.map((d) => d.bet.userId))];
    const houseOf = (userId: number) => ctx.houseIds[userId % ctx.houseIds.length] as number;
    const wallets = ctx.singleWallet ? ['MAIN'] : [...new Set(done.map((d) => d.bet.vassalage))];
    const accounts = await timed(phases, 'lock accounts', () =>
      repo.lockAccounts(tx, merchantId, [...new Set(userIds.map(houseOf))], userIds, [...wallets, 'BONUS'], credited.map((c) => c.accountId)),
    );
    const balance = new Map(accounts.map((a) => [a.id, a.balance]));
    const walletOf = new Map(accounts.filter((a) => a.userId !== null && a.wallet !== 'BONUS').map((a) => [`${a.userId}:${a.wallet}`, a.id]));
    const gamesWallet = (bet: TBetToSettle) => {
      const id = walletOf.get(`${bet.userId}:${ctx.singleWallet ? 'MAIN' : bet.vassalage}`);
      if (id === undefined) throw new Error(`bet ${bet.betId}: the member has no games wallet`);
      return id;
    };

    // The money, bet by bet in id order on running balances: a reversal takes back what each account was credited,
    // as far as it still holds it; the new payout follows. Entries with nothing to post are not written.
    const move = (accountId: number, amount: number) => {
      const after = (balance.get(accountId) ?? 0) + amount;
      balance.set(accountId, after);
      return { accountId, amount, balanceAfter: after };
    };
    const planned: { key: string; memo: string; postings: Omit<TPosting, 'entryId'>[]; vendor: Omit<TVendorRow, 'entryId'> | null }[] = [];
    const vendorRows: Omit<TVendorRow, 'entryId'>[] = [];
    const owed = new Map<number, number>();
    for (const d of done) {
      const { bet, target } = d;
      const house = houseOf(bet.userId);
      if (d.reverses !== null) {
        const postings: Omit<TPosting, 'entryId'>[] = [];
        let took = 0;
        for (const c of creditedByKey.get(settleKey(bet.vassalage, bet.betId, d.reverses)) ?? []) {
          const take = Math.min(c.amount, Math.max(balance.get(c.accountId) ?? 0, 0));
          if (take > 0) postings.push(move(c.accountId, -take));
          took += take;
        }
        const key = `vendor:${bet.vassalage}:${bet.betId}:reverse:${d.reverses}`;
        const row = { vassalage: bet.vassalage, txnId: `${bet.betId}:reverse:${d.reverses}`, type: 'rollback' as const, userId: bet.userId, roundId: bet.betId, amount: took, refTxnId: `${bet.betId}:settle:${d.reverses}`, balance: balance.get(gamesWallet(bet)) ?? 0 };
        if (took > 0) {
          postings.push(move(house, took));
          planned.push({ key, memo: `${bet.vassalage} ${bet.betId} rollback`, postings, vendor: row });
        } else vendorRows.push(row);
        counts.reversed += 1;
        counts.taken += took;
        if (took < bet.payout) {
          owed.set(bet.id, bet.payout - took);
          counts.unrecovered += bet.payout - took;
        }
      }
      if (target.status === 'settled') {
        counts.settled += 1;
        counts.paid += target.payout;
        if (target.payout > 0 && !bet.bonus) {
          const wallet = gamesWallet(bet);
          const n = d.change.settleCount;
          const postings = [move(house, -target.payout), move(wallet, target.payout)];
          planned.push({
            key: settleKey(bet.vassalage, bet.betId, n),
            memo: `${bet.vassalage} ${bet.betId}`,
            postings,
            vendor: { vassalage: bet.vassalage, txnId: `${bet.betId}:settle:${n}`, type: 'credit', userId: bet.userId, roundId: bet.betId, amount: target.payout, refTxnId: null, balance: balance.get(wallet) ?? 0 },
          });
        }
      } else counts.reopened += 1;
    }

    const entryIds = await timed(phases, 'entries', () => repo.insertEntries(tx, merchantId, planned.map((p) => ({ key: p.key, kind: 'payout', memo: p.memo }))));
    // The bets flipped under their lock, so every key is new; one taken means money would move twice: stop.
    if (entryIds.size !== planned.length) throw new Error(`${planned.length - entryIds.size} settlement keys were already taken`);
    const postings: TPosting[] = planned.flatMap((p) => p.postings.map((q) => ({ ...q, entryId: entryIds.get(p.key) as number })));
    await timed(phases, 'post', () => repo.post(tx, postings, balance));
    await timed(phases, 'vendor rows', () =>
      repo.insertVendorRows(tx, merchantId, [...planned.flatMap((p) => (p.vendor ? [{ ...p.vendor, entryId: entryIds.get(p.key) ?? null }] : [])), ...vendorRows.map((r) => ({ ...r, entryId: null }))]),
    );
    await repo.addUnrecovered(tx, owed);
    // Stakes that took bonus money: the seamless wallet's own credit splits the win between cash and bonus.
    for (const d of viaSeamless) {
      const answer = await repo.seamlessCredit(tx, merchantId, {
        vassalage: d.bet.vassalage,
        txnId: `${d.bet.betId}:settle:${d.change.settleCount}`,
        roundId: d.bet.betId,
        amount: d.target.payout,
        userId: d.bet.userId,
        now: ctx.now,
        shards: ctx.houseIds.length,
      });
      if (!answer.ok) throw new Error(`bet ${d.bet.betId}: the seamless credit was refused (${answer.error ?? 'unknown'})`);
    }
    return counts;
  }

  /**
   * Settles the legs of resulted or void fixtures that are behind their fixture's result version, and their bets, in
   * chunks of bets: a bet with legs on several of these fixtures is judged once for all of them.
   */
  async function settleFixtures(fixtureIds: readonly number[], now: Date, opts: TSettleOptions = {}): Promise<TSettleCounts> {
    const merchantId = await merchantOf();
    const total: TSettleCounts = { legs: 0, settled: 0, reopened: 0, reversed: 0, paid: 0, taken: 0, unrecovered: 0 };
    const fixtures = (await repo.fixtures(db, merchantId, fixtureIds)).filter((f) => f.state === 'resulted' || f.state === 'void');
    if (fixtures.length === 0) return total;
    const results = new Map<number, TResult>(fixtures.map((f) => [f.id, f.state === 'void' ? 'void' : { home: f.resultHome ?? 0, away: f.resultAway ?? 0 }]));
    houseIds ??= await repo.houseAccounts(db, merchantId, HOUSE_SHARDS);
    singleWallet ??= await repo.singleWallet(db, merchantId);
    const ctx: TCtx = { merchantId, houseIds, singleWallet, now, phases: opts.phases };
    const batch = opts.batch ?? SPORTS_SETTLE_BATCH;
    // Chunks are claimed in bet order, one read at a time; the bet locks and the conditional writes decide who moves what.
    let after = 0;
    let exhausted = false;
    let reading: Promise<unknown> = Promise.resolve();
    const claim = () => {
      const next = reading.then(async () => {
        if (exhausted) return [];
        const legs = await timed(opts.phases, 'read legs', () =>
          repo.legsBehind(
            db,
            fixtures.map((f) => f.id),
            fixtures.map((f) => f.resultVersion),
            after,
            batch,
          ),
        );
        const bets = new Set(legs.map((l) => l.betId)).size;
        exhausted = bets < batch;
        after = legs.at(-1)?.betId ?? after;
        return legs;
      });
      reading = next.catch(() => undefined);
      return next;
    };
    const worker = async () => {
      try {
        for (;;) {
          const legs = await claim();
          if (legs.length === 0) return;
          const judged = await timed(opts.phases, 'judge', () => legs.map((l) => ({ ...l, outcome: settle(marketOf(l.kind, l.line), l.selection, results.get(l.fixtureId) as TResult) })));
          const got = await timed(opts.phases, 'transaction', () => db.transaction((tx) => chunk(tx, ctx, judged)));
          for (const k of Object.keys(total) as (keyof TSettleCounts)[]) total[k] += got[k];
        }
      } catch (err) {
        exhausted = true;
        throw err;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? SPORTS_SETTLE_CONCURRENCY) }, worker));
    return total;
  }

  /** Settles one fixture (settleFixtures of one). */
  const settleFixture = (fixtureId: number, now: Date, opts: TSettleOptions = {}) => settleFixtures([fixtureId], now, opts);

  /**
   * Enters fixtures' results (or voids them) in one short transaction, then settles them together. A closed fixture is
   * resulted; an open or suspended one whose kick-off has passed is closed and resulted in the same call (betting ended
   * at kick-off whatever the state said); a resulted one takes a correction; any fixture not yet void can be voided.
   * The same result again writes nothing and only completes a settlement a crash left unfinished. One fixture that
   * cannot take its result refuses the whole call, before anything is written.
   */
  async function resultFixtures(
    entries: readonly { fixtureId: number; result: TFixtureResult }[],
    now: Date,
    actor?: string,
    opts: TSettleOptions = {},
  ): Promise<{ fixtures: Omit<TResultOutcome, keyof TSettleCounts>[] } & TSettleCounts> {
    const merchantId = await merchantOf();
    for (const { result } of entries) {
      const problem = result === 'void' ? null : resultProblem(result);
      if (problem) throw new SportsResultError(problem);
    }
    const ordered = [...entries].sort((a, b) => a.fixtureId - b.fixtureId);
    const written = await db.transaction(async (tx) => {
      const out: Omit<TResultOutcome, keyof TSettleCounts>[] = [];
      for (const { fixtureId, result } of ordered) {
        const f = await repo.fixture(tx, merchantId, fixtureId, true);
        if (!f) throw new AppError('sports_fixture_not_found', { fixtureId });
        const target: 'resulted' | 'void' = result === 'void' ? 'void' : 'resulted';
        const same = result === 'void' ? f.state === 'void' : f.state === 'resulted' && f.resultHome === result.home && f.resultAway === result.away;
        if (same) {
          out.push({ fixtureId, state: target, resultVersion: f.resultVersion, correction: false, repeated: true });
          continue;
        }
        const from: TFixtureState = (f.state === 'open' || f.state === 'suspended') && target === 'resulted' && now >= f.kickoffAt ? 'closed' : f.state;
        const problem = transitionProblem(from, target);
        if (problem) throw new SportsResultError(`fixture ${fixtureId}: ${problem}${f.state === 'open' && now < f.kickoffAt ? ' before kick-off' : ''}`);
        // The fixture's row is locked: a bet being placed on it (placing share-locks its markets' fixtures) ends
        // first, and a later one sees the new state.
        const version = await repo.writeResult(tx, fixtureId, target, result === 'void' ? null : result, now);
        if (actor) {
          await tx.insert(auditLog).values({
            actor,
            action: target === 'void' ? 'sports.void' : 'sports.result',
            target: `fixture:${fixtureId}`,
            before: { state: f.state, result: resultText(f), resultVersion: f.resultVersion },
            after: { state: target, result: result === 'void' ? null : `${result.home}-${result.away}`, resultVersion: version },
          });
        }
        out.push({ fixtureId, state: target, resultVersion: version, correction: f.state === 'resulted', repeated: false });
      }
      return out;
    });
    const counts = await settleFixtures(
      ordered.map((e) => e.fixtureId),
      now,
      opts,
    );
    return { fixtures: written, ...counts };
  }

  /** Enters one fixture's result (or voids it) and settles it: resultFixtures of one. */
  async function resultFixture(fixtureId: number, result: TFixtureResult, now: Date, actor?: string, opts: TSettleOptions = {}): Promise<TResultOutcome> {
    const { fixtures, ...counts } = await resultFixtures([{ fixtureId, result }], now, actor, opts);
    return { ...(fixtures[0] as Omit<TResultOutcome, keyof TSettleCounts>), ...counts };
  }

  return { resultFixture, resultFixtures, settleFixture, settleFixtures };
}

const resultText = (f: TFixtureRow) => (f.resultHome === null ? null : `${f.resultHome}-${f.resultAway}`);

export type TSportsSettlement = ReturnType<typeof createSportsSettlement>;
