import type { TEnvelopeRain } from '@playhall/contract/calls/promotions';

/**
 * The rain whose envelope the floating entry offers: on now, not opened by this member, envelopes left, and open to
 * them (a visitor is offered every rain on: pressing the entry asks them to log in).
 */
export function openableRain(rains: readonly TEnvelopeRain[], loggedIn: boolean): TEnvelopeRain | undefined {
  return rains.find((r) => r.state === 'open' && r.opened === null && r.left > 0 && (r.eligible || !loggedIn));
}
