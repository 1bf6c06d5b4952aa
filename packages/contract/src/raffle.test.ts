import { describe, expect, it } from 'vitest';
import { drawRaffle, newRaffleSeed, raffleCommit, verifyRaffle } from './raffle.ts';

// sha256('playhall raffle test'); the expected values below were computed apart from this code, with Python's
// hashlib and hmac following the description at the top of raffle.ts.
const SEED = '605af422da99d3c9a816a20c72d110acaf3ada220791149f09aa6d2e6d91ac87';
const COMMIT = 'c9c3fa3a781f7743ae6f42ae68910a20c94879f019e6f1d79b0c7f70d6568948';
const TICKETS = ['ann', 'bob', 'ann', 'cat', 'dan', 'bob', 'eve', 'ann', 'fay', 'gus', 'bob', 'hal'];

describe('raffle draw', () => {
  it('commits to the seed with SHA-256 of its bytes', async () => {
    expect(await raffleCommit(SEED)).toBe(COMMIT);
  });

  it('reproduces a published draw from its revealed seed', async () => {
    expect(await drawRaffle(SEED, TICKETS, 3)).toEqual([
      { prize: 0, ticket: 4, holder: 'dan' },
      { prize: 1, ticket: 10, holder: 'bob' },
      { prize: 2, ticket: 2, holder: 'ann' },
    ]);
  });

  it('draws each ticket at most once, and every ticket when there are as many prizes', async () => {
    const all = await drawRaffle(SEED, TICKETS, 20);
    expect(all.map((w) => w.ticket)).toEqual([4, 10, 2, 0, 11, 8, 9, 6, 1, 3, 5, 7]);
    expect(all.slice(0, 3)).toEqual(await drawRaffle(SEED, TICKETS, 3));
  });

  it('draws nothing without tickets or prizes, and refuses a malformed seed or prize count', async () => {
    expect(await drawRaffle(SEED, [], 3)).toEqual([]);
    expect(await drawRaffle(SEED, TICKETS, 0)).toEqual([]);
    await expect(drawRaffle(SEED.toUpperCase(), TICKETS, 1)).rejects.toThrow(RangeError);
    await expect(drawRaffle(SEED, TICKETS, -1)).rejects.toThrow(RangeError);
  });

  it('gives every ticket a fair chance at the first prize (2,000 fresh seeds, 4 tickets)', async () => {
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 2_000; i += 1) {
      const [first] = await drawRaffle(newRaffleSeed(), ['a', 'b', 'c', 'd'], 1);
      const ticket = first?.ticket ?? 0;
      counts[ticket] = (counts[ticket] ?? 0) + 1;
    }
    // Expected 500 each, standard deviation about 19: 5 deviations either side.
    for (const count of counts) expect(Math.abs(count - 500)).toBeLessThan(100);
  });

  it('lets anyone check the commitment and the winners, and catches a change to either', async () => {
    const winners = await drawRaffle(SEED, TICKETS, 3);
    expect(await verifyRaffle({ seed: SEED, commit: COMMIT.toUpperCase(), tickets: TICKETS, winners })).toEqual({ commitMatches: true, winnersMatch: true });
    const otherSeed = newRaffleSeed();
    expect(await verifyRaffle({ seed: otherSeed, commit: COMMIT, tickets: TICKETS, winners })).toMatchObject({ commitMatches: false });
    const swapped = winners.map((w, i) => (i === 0 ? { ...w, holder: 'eve' } : w));
    expect(await verifyRaffle({ seed: SEED, commit: COMMIT, tickets: TICKETS, winners: swapped })).toEqual({ commitMatches: true, winnersMatch: false });
    expect(await verifyRaffle({ seed: SEED, commit: COMMIT, tickets: [...TICKETS, 'zed'], winners })).toMatchObject({ winnersMatch: false });
    expect(await verifyRaffle({ seed: 'not hex', commit: COMMIT, tickets: TICKETS, winners })).toEqual({ commitMatches: false, winnersMatch: false });
  });

  it('makes fresh seeds of 64 hex characters', () => {
    expect(newRaffleSeed()).toMatch(/^[0-9a-f]{64}$/);
    expect(newRaffleSeed()).not.toBe(newRaffleSeed());
  });
});
