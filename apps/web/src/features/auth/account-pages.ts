import { ApiError } from '../../lib/api-error.ts';
import { showErrorDialog } from '../../lib/error-dialog.ts';

/** Member-centre pages the member menu opens (spec §2). */
export type TAccountPage = 'securityCenter' | 'withdraw' | 'transactionHistory' | 'personalHistoryCopy' | 'depositv2' | 'agentCentre';

/**
 * Open a member-centre or agent-centre page. The centres are built by the account and wallet issues;
 * until then this one place says so honestly, with the server's not-implemented message.
 */
export function openAccountPage(_page: TAccountPage): void {
  showErrorDialog(new ApiError('not_implemented', 'This function is not available yet', 501));
}
