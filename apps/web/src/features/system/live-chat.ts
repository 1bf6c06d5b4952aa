import { customerService } from '@playhall/contract/calls/auth';
import { CS_PATH_TYPES, openCsPath } from '@playhall/contract/cs-path';
import { isSafeLink } from '@playhall/contract/links';
import { call } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { showErrorDialog } from '../../lib/error-dialog.ts';
import { i18next } from '../../lib/i18n.ts';
import { openPendingPopup } from '../../lib/popup-window.ts';
import { withLoading } from '../../stores/ui-store.ts';

/**
 * The live-chat address of the customer-service call (spec §7): the type '3' entry, its path opened with the key in
 * its last 8 characters; null when there is none or it does not open to a link this site would render (issue 15).
 */
export async function liveChatUrl(pathList: readonly { type: string; path: string }[]): Promise<string | null> {
  const entry = pathList.find((p) => p.type === CS_PATH_TYPES.CS_LIVECHAT);
  if (!entry) return null;
  const url = await openCsPath(entry.path);
  return url !== null && isSafeLink(url) ? url : null;
}

/**
 * The side bar's live chat (spec §1, §7, §8): a window opened in the click, pointed at the decrypted address when the
 * call answers; closed, with the error dialog, when the call fails or has no live chat. A blocked window gets the
 * spec's 'Popup blocked' dialog.
 */
export function openLiveChat(): void {
  const popup = openPendingPopup();
  if (!popup) return;
  withLoading(call(customerService, {}).then((answer) => liveChatUrl(answer.version.pathList))).then(
    (url) => {
      if (url) return popup.go(url);
      popup.close();
      showErrorDialog(new ApiError('cs_unavailable', i18next.t('support.unavailable'), 404));
    },
    (error: unknown) => {
      popup.close();
      showErrorDialog(error);
    },
  );
}
