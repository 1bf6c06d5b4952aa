import * as games from '@playhall/contract/calls/games';
import type { TJobRegistry } from '../../app.ts';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TCallRegistrar, TSession } from '../../plugins/contract-routes.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { createDrawKeeper, SETTLE_JOB, type TDrawKeeper } from './lottery.draws.ts';
import { createLotteryService, type TLotteryService } from './lottery.service.ts';
import { createSettlement, type TSettlement } from './lottery.settlement.ts';

function me(session: TSession | null): number {
  if (!session) throw new AppError('not_logged_in');
  return session.userId;
}

/**
 * Wires the lottery (issue 6): its calls, the draw keeper on every scheduler tick (draws made ahead, house
 * draws drawn when due) and the settlement job each drawn draw gets.
 */
export function registerLotteryModule(
  calls: TCallRegistrar,
  deps: { db: TDb; site: Pick<TSiteConfigLoader, 'get'>; jobs: TJobRegistry },
): { service: TLotteryService; draws: TDrawKeeper; settlement: TSettlement } {
  const { db } = deps;
  const merchantId = async () => (await deps.site.get()).merchant.id;
  const timeZone = async () => (await deps.site.get()).merchant.timeZone;
  const draws = createDrawKeeper({ db, merchantId, timeZone });
  const settlement = createSettlement({ db, merchantId });
  const service = createLotteryService({ db, merchantId, timeZone, draws });

  calls.serve(games.lottoMenu, async (input) => service.menu(input));
  calls.serve(games.openedNumbers, async (input) => service.openedNumbers(input));
  calls.serve(games.lottoGame, async (input) => service.game(input));
  calls.serve(games.lottoRecent, async (input, { session }) => service.recent(me(session), input));
  calls.serve(games.openedNumero, async (input) => service.results(input));
  calls.serve(games.placeBets, async (input, { session }) => service.place(me(session), input));
  calls.serve(games.tickets, async (input, { session }) => service.tickets(me(session), input));

  deps.jobs.onTick('lottery.draws', async (now) => {
    await draws.ensureDraws(now);
    await draws.drawDue(now);
  });
  deps.jobs.handle(SETTLE_JOB, {
    run: async ({ job, now }) => {
      const outcome = await settlement.settle(Number(job.payload.drawId), now);
      // Tickets another process holds are still open: look again shortly.
      if (!outcome.done) return { retryAt: new Date(now.getTime() + 2_000) };
    },
  });
  return { service, draws, settlement };
}
