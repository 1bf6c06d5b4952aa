import type { KeyObject } from 'node:crypto';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TPhone } from '../account/phone.ts';
import type { TCounterRepository } from '../limits/counter.repository.ts';
import { PHONE_TOKEN_SKEW_SECONDS, PhoneTokenError, verifyPhoneToken } from './phone-token.ts';

/**
 * Provider-based phone verification (spec §3 firebaseIdToken, issue 22). The browser has the provider
 * send and confirm the code; the provider gives it a signed ID token naming the number; the register
 * and SMS-login calls bring that token, and this checks it before anything is created or logged in.
 * A real provider plugs in with its issuer, our project id as audience and its published keys.
 */
export interface TPhoneVerifier {
  /** Whether the merchant's phone numbers are verified by this provider now (its switch, and allowed here). */
  active(smsFlow: 'own' | 'sandbox'): boolean;
  /** The provider's endpoints for the browser. */
  readonly browser: { name: 'sandbox'; sendUrl: string; confirmUrl: string };
  /**
   * Accepts a token for `phone` once: a forged, foreign, expired, other-number or already used token is
   * refused (`phone_token_invalid`; an expired one `sms_code_expired`: verify again), nothing changed.
   */
  verify(token: string | undefined, phone: TPhone): Promise<void>;
}

export function createPhoneVerifier(deps: {
  db: TDb;
  counters: Pick<TCounterRepository, 'hit'>;
  name: 'sandbox';
  sendUrl: string;
  confirmUrl: string;
  issuer: string;
  /** Our project id at the provider. */
  audience: () => Promise<string>;
  /** The provider's public keys by kid (a real provider: its JWKS). */
  keys: () => Promise<ReadonlyMap<string, KeyObject>>;
  active: (smsFlow: 'own' | 'sandbox') => boolean;
  now?: () => Date;
}): TPhoneVerifier {
  const now = deps.now ?? (() => new Date());
  return {
    active: deps.active,
    browser: { name: deps.name, sendUrl: deps.sendUrl, confirmUrl: deps.confirmUrl },
    async verify(token, phone) {
      if (!token) throw new AppError('sms_missing_code');
      const at = now();
      let claims;
      try {
        claims = verifyPhoneToken(token, { keys: await deps.keys(), issuer: deps.issuer, audience: await deps.audience(), now: at });
      } catch (err) {
        if (!(err instanceof PhoneTokenError)) throw err;
        throw new AppError(err.reason === 'expired' ? 'sms_code_expired' : 'phone_token_invalid');
      }
      if (claims.phone_number !== `${phone.countryDialingCode}${phone.mobile}`) throw new AppError('phone_token_invalid');
      // Single use: the token's id is counted until the token could no longer pass anyway.
      const liveMs = (claims.exp + PHONE_TOKEN_SKEW_SECONDS) * 1000 - at.getTime() + 1000;
      const used = await deps.counters.hit(deps.db, `phonetoken:${deps.issuer}:${claims.jti}`, liveMs, at);
      if (used.count > 1) throw new AppError('phone_token_invalid');
    },
  };
}
