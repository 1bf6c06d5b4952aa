import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { confirmWithdrawal, type TWithdrawal } from '@playhall/contract/calls/wallet';
import type { TImageUpload } from '@playhall/contract/fields';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { call } from '../../../lib/api-client.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { parseMoney } from '../../../lib/money-input.ts';
import { showDialog } from '../../../stores/dialog-store.ts';
import { showMoneyError } from '../money-errors.ts';
import { ImagePicker } from './image-picker.tsx';
import styles from './wallet.module.css';

type TResult = z.input<typeof confirmWithdrawal.request>['result'];
const RESULTS: readonly TResult[] = ['received', 'partlyReceived', 'notReceived', 'forcedReceived'];

/**
 * The member's answer on a paid withdrawal (spec §4): received; partly received with the amount that
 * arrived and a proof image; not received; or forced received, which refunds nothing. A disputed
 * withdrawal (the member's own earlier answer) can only be closed as forced received.
 */
export function WithdrawalConfirmDialog({ withdrawal, onOpenChange, onDone }: { withdrawal: TWithdrawal; onOpenChange: (open: boolean) => void; onDone: () => void }) {
  const { t } = useTranslation();
  const choices = withdrawal.status === 'disputed' ? (['forcedReceived'] as const) : RESULTS;
  const [result, setResult] = useState<TResult>(choices[0] ?? 'received');
  const [amount, setAmount] = useState('');
  const [proof, setProof] = useState<TImageUpload | null>(null);
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; proof?: string }>({});
  const [pending, setPending] = useState(false);

  async function send() {
    const received = parseMoney(amount);
    if (result === 'partlyReceived') {
      const found: typeof errors = {};
      if (received === null) found.amount = t('wallet.amountInvalid');
      else if (received >= withdrawal.amount) found.amount = t('wallet.partlyAmountRule', { amount: formatMoney(withdrawal.amount, true) });
      if (!proof) found.proof = t('wallet.proofRequired');
      setErrors(found);
      if (Object.keys(found).length) return;
    }
    const withdrawalId = withdrawal.id;
    const payload: z.input<typeof confirmWithdrawal.request> =
      result === 'partlyReceived' && received !== null && proof
        ? { result, withdrawalId, receivedAmount: received, proof }
        : result === 'notReceived'
          ? { result, withdrawalId, ...(remark.trim() ? { remark: remark.trim() } : {}) }
          : { result: result === 'forcedReceived' ? 'forcedReceived' : 'received', withdrawalId };
    setPending(true);
    try {
      await call(confirmWithdrawal, payload);
      onDone();
      showDialog({ icon: 'success', title: t('wallet.confirmWithdrawal'), text: t(`wallet.confirmDone.${result}`), autoCloseMs: 3000 });
    } catch (err) {
      showMoneyError(err);
    } finally {
      setPending(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    // Forced received refunds nothing whatever arrived: the spec's warning asks before sending.
    if (result === 'forcedReceived') {
      showDialog({
        icon: 'warning',
        title: t('wallet.confirm.forcedReceived'),
        text: t('wallet.forcedWarning'),
        buttons: [
          { label: t('common.cancel'), variant: 'secondary' },
          { label: t('wallet.confirmWithdrawal'), variant: 'danger', onClick: () => void send() },
        ],
      });
      return;
    }
    void send();
  }

  return (
    <Modal open onOpenChange={onOpenChange} title={t('wallet.confirmWithdrawal')} width={520} minHeight={0} testId="wd-confirm">
      <form className={styles.choices} onSubmit={submit} noValidate>
        <p className={styles.muted}>
          {t('wallet.confirmIntro', { amount: formatMoney(withdrawal.amount, true), card: `${withdrawal.bankCard.bankName} ${withdrawal.bankCard.accountNumberMasked}` })}
        </p>
        {withdrawal.confirmDeadline && withdrawal.status === 'paid' && (
          <p className={styles.note}>{t('wallet.autoReceivedAt', { time: formatDateTime(withdrawal.confirmDeadline, { offset: true }) ?? '' })}</p>
        )}
        <div className={styles.choices} role="radiogroup" aria-label={t('wallet.confirmWithdrawal')}>
          {choices.map((c) => (
            <label key={c} className={styles.channel} data-selected={c === result} data-testid={`wd-confirm-${c}`}>
              <span className={styles.walletHead}>
                <input type="radio" name="result" value={c} checked={c === result} onChange={() => setResult(c)} />
                {t(`wallet.confirm.${c}`)}
              </span>
              <span className={styles.muted}>{t(`wallet.confirmHelp.${c}`)}</span>
            </label>
          ))}
        </div>
        {result === 'partlyReceived' && (
          <>
            <Input
              label={t('wallet.receivedAmount')}
              inputMode="decimal"
              value={amount}
              error={errors.amount}
              onChange={(e) => {
                setAmount(e.target.value);
                setErrors((v) => ({ ...v, amount: undefined }));
              }}
              required
              data-testid="wd-confirm-amount"
            />
            <ImagePicker
              label={t('wallet.proof')}
              error={errors.proof}
              onChange={(image) => {
                setProof(image);
                setErrors((v) => ({ ...v, proof: undefined }));
              }}
              testId="wd-confirm-proof"
            />
          </>
        )}
        {result === 'notReceived' && <Input label={t('wallet.remark')} maxLength={140} value={remark} onChange={(e) => setRemark(e.target.value)} data-testid="wd-confirm-remark" />}
        {result === 'forcedReceived' && <p className={styles.warn}>{t('wallet.forcedWarning')}</p>}
        <div className={styles.formActions}>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant={result === 'forcedReceived' ? 'danger' : 'primary'} disabled={pending} data-testid="wd-confirm-submit">
            {t('wallet.confirmWithdrawal')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
