import { describe, expect, it } from 'vitest';
import { acceptsBets, transitionProblem } from './fixture-state.ts';

describe('fixture states', () => {
  it('moves scheduled → open ⇄ suspended → closed → resulted, corrects a result, voids until the end', () => {
    for (const [from, to] of [['scheduled', 'open'], ['open', 'suspended'], ['suspended', 'open'], ['open', 'closed'], ['closed', 'resulted'], ['resulted', 'resulted'], ['resulted', 'void'], ['scheduled', 'void']] as const) {
      expect(transitionProblem(from, to), `${from} → ${to}`).toBeNull();
    }
    for (const [from, to] of [['scheduled', 'resulted'], ['open', 'resulted'], ['closed', 'open'], ['void', 'open'], ['void', 'void'], ['resulted', 'open']] as const) {
      expect(transitionProblem(from, to), `${from} → ${to}`).not.toBeNull();
    }
  });

  it('takes bets only while open and before kick-off', () => {
    const kickoff = new Date('2026-11-26T08:00:00Z');
    expect(acceptsBets('open', kickoff, new Date('2026-11-26T07:59:59.999Z'))).toBe(true);
    expect(acceptsBets('open', kickoff, kickoff)).toBe(false);
    expect(acceptsBets('suspended', kickoff, new Date('2026-11-26T07:00:00Z'))).toBe(false);
  });
});
