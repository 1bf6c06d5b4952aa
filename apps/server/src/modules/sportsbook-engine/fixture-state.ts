/**
 * The life of a fixture (issue 20): scheduled → open ⇄ suspended → closed → resulted, and void from any state
 * before it is resulted or after (a resulted fixture can still be voided, which resettles its bets). Entering
 * the result again on a resulted fixture is a correction: the service reverses the first settlement and
 * settles again (shared/domain/sportsbook.md, "Bets").
 */

export type TFixtureState = 'scheduled' | 'open' | 'suspended' | 'closed' | 'resulted' | 'void';

const NEXT: Record<TFixtureState, readonly TFixtureState[]> = {
  scheduled: ['open', 'void'],
  open: ['suspended', 'closed', 'void'],
  suspended: ['open', 'closed', 'void'],
  closed: ['resulted', 'void'],
  resulted: ['resulted', 'void'],
  void: [],
};

/** Why a fixture cannot move from `from` to `to`, or null when it can. */
export function transitionProblem(from: TFixtureState, to: TFixtureState): string | null {
  return NEXT[from].includes(to) ? null : `a ${from} fixture cannot become ${to}`;
}

/** Betting closes at kick-off, whatever the state says (a close job may run late). */
export function acceptsBets(state: TFixtureState, kickoffAt: Date, now: Date): boolean {
  return state === 'open' && now < kickoffAt;
}
