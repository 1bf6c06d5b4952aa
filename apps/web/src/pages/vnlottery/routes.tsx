import { Hash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/layout/page-header.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { CATEGORY_META } from '../../features/games/category-meta.ts';
import { LotteryHome } from '../../features/lottery/components/lottery-home.tsx';

/** /vnlottery (header only): the Vietnamese number lottery — lobby, or a game's betting view (spec §3). */
export function VnLotteryPage() {
  const { t } = useTranslation();
  return (
    <div data-testid="vnlottery-page">
      <LotteryHome
        groups={['fast', 'north', 'south', 'central']}
        header={
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
        }
      />
    </div>
  );
}
