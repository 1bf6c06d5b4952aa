import { PointMallPageBody } from '../../features/loyalty/points/components/point-mall-page.tsx';

/** /pointMall (pointMall group, header and footer only): the points mall (issue 18); points never expire (spec §9). */
export function PointMallPage() {
  return <PointMallPageBody />;
}
