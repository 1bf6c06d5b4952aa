import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { REFERRAL_STATES } from '@playhall/contract/calls/loyalty';
import { referralInfo, referralInvitees } from '@playhall/contract/calls/loyalty';
import { call } from '../../../../lib/api-client.ts';
import { useSessionStore } from '../../../auth/session-store.ts';

export type TReferralState = (typeof REFERRAL_STATES)[number];

/** referral.info: the member's code, link, terms and totals. */
export const useReferralInfo = () => {
  const token = useSessionStore((s) => s.token);
  return useQuery(
    queryOptions({ queryKey: ['referral', 'info', token], queryFn: () => call(referralInfo, {}), enabled: token !== null, staleTime: 0, refetchOnMount: 'always' }),
  );
};

/** referral.invitees: one page of the member's invitees, optionally of one state. */
export const useInvitees = (state: TReferralState | undefined, page: number, pageSize: number) => {
  const token = useSessionStore((s) => s.token);
  return useQuery(
    queryOptions({
      queryKey: ['referral', 'invitees', token, state ?? 'all', page, pageSize],
      queryFn: () => call(referralInvitees, { ...(state ? { state } : {}), page, pageSize }),
      enabled: token !== null,
      placeholderData: keepPreviousData,
      staleTime: 0,
      refetchOnMount: 'always',
    }),
  );
};
