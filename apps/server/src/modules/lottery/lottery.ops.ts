import { and, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { lotteryDraws, lotteryGames } from '../../db/schema.ts';
import { formatMinor } from '../ledger/amount.ts';
import { LOTTERY_BET_TYPES } from '@playhall/contract/calls/games';
import {
  BET_NAMES,
  chargeMultiplier,
  formatRtpTable,
  isOffered,
  rtp,
  rtpTable,
  STRUCTURES,
  validateResultTable,
  type TPrizeMode,
  type TResultTable,
  type TRtpRow,
  type TStructure,
} from '../lottery-engine/index.ts';
import { createDrawKeeper } from './lottery.draws.ts';
import { drawStatus } from './lottery.service.ts';
import { createSettlement } from './lottery.settlement.ts';

export type TLotteryOps =
  | { kind: 'lottery.odds'; prizeMode: TPrizeMode | null }
  | { kind: 'lottery.draws'; game: string; limit: number }
  | { kind: 'lottery.result'; game: string; drawNo: string; prizes: Record<string, string[]> }
  | { kind: 'lottery.void'; game: string; drawNo: string; reason: string }
  | { kind: 'lottery.source'; game: string; source: 'house' | 'operator' }
  | { kind: 'lottery.settle'; game: string; drawNo: string };

export class LotteryOpsRefusal extends Error {}

/** A draw's state as members see it: `closed` is an open draw whose betting has closed. */
export type TDrawState = 'open' | 'closed' | 'drawn' | 'settled' | 'void';

/**
 * A game's draws, newest first, optionally of one state, with the count: the CLI's `lottery draws` and the
 * console's draw list (issue 24) read them here.
 */
export async function drawsOfGame(db: TDb, gameRowId: number, q: { status?: TDrawState; limit: number; offset?: number; now: Date }) {
  const where: SQL[] = [eq(lotteryDraws.gameRowId, gameRowId)];
  if (q.status === 'open') where.push(eq(lotteryDraws.status, 'open'), gt(lotteryDraws.closeAt, q.now));
  else if (q.status === 'closed') where.push(eq(lotteryDraws.status, 'open'), lte(lotteryDraws.closeAt, q.now));
  else if (q.status) where.push(eq(lotteryDraws.status, q.status));
  const rows = await db.select().from(lotteryDraws).where(and(...where)).orderBy(desc(lotteryDraws.drawAt)).limit(q.limit).offset(q.offset ?? 0);
  const [n] = await db.select({ n: sql<string>`count(*)` }).from(lotteryDraws).where(and(...where));
  return { rows, total: Number(n?.n ?? 0) };
}

const STRUCTURES_OF: Record<TPrizeMode, TStructure[]> = { Lott: ['north', 'southCentral'], ZY: ['north', 'southCentral'], Elott: ['north'], SEA: ['sea'] };

/**
 * The operator's lottery commands: the RTP each bet type yields under the odds, a game's draws, results
 * entered for an operator-sourced draw, voiding a draw with refunds, the result source, and a settlement run
 * by hand. What they change goes through the same draw keeper and settlement the scheduler uses.
 */
export function createLotteryOps(db: TDb, merchantId: number) {
  const draws = createDrawKeeper({ db, merchantId: async () => merchantId, timeZone: async () => 'UTC' });
  const settlement = createSettlement({ db, merchantId: async () => merchantId });

  async function game(code: string) {
    const [g] = await db.select().from(lotteryGames).where(and(eq(lotteryGames.merchantId, merchantId), eq(lotteryGames.gameCode, code.toUpperCase())));
    if (!g) throw new LotteryOpsRefusal(`no lottery game ${code}`);
    return g;
  }
  async function draw(code: string, drawNo: string) {
    const g = await game(code);
    const [d] = await db.select().from(lotteryDraws).where(and(eq(lotteryDraws.gameRowId, g.id), eq(lotteryDraws.drawNo, drawNo)));
    if (!d) throw new LotteryOpsRefusal(`no draw ${drawNo} of ${g.gameCode}`);
    return { game: g, draw: d };
  }

  return {
    async run(cmd: TLotteryOps, now = new Date()): Promise<{ message: string; data: unknown }> {
      switch (cmd.kind) {
        case 'lottery.odds': {
          const out: string[] = [];
          const data: Record<string, unknown> = {};
          if (cmd.prizeMode) {
            // A prize mode's default table, as a new game of that mode would start.
            for (const structure of STRUCTURES_OF[cmd.prizeMode]) {
              const rows = rtpTable(cmd.prizeMode, structure);
              data[`${cmd.prizeMode}/${structure}`] = rows;
              out.push(`${cmd.prizeMode} default odds, ${structure} draw:`, formatRtpTable(rows), '');
            }
            return { message: out.join('\n').trimEnd(), data };
          }
          // The odds configured on the site's games: one table per distinct configuration, naming its games.
          const games = await db.select().from(lotteryGames).where(and(eq(lotteryGames.merchantId, merchantId), eq(lotteryGames.enabled, true))).orderBy(lotteryGames.sort);
          const groups = new Map<string, { games: string[]; structure: TStructure; rows: TRtpRow[] }>();
          for (const g of games) {
            const structure = g.structure as TStructure;
            const rows: TRtpRow[] = LOTTERY_BET_TYPES.filter((code) => g.betTypes[code] && isOffered(code, structure)).map((code) => {
              const oddsX1000 = g.betTypes[code]?.oddsX1000 ?? 0;
              const r = rtp(code, structure, oddsX1000);
              return { code, name: BET_NAMES[code], oddsX1000, chargeMultiplier: chargeMultiplier(code, structure), rtp: r.rtp, method: r.method };
            });
            const key = `${structure}:${JSON.stringify(rows.map((r) => [r.code, r.oddsX1000]))}`;
            const group = groups.get(key) ?? { games: [], structure, rows };
            group.games.push(g.gameCode);
            groups.set(key, group);
          }
          for (const group of groups.values()) {
            const names = group.games.length > 6 ? `${group.games.slice(0, 6).join(', ')} and ${group.games.length - 6} more` : group.games.join(', ');
            out.push(`${names} (${group.structure} draw):`, formatRtpTable(group.rows), '');
            data[group.games.join(',')] = group.rows;
          }
          return { message: out.join('\n').trimEnd() || 'no lottery games', data };
        }
        case 'lottery.draws': {
          const g = await game(cmd.game);
          const { rows } = await drawsOfGame(db, g.id, { limit: cmd.limit, now });
          const lines = rows.map((d) => [d.drawNo, d.drawAt.toISOString(), drawStatus(d, now), d.province ?? '', d.result?.find((p) => p.prize === 'DB' || p.prize === 'first')?.numbers[0] ?? ''].join('\t'));
          return { message: lines.join('\n') || `no draws of ${g.gameCode}`, data: rows.map((d) => ({ ...d, seed: d.status === 'open' ? null : d.seed })) };
        }
        case 'lottery.result': {
          const { game: g, draw: d } = await draw(cmd.game, cmd.drawNo);
          if (g.resultSource !== 'operator') throw new LotteryOpsRefusal(`${g.gameCode} draws from the house; switch it with "lottery source ${g.gameCode} operator" first`);
          if (d.status !== 'open') throw new LotteryOpsRefusal(`draw ${d.drawNo} is ${d.status}: its result cannot be entered`);
          if (d.closeAt.getTime() > now.getTime()) throw new LotteryOpsRefusal(`betting on draw ${d.drawNo} is still open until ${d.closeAt.toISOString()}`);
          const structure = g.structure as TStructure;
          const table: TResultTable = STRUCTURES[structure].map((s) => ({ prize: s.prize, numbers: cmd.prizes[s.prize] ?? [] }));
          const extra = Object.keys(cmd.prizes).filter((p) => !STRUCTURES[structure].some((s) => s.prize === p));
          const problem = extra.length > 0 ? `${extra.join(', ')} is not a prize of a ${structure} draw` : validateResultTable(structure, table);
          if (problem) throw new LotteryOpsRefusal(problem);
          await db.transaction((tx) => draws.recordResult(tx, d.id, table, now));
          const outcome = await settlement.settle(d.id, now);
          return { message: `result of ${g.gameCode} ${d.drawNo} entered; ${outcome.tickets} ticket(s) settled, ${outcome.winners} won, ${formatMinor(outcome.paid)} paid`, data: outcome };
        }
        case 'lottery.void': {
          const { game: g, draw: d } = await draw(cmd.game, cmd.drawNo);
          if (d.status === 'settled') throw new LotteryOpsRefusal(`draw ${d.drawNo} is settled: it cannot be voided`);
          const outcome = await settlement.voidDraw(d.id, now);
          return { message: `draw ${g.gameCode} ${d.drawNo} voided; ${outcome.tickets} ticket(s) refunded, ${formatMinor(outcome.paid)} back to members`, data: outcome };
        }
        case 'lottery.source': {
          const g = await game(cmd.game);
          await db.update(lotteryGames).set({ resultSource: cmd.source }).where(eq(lotteryGames.id, g.id));
          return { message: `${g.gameCode} results now come from ${cmd.source === 'house' ? 'the house draw (draws made from now on)' : 'the operator (lottery result …)'}`, data: { before: g.resultSource, after: cmd.source } };
        }
        case 'lottery.settle': {
          const { game: g, draw: d } = await draw(cmd.game, cmd.drawNo);
          if (d.status !== 'drawn' && d.status !== 'settled') throw new LotteryOpsRefusal(`draw ${d.drawNo} has no result yet (${drawStatus(d, now)})`);
          const outcome = await settlement.settle(d.id, now);
          return { message: `${g.gameCode} ${d.drawNo}: ${outcome.tickets} ticket(s) settled, ${outcome.winners} won, ${formatMinor(outcome.paid)} paid${outcome.done ? '' : ' (some tickets are being settled elsewhere)'}`, data: outcome };
        }
      }
    },
  };
}

/** `DB=12345 G1=54321 G2=11111,22222 …` to prize rows. */
export function parsePrizeArgs(args: readonly string[]): Record<string, string[]> | string {
  const prizes: Record<string, string[]> = {};
  for (const arg of args) {
    const m = /^([A-Za-z0-9]+)=([0-9,]+)$/.exec(arg);
    if (!m?.[1] || !m[2]) return `"${arg}" is not PRIZE=number[,number…]`;
    const prize = /^(db|g\d)$/i.test(m[1]) ? m[1].toUpperCase() : m[1];
    if (prizes[prize]) return `${prize} given twice`;
    prizes[prize] = m[2].split(',').filter((n) => n !== '');
  }
  return prizes;
}
