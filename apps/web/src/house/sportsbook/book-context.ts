import type { TBookFixture, TBookMarket, TBookState } from '@playhall/contract/sportsbook-api';
import type { createDialog } from '../shared/shell.ts';
import type { TBookApi } from './book-api.ts';
import type { TTranslate } from './book-text.ts';

/** A price clicked into the slip. */
export interface TPick {
  fixture: TBookFixture;
  market: TBookMarket;
  selection: string;
  /** The price when it was added (thousandths): what the bet is placed at unless the member accepts a move. */
  odds: number;
}

export interface TSlipControl {
  has(marketId: number, selection: string): boolean;
  toggle(pick: TPick): void;
}

/** What the book's views share: words, formats, the server's clock, the API, the dialog and the slip. */
export interface TBookContext {
  t: TTranslate;
  api: TBookApi;
  state: TBookState;
  /** The server's clock, ms. */
  now(): number;
  /** A price in the member's odds format. */
  odds(thousandths: number): string;
  money(minor: number): string;
  /** "19:45" in the site's time zone. */
  clockTime(iso: string): string;
  /** "26/11 19:45" in the site's time zone. */
  dateTime(iso: string): string;
  /** +1 / −1 when the price of `key` moved up / down since the page last drew it, else 0 (and remembers it). */
  priceMove(key: string, odds: number): number;
  dialog: ReturnType<typeof createDialog>;
  showError(err: unknown): void;
  setBalance(balance: number): void;
  slip: TSlipControl;
}
