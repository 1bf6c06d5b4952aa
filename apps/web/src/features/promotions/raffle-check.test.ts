import { describe, expect, it } from 'vitest';
import type { TRaffleView } from '@playhall/contract/calls/promotions';
import { drawRaffle, newRaffleSeed, raffleCommit } from '@playhall/contract/raffle';
import { checkRaffleDraw } from './raffle-check.ts';

async function drawnView(tickets: string[], prizes: number): Promise<TRaffleView> {
  const seed = newRaffleSeed();
  const winners = await drawRaffle(seed, tickets, prizes);
  return {
    seedHash: await raffleCommit(seed),
    seed,
    ticketPer: 10_000_00,
    myTickets: [],
    totalTickets: tickets.length,
    prizes: Array.from({ length: prizes }, (_, i) => ({ name: `Prize ${i + 1}`, amount: 100_00 })),
    drawnAt: '2026-11-20T00:00:00.000Z',
    // The server lists winners masked and perhaps in another order: the check reads prize and ticket only.
    winners: winners.reverse().map((w) => ({ prize: w.prize, ticket: w.ticket, member: 'ab***yz', amount: 100_00, mine: false, claimed: false })),
  };
}

describe('checkRaffleDraw', () => {
  const tickets = ['ann', 'bob', 'ann', 'cy', 'dee', 'bob', 'eve', 'ann'];

  it('matches a draw made by the published function from the revealed seed', async () => {
    expect(await checkRaffleDraw(await drawnView(tickets, 3))).toEqual({ commitMatches: true, winnersMatch: true });
  });

  it('finds a winning ticket that the seed does not give', async () => {
    const view = await drawnView(tickets, 3);
    const first = view.winners[0];
    if (!first) throw new Error('no winner');
    first.ticket = (first.ticket + 1) % tickets.length;
    expect((await checkRaffleDraw(view))?.winnersMatch).toBe(false);
  });

  it('finds a seed that is not the one committed to', async () => {
    const view = await drawnView(tickets, 2);
    view.seedHash = await raffleCommit(newRaffleSeed());
    expect(await checkRaffleDraw(view)).toEqual({ commitMatches: false, winnersMatch: true });
  });

  it('has nothing to check before the seed is revealed', async () => {
    expect(await checkRaffleDraw({ ...(await drawnView(tickets, 1)), seed: null, winners: [] })).toBeNull();
  });
});
