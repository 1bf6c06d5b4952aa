import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { TLanguageCode } from '@playhall/contract/languages';
import { setI18nLanguage } from '../../lib/i18n.ts';
import { persistLanguage } from './language-prefs.ts';

/** Switch the interface language, remember it (`lang`, `hisLang`) and refetch server content in it. */
export function useChangeLanguage(): (code: TLanguageCode) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (code: TLanguageCode) => {
      persistLanguage(code);
      await setI18nLanguage(code);
      // Every call carries the Language header; the start-up status is language-free.
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[1] !== 'status' });
    },
    [queryClient],
  );
}
