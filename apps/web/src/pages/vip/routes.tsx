import { VipPageBody } from '../../features/loyalty/vip/components/vip-page.tsx';

/** /vip (Vip group, standard layout): the VIP levels and the member's progress (issue 18). */
export function VipPage() {
  return <VipPageBody />;
}
