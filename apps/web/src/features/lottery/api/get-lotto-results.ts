import { useQuery } from '@tanstack/react-query';
import { openedNumero, type TDrawResult } from '@playhall/contract/calls/games';
import { call } from '../../../lib/api-client.ts';

export const RESULTS_LIMIT = 10;

/** A draw whose result is not in yet (the table shows it as pending). */
export const isPendingDraw = (d: Pick<TDrawResult, 'status'>) => d.status === 'open' || d.status === 'closed';

/** lottery.results: a game's latest draws, newest first; polled while one is still pending. */
export const useLottoResults = (token: string | null, gameCode: string) =>
  useQuery({
    queryKey: ['lottery', 'results', token, gameCode],
    queryFn: () => call(openedNumero, { gameCode, limit: RESULTS_LIMIT }),
    enabled: token !== null,
    refetchInterval: (q) => (q.state.data?.draws.some(isPendingDraw) ? 5_000 : false),
  });
