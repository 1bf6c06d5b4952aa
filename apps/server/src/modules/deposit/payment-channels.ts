/**
 * Online deposit channels and the gateway integrations behind them (issue 15). A channel names its
 * gateway by code (`deposit_channels.gateway`); the server registers one `TPaymentGateway` per code it
 * runs, and a channel is offered to members only while the operator has it on and its gateway is
 * registered. The sandbox gateway is one such integration, flagged `sandbox`: no money moves through it.
 */

/** The code of the sandbox gateway (`deposit_channels.gateway`). */
export const SANDBOX_GATEWAY = 'sandbox';

/** What ALLOW_SANDBOX_PAYMENTS must say for a production server to run with a sandbox channel on. */
export const ALLOW_SANDBOX_PAYMENTS = 'yes-no-money-moves';

/**
 * What the portal needs of an online gateway integration. The portal opens a payment for a deposit
 * (`createPayment`), sends the member to the gateway's page, and hears the outcome only from the signed
 * server-to-server callback (`deposit.gatewayCallback`, verified and credited by the deposit service).
 */
export interface TPaymentGateway {
  /** The code channels name in `deposit_channels.gateway`. */
  readonly code: string;
  /**
   * A test gateway where no money moves: its channels are off unless the operator turns them on, its
   * callbacks credit only while the channel is on, and a production start refuses it unless allowed.
   */
  readonly sandbox: boolean;
  /** Opens (idempotently per order) a payment; the member pays at `paymentUrl`. */
  createPayment(input: { orderId: number; amount: number }): Promise<{ txnId: string; paymentUrl: string }>;
  paymentUrl(txnId: string): string;
}

export interface TChannelState {
  id: number;
  name: string;
  gateway: string | null;
  enabled: boolean;
}

/** The command that turns a channel off, as the operator types it. */
export const disableCommand = (id: number) => `npm run ops -- payment-channel disable ${id}`;

/**
 * What a server start says of the sandbox channels that are on: in production it refuses to run unless
 * ALLOW_SANDBOX_PAYMENTS allows it too (told twice: the channel on and the flag set); otherwise, and
 * when allowed, a banner that says plainly that the channel is on and moves no money.
 */
export function sandboxAtStart(
  channels: readonly TChannelState[],
  opts: { production: boolean; allowSandboxPayments: boolean },
): { refuse: string | null; banner: string | null } {
  const on = channels.filter((c) => c.gateway === SANDBOX_GATEWAY && c.enabled);
  if (on.length === 0) return { refuse: null, banner: null };
  const names = on.map((c) => `"${c.name}" (channel ${c.id})`).join(', ');
  if (opts.production && !opts.allowSandboxPayments) {
    return {
      refuse:
        `Refusing to start in production: the sandbox payment channel ${names} is on. No money moves through it, ` +
        `so any member could credit their own wallet. Turn it off (${on.map((c) => disableCommand(c.id)).join('; ')}), ` +
        `or, for a test deployment, also set ALLOW_SANDBOX_PAYMENTS=${ALLOW_SANDBOX_PAYMENTS}.`,
      banner: null,
    };
  }
  return {
    refuse: null,
    banner:
      `SANDBOX PAYMENTS ARE ON: ${names} is a test gateway where no money moves; any member can credit their ` +
      `own wallet through it. For demos and tests only. Turn it off: ${on.map((c) => disableCommand(c.id)).join('; ')}`,
  };
}
