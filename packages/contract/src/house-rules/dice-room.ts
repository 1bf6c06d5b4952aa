import { uniformInt, type RandomSource } from './fair.ts';
import { checkAmount, checkObject, HouseGameInputError, mulDivFloor, type HouseGame, type RoundOutcome, type Settlement } from './house-game.ts';

/**
 * "Dice Duel", the PVP room (shared/domain/house-games.md): 2–6 members each pay the room's ante; each rolls
 * two dice from the room round's stream, in seat order; the highest total takes the pot. The pot is the antes
 * less the rake (default 5 %), rounded down to the minor unit; tied winners split it equally and the
 * remainder of the split goes to the house with the rake, so payouts + house take = antes, exactly.
 */

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 6;
const DICE = 2;
const BASIS = 10_000;
export const DEFAULT_RAKE_BASIS_POINTS = 500;

export interface DiceRoomInput {
  /** The ante every seat pays, minor units. */
  ante: number;
  /** Who sits, in seat order (the adapter's member references); they roll in this order. */
  players: readonly string[];
  rakeBasisPoints?: number;
}

export interface SeatResult extends Settlement {
  player: string;
  dice: number[];
  total: number;
  winner: boolean;
}

export interface DiceRoomDetail {
  ante: number;
  rakeBasisPoints: number;
  pot: number;
  /** Rake plus the remainder of a split pot. */
  houseTake: number;
  seats: SeatResult[];
}

/** The room round: totals over all seats, and one settlement per seat for the round's ledger postings. */
export type DiceRoomOutcome = RoundOutcome<DiceRoomDetail>;

function checkInput(input: DiceRoomInput): { ante: number; players: readonly string[]; rake: number } {
  const ante = checkAmount(checkObject(input).ante, 'the ante');
  const { players } = input;
  if (!Array.isArray(players) || players.length < MIN_PLAYERS || players.length > MAX_PLAYERS) {
    throw new HouseGameInputError('bad_players', `a room round needs ${MIN_PLAYERS} to ${MAX_PLAYERS} players`);
  }
  if (players.some((p) => typeof p !== 'string' || p.length === 0) || new Set(players).size !== players.length) {
    throw new HouseGameInputError('bad_players', 'each seat needs a different player');
  }
  const rake = input.rakeBasisPoints ?? DEFAULT_RAKE_BASIS_POINTS;
  if (!Number.isSafeInteger(rake) || rake < 0 || rake >= BASIS) throw new HouseGameInputError('bad_amount', 'the rake must be from 0 to 9,999 basis points');
  return { ante, players, rake };
}

export function playDiceRoom(input: DiceRoomInput, source: RandomSource): DiceRoomOutcome {
  const { ante, players, rake } = checkInput(input);
  const rolls = players.map(() => Array.from({ length: DICE }, () => 1 + uniformInt(source, 6)));
  const totals = rolls.map((dice) => dice.reduce((a, b) => a + b, 0));
  const best = Math.max(...totals);
  const winners = totals.filter((t) => t === best).length;
  const staked = ante * players.length;
  const pot = mulDivFloor(staked, BASIS - rake, BASIS);
  const share = Math.floor(pot / winners);
  const seats = players.map((player, i): SeatResult => {
    const winner = totals[i] === best;
    // Every seat played a decided round, so the whole ante is turnover, even for a tied winner.
    return { player, dice: rolls[i] as number[], total: totals[i] as number, winner, stake: ante, payout: winner ? share : 0, validBet: ante };
  });
  const paid = share * winners;
  return {
    stake: staked,
    payout: paid,
    validBet: staked,
    detail: { ante, rakeBasisPoints: rake, pot, houseTake: staked - paid, seats },
  };
}

export const diceRoomGame: HouseGame<DiceRoomInput, DiceRoomDetail> = {
  code: 'HOUSE_PVP_DICE_DUEL',
  name: 'Dice Duel',
  play: playDiceRoom,
};
