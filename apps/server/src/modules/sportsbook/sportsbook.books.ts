import type { TSport } from '../sportsbook-engine/markets.ts';

/**
 * The two house books (issue 20): a vendor each, launched like every house game, one page for both
 * (`/house/sportsbook.html`, told which sport by the launch). A launch of a book sees only its sport's fixtures and its
 * own bets; bets of the books are `game_rounds` of these vendors, settled by the book, never by the house vendor's
 * recovery of cut-off rounds.
 */
export interface TBook {
  vassalage: string;
  gameId: string;
  /** `games.house_game` of the book's game. */
  houseGame: string;
  sport: TSport;
}

export const BOOKS: readonly TBook[] = [
  { vassalage: 'PH_SPORTS', gameId: 'sportsbook', houseGame: 'sportsbook', sport: 'football' },
  { vassalage: 'PH_ESPORTS', gameId: 'esports-book', houseGame: 'esports', sport: 'esports' },
];

/** The vendor codes of the books. */
export const BOOK_VENDORS: readonly string[] = BOOKS.map((b) => b.vassalage);

/** The page every book opens (apps/web/src/house/sportsbook.html). */
export const BOOK_PAGE = 'sportsbook';

/** The book a house game is, or null when it is another house game. */
export function bookOfHouseGame(houseGame: string | null): TBook | null {
  return BOOKS.find((b) => b.houseGame === houseGame) ?? null;
}
