import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { openModal } from '../../../stores/ui-store.ts';
import { useFlag } from '../../system/flags.ts';
import more from './auth-more.module.css';

/**
 * The top bar's forgot-password link (CHNGPASSMAIL3 / CHNGPASSVERIF3) and free-play button
 * (FREEPLAY3); loaded just after the first paint so the home page's initial script stays as it was.
 * It also opens the set-new-password form for the mailed link `/?resetToken=…` (spec §4), which a
 * visitor without a session follows.
 */
export default function LoginExtras() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const freePlay = useFlag('FREEPLAY3');
  const forgotByMail = useFlag('CHNGPASSMAIL3');
  const forgotByMobile = useFlag('CHNGPASSVERIF3');
  const [pending, setPending] = useState(false);
  const { search } = useLocation();

  useEffect(() => {
    const resetToken = new URLSearchParams(search).get('resetToken');
    if (resetToken) openModal({ name: 'resetPassword', token: resetToken });
  }, [search]);

  async function freeplay() {
    setPending(true);
    const { performFreeplay } = await import('../api/freeplay.ts');
    const ok = await performFreeplay();
    setPending(false);
    if (ok) void navigate(paths.home);
  }

  return (
    <>
      {(forgotByMail || forgotByMobile) && (
        <button type="button" className={more.compactLink} onClick={() => openModal({ name: 'forgotPassword' })} data-testid="forgot-link">
          {t('auth.forgot')}
        </button>
      )}
      {freePlay && (
        <Button variant="secondary" size="sm" disabled={pending} onClick={() => void freeplay()} data-testid="freeplay-button">
          {t('auth.freePlay')}
        </Button>
      )}
    </>
  );
}
