import { describe, expect, it } from 'vitest';
import { drawRaffle, newRaffleSeed, newTickets, raffleCommit, ticketsEarned, verifyRaffle } from './index.ts';

describe('raffle tickets', () => {
  const terms = { validBetPerTicket: 100_000, maxTicketsPerMember: 50 };

  it('earns one ticket per full step of turnover, up to the member maximum', () => {
    expect(ticketsEarned(terms, 99_999)).toBe(0);
    expect(ticketsEarned(terms, 100_000)).toBe(1);
    expect(ticketsEarned(terms, 1_234_567)).toBe(12);
    expect(ticketsEarned(terms, 10 ** 12)).toBe(50);
    expect(ticketsEarned({ ...terms, maxTicketsPerMember: null }, 10 ** 12)).toBe(10_000_000);
    expect(() => ticketsEarned({ ...terms, validBetPerTicket: 0 }, 1)).toThrow(RangeError);
  });

  it('numbers only the tickets not held yet', () => {
    expect(newTickets(terms, 0, 250_000)).toBe(2);
    expect(newTickets(terms, 2, 299_999)).toBe(0);
    expect(newTickets(terms, 2, 300_000)).toBe(1);
    expect(newTickets(terms, 50, 10 ** 12)).toBe(0);
  });
});

describe('a raffle period', () => {
  it('draws from a seed committed before the close, and the draw reproduces from the revealed seed', async () => {
    const terms = { validBetPerTicket: 100_000, maxTicketsPerMember: null };
    const seed = newRaffleSeed();
    const commit = await raffleCommit(seed); // published while the period runs
    // Settlements in order: each appends the member's new tickets to the list.
    const tickets: string[] = [];
    const held = new Map<string, number>();
    const settle = (member: string, turnover: number) => {
      const count = newTickets(terms, held.get(member) ?? 0, turnover);
      for (let i = 0; i < count; i += 1) tickets.push(member);
      held.set(member, (held.get(member) ?? 0) + count);
    };
    settle('ann', 250_000);
    settle('bob', 90_000);
    settle('bob', 420_000);
    settle('ann', 310_000);
    settle('cat', 100_000);
    expect(tickets).toEqual(['ann', 'ann', 'bob', 'bob', 'bob', 'bob', 'ann', 'cat']);

    const winners = await drawRaffle(seed, tickets, 3); // after the close, with the seed revealed
    expect(new Set(winners.map((w) => w.ticket)).size).toBe(3);
    for (const w of winners) expect(w.holder).toBe(tickets[w.ticket]);
    expect(await drawRaffle(seed, [...tickets], 3)).toEqual(winners);
    expect(await verifyRaffle({ seed, commit, tickets, winners })).toEqual({ commitMatches: true, winnersMatch: true });
  });
});
