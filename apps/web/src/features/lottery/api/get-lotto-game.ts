import { useQuery } from '@tanstack/react-query';
import { lottoGame } from '@playhall/contract/calls/games';
import { call } from '../../../lib/api-client.ts';
import { clockPhase, setServerOffset, serverNow } from '../server-clock.ts';

/** How often to ask again while the shown draw has closed and the next one is not out yet. */
const NEXT_DRAW_POLL_MS = 2_000;
/** An open draw is asked again at its close, and at least this often (a timer cannot wait for days). */
const MAX_WAIT_MS = 60_000;

/** When to load the game again: just after its draw closes, then every 2 s until the next draw shows. */
export function nextGameRefetchMs(draw: { closeAt: string; drawAt: string } | null, now: number | null): number | false {
  if (!draw || now === null) return false;
  if (clockPhase(draw, now) !== 'open') return NEXT_DRAW_POLL_MS;
  return Math.min(MAX_WAIT_MS, Math.max(1_000, Date.parse(draw.closeAt) - now + 500));
}

/**
 * lottery.game: one game's bet types, current draw, last result and the server's time. Every answer
 * resets the server-clock offset; once the draw closes it is asked again until the next draw shows.
 */
export const getLottoGameQueryOptions = (gameCode: string, silent = false) => ({
  queryKey: ['lottery', 'game', gameCode] as const,
  queryFn: async () => {
    const sentAt = Date.now();
    const value = await call(lottoGame, { gameCode });
    // The answer was made somewhere between sending and receiving: take the middle.
    setServerOffset(Date.parse(value.serverTime) - (sentAt + Date.now()) / 2);
    return value;
  },
  staleTime: 15_000,
  // A lobby card shows a dash on failure; the betting view raises the dialog.
  meta: { silent },
  refetchInterval: (q: { state: { data?: { game: { currentDraw: { closeAt: string; drawAt: string } | null } } } }) =>
    nextGameRefetchMs(q.state.data?.game.currentDraw ?? null, serverNow()),
});

export const useLottoGame = (gameCode: string, opts: { silent?: boolean; enabled?: boolean } = {}) =>
  useQuery({ ...getLottoGameQueryOptions(gameCode, opts.silent), enabled: opts.enabled ?? true });
