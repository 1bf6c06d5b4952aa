import { useQuery } from '@tanstack/react-query';
import { openedNumbers } from '@playhall/contract/calls/games';
import { POPULAR_NUMBERS_COUNT, VN_NUMBERS_COUNT } from '@playhall/contract/constants';
import { call } from '../../../lib/api-client.ts';
import { currentLanguageCode } from '../../../lib/i18n.ts';
import type { TPrizeMode } from './get-lotto-menu.ts';

export interface TNumbersScope {
  gameCode?: string;
  prizeMode?: TPrizeMode;
}

/** lottery.openedNumbers: the 20 popular numbers (count 20) or all 100 two-digit numbers (count 100, VN). */
export const useOpenedNumbers = (scope: TNumbersScope, kind: 'popular' | 'vn') =>
  useQuery({
    queryKey: ['lottery', 'openedNumbers', kind, scope.gameCode ?? null, scope.prizeMode ?? null],
    queryFn: () =>
      call(openedNumbers, {
        count: kind === 'popular' ? POPULAR_NUMBERS_COUNT : VN_NUMBERS_COUNT,
        ...scope,
        device: 'WEB',
        language: currentLanguageCode(),
      }),
    staleTime: 60_000,
    // A side widget: its failure shows an empty panel, not a dialog over the page.
    meta: { silent: true },
  });
