import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { changePaymentPassword, setPaymentPassword } from '@playhall/contract/calls/wallet';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { call } from '../../../lib/api-client.ts';
import { showDialog } from '../../../stores/dialog-store.ts';
import { showMoneyError } from '../money-errors.ts';
import styles from './wallet.module.css';

type TField = 'current' | 'next' | 'confirm';

/**
 * Set the payment password (proved by the login password when the account has one) or change it
 * (proved by the old one). Encrypted calls; the member info's hasPaymentPassword follows.
 */
export function PaymentPasswordForm({ hasPaymentPassword, hasPassword, onDone }: { hasPaymentPassword: boolean; hasPassword: boolean; onDone?: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<TField, string>>({ current: '', next: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<TField, string>>>({});
  const [pending, setPending] = useState(false);
  const askCurrent = hasPaymentPassword || hasPassword;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Partial<Record<TField, string>> = {};
    if (askCurrent && !values.current) found.current = t('validation.required');
    if (!values.next) found.next = t('validation.required');
    if (!values.confirm) found.confirm = t('validation.required');
    else if (values.confirm !== values.next) found.confirm = t('error.password_mismatch');
    setErrors(found);
    if (Object.keys(found).length) return;
    setPending(true);
    try {
      if (hasPaymentPassword) {
        await call(changePaymentPassword, { oldPaymentPassword: values.current, newPaymentPassword: values.next, confirmPaymentPassword: values.confirm });
      } else {
        await call(setPaymentPassword, {
          ...(hasPassword ? { loginPassword: values.current } : {}),
          newPaymentPassword: values.next,
          confirmPaymentPassword: values.confirm,
        });
      }
      setValues({ current: '', next: '', confirm: '' });
      await queryClient.invalidateQueries({ queryKey: ['auth', 'memberInfo'] });
      showDialog({ icon: 'success', title: t('wallet.paymentPassword'), text: t('wallet.paymentPasswordSaved'), autoCloseMs: 2500 });
      onDone?.();
    } catch (err) {
      showMoneyError(err);
    } finally {
      setPending(false);
    }
  }

  const field = (name: TField, label: string, testId: string) => (
    <Input
      type="password"
      label={label}
      autoComplete={name === 'current' && !hasPaymentPassword ? 'current-password' : 'new-password'}
      value={values[name]}
      error={errors[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      data-testid={testId}
    />
  );

  return (
    <form className={styles.formNarrow} onSubmit={(e) => void submit(e)} noValidate data-testid="pp-form">
      {askCurrent && field('current', hasPaymentPassword ? t('wallet.oldPaymentPassword') : t('wallet.loginPassword'), 'pp-current')}
      {field('next', t('wallet.newPaymentPassword'), 'pp-new')}
      {field('confirm', t('wallet.confirmPaymentPassword'), 'pp-confirm')}
      <div className={styles.formActions}>
        <Button type="submit" disabled={pending} data-testid="pp-submit">
          {hasPaymentPassword ? t('wallet.changePaymentPassword') : t('wallet.setPaymentPassword')}
        </Button>
      </div>
    </form>
  );
}
