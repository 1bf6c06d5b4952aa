import * as wallet from '@playhall/contract/calls/wallet';
import { ACTIVITY_IMAGE_MAX_BYTES } from '@playhall/contract/constants';
import { AppError } from '../../lib/app-error.ts';
import type { TCallRegistrar, TSession } from '../../plugins/contract-routes.ts';
import type { TWithdrawalService } from './withdrawal.service.ts';

function me(session: TSession | null): number {
  if (!session) throw new AppError('not_logged_in');
  return session.userId;
}

/** Calls that check a payment password: argon2id and the lockout do the real work, this caps the load. */
const PASSWORD_RATE = { max: 20, timeWindow: '1 minute' };
/** The confirmation carries a proof image (base64 in JSON, at most the spec's 5 MB). */
const PROOF_BODY_LIMIT = Math.ceil(ACTIVITY_IMAGE_MAX_BYTES / 3) * 4 + 64 * 1024;

/** Bank cards and withdrawals (issue 4). */
export function registerWithdrawalRoutes(calls: TCallRegistrar, deps: { withdrawals: TWithdrawalService }): void {
  const w = deps.withdrawals;
  calls.serve(wallet.banks, async () => w.banks());
  calls.serve(wallet.bankCards, async (_input, { session }) => w.cards(me(session)));
  calls.serve(wallet.bindBankCard, async (input, { session }) => w.bind(me(session), input), { rateLimit: PASSWORD_RATE });
  calls.serve(wallet.withdrawalInfo, async (_input, { session }) => w.info(me(session)));
  calls.serve(wallet.withdraw, async (input, { session }) => w.create(me(session), input), { rateLimit: PASSWORD_RATE });
  calls.serve(wallet.withdrawalRecords, async (input, { session }) => w.records(me(session), input));
  calls.serve(wallet.confirmWithdrawal, async (input, { session }) => w.confirm(me(session), input), { bodyLimit: PROOF_BODY_LIMIT });
}
