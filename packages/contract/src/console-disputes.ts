import { z } from 'zod';
import { consoleCall, ZDone, ZReason, type TConsoleCallDef } from './console-define.ts';
import { ZId, ZIdQuery, ZMinor } from './fields.ts';

// The console's disputes queue (issue 24): a member who confirms a paid withdrawal as partly or not received opens a
// dispute. The queue itself is `withdrawals.list` with status `disputed` (its rows carry the member's claim); these
// calls show the member's proof image and end the dispute, through the CLI's `withdrawal proof|resolve` commands.

/** The member's proof image of a partly received withdrawal (PNG or JPEG), base64 with its type. */
export const consoleWithdrawalProof = consoleCall({
  name: 'withdrawals.proof',
  method: 'GET',
  access: 'withdrawals.view',
  request: z.strictObject({ id: ZIdQuery }),
  response: z.object({ mime: z.string(), base64: z.string() }),
});

/**
 * Ends a dispute: `refund` (minor units, 0 for none) goes back to the member's main wallet, never more than the part
 * the member says did not arrive (the amount, less what arrived when partly received); the fee stays with the house.
 * The withdrawal becomes confirmed, the member's answer stays on the record. A refund above the missing part answers a
 * `refund` field error (`refund_above_missing`, with `max` in minor units) and moves nothing.
 */
export const consoleWithdrawalResolve = consoleCall({
  name: 'withdrawals.resolve',
  access: 'withdrawals.review',
  request: z.strictObject({ id: ZId, refund: ZMinor.min(0, 'refund_negative'), reason: ZReason }),
  response: ZDone,
});

export const DISPUTE_CALLS: readonly TConsoleCallDef[] = [consoleWithdrawalProof, consoleWithdrawalResolve];
