import { ACTIVITY_IMAGE_MAX_BYTES } from '@playhall/contract/constants';
import * as wallet from '@playhall/contract/calls/wallet';
import { AppError } from '../../lib/app-error.ts';
import type { TCallRegistrar, TSession } from '../../plugins/contract-routes.ts';
import type { TDepositService } from './deposit.service.ts';

function me(session: TSession | null): number {
  if (!session) throw new AppError('not_logged_in');
  return session.userId;
}

/** A receipt travels as base64 in the JSON body: 4/3 of the image limit plus room for the other fields. */
const CREATE_BODY_LIMIT = Math.ceil(ACTIVITY_IMAGE_MAX_BYTES / 3) * 4 + 8192;

export function registerDepositRoutes(calls: TCallRegistrar, deposits: TDepositService): void {
  calls.serve(wallet.depositChannels, async () => deposits.channels());
  calls.serve(wallet.depositCreate, async (input, { session }) => deposits.create(me(session), input), { bodyLimit: CREATE_BODY_LIMIT });
  calls.serve(wallet.depositRecords, async (input, { session }) => deposits.records(me(session), input));
  // Server to server: no session; the signature over the raw body is the authentication.
  calls.serve(wallet.depositGatewayCallback, async (input) => deposits.callback(input), {
    verifyRaw: (raw, request) => deposits.verifyCallback(raw, request),
  });
}
