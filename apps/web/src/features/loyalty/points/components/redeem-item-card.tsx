import { Banknote, Gift, Package, type LucideIcon } from 'lucide-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { TRedeemItem } from '@playhall/contract/calls/points';
import { Button } from '../../../../components/ui/button.tsx';
import { formatMoney } from '../../../../lib/format.ts';
import { imageUrl } from '../../../../lib/image-url.ts';
import { StatusBadge } from '../../../wallet/components/status-badge.tsx';
import { formatPoints, requirementText } from '../points-text.ts';
import styles from './points.module.css';

const KIND_ART: Record<TRedeemItem['kind'], { icon: LucideIcon; hue: string }> = {
  cash: { icon: Banknote, hue: '#1f9a58' },
  bonus: { icon: Gift, hue: '#6142bf' },
  goods: { icon: Package, hue: '#d9772b' },
};

/** The item's picture, or its kind's own artwork when the operator gave none. */
export function RedeemItemArt({ item, size = 56 }: { item: Pick<TRedeemItem, 'imageUrl' | 'kind'>; size?: number }) {
  if (item.imageUrl) return <img className={styles.art} src={imageUrl(item.imageUrl)} alt="" loading="lazy" />;
  const { icon: Icon, hue } = KIND_ART[item.kind];
  return (
    <div className={`${styles.art} ${styles.kindArt}`} style={{ '--kind': hue } as CSSProperties} aria-hidden>
      <Icon size={size} strokeWidth={1.6} />
    </div>
  );
}

/** One catalogue card: art, name, points, value, requirement, stock and status; Redeem when it can be. */
export function RedeemItemCard({ item, onRedeem, loggedIn }: { item: TRedeemItem; onRedeem: () => void; loggedIn: boolean }) {
  const { t } = useTranslation();
  const requirement = requirementText(item, t);
  const tone = item.status === 'available' ? 'ok' : item.status === 'soldOut' ? 'bad' : 'neutral';
  return (
    <article className={styles.card} data-testid="pm-item" data-id={item.id} data-status={item.status} data-kind={item.kind}>
      <div className={styles.artWrap}>
        <RedeemItemArt item={item} />
        <div className={styles.badges}>
          <span className={styles.kindBadge}>{t(`pointMall.kind.${item.kind}`)}</span>
        </div>
      </div>
      <div className={styles.body}>
        <h3 className={styles.name} data-testid="pm-item-name">
          {item.name}
        </h3>
        <div className={styles.price}>
          <span className={styles.gold} data-testid="pm-item-points">
            {formatPoints(item.pointsRequired)}
          </span>
          <span className={styles.priceUnit}>{t('pointMall.pointsPer', { units: item.units })}</span>
        </div>
        <div className={styles.facts}>
          {item.kind !== 'goods' && (
            <span>{t(item.kind === 'cash' ? 'pointMall.cashValue' : 'pointMall.bonusValue', { amount: formatMoney(item.value, true) })}</span>
          )}
          <span>{t('pointMall.ratio', { points: formatPoints(item.pointsRatio) })}</span>
          {requirement && <span data-testid="pm-item-requirement">{requirement}</span>}
          <span data-testid="pm-item-stock">
            {item.quantity === null ? t('pointMall.unlimited') : t('pointMall.inStock', { count: item.quantity })}
          </span>
        </div>
        <div className={styles.foot}>
          <StatusBadge tone={tone} label={t(`pointMall.status.${item.status}`)} testId="pm-item-status" />
          <Button size="sm" disabled={loggedIn && item.status !== 'available'} onClick={onRedeem} data-testid="pm-item-redeem">
            {t('pointMall.redeem')}
          </Button>
        </div>
      </div>
    </article>
  );
}
