import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lottoMenu, type PRIZE_MODES } from '@playhall/contract/calls/games';
import { call } from '../../../lib/api-client.ts';
import { currentLanguageCode } from '../../../lib/i18n.ts';

export type TPrizeMode = (typeof PRIZE_MODES)[number];

/** lottery.menu: every lottery game with its current draw, optionally of one prize mode. */
export const useLottoMenu = (prizeMode?: TPrizeMode) =>
  useQuery({
    queryKey: ['lottery', 'menu', prizeMode ?? 'all'],
    queryFn: () => call(lottoMenu, { ...(prizeMode ? { prizeMode } : {}), device: 'WEB', language: currentLanguageCode() }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
