import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { payBill, type TBill } from '@playhall/contract/calls/agent';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { call } from '../../../lib/api-client.ts';
import { createRequestIdSlot } from '../../../lib/money-input.ts';
import { showDialog } from '../../../stores/dialog-store.ts';
import { showMoneyError } from '../../wallet/money-errors.ts';
import styles from './agent-centre.module.css';

/** Pay what this agent owes on a bill (contract.payBill), proved by the payment password like other money moves. */
export function PayBillDialog({ bill, onClose }: { bill: TBill; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const slot = useMemo(() => createRequestIdSlot(), []);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!password) {
      setError(t('error.payment_password_required'));
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      await call(payBill, { requestId: slot.take(), billId: bill.id, paymentPassword: password });
      slot.reset();
      await queryClient.invalidateQueries({ queryKey: ['agent'] });
      await queryClient.invalidateQueries({ queryKey: ['wallet'] });
      onClose();
      showDialog({ icon: 'success', text: t('agent.bills.paid'), autoCloseMs: 2500 });
    } catch (err) {
      showMoneyError(err);
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('agent.bills.payTitle')} width={440} minHeight={0} testId="pay-bill-dialog">
      <form className={styles.dialogBody} onSubmit={(e) => void submit(e)} noValidate>
        <p className={styles.muted}>
          {t('agent.bills.payText', { account: bill.payee.account, period: bill.period })}
        </p>
        <div className={styles.kpi}>
          <span className={styles.kpiLabel}>{t('agent.bills.due')}</span>
          <span className={styles.kpiValue}>
            <MoneyText minor={bill.amount - bill.paidAmount} currency />
          </span>
        </div>
        <Input type="password" label={t('wallet.paymentPassword')} autoComplete="off" value={password} error={error} onChange={(e) => setPassword(e.target.value)} data-testid="bill-pay-password" />
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={pending} data-testid="bill-pay-submit">
            {t('agent.bills.pay')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
