import { useMutation, useQueryClient } from '@tanstack/react-query';
import { placeBets } from '@playhall/contract/calls/games';
import type { z } from 'zod';
import { call } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../auth/session-store.ts';
import { afterMoneyMoved } from '../../wallet/api/get-merchant-wallet.ts';

export type TPlaceBetsRequest = z.input<typeof placeBets.request>;

/**
 * lottery.placeBets: the stake leaves the wallet, so the header balance and the records load again;
 * the member's tickets and recent games too. Errors go to the app's error dialog (query client).
 */
export function usePlaceBets() {
  const qc = useQueryClient();
  const token = useSessionStore((s) => s.token);
  return useMutation({
    mutationFn: (request: TPlaceBetsRequest) => call(placeBets, request),
    onSuccess: async () => {
      await Promise.all([
        afterMoneyMoved(qc, token),
        qc.invalidateQueries({ queryKey: ['lottery', 'tickets'] }),
        qc.invalidateQueries({ queryKey: ['lottery', 'recent'] }),
      ]);
    },
  });
}
