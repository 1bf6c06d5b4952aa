import { and, eq } from 'drizzle-orm';
import { consoleLotteryDraws, consoleLotteryGames, consoleLotteryResult, consoleLotterySource, consoleLotteryVoid } from '@playhall/contract/console-lottery-agents';
import { lotteryDraws, lotteryGames } from '../../../db/schema.ts';
import { AppError, invalidInput } from '../../../lib/app-error.ts';
import { STRUCTURES, type TStructure } from '../../lottery-engine/index.ts';
import { drawsOfGame } from '../../lottery/lottery.ops.ts';
import { drawStatus } from '../../lottery/lottery.service.ts';
import type { TConsoleRegistrar } from '../console-registrar.ts';
import { runAsOperator, type TPageDeps } from './console-ops.ts';

async function gameOf(deps: TPageDeps, code: string) {
  const [g] = await deps.db
    .select()
    .from(lotteryGames)
    .where(and(eq(lotteryGames.merchantId, deps.merchantId), eq(lotteryGames.gameCode, code.toUpperCase())));
  if (!g) throw new AppError('not_found', { game: code }, `No lottery game ${code}`);
  return g;
}

async function drawOf(deps: TPageDeps, gameRowId: number, drawNo: string): Promise<void> {
  const [d] = await deps.db.select({ id: lotteryDraws.id }).from(lotteryDraws).where(and(eq(lotteryDraws.gameRowId, gameRowId), eq(lotteryDraws.drawNo, drawNo)));
  if (!d) throw new AppError('not_found', { drawNo }, `No draw ${drawNo}`);
}

/** The draw outcome the settlement answers (lottery.settlement.ts), as the commands return it. */
interface TOutcome {
  tickets: number;
  winners?: number;
  paid: number;
}

/**
 * The lottery pages: games and their draws, entering a result for a game whose results come from the operator,
 * voiding a draw, switching a game's result source. Each change is the CLI's command (`lottery result|void|source`)
 * run as the operator, so the draw is settled (or refunded) by the same code and audited the same way.
 */
export function registerLotteryPages(calls: TConsoleRegistrar, deps: TPageDeps): void {
  calls.serve(consoleLotteryGames, async () => {
    const games = await deps.db.select().from(lotteryGames).where(eq(lotteryGames.merchantId, deps.merchantId)).orderBy(lotteryGames.sort, lotteryGames.gameCode);
    return {
      list: games.map((g) => ({
        code: g.gameCode,
        name: g.name,
        kind: g.kind,
        structure: g.structure,
        resultSource: g.resultSource,
        enabled: g.enabled,
        prizes: STRUCTURES[g.structure as TStructure].map((s) => ({ prize: s.prize, count: s.count, digits: s.digits })),
      })),
    };
  });

  calls.serve(consoleLotteryDraws, async (input) => {
    const g = await gameOf(deps, input.game);
    const now = new Date();
    // The CLI's `lottery draws` query, with the state and the page.
    const { rows, total } = await drawsOfGame(deps.db, g.id, { status: input.status, limit: input.pageSize, offset: (input.page - 1) * input.pageSize, now });
    return {
      list: rows.map((d) => ({
        id: d.id,
        game: d.gameCode,
        drawNo: d.drawNo,
        province: d.province,
        closeAt: d.closeAt.toISOString(),
        drawAt: d.drawAt.toISOString(),
        status: drawStatus(d, now),
        result: d.result,
      })),
      total,
      page: input.page,
      pageSize: input.pageSize,
    };
  });

  calls.serve(consoleLotteryResult, async (input, ctx) => {
    const g = await gameOf(deps, input.game);
    await drawOf(deps, g.id, input.drawNo);
    // The prize table's shape as field errors, one per prize (the command checks it again and says the first).
    const shapes = STRUCTURES[g.structure as TStructure];
    const issues: { path: string; message: string }[] = [];
    for (const prize of Object.keys(input.prizes)) {
      if (!shapes.some((s) => s.prize === prize)) issues.push({ path: `prizes.${prize}`, message: 'prize_unknown' });
    }
    for (const s of shapes) {
      const numbers = input.prizes[s.prize] ?? [];
      if (numbers.length !== s.count) issues.push({ path: `prizes.${s.prize}`, message: numbers.length === 0 ? 'prize_missing' : 'prize_count' });
      else if (numbers.some((n) => n.length !== s.digits)) issues.push({ path: `prizes.${s.prize}`, message: 'prize_digits' });
    }
    if (issues.length > 0) throw invalidInput(issues);
    const r = await runAsOperator(deps, ctx.actor, { kind: 'lottery.result', game: g.gameCode, drawNo: input.drawNo, prizes: input.prizes });
    const o = r.data as TOutcome;
    return { message: r.message, tickets: o.tickets, winners: o.winners ?? 0, paid: o.paid };
  });

  calls.serve(consoleLotteryVoid, async (input, ctx) => {
    const g = await gameOf(deps, input.game);
    await drawOf(deps, g.id, input.drawNo);
    const r = await runAsOperator(deps, ctx.actor, { kind: 'lottery.void', game: g.gameCode, drawNo: input.drawNo, reason: input.reason });
    const o = r.data as TOutcome;
    return { message: r.message, tickets: o.tickets, winners: 0, paid: o.paid };
  });

  calls.serve(consoleLotterySource, async (input, ctx) => {
    const g = await gameOf(deps, input.game);
    return { message: (await runAsOperator(deps, ctx.actor, { kind: 'lottery.source', game: g.gameCode, source: input.source })).message };
  });
}
