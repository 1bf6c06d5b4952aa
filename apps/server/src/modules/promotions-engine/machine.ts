/** A state machine as a table: for each state, the events it takes and the state each leads to. */
export type TTransitionTable<S extends string, E extends string> = Readonly<Record<S, Partial<Record<E, S>>>>;

export type TMachine = 'activity' | 'bonus';

/** A transition the table does not have: the request is refused and nothing changes. */
export class TransitionError<S extends string = string, E extends string = string> extends Error {
  readonly code: `${TMachine}_transition_refused`;
  constructor(
    readonly machine: TMachine,
    readonly from: S,
    readonly event: E,
  ) {
    super(`${machine === 'activity' ? 'an activity' : 'a bonus'} in status ${from} cannot take the event ${event}`);
    this.name = 'TransitionError';
    this.code = `${machine}_transition_refused` as const;
  }
}

/** The state after `event`; throws a TransitionError when the table has no such transition. */
export function step<S extends string, E extends string>(table: TTransitionTable<S, E>, machine: TMachine, from: S, event: E): S {
  const to = table[from][event];
  if (to === undefined) throw new TransitionError(machine, from, event);
  return to;
}
