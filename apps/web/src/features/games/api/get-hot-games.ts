import { useQuery } from '@tanstack/react-query';
import { hotGames } from '@playhall/contract/calls/games';
import { call } from '../../../lib/api-client.ts';
import { currentLanguageCode } from '../../../lib/i18n.ts';
import { sessionStore } from '../../../lib/storage.ts';

/** GCSGAME_hotGamesV2 (spec §3 hot game request: merchantCode, isPlatform 2, platform, language). */
export const useHotGames = () =>
  useQuery({
    queryKey: ['games', 'hot', currentLanguageCode()],
    queryFn: () => call(hotGames, { merchantCode: sessionStore.get('merchantCode') ?? '', language: currentLanguageCode() }),
    staleTime: 5 * 60_000,
  });
