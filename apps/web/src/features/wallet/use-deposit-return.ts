import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { i18next } from '../../lib/i18n.ts';
import { showDialog } from '../../stores/dialog-store.ts';
import { openModal } from '../../stores/ui-store.ts';

/** The gateway's callback may reach the server a moment after the browser: look again a few times. */
const REFRESH_AFTER_MS = [0, 2000, 5000, 10000];

/**
 * The online gateway sends the member back to `/?deposit=<id>&payment=paid|failed` (apps/server app.ts).
 * Then: the deposit page with its records, a dialog with the outcome, the balance loaded again, and the
 * query taken off the address so a reload does not repeat it.
 */
export function useDepositReturn(): void {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    const params = new URLSearchParams(search);
    const payment = params.get('payment');
    if (!params.get('deposit') || (payment !== 'paid' && payment !== 'failed')) return;
    params.delete('deposit');
    params.delete('payment');
    const rest = params.toString();
    void navigate(`${pathname}${rest ? `?${rest}` : ''}`, { replace: true });
    openModal({ name: 'memberCentre', page: 'depositv2' });
    const paid = payment === 'paid';
    showDialog({
      icon: paid ? 'success' : 'warning',
      title: i18next.t('centre.depositv2'),
      text: i18next.t(paid ? 'wallet.paymentReturnedPaid' : 'wallet.paymentReturnedFailed'),
      autoCloseMs: paid ? 4000 : undefined,
    });
    // Not cleared on clean-up: taking the query off the address re-runs this effect at once.
    for (const ms of REFRESH_AFTER_MS) {
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: ['wallet'] });
        void queryClient.invalidateQueries({ queryKey: ['records'] });
      }, ms);
    }
  }, [search, pathname, navigate, queryClient]);
}
