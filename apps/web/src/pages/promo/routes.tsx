import { PromotionsPageBody } from '../../features/promotions/components/promotions-page.tsx';

/** /promotions (promo group): the activities members join, by category (issue 17). */
export function PromotionsPage() {
  return <PromotionsPageBody />;
}
