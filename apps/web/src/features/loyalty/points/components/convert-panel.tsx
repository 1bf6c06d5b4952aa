import { useQueryClient } from '@tanstack/react-query';
import { ArrowRightLeft } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { convertPoints, type pointConfig } from '@playhall/contract/calls/points';
import type { z } from 'zod';
import { Button } from '../../../../components/ui/button.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { call } from '../../../../lib/api-client.ts';
import { formatMoney } from '../../../../lib/format.ts';
import { createRequestIdSlot } from '../../../../lib/money-input.ts';
import { showDialog } from '../../../../stores/dialog-store.ts';
import { openModal } from '../../../../stores/ui-store.ts';
import { useSessionStore } from '../../../auth/session-store.ts';
import { afterMoneyMoved } from '../../../wallet/api/get-merchant-wallet.ts';
import { afterPointsMoved } from '../api/get-point-balance.ts';
import { showPointsError } from '../points-errors.ts';
import { convertedAmount, formatPoints, parseWholeNumber } from '../points-text.ts';
import styles from './points.module.css';

type TConfig = z.output<typeof pointConfig.response>;

/** Convert points to cash (passwordCheck/MCS2_convertPoint, encrypted): whole points at the rate, above the minimum. */
export function ConvertPanel({ config, balance }: { config: TConfig; balance: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const token = useSessionStore((s) => s.token);
  const [slot] = useState(createRequestIdSlot);
  const [values, setValues] = useState({ points: '', paymentPassword: '' });
  const [errors, setErrors] = useState<{ points?: string; paymentPassword?: string }>({});
  const [pending, setPending] = useState(false);
  const points = parseWholeNumber(values.points);
  const amount = points === null ? null : convertedAmount(points, config.convertRate);

  function change(name: keyof typeof values, value: string) {
    if (name !== 'paymentPassword') slot.reset();
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((v) => ({ ...v, [name]: undefined }));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: typeof errors = {};
    if (points === null) found.points = t('pointMall.pointsInvalid');
    else if (points < config.minConvertPoints) found.points = t('pointMall.convertMin', { points: formatPoints(config.minConvertPoints) });
    else if (points > balance) found.points = t('error.points_not_enough');
    if (!values.paymentPassword) found.paymentPassword = t('error.payment_password_required');
    setErrors(found);
    if (Object.keys(found).length || points === null) return;
    setPending(true);
    try {
      const done = await call(convertPoints, { requestId: slot.take(), points, paymentPassword: values.paymentPassword });
      slot.reset();
      setValues({ points: '', paymentPassword: '' });
      await Promise.all([afterPointsMoved(queryClient), afterMoneyMoved(queryClient, token)]);
      showDialog({
        icon: 'success',
        title: t('pointMall.convertTitle'),
        text: t('pointMall.converted', { points: formatPoints(points), amount: formatMoney(done.credited, true), balance: formatPoints(done.points) }),
      });
    } catch (err) {
      setValues((v) => ({ ...v, paymentPassword: '' }));
      showPointsError(err, () => openModal({ name: 'memberCentre', page: 'securityCenter' }));
    } finally {
      setPending(false);
    }
  }

  return (
    <section className={styles.panel} data-testid="pm-convert">
      <h3 className={styles.panelTitle}>
        <ArrowRightLeft size={18} aria-hidden />
        {t('pointMall.convertTitle')}
      </h3>
      <div className={styles.rateLine}>
        <span className={styles.muted}>{t('pointMall.convertRate')}</span>
        <span data-testid="pm-convert-rate">
          {t('pointMall.rateValue', { points: formatPoints(config.convertRate.points), amount: formatMoney(config.convertRate.amount, true) })}
        </span>
      </div>
      <div className={styles.rateLine}>
        <span className={styles.muted}>{t('pointMall.convertMinimum')}</span>
        <span>{formatPoints(config.minConvertPoints)}</span>
      </div>
      {config.convertEnabled ? (
        <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
          <Input
            label={t('pointMall.pointsToConvert')}
            inputMode="numeric"
            value={values.points}
            error={errors.points}
            hint={amount !== null && !errors.points ? t('pointMall.youGet', { amount: formatMoney(amount, true) }) : undefined}
            onChange={(e) => change('points', e.target.value)}
            required
            data-testid="pm-convert-points"
          />
          <Input
            type="password"
            label={t('wallet.paymentPassword')}
            autoComplete="off"
            value={values.paymentPassword}
            error={errors.paymentPassword}
            onChange={(e) => change('paymentPassword', e.target.value)}
            required
            data-testid="pm-convert-password"
          />
          <Button type="submit" block disabled={pending} data-testid="pm-convert-submit">
            {t('pointMall.convertNow')}
          </Button>
        </form>
      ) : (
        <p className={styles.muted} data-testid="pm-convert-off">
          {t('error.points_convert_disabled')}
        </p>
      )}
    </section>
  );
}
