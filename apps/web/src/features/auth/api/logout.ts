import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { call } from '../../../lib/api-client.ts';
import { landFocus } from '../../../lib/focus-return.ts';
import { showDialog } from '../../../stores/dialog-store.ts';
import { withLoading } from '../../../stores/ui-store.ts';
import { useSessionStore } from '../session-store.ts';

/** Spec §4 logout: confirm, call logout, clear the session (even if the call fails), go to /. */
export function useLogout(): () => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useSessionStore((s) => s.signOut);
  return useCallback(() => {
    showDialog({
      icon: 'warning',
      title: t('member.signOut'),
      text: t('member.signOutConfirm'),
      buttons: [
        { label: t('common.cancel'), variant: 'secondary' },
        {
          label: t('member.signOut'),
          variant: 'primary',
          onClick: () => {
            const request = import('@playhall/contract/calls/auth').then(({ logout }) => call(logout, {}));
            void withLoading(request.catch(() => null)).finally(() => {
              signOut();
              queryClient.removeQueries({ queryKey: ['auth'] });
              queryClient.removeQueries({ queryKey: ['wallet'] });
              void navigate(paths.home);
              // The member menu that held the focus gives way to the login form: the focus follows to its first field.
              landFocus();
            });
          },
        },
      ],
    });
  }, [t, navigate, queryClient, signOut]);
}
