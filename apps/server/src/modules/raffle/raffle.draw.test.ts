import { describe, expect, it } from 'vitest';
import { drawRaffle, newRaffleSeed, raffleCommit, verifyRaffle } from '@playhall/contract/raffle';
import { raffleArgs } from './raffle.ops.ts';
import { maskMember } from './raffle.service.ts';

// The raffle as a member checks it: the server draws over the ticket holders (user ids in ticket-number order); the
// detail page publishes the seed, the ticket count and the winning ticket numbers; the browser re-runs the contract's
// drawRaffle from those alone.

describe('a raffle draw reproduces from its revealed seed', () => {
  it('gives the same winning tickets from the holders or from the ticket numbers alone, and verifies against the commit', async () => {
    for (let round = 0; round < 20; round++) {
      const seed = newRaffleSeed();
      const commit = await raffleCommit(seed);
      // 1–60 tickets among 5 members, numbered in the order earned.
      const holders = Array.from({ length: 1 + ((round * 7) % 60) }, (_, i) => String(100 + ((i * 3 + round) % 5)));
      const server = await drawRaffle(seed, holders, 5);
      expect(server).toHaveLength(Math.min(5, holders.length));
      const browser = await drawRaffle(seed, Array.from({ length: holders.length }, (_, i) => `#${i}`), 5);
      expect(browser.map((w) => w.ticket)).toEqual(server.map((w) => w.ticket));
      expect(new Set(server.map((w) => w.ticket)).size).toBe(server.length);
      expect(await verifyRaffle({ seed, commit, tickets: holders, winners: server })).toEqual({ commitMatches: true, winnersMatch: true });
      // Another seed under the same commit, or another winner, does not verify.
      expect((await verifyRaffle({ seed: newRaffleSeed(), commit, tickets: holders, winners: server })).commitMatches).toBe(false);
      if (holders.length > 5) {
        const forged = server.map((w, i) => (i === 0 ? { ...w, ticket: (w.ticket + 1) % holders.length, holder: holders[(w.ticket + 1) % holders.length] ?? '' } : w));
        expect((await verifyRaffle({ seed, commit, tickets: holders, winners: forged })).winnersMatch).toBe(false);
      }
    }
  });
});

describe('raffle names and commands', () => {
  it('masks other members and reads ops raffle draw|show', () => {
    expect(maskMember('member01')).toBe('me***01');
    expect(maskMember('abcd')).toBe('a***');
    expect(raffleArgs(['draw', '12'], new Map())).toEqual({ kind: 'raffle.draw', id: 12 });
    expect(raffleArgs(['show', '3'], new Map())).toEqual({ kind: 'raffle.show', id: 3 });
    expect(() => raffleArgs(['draw'], new Map())).toThrow(/needs a raffle activity id/);
    expect(() => raffleArgs(['draw', '1', '2'], new Map())).toThrow(/needs a raffle activity id/);
    expect(() => raffleArgs(['spin', '1'], new Map())).toThrow(/raffle supports: draw, show/);
    expect(() => raffleArgs(['show', '1'], new Map([['limit', '3']]))).toThrow(/takes no options/);
  });
});
