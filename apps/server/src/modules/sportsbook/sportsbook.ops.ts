import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { rowsOf, type TDb, type TTx } from '../../db/client.ts';
import { merchants, sportsFixtures, sportsMarkets } from '../../db/schema.ts';
import { DEFAULT_TIME_ZONE, instantOf, wallClock } from '../../lib/zoned-time.ts';
import { formatMinor, parseMajorAmount } from '../ledger/amount.ts';
import { fixtureExposure, possibleResults, type TExposureLeg } from '../sportsbook-engine/exposure.ts';
import { transitionProblem, type TFixtureState } from '../sportsbook-engine/fixture-state.ts';
import { formatLine, lineToQuarters, MARKET_KINDS, selectionsOf, type TResult, type TSport } from '../sportsbook-engine/markets.ts';
import { formatOdds, oddsProblem } from '../sportsbook-engine/odds.ts';
import { DEFAULT_PRICING, priceOf } from '../sportsbook-engine/pricing.ts';
import { thousandthsOf, type TImportFixture, type TSportsCommand } from './sportsbook.args.ts';
import { insertFixtures, type TNewFixture, type TNewMarket } from './sportsbook.fixtures.ts';
import { marketOf } from './sportsbook.service.ts';
import { createSportsSettlement, SportsResultError, type TResultOutcome } from './sportsbook.settlement.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * What `npm run ops -- sports …` does (issue 20): the operator's real fixtures — import, list, odds, suspend, resume,
 * open, close, result (again: a correction), void — and the book's exposure on a fixture. Every change writes its audit
 * row in the transaction of the change; a result or a void is the settlement's (resultFixture: its own transactions,
 * set-based), audited once it returned.
 */

export class SportsRefusal extends Error {}

type TAudit = (tx: TTx, entry: { target: string; before: unknown; after: unknown; reason?: string | null }) => Promise<unknown>;

type TFixtureRow = typeof sportsFixtures.$inferSelect;
type TMarketRow = typeof sportsMarkets.$inferSelect;

const score = (f: { resultHome: number | null; resultAway: number | null }) => (f.resultHome === null ? null : `${f.resultHome}-${f.resultAway}`);
const dec = (odds: number) => formatOdds(odds, 'decimal');
const marketName = (m: { kind: string; line: number }) => (['asianHandicap', 'overUnder', 'mapHandicap', 'totalMaps'].includes(m.kind) ? `${m.kind} ${formatLine(m.line, m.kind.endsWith('andicap'))}` : m.kind);

async function timeZoneOf(db: TDb | TTx, merchantId: number): Promise<string> {
  const [row] = await db.select({ tz: merchants.timeZone }).from(merchants).where(eq(merchants.id, merchantId));
  return row?.tz ?? DEFAULT_TIME_ZONE;
}

function localTime(tz: string, at: Date): string {
  return new Date(wallClock(tz, at.getTime())).toISOString().slice(0, 16).replace('T', ' ');
}

async function fixtureOf(db: TDb | TTx, merchantId: number, fixtureId: number, lock = false): Promise<TFixtureRow> {
  const q = db.select().from(sportsFixtures).where(and(eq(sportsFixtures.merchantId, merchantId), eq(sportsFixtures.id, fixtureId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new SportsRefusal(`no fixture ${fixtureId} (see sports list)`);
  return row;
}

/** The market of a fixture by kind and line; without a line, the only market of that kind. */
async function marketOfFixture(tx: TTx, fixture: TFixtureRow, ref: { kind: string; line: number | null }): Promise<TMarketRow> {
  const rows = await tx
    .select()
    .from(sportsMarkets)
    .where(and(eq(sportsMarkets.fixtureId, fixture.id), eq(sportsMarkets.kind, ref.kind), ...(ref.line === null ? [] : [eq(sportsMarkets.line, ref.line)])))
    .orderBy(asc(sportsMarkets.line))
    .for('update');
  if (rows.length === 1) return rows[0] as TMarketRow;
  const all = await tx.select({ kind: sportsMarkets.kind, line: sportsMarkets.line }).from(sportsMarkets).where(eq(sportsMarkets.fixtureId, fixture.id)).orderBy(asc(sportsMarkets.sort));
  const offered = all.map((m) => (m.kind === 'oneXTwo' || !['asianHandicap', 'overUnder', 'mapHandicap', 'totalMaps'].includes(m.kind) ? m.kind : `${m.kind}:${m.line / 4}`)).join(', ');
  if (rows.length === 0) throw new SportsRefusal(`fixture ${fixture.id} has no ${ref.kind}${ref.line === null ? '' : ` ${ref.line / 4}`} market; it offers ${offered || 'none'}`);
  throw new SportsRefusal(`fixture ${fixture.id} has ${rows.length} ${ref.kind} lines (${rows.map((r) => r.line / 4).join(', ')}): say which with --line`);
}

/** An imported fixture as the book stores it: decimal prices in thousandths, lines in quarters, fair odds priced with the margin. */
export function importedFixture(f: TImportFixture): TNewFixture {
  const marginBp = Math.round(f.margin * 100);
  const pricing = { ...DEFAULT_PRICING, marginBp };
  const markets = f.markets.map((m): TNewMarket => {
    const where = `${f.id} ${m.kind}`;
    const hasLine = ['asianHandicap', 'overUnder', 'mapHandicap', 'totalMaps'].includes(m.kind);
    if (hasLine && m.line === undefined) throw new SportsRefusal(`${where}: a line is needed (goals in steps of 0.25)`);
    if (!hasLine && m.line !== undefined) throw new SportsRefusal(`${where}: this market has no line`);
    const line = hasLine ? lineToQuarters(m.line as number) : 0;
    if (line === null) throw new SportsRefusal(`${where}: the line ${m.line} is not a multiple of 0.25`);
    const odds: Record<string, number> = {};
    for (const [selection, value] of Object.entries(m.odds ?? {})) {
      const t = thousandthsOf(String(value));
      if (t === null) throw new SportsRefusal(`${where} ${selection}: ${value} is not a decimal price with at most three decimals`);
      odds[selection] = t;
    }
    for (const [selection, value] of Object.entries(m.fair ?? {})) {
      const v = Number(value);
      const price = priceOf(v < 1 ? v : 1 / v, pricing);
      if (price === null) throw new SportsRefusal(`${where} ${selection}: a fair price or probability above 0`);
      odds[selection] = price;
    }
    let maxStake: number | null = null;
    if (m.maxStake !== undefined) {
      const amount = parseMajorAmount(String(m.maxStake));
      if (!amount.ok) throw new SportsRefusal(`${where}: maxStake ${amount.reason}`);
      maxStake = amount.minor;
    }
    return { kind: m.kind, line, odds, maxStake };
  });
  return {
    source: 'manual',
    sport: f.sport,
    externalId: f.id,
    leagueCode: f.league.code,
    leagueName: f.league.name,
    homeTeam: f.home,
    awayTeam: f.away,
    kickoffAt: new Date(f.kickoff),
    state: f.state,
    marginBp,
    markets,
  };
}

/** Imports fixtures in one transaction; those the merchant already has are left as they are. */
export async function importFixtures(tx: TTx, merchantId: number, fixtures: readonly TImportFixture[]): Promise<{ added: number[]; existing: string[] }> {
  const converted = fixtures.map(importedFixture);
  const ids = converted.map((f) => f.externalId);
  if (new Set(ids).size !== ids.length) throw new SportsRefusal(`the file names a fixture id twice: ${ids.find((id, i) => ids.indexOf(id) !== i)}`);
  const before = await tx.select({ externalId: sportsFixtures.externalId }).from(sportsFixtures).where(and(eq(sportsFixtures.merchantId, merchantId), inArray(sportsFixtures.externalId, ids)));
  const existing = new Set(before.map((r) => r.externalId));
  let written: Map<string, number>;
  try {
    written = await insertFixtures(tx, merchantId, converted);
  } catch (err) {
    if (err instanceof RangeError) throw new SportsRefusal(err.message);
    throw err;
  }
  return { added: [...written].filter(([externalId]) => !existing.has(externalId)).map(([, id]) => id), existing: [...existing] };
}

/** Moves a fixture's state by the engine's rules; refuses with the rule. */
async function moveState(tx: TTx, fixture: TFixtureRow, to: TFixtureState, now: Date): Promise<void> {
  const problem = transitionProblem(fixture.state, to);
  if (problem) throw new SportsRefusal(`fixture ${fixture.id}: ${problem}`);
  await tx.update(sportsFixtures).set({ state: to, updatedAt: now }).where(and(eq(sportsFixtures.id, fixture.id), eq(sportsFixtures.state, fixture.state)));
}

/** The open bets with a leg on the fixture (a parlay with a lost leg elsewhere left out) and the liability per result. */
export async function exposureOf(db: TDb | TTx, merchantId: number, fixture: TFixtureRow) {
  const legs = rowsOf<{ bet: string; stake: string; max_payout: string; fixture_id: string; kind: string; line: number; selection: string; odds: number; outcome: string | null }>(
    await db.execute(sql`
      select b.id::text as bet, b.stake::text as stake, b.max_payout::text as max_payout, l.fixture_id::text as fixture_id, l.kind, l.line, l.selection, l.odds, l.outcome
      from sports_bets b join sports_bet_legs l on l.bet_id = b.id
      where b.merchant_id = ${merchantId} and b.status = 'open'
        and b.id in (select bet_id from sports_bet_legs where fixture_id = ${fixture.id})
      order by b.id, l.leg_no`),
  );
  const bets = new Map<string, { stake: number; maxPayout: number; legs: TExposureLeg[]; lost: boolean }>();
  for (const l of legs) {
    const bet = bets.get(l.bet) ?? { stake: Number(l.stake), maxPayout: Number(l.max_payout), legs: [], lost: false };
    if (l.fixture_id !== String(fixture.id) && l.outcome === 'loss') bet.lost = true;
    bet.legs.push({ fixtureId: l.fixture_id, market: marketOf(l.kind, l.line), selection: l.selection, odds: l.odds });
    bets.set(l.bet, bet);
  }
  const live = [...bets.values()].filter((b) => !b.lost);
  const results: TResult[] =
    fixture.sport === 'football'
      ? possibleResults(6)
      : (() => {
          const wins = ((Number((fixture.model as Record<string, unknown>).bestOf) || 3) + 1) / 2;
          const out: TResult[] = [];
          for (let k = 0; k < wins; k += 1) out.push({ home: wins, away: k }, { home: k, away: wins });
          return [...out, 'void'];
        })();
  const rows = fixtureExposure(String(fixture.id), live, results).sort((a, b) => b.liability - a.liability);
  return {
    bets: live.length,
    singles: live.filter((b) => b.legs.length === 1).length,
    parlays: live.filter((b) => b.legs.length > 1).length,
    leftOut: bets.size - live.length,
    stakes: live.reduce((s, b) => s + b.stake, 0),
    rows: rows.map((r) => ({ result: r.result === 'void' ? 'void' : `${r.result.home}-${r.result.away}`, liability: r.liability })),
  };
}

export async function runSportsCommand(db: TDb, merchantId: number, actor: string, cmd: TSportsCommand, audit: TAudit, now = new Date()): Promise<{ message: string; data?: unknown }> {
  switch (cmd.kind) {
    case 'sports.import':
      return db.transaction(async (tx) => {
        const r = await importFixtures(tx, merchantId, cmd.fixtures);
        await audit(tx, { target: `sportsImport:${cmd.file.split(/[\\/]/).at(-1)}`, before: null, after: { added: r.added, alreadyThere: r.existing } });
        const left = r.existing.length > 0 ? `; ${r.existing.length} already there, left as they were (${r.existing.slice(0, 5).join(', ')}${r.existing.length > 5 ? ', …' : ''})` : '';
        return { message: `${r.added.length} fixture(s) added${r.added.length > 0 ? ` (ids ${r.added.join(', ')})` : ''}${left}`, data: r };
      });
    case 'sports.list': {
      const tz = await timeZoneOf(db, merchantId);
      const conditions = [eq(sportsFixtures.merchantId, merchantId)];
      if (cmd.state) conditions.push(eq(sportsFixtures.state, cmd.state));
      if (cmd.day) {
        const [y, m, d] = cmd.day.split('-').map(Number) as [number, number, number];
        if (new Date(Date.UTC(y, m - 1, d)).getUTCDate() !== d) throw new SportsRefusal(`${cmd.day} is not a day`);
        conditions.push(gte(sportsFixtures.kickoffAt, new Date(instantOf(tz, Date.UTC(y, m - 1, d)))), lt(sportsFixtures.kickoffAt, new Date(instantOf(tz, Date.UTC(y, m - 1, d + 1)))));
      }
      const rows = await db
        .select({
          f: sportsFixtures,
          markets: sql<number>`(select count(*)::int from sports_markets m where m.fixture_id = sports_fixtures.id)`,
          openBets: sql<number>`(select count(distinct l.bet_id)::int from sports_bet_legs l join sports_bets b on b.id = l.bet_id where l.fixture_id = sports_fixtures.id and b.status = 'open')`,
        })
        .from(sportsFixtures)
        .where(and(...conditions))
        .orderBy(asc(sportsFixtures.kickoffAt), asc(sportsFixtures.id))
        .limit(cmd.limit);
      const lines = rows.map(({ f, markets, openBets }) =>
        [f.id, localTime(tz, f.kickoffAt), f.state, f.sport, f.leagueCode, `${f.homeTeam} – ${f.awayTeam}`, score(f) ?? '-', `${Number(markets)} markets`, `${Number(openBets)} open bets`, f.externalId].join('\t'),
      );
      return {
        message: lines.length > 0 ? [`id\tkick-off (${tz})\tstate\tsport\tleague\tmatch\tresult\tmarkets\topen bets\texternal id`, ...lines].join('\n') : 'no fixtures',
        data: rows.map((r) => ({ ...r.f, seed: r.f.state === 'resulted' || r.f.state === 'void' ? r.f.seed : null, markets: Number(r.markets), openBets: Number(r.openBets) })),
      };
    }
    case 'sports.odds':
      return db.transaction(async (tx) => {
        const fixture = await fixtureOf(tx, merchantId, cmd.fixtureId, true);
        if (fixture.state === 'resulted' || fixture.state === 'void') throw new SportsRefusal(`fixture ${fixture.id} is ${fixture.state}: its odds no longer move`);
        if (!(MARKET_KINDS[fixture.sport as TSport] as readonly string[]).includes(cmd.market.kind)) throw new SportsRefusal(`${cmd.market.kind} is not a ${fixture.sport} market`);
        const market = await marketOfFixture(tx, fixture, cmd.market);
        const selections = selectionsOf(marketOf(market.kind, market.line));
        const odds: Record<string, number> = { ...market.odds };
        if (cmd.prices) {
          for (const [selection, price] of Object.entries(cmd.prices)) {
            if (!selections.includes(selection)) throw new SportsRefusal(`${marketName(market)} has no selection ${selection}; it has ${selections.join(', ')}`);
            const problem = oddsProblem(price);
            if (problem) throw new SportsRefusal(`${selection}: ${problem}`);
            odds[selection] = price;
          }
        } else {
          // Re-price: the current prices' implied chances, normalised to 1 (the old margin taken out), with the new margin.
          const entries = Object.entries(market.odds);
          const total = entries.reduce((s, [, o]) => s + 1000 / o, 0);
          const pricing = { ...DEFAULT_PRICING, marginBp: cmd.marginBp ?? DEFAULT_PRICING.marginBp };
          for (const [selection, o] of entries) odds[selection] = priceOf(1000 / o / total, pricing) ?? o;
        }
        const [after] = await tx
          .update(sportsMarkets)
          .set({ odds, oddsVersion: sql`${sportsMarkets.oddsVersion} + 1`, updatedAt: now })
          .where(eq(sportsMarkets.id, market.id))
          .returning();
        await audit(tx, { target: `sportsMarket:${market.id}`, before: { odds: market.odds, oddsVersion: market.oddsVersion }, after: { odds, oddsVersion: after?.oddsVersion } });
        const moves = Object.keys(odds).map((s) => `${s} ${market.odds[s] === undefined ? '-' : dec(market.odds[s] as number)} → ${dec(odds[s] as number)}`);
        return { message: `fixture ${fixture.id} ${marketName(market)}: ${moves.join(', ')} (odds version ${after?.oddsVersion}); slips built on the old prices are refused with the new ones`, data: after };
      });
    case 'sports.suspend':
    case 'sports.resume':
      return db.transaction(async (tx) => {
        const fixture = await fixtureOf(tx, merchantId, cmd.fixtureId, true);
        const suspend = cmd.kind === 'sports.suspend';
        if (cmd.market) {
          if (fixture.state === 'resulted' || fixture.state === 'void') throw new SportsRefusal(`fixture ${fixture.id} is ${fixture.state}`);
          const market = await marketOfFixture(tx, fixture, cmd.market);
          await tx.update(sportsMarkets).set({ suspended: suspend, updatedAt: now }).where(eq(sportsMarkets.id, market.id));
          await audit(tx, { target: `sportsMarket:${market.id}`, before: { suspended: market.suspended }, after: { suspended: suspend } });
          const was = market.suspended === suspend ? ' (it already was)' : '';
          return { message: `fixture ${fixture.id} ${marketName(market)} ${suspend ? 'suspended: bets on it are refused' : 'open again'}${was}` };
        }
        if (!suspend && fixture.state !== 'suspended') throw new SportsRefusal(`fixture ${fixture.id} is ${fixture.state}, not suspended`);
        await moveState(tx, fixture, suspend ? 'suspended' : 'open', now);
        await audit(tx, { target: `fixture:${fixture.id}`, before: { state: fixture.state }, after: { state: suspend ? 'suspended' : 'open' } });
        return { message: `fixture ${fixture.id} ${fixture.homeTeam} – ${fixture.awayTeam} ${suspend ? 'suspended: every bet on it is refused until resumed' : 'open for bets again'}` };
      });
    case 'sports.open':
    case 'sports.close':
      return db.transaction(async (tx) => {
        const fixture = await fixtureOf(tx, merchantId, cmd.fixtureId, true);
        const to = cmd.kind === 'sports.open' ? 'open' : 'closed';
        if (to === 'open' && fixture.kickoffAt <= now) throw new SportsRefusal(`fixture ${fixture.id} kicked off at ${fixture.kickoffAt.toISOString()}: it cannot open for bets`);
        await moveState(tx, fixture, to, now);
        await audit(tx, { target: `fixture:${fixture.id}`, before: { state: fixture.state }, after: { state: to } });
        return { message: `fixture ${fixture.id} ${fixture.homeTeam} – ${fixture.awayTeam} ${to === 'open' ? 'open for bets until kick-off' : 'closed: no more bets'}` };
      });
    case 'sports.result':
    case 'sports.void': {
      const fixture = await fixtureOf(db, merchantId, cmd.fixtureId);
      const result: TResult = cmd.kind === 'sports.void' ? 'void' : { home: cmd.home, away: cmd.away };
      if (fixture.state === 'void') throw new SportsRefusal(`fixture ${fixture.id} is void already`);
      if (result !== 'void') {
        if (fixture.state === 'scheduled') throw new SportsRefusal(`fixture ${fixture.id} was never open for bets: void it instead of entering a result`);
        if ((fixture.state === 'open' || fixture.state === 'suspended') && fixture.kickoffAt > now) {
          throw new SportsRefusal(`fixture ${fixture.id} kicks off at ${fixture.kickoffAt.toISOString()}: a result comes after kick-off (void it if the match is off)`);
        }
        if (fixture.state === 'resulted' && fixture.resultHome === result.home && fixture.resultAway === result.away) {
          throw new SportsRefusal(`fixture ${fixture.id} is resulted ${score(fixture)} already: nothing to correct`);
        }
      }
      // The settlement writes the result with its audit row in one transaction, then settles the bets set-based.
      let outcome: TResultOutcome;
      try {
        outcome = await createSportsSettlement({ db, merchantId }).resultFixture(fixture.id, result, now, actor);
      } catch (err) {
        if (err instanceof SportsResultError || err instanceof AppError) throw new SportsRefusal(err.message);
        throw err;
      }
      const after = await fixtureOf(db, merchantId, fixture.id);
      const counts = rowsOf<{ settled: number; open: number }>(
        await db.execute(sql`select count(*) filter (where b.status = 'settled')::int as settled, count(*) filter (where b.status = 'open')::int as open
          from sports_bets b where b.id in (select bet_id from sports_bet_legs where fixture_id = ${fixture.id})`),
      )[0] ?? { settled: 0, open: 0 };
      const money = `paid ${formatMinor(outcome.paid)}${outcome.reversed > 0 ? `, ${outcome.reversed} earlier payout(s) reversed (${formatMinor(outcome.taken)} taken back${outcome.unrecovered > 0 ? `, ${formatMinor(outcome.unrecovered)} not recoverable` : ''})` : ''}`;
      const bets = `${Number(counts.settled) + Number(counts.open)} bet(s) with a leg on it: ${counts.settled} settled, ${counts.open} still open (parlays waiting for other legs); ${money}`;
      const head =
        result === 'void'
          ? `fixture ${fixture.id} ${fixture.homeTeam} – ${fixture.awayTeam} void${outcome.correction ? ` (it was resulted ${score(fixture)}: that settlement is reversed)` : ''}: every leg on it counts 1.000`
          : outcome.correction
            ? `correction: fixture ${fixture.id} ${fixture.homeTeam} – ${fixture.awayTeam} was ${score(fixture)}, now ${score(after)}; the settlement on ${score(fixture)} is reversed and its bets settled again`
            : `fixture ${fixture.id} ${fixture.homeTeam} – ${fixture.awayTeam} resulted ${score(after)}`;
      return { message: `${head}; ${bets}`, data: { fixture: after, settlement: outcome, bets: counts } };
    }
    case 'sports.exposure': {
      const fixture = await fixtureOf(db, merchantId, cmd.fixtureId);
      const e = await exposureOf(db, merchantId, fixture);
      const head = `fixture ${fixture.id} ${fixture.homeTeam} – ${fixture.awayTeam} (${fixture.leagueCode}, ${fixture.state}): ${e.bets} open bet(s) (${e.singles} single(s), ${e.parlays} parlay(s)), stakes ${formatMinor(e.stakes)}${e.leftOut > 0 ? `; ${e.leftOut} parlay(s) with a leg lost elsewhere left out` : ''}`;
      if (e.bets === 0) return { message: `${head}: nothing at risk`, data: e };
      const note = 'liability = what the bets would pay minus their stakes (positive: the book loses); a parlay\'s other legs counted as won';
      const width = Math.max(...e.rows.map((r) => formatMinor(r.liability).length), 9);
      const table = e.rows.map((r) => `${r.result.padEnd(6)}\t${formatMinor(r.liability).padStart(width)}`);
      return { message: [head, note, `result\t${'liability'.padStart(width)}`, ...table].join('\n'), data: e };
    }
  }
}
