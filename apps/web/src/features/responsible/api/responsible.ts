import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { endBreak, getResponsible, setRealityCheck, setResponsibleLimit, takeBreak, type TRgState } from '@playhall/contract/calls/responsible';
import { call } from '../../../lib/api-client.ts';

/** The member's limits, reality check and break (responsible.get), per session. */
export const getResponsibleQueryOptions = (token: string | null) =>
  queryOptions({ queryKey: ['responsible', token], queryFn: () => call(getResponsible, {}), enabled: token !== null });

type TChange =
  | { call: 'limit'; input: z.input<typeof setResponsibleLimit.request> }
  | { call: 'reality'; input: z.input<typeof setRealityCheck.request> }
  | { call: 'break'; input: z.input<typeof takeBreak.request> }
  | { call: 'endBreak' };

function send(change: TChange): Promise<TRgState> {
  switch (change.call) {
    case 'limit':
      return call(setResponsibleLimit, change.input);
    case 'reality':
      return call(setRealityCheck, change.input);
    case 'break':
      return call(takeBreak, change.input);
    case 'endBreak':
      return call(endBreak, {});
  }
}

/**
 * Every change of the settings answers the whole state, which replaces the page's copy. Errors are the caller's
 * (its dialog or field), so the global mutation dialog stays silent.
 */
export function useResponsibleChange(token: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    meta: { silent: true },
    onSuccess: (state) => queryClient.setQueryData(getResponsibleQueryOptions(token).queryKey, state),
  });
}
