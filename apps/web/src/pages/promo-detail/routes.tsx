import { PromoDetailBody } from '../../features/promotions/components/promo-detail.tsx';

/** /promoDetail?id= (promoDetail group): one activity, its terms, progress and actions (issue 17). */
export function PromoDetailPage() {
  return <PromoDetailBody />;
}
