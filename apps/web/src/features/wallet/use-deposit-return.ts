import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { create } from 'zustand';
import { openModal } from '../../stores/ui-store.ts';

/** The gateway's callback may reach the server a moment after the browser: look again a few times. */
const REFRESH_AFTER_MS = [0, 2000, 5000, 10000];

/** The deposit the member came back from the gateway for, and what the gateway said of it; the deposit page shows its outcome. */
export const useReturnedDeposit = create<{ returned: { id: number; paid: boolean } | null; clear: () => void }>((set) => ({
  returned: null,
  clear: () => set({ returned: null }),
}));

/**
 * The online gateway sends the member back to `/?deposit=<id>&payment=paid|failed` (docs/decisions.md, deposits).
 * Then: the deposit page, which says what became of that deposit and shows its record; the balance loaded
 * again; the query taken off the address so a reload does not repeat it.
 */
export function useDepositReturn(): void {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    const params = new URLSearchParams(search);
    const payment = params.get('payment');
    const id = Number(params.get('deposit'));
    if (!Number.isSafeInteger(id) || id <= 0 || (payment !== 'paid' && payment !== 'failed')) return;
    params.delete('deposit');
    params.delete('payment');
    const rest = params.toString();
    void navigate(`${pathname}${rest ? `?${rest}` : ''}`, { replace: true });
    useReturnedDeposit.setState({ returned: { id, paid: payment === 'paid' } });
    openModal({ name: 'memberCentre', page: 'depositv2' });
    // Not cleared on clean-up: taking the query off the address re-runs this effect at once.
    for (const ms of REFRESH_AFTER_MS) {
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: ['wallet'] });
        void queryClient.invalidateQueries({ queryKey: ['records'] });
      }, ms);
    }
  }, [search, pathname, navigate, queryClient]);
}
