import { i18next } from './i18n.ts';
import { showDialog } from '../stores/dialog-store.ts';

/** A window opened in a click, to be pointed at an address once a call answers, or closed if it fails. */
export interface TPendingPopup {
  go: (url: string) => void;
  close: () => void;
}

/** Spec §8: 'Popup blocked. Please allow popups and try again.' */
export function showPopupBlocked(): void {
  showDialog({ key: 'popup_blocked', icon: 'warning', title: i18next.t('common.notice'), text: i18next.t('games.popupBlocked') });
}

/**
 * Opens an empty window now, inside the click (a window opened after an await is blocked), for a game launch or
 * customer service (spec §4, §8). Null, after the spec's dialog, when the browser blocks it. `go` cuts the window's
 * link back to this one before loading the address (relative addresses are of this site).
 */
export function openPendingPopup(): TPendingPopup | null {
  const popup = window.open('', '_blank');
  if (!popup) {
    showPopupBlocked();
    return null;
  }
  return {
    go(url) {
      popup.opener = null;
      popup.location.href = new URL(url, window.location.origin).href;
    },
    close: () => popup.close(),
  };
}
