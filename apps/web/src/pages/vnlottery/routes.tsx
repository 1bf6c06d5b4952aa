import { CalendarClock, Hash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader, PageSection, Panel } from '../../components/layout/page-header.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { paths } from '../../config/paths.ts';
import { CATEGORY_META } from '../../features/games/category-meta.ts';

/** /vnlottery (header only): the Vietnamese number lottery. */
export function VnLotteryPage() {
  const { t } = useTranslation();
  return (
    <div className="container" style={{ paddingBottom: 48 }} data-testid="vnlottery-page">
      <PageHeader
        icon={Hash}
        hue={CATEGORY_META.LOTT.hue}
        eyebrow={t('category.LOTT')}
        title={t('vnlottery.title')}
        subtitle={t('vnlottery.subtitle')}
        aside={
          <Link className={buttonClass('secondary')} to={paths.lottery}>
            {t('vnlottery.allLotteries')}
          </Link>
        }
      />
      <PageSection icon={CalendarClock} title={t('lottery.draws')}>
        <Panel>
          <EmptyState text={t('vnlottery.noDraws')} />
        </Panel>
      </PageSection>
    </div>
  );
}
