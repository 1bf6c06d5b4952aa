/** The message a house game page posts after each round (docs/decisions.md, Games). */
export const BALANCE_MESSAGE = 'playhall:balance';

/** True for `{ type: 'playhall:balance', balance }` posted by a page of this site. */
export function isBalanceMessage(event: Pick<MessageEvent, 'origin' | 'data'>, origin: string): boolean {
  if (event.origin !== origin) return false;
  const data: unknown = event.data;
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === BALANCE_MESSAGE;
}
