import type { RandomSource } from './fair.ts';

/**
 * A house game whose round takes several requests (catalog kind `hand`: blackjack, mines). Everything random is
 * decided at the start from the member's fair seeds (the shoe order, the mine positions) and every action is
 * deterministic, so a round is (seeds, start input, actions) and `replay` rebuilds it exactly: the server replays
 * it for each action, and the betting record's re-check replays it from the revealed seeds.
 */
export interface HandGame<TInput, TAction, TView> {
  code: string;
  /** The table limits of one round's opening stake, in minor units. */
  limits: { min: number; max: number };
  /** The start input checked (throws `HouseGameInputError`). */
  checkStart(input: unknown): TInput;
  /** An action checked for shape (throws `HouseGameInputError`); whether it is legal now is `replay`'s business. */
  checkAction(action: unknown): TAction;
  /** The round after these actions; throws `HouseGameInputError` for an action not legal where it comes. */
  replay(input: TInput, actions: readonly TAction[], stream: RandomSource): HandRound<TAction, TView>;
  /**
   * What the house does next for a member who left a hand open too long (played until the round is over):
   * blackjack stands, mines cashes out; `'refund'` when the round is returned in full (mines with nothing revealed).
   */
  abandon(round: HandRound<TAction, TView>): TAction | 'refund';
}

export interface HandRound<TAction, TView> {
  over: boolean;
  /** Everything staked so far (opening stake, doubles, splits). */
  staked: number;
  /** What goes back to the member once over (stake included; 0 while open). */
  payout: number;
  /** Turnover: the stakes less what was pushed. */
  validBet: number;
  /** The actions legal now (empty once over). */
  legal: TAction[];
  /** The extra stake an action takes from the wallet (a double, a split), 0 for the others. */
  costOf(action: TAction): number;
  /** What the member sees: while open the house's hidden cards / mines are not in it. */
  view(): TView;
}
