import { Gamepad2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { paths } from '../../../config/paths.ts';

/** What a game page shows before a game is launched into it: one sentence and a way to the lobby. */
export function NoGameState({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="container" style={{ paddingBlock: 48 }} data-testid={testId}>
      <EmptyState
        text={t('game.noGame')}
        action={
          <Link className={buttonClass('primary')} to={paths.home}>
            <Gamepad2 size={16} aria-hidden />
            {t('game.browse')}
          </Link>
        }
      />
    </div>
  );
}
