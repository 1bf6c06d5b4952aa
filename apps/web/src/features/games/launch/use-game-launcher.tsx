import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { launchGame, type TGameItem } from '@playhall/contract/calls/games';
import { call } from '../../../lib/api-client.ts';
import { showErrorDialog } from '../../../lib/error-dialog.ts';
import { openPendingPopup, type TPendingPopup } from '../../../lib/popup-window.ts';
import { currentLanguageCode, i18next } from '../../../lib/i18n.ts';
import { sessionStore } from '../../../lib/storage.ts';
import { showDialog } from '../../../stores/dialog-store.ts';
import { openModal, withLoading } from '../../../stores/ui-store.ts';
import { useSessionStore } from '../../auth/session-store.ts';
import { VendorGamesDialog } from '../components/vendor-games-dialog.tsx';
import { launchRequest, launchStep, lotteryLaunchRequest, lotteryOpenTarget, openTarget, startPath, type TLaunchTarget } from './launch-plan.ts';

function showMaintenance(): void {
  showDialog({
    key: 'game_maintenance',
    icon: 'warning',
    title: i18next.t('games.maintenanceTitle'),
    text: i18next.t('error.game_maintenance'),
  });
}

/**
 * Game start of spec §4, shared by every game page: `launch` runs the steps; `dialog` is the popup game
 * list of a VASSALAGE entry, to be rendered by the page. A popup game's window is opened in the click
 * itself (a window opened after an await is blocked) and closed again if the launch fails (spec §8).
 */
export function useGameLauncher(): { launch: (target: TLaunchTarget) => void; dialog: ReactNode } {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const token = useSessionStore((s) => s.token);
  const [vendorEntry, setVendorEntry] = useState<TGameItem | null>(null);

  function launch(target: TLaunchTarget): void {
    const game = 'game' in target ? target.game : null;
    const step = game ? launchStep(game, token !== null) : token === null ? 'login' : 'launch';
    if (step === 'login') return openModal({ name: 'login' });
    if (step === 'maintenance') return showMaintenance();
    if (step === 'vendorList' && game) return setVendorEntry(game);

    // Lottery (spec §4): some vendors open their page, ELOTT / LOTT games the lottery start path.
    const start = game ? startPath(game) : ({ kind: 'launch' } as const);
    if (start.kind === 'page') return void navigate(start.to);

    const openMode = game?.openMode ?? 'iframe';
    const lottery = start.kind === 'lottery' && game !== null;
    let popup: TPendingPopup | null = null;
    if (openMode === 'popup') {
      popup = openPendingPopup();
      if (!popup) return;
    }
    const language = currentLanguageCode();
    const merchantCode = sessionStore.get('merchantCode') ?? '';
    const request = lottery ? lotteryLaunchRequest(game, language, merchantCode) : launchRequest(target, language, merchantCode);
    withLoading(call(launchGame, request)).then(
      (answer) => {
        void qc.invalidateQueries({ queryKey: ['games', 'recent'] });
        void qc.invalidateQueries({ queryKey: ['games', 'favorites'] });
        const open = lottery ? lotteryOpenTarget(openMode, answer, window.location.origin) : openTarget(openMode, answer);
        if (!open) {
          popup?.close();
          return showMaintenance();
        }
        if (open.kind === 'route') {
          // A lottery start answers a page of this site: the window opened for the click is not needed.
          popup?.close();
          return void navigate(open.to);
        }
        popup?.go(open.url);
      },
      (error: unknown) => {
        popup?.close();
        showErrorDialog(error);
      },
    );
  }

  const dialog = vendorEntry && (
    <VendorGamesDialog
      entry={vendorEntry}
      onClose={() => setVendorEntry(null)}
      onPick={(game) => {
        setVendorEntry(null);
        launch({ game });
      }}
    />
  );
  return { launch, dialog };
}
