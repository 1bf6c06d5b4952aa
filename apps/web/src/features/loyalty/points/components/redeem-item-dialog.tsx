import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { redeemReward, type TRedeemItem } from '@playhall/contract/calls/points';
import { Button } from '../../../../components/ui/button.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { Modal } from '../../../../components/ui/modal.tsx';
import { call } from '../../../../lib/api-client.ts';
import { formatMoney } from '../../../../lib/format.ts';
import { createRequestIdSlot } from '../../../../lib/money-input.ts';
import { showDialog } from '../../../../stores/dialog-store.ts';
import { openModal } from '../../../../stores/ui-store.ts';
import { useSessionStore } from '../../../auth/session-store.ts';
import { afterMoneyMoved } from '../../../wallet/api/get-merchant-wallet.ts';
import { afterPointsMoved } from '../api/get-point-balance.ts';
import { showPointsError } from '../points-errors.ts';
import { formatPoints, maxRedeemQuantity, parseWholeNumber, requirementText } from '../points-text.ts';
import { RedeemItemArt } from './redeem-item-card.tsx';
import styles from './points.module.css';

type TField = 'quantity' | 'address' | 'paymentPassword';

/**
 * Redeem an item (passwordCheck/MCS2_redeemPointReward, encrypted): quantity, the delivery address for goods, the
 * payment password. Cash and bonus items are approved at once; goods wait for the operator.
 */
export function RedeemItemDialog({ item, balance, onOpenChange }: { item: TRedeemItem; balance: number; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const token = useSessionStore((s) => s.token);
  const [slot] = useState(createRequestIdSlot);
  const [values, setValues] = useState<Record<TField, string>>({ quantity: '1', address: '', paymentPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<TField, string>>>({});
  const [pending, setPending] = useState(false);
  const goods = item.kind === 'goods';
  const max = maxRedeemQuantity(item, balance);
  const quantity = parseWholeNumber(values.quantity);
  const total = quantity === null ? null : quantity * item.pointsRequired;
  const requirement = requirementText(item, t);

  function change(name: TField, value: string) {
    // A changed request is a new request; retyping the password is the same one sent again.
    if (name !== 'paymentPassword') slot.reset();
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((v) => ({ ...v, [name]: undefined }));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: typeof errors = {};
    if (quantity === null) found.quantity = t('pointMall.quantityInvalid');
    else if (quantity * item.pointsRequired > balance) found.quantity = t('error.points_not_enough');
    else if (quantity > max) found.quantity = t('pointMall.quantityMax', { count: max });
    if (goods && !values.address.trim()) found.address = t('error.redeem_address_required');
    if (!values.paymentPassword) found.paymentPassword = t('error.payment_password_required');
    setErrors(found);
    if (Object.keys(found).length || quantity === null) return;
    setPending(true);
    try {
      const done = await call(redeemReward, {
        requestId: slot.take(),
        rewardId: item.id,
        quantity,
        ...(goods ? { address: values.address.trim() } : {}),
        paymentPassword: values.paymentPassword,
      });
      slot.reset();
      onOpenChange(false);
      await Promise.all([afterPointsMoved(queryClient), item.kind === 'goods' ? null : afterMoneyMoved(queryClient, token)]);
      showDialog({
        icon: 'success',
        title: t('pointMall.redeemed'),
        text: t(done.record.status === 'applying' ? 'pointMall.redeemApplying' : 'pointMall.redeemApproved', {
          name: item.name,
          points: formatPoints(done.record.points),
          balance: formatPoints(done.points),
        }),
        buttons: [
          { label: t('common.close'), variant: 'secondary' },
          { label: t('centre.redeemHistory'), variant: 'primary', onClick: () => openModal({ name: 'memberCentre', page: 'redeemHistory' }) },
        ],
      });
    } catch (err) {
      setValues((v) => ({ ...v, paymentPassword: '' }));
      showPointsError(err, () => openModal({ name: 'memberCentre', page: 'securityCenter' }));
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal open onOpenChange={onOpenChange} title={t('pointMall.redeemDialogTitle', { name: item.name })} width={520} testId="pm-redeem-dialog">
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <div className={styles.summary}>
          <RedeemItemArt item={item} size={36} />
          <div className={styles.facts}>
            <strong className={styles.name} style={{ color: 'var(--text)' }}>
              {item.name}
            </strong>
            <span>
              {formatPoints(item.pointsRequired)} {t('pointMall.pointsPer', { units: item.units })}
            </span>
            {item.kind !== 'goods' && (
              <span>{t(item.kind === 'cash' ? 'pointMall.cashValue' : 'pointMall.bonusValue', { amount: formatMoney(item.value, true) })}</span>
            )}
            {requirement && <span>{requirement}</span>}
            <span>{t('pointMall.youHave', { points: formatPoints(balance) })}</span>
          </div>
        </div>
        <Input
          label={t('pointMall.quantity')}
          inputMode="numeric"
          value={values.quantity}
          error={errors.quantity}
          hint={max > 0 ? t('pointMall.quantityHint', { count: max }) : undefined}
          onChange={(e) => change('quantity', e.target.value)}
          required
          data-testid="pm-redeem-quantity"
        />
        {goods && (
          <div>
            <label className={styles.fieldLabel} htmlFor="pm-redeem-address">
              {t('pointMall.address')}
            </label>
            <textarea
              id="pm-redeem-address"
              className={styles.textarea}
              maxLength={200}
              value={values.address}
              aria-invalid={errors.address ? true : undefined}
              onChange={(e) => change('address', e.target.value)}
              data-testid="pm-redeem-address"
            />
            {errors.address && (
              <span className={styles.fieldError} role="alert">
                {errors.address}
              </span>
            )}
          </div>
        )}
        <Input
          type="password"
          label={t('wallet.paymentPassword')}
          autoComplete="off"
          value={values.paymentPassword}
          error={errors.paymentPassword}
          onChange={(e) => change('paymentPassword', e.target.value)}
          required
          data-testid="pm-redeem-password"
        />
        <div className={styles.total}>
          <span>{t('pointMall.totalPoints')}</span>
          <span data-testid="pm-redeem-total">{total === null ? '—' : formatPoints(total)}</span>
        </div>
        {goods && <p className={styles.hint}>{t('pointMall.goodsReview')}</p>}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={pending} data-testid="pm-redeem-submit">
            {t('pointMall.confirmRedeem')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
