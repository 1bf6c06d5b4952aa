/**
 * A call of this tab that ends its own session on the server (a password change ends every session of the account):
 * the socket may hear the revocation before the call's answer arrives. The realtime connection then signs out quietly,
 * and the page that made the call says what happened ("Password changed"), not "Your session has expired".
 */
let endingToken: string | null = null;

/** Run `work`, a call that ends the session of `token` when it succeeds. */
export async function endingOwnSession<T>(token: string | null, work: () => Promise<T>): Promise<T> {
  endingToken = token;
  try {
    return await work();
  } finally {
    endingToken = null;
  }
}

/** Whether this tab is itself ending the session of `token` right now. */
export const endsOwnSession = (token: string): boolean => endingToken !== null && endingToken === token;
