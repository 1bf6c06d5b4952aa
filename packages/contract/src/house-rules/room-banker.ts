import { BAUCUA_ANIMALS, BAUCUA_LIMITS, bauCuaGame, settleBauCua, type TBauCuaAnimal, type TBauCuaInput } from './baucua.ts';
import { verify } from './fair.ts';
import type { TRecheck, TRecordedRound } from './registry.ts';
import { settleXocDia, XOCDIA_LIMITS, xocDiaGame, type TXocDiaInput } from './xocdia.ts';

/**
 * The member banker seat of the xóc đĩa and bầu cua rooms (issue 21): a member puts up a bank and the round's players
 * bet against it instead of the house. Pure rules shared by the server (coverage check, settlement) and the browser
 * (re-check of the banker's round from the room seeds):
 * - coverage: a bet is accepted only while the bank covers the worst case of all the round's accepted slips — the
 *   largest total payout over every possible result (xóc đĩa: 0–4 reds; bầu cua: the 56 multisets of three animals)
 *   minus the stakes, each slip settled exactly as the single table settles it (fractions rounded down per bet);
 * - settlement: net = stakes − payouts; the banker keeps net − rake, the rake being 5 % of a positive net, rounded
 *   down (the house's fee for the table); a losing round costs the banker −net in full.
 */

/** The two engines a member may bank (the single tables' engines, played on the room seeds). */
export type TBankedEngine = 'HOUSE_XOCDIA' | 'HOUSE_BAUCUA';
export const BANKED_ENGINES: readonly TBankedEngine[] = ['HOUSE_XOCDIA', 'HOUSE_BAUCUA'];
export const isBankedEngine = (engine: string): engine is TBankedEngine => (BANKED_ENGINES as readonly string[]).includes(engine);

/** The house's rake on the banker's net win of a round: 5 %, rounded down. */
export const BANKER_RAKE = { numerator: 5, denominator: 100 } as const;

/** A room's bank limits from its minimum bet: at least 50 minimum bets, at most 5,000. */
export function bankLimits(minBet: number): { min: number; max: number } {
  return { min: 50 * minBet, max: 5000 * minBet };
}

/** What a round showed, as the single table's detail carries it. */
export type TBankerDraw = { discs: boolean[]; reds: number } | { dice: TBauCuaAnimal[] };
type TSlip = Record<string, number>;

/** Every possible result of a round (a representative draw of each distinct settlement). */
const XOCDIA_DRAWS: readonly boolean[][] = [0, 1, 2, 3, 4].map((reds) => [0, 1, 2, 3].map((i) => i < reds));
const BAUCUA_DRAWS: readonly TBauCuaAnimal[][] = (() => {
  const out: TBauCuaAnimal[][] = [];
  for (let a = 0; a < 6; a++) for (let b = a; b < 6; b++) for (let c = b; c < 6; c++) out.push([BAUCUA_ANIMALS[a], BAUCUA_ANIMALS[b], BAUCUA_ANIMALS[c]] as TBauCuaAnimal[]);
  return out;
})();

/** How many distinct results the banker is exposed to: 5 for xóc đĩa, 56 for bầu cua. */
export const outcomeCount = (engine: TBankedEngine): number => (engine === 'HOUSE_XOCDIA' ? XOCDIA_DRAWS.length : BAUCUA_DRAWS.length);

/** A slip's payout (stake included) against a draw, as the single table pays it. */
function payoutOf(engine: TBankedEngine, slip: TSlip, draw: boolean[] | TBauCuaAnimal[]): number {
  const settled = engine === 'HOUSE_XOCDIA' ? settleXocDia(slip as TXocDiaInput, draw as boolean[]) : settleBauCua(slip as TBauCuaInput, draw as TBauCuaAnimal[]);
  let payout = 0;
  for (const b of settled.bets) payout += b.payout;
  return payout;
}
const stakeOf = (slip: TSlip): number => Object.values(slip).reduce((a, b) => a + b, 0);

/**
 * The most the banker can lose on these slips: max over every result of (total payout − total stakes). Negative
 * when every result leaves the banker ahead; 0 for no slip.
 */
export function bankerWorstCase(engine: TBankedEngine, slips: readonly TSlip[]): number {
  if (slips.length === 0) return 0;
  const stakes = slips.reduce((s, slip) => s + stakeOf(slip), 0);
  let worst = -Infinity;
  for (const draw of engine === 'HOUSE_XOCDIA' ? XOCDIA_DRAWS : BAUCUA_DRAWS) {
    let payout = 0;
    for (const slip of slips) payout += payoutOf(engine, slip, draw);
    if (payout - stakes > worst) worst = payout - stakes;
  }
  return worst;
}

/** Whether a bank covers the worst case of these slips. */
export const bankCovers = (engine: TBankedEngine, bank: number, slips: readonly TSlip[]): boolean => bankerWorstCase(engine, slips) <= bank;

/** The rake on a round's net for the banker (0 unless positive). */
export const bankerRake = (net: number): number => (net > 0 ? Math.floor((net * BANKER_RAKE.numerator) / BANKER_RAKE.denominator) : 0);

/** The banker's side of a round: what the players staked and were paid, the net, the rake and the bank after. */
export interface TBankerOutcome {
  result: TBankerDraw;
  stakes: number;
  payouts: number;
  net: number;
  rake: number;
  bankBefore: number;
  bankAfter: number;
}

/** Settles the banker's round against the draw (the same draw every player's slip was settled on). */
export function settleBanker(engine: TBankedEngine, bankBefore: number, slips: readonly TSlip[], draw: TBankerDraw): TBankerOutcome {
  const raw = 'dice' in draw ? draw.dice : draw.discs;
  let stakes = 0;
  let payouts = 0;
  for (const slip of slips) {
    stakes += stakeOf(slip);
    payouts += payoutOf(engine, slip, raw);
  }
  const net = stakes - payouts;
  const rake = bankerRake(net);
  const result: TBankerDraw = 'dice' in draw ? { dice: draw.dice } : { discs: draw.discs, reds: draw.reds };
  return { result, stakes, payouts, net, rake, bankBefore, bankAfter: bankBefore + net - rake };
}

/** The draw of a round from its seeds: the first draws of the stream, whatever the slip (any valid slip plays it). */
function drawFrom(engine: TBankedEngine, stream: Parameters<typeof xocDiaGame.play>[1]): TBankerDraw {
  if (engine === 'HOUSE_XOCDIA') {
    const d = xocDiaGame.play({ chan: XOCDIA_LIMITS.min }, stream).detail;
    return { discs: d.discs, reds: d.reds };
  }
  return { dice: bauCuaGame.play({ bau: BAUCUA_LIMITS.min }, stream).detail.dice };
}

/** What the banker's `game_rounds` detail carries (beside `room`, `roundNo` and `seed`): the slips it banked and the outcome. */
export interface TBankerDetail {
  banker: { engine: TBankedEngine; bankBefore: number; slips: TSlip[] };
  outcome: TBankerOutcome;
}

/**
 * Re-checks a banker's round: the revealed room seed matches its hash, the draw replayed from the seeds, and every
 * slip banked settled again give exactly the recorded outcome (stakes, payouts, net, rake, bank after).
 */
export function recheckBankerRound(round: TRecordedRound): TRecheck | null {
  const detail = round.detail as Partial<TBankerDetail> & { seed?: { serverSeed?: unknown; serverSeedHash?: unknown; clientSeed?: unknown; nonce?: unknown } };
  const seed = detail.seed;
  const banker = detail.banker;
  if (!banker || !isBankedEngine(banker.engine) || !Array.isArray(banker.slips) || typeof banker.bankBefore !== 'number') return null;
  if (!seed || typeof seed.serverSeed !== 'string' || typeof seed.serverSeedHash !== 'string' || typeof seed.clientSeed !== 'string' || typeof seed.nonce !== 'number') return null;
  const seeds = { serverSeed: seed.serverSeed, serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, nonce: seed.nonce };
  try {
    const { commitMatches, outcome } = verify(seeds, (stream) => settleBanker(banker.engine, banker.bankBefore, banker.slips, drawFrom(banker.engine, stream)));
    return { commitMatches, outcomeMatches: canonical(outcome) === canonical(detail.outcome) };
  } catch {
    return { commitMatches: false, outcomeMatches: false };
  }
}

/** JSON with sorted keys at every depth (jsonb reorders an object's keys). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v);
}
