import { queryOptions, useQuery } from '@tanstack/react-query';
import { envelopeRains } from '@playhall/contract/calls/promotions';
import { call } from '../../../lib/api-client.ts';

/** How often the floating entry asks whether a rain is on (a rain's start is also waited for exactly). */
export const RAINS_POLL_MS = 60_000;

/** Red envelope rains on now and in the next day, with this member's eligibility and opened amount. */
export const getEnvelopeRainsQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['promotions', 'rains', token],
    queryFn: () => call(envelopeRains, {}),
    refetchInterval: RAINS_POLL_MS,
    staleTime: 10_000,
    // A widget on every page: a failure hides it instead of interrupting the page with a dialog.
    meta: { silent: true },
  });

export const useEnvelopeRains = (token: string | null) => useQuery(getEnvelopeRainsQueryOptions(token));
