import type { TRaffleView } from '@playhall/contract/calls/promotions';
import { verifyRaffle, type TRaffleCheck } from '@playhall/contract/raffle';

/**
 * "Verify the draw" on /promoDetail: the published draw function re-run in this browser on the revealed seed.
 * The page knows the ticket count and the winning ticket numbers, not every holder, so tickets stand for
 * themselves: the check is that the seed's hash is the commitment shown before the draw and that the same
 * ticket numbers win the same prizes. Null before the seed is revealed.
 */
export async function checkRaffleDraw(view: TRaffleView): Promise<TRaffleCheck | null> {
  if (view.seed === null) return null;
  const tickets = Array.from({ length: view.totalTickets }, (_, i) => String(i));
  const winners = [...view.winners].sort((a, b) => a.prize - b.prize).map((w) => ({ prize: w.prize, ticket: w.ticket, holder: String(w.ticket) }));
  return verifyRaffle({ seed: view.seed, commit: view.seedHash, tickets, winners });
}
