import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { TLanguageCode } from '@playhall/contract/languages';
import { call } from '../../lib/api-client.ts';
import { setI18nLanguage } from '../../lib/i18n.ts';
import { useSessionStore } from '../auth/session-store.ts';
import { persistLanguage } from './language-prefs.ts';

/**
 * Switch the interface language, remember it (`lang`, `hisLang`) and refetch server content in it.
 * A logged-in member's choice is kept on the server too (member.updateLanguage), for what it sends
 * later in the member's language; a failure there does not undo the switch.
 */
export function useChangeLanguage(): (code: TLanguageCode) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (code: TLanguageCode) => {
      persistLanguage(code);
      if (useSessionStore.getState().token) {
        void import('@playhall/contract/calls/auth')
          .then(({ updateLanguage }) => call(updateLanguage, { language: code }))
          .catch(() => undefined);
      }
      await setI18nLanguage(code);
      // Every call carries the Language header; the start-up status is language-free.
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[1] !== 'status' });
    },
    [queryClient],
  );
}
