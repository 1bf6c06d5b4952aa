import { useQuery } from '@tanstack/react-query';
import { lottoRecent } from '@playhall/contract/calls/games';
import { call } from '../../../lib/api-client.ts';

/** lottery.recent: the lottery games the member bet on last (members only). */
export const useLottoRecent = (token: string | null) =>
  useQuery({
    queryKey: ['lottery', 'recent', token],
    queryFn: () => call(lottoRecent, { limit: 8 }),
    enabled: token !== null,
    // An optional strip: a failure hides it rather than raising a dialog.
    meta: { silent: true },
  });
