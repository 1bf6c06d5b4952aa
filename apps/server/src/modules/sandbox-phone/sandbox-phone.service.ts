import crypto, { type KeyObject } from 'node:crypto';
import { providerErrorOf, type TPhoneProviderError } from '@playhall/contract/phone-provider';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken, sha256Hex } from '../../lib/secrets.ts';
import { COUNTRIES, normalizePhone, type TPhone } from '../account/phone.ts';
import { installSecret } from '../crypto/install-secret.ts';
import type { TSmsCodeService } from '../messaging/sms-code.service.ts';
import { signPhoneToken } from '../phone-verify/phone-token.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';

/** The sandbox's ID tokens live an hour, as Firebase's do. */
export const SANDBOX_TOKEN_SECONDS = 3600;
/** What ALLOW_SANDBOX_PHONE must say for a production server to run the sandbox phone provider. */
export const ALLOW_SANDBOX_PHONE = 'yes-no-real-sms';

/** A refusal in the provider's terms (`auth/...`), with the HTTP status a provider would send. */
export class SandboxPhoneRefusal extends Error {
  constructor(
    readonly code: TPhoneProviderError,
    readonly status: number,
  ) {
    super(code);
  }
}

function refusalOf(err: unknown): SandboxPhoneRefusal {
  if (err instanceof SandboxPhoneRefusal) return err;
  if (err instanceof AppError) return new SandboxPhoneRefusal(providerErrorOf(err.code), err.status >= 400 && err.status < 500 ? err.status : 400);
  throw err;
}

/** An E.164 number (+84912345678) as dialing code and national number, by the longest dialing code that fits. */
function splitE164(phoneNumber: string): TPhone {
  const codes = COUNTRIES.map((c) => c.countryDialingCode).filter((c) => phoneNumber.startsWith(c));
  codes.sort((a, b) => b.length - a.length);
  const code = codes[0];
  if (!code) throw new AppError('sms_invalid_phone');
  return normalizePhone(code, phoneNumber.slice(code.length));
}

/** The sandbox's Ed25519 key: derived from the install secret, so every process of one install signs alike. */
export async function sandboxPhoneKey(db: TDb): Promise<{ kid: string; privateKey: KeyObject; publicKey: KeyObject }> {
  const seed = Buffer.from(await installSecret(db, 'sandbox-phone-ed25519'), 'hex');
  const pkcs8 = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]);
  const privateKey = crypto.createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
  const publicKey = crypto.createPublicKey(privateKey);
  const kid = sha256Hex(publicKey.export({ format: 'der', type: 'spki' }).toString('base64')).slice(0, 16);
  return { kid, privateKey, publicKey };
}

/**
 * The sandbox phone-verification provider (issue 22): it works like Firebase phone auth so demos and
 * tests run offline. It "sends" a code (to the SMS outbox, `ops sms outbox`), confirms it and mints a
 * signed ID token for the number. It answers only while the merchant's SMS flow is `sandbox` and this
 * server may run it (a production server only with ALLOW_SANDBOX_PHONE); otherwise every step is
 * `auth/operation-not-allowed`. Its codes follow our SMS limits (lockout, daily quota, 5 guesses).
 */
export function createSandboxPhone(deps: {
  db: TDb;
  site: Pick<TSiteConfigLoader, 'get'>;
  sms: Pick<TSmsCodeService, 'send' | 'verify'>;
  issuer: string;
  allowed: boolean;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  let key: ReturnType<typeof sandboxPhoneKey> | null = null;
  const signingKey = () => (key ??= sandboxPhoneKey(deps.db));

  async function on() {
    const site = await deps.site.get();
    if (!deps.allowed || site.merchant.smsFlow !== 'sandbox') throw new SandboxPhoneRefusal('auth/operation-not-allowed', 403);
    return site.merchant;
  }

  /** sessionInfo: the number and a nonce, signed, so the confirm step needs no table of its own. */
  async function sessionOf(phone: string): Promise<string> {
    const body = Buffer.from(JSON.stringify({ p: phone, n: randomToken(9) })).toString('base64url');
    const sig = crypto.sign(null, Buffer.from(body), (await signingKey()).privateKey).toString('base64url');
    return `${body}.${sig}`;
  }
  async function phoneOfSession(sessionInfo: unknown): Promise<string | null> {
    if (typeof sessionInfo !== 'string') return null;
    const [body, sig, extra] = sessionInfo.split('.');
    if (!body || !sig || extra !== undefined) return null;
    if (!crypto.verify(null, Buffer.from(body), (await signingKey()).publicKey, Buffer.from(sig, 'base64url'))) return null;
    try {
      const p: unknown = (JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { p?: unknown }).p;
      return typeof p === 'string' ? p : null;
    } catch {
      return null;
    }
  }

  return {
    async send(input: { phoneNumber?: unknown }, ip: string): Promise<{ sessionInfo: string }> {
      try {
        const merchant = await on();
        if (input.phoneNumber === undefined || input.phoneNumber === '') throw new SandboxPhoneRefusal('auth/missing-phone-number', 400);
        if (typeof input.phoneNumber !== 'string' || !/^\+[0-9]{6,19}$/.test(input.phoneNumber)) throw new SandboxPhoneRefusal('auth/invalid-phone-number', 400);
        const phone = splitE164(input.phoneNumber);
        await deps.sms.send({ merchantId: merchant.id, purpose: 'providerSandbox', ...phone }, ip);
        return { sessionInfo: await sessionOf(`${phone.countryDialingCode}${phone.mobile}`) };
      } catch (err) {
        throw refusalOf(err);
      }
    },

    async confirm(input: { sessionInfo?: unknown; code?: unknown }): Promise<{ idToken: string; phoneNumber: string; expiresIn: string }> {
      try {
        const merchant = await on();
        if (typeof input.code !== 'string' || input.code.trim() === '') throw new SandboxPhoneRefusal('auth/missing-verification-code', 400);
        const phoneNumber = await phoneOfSession(input.sessionInfo);
        if (!phoneNumber) throw new SandboxPhoneRefusal('unknown', 400);
        const phone = splitE164(phoneNumber);
        await deps.sms.verify({ merchantId: merchant.id, purpose: 'providerSandbox', ...phone }, input.code);
        const iat = Math.floor(now().getTime() / 1000);
        const idToken = signPhoneToken(
          {
            iss: deps.issuer,
            aud: merchant.code,
            sub: sha256Hex(`sandbox-phone:${phoneNumber}`).slice(0, 28),
            phone_number: phoneNumber,
            iat,
            exp: iat + SANDBOX_TOKEN_SECONDS,
            jti: randomToken(18),
          },
          await signingKey(),
        );
        return { idToken, phoneNumber, expiresIn: String(SANDBOX_TOKEN_SECONDS) };
      } catch (err) {
        throw refusalOf(err);
      }
    },

    /** The public key by kid, as a verifier reads a provider's JWKS. */
    async publicKeys(): Promise<ReadonlyMap<string, KeyObject>> {
      const k = await signingKey();
      return new Map([[k.kid, k.publicKey]]);
    },

    async jwks(): Promise<{ keys: Record<string, unknown>[] }> {
      const k = await signingKey();
      return { keys: [{ ...k.publicKey.export({ format: 'jwk' }), kid: k.kid, alg: 'EdDSA', use: 'sig' }] };
    },

    enabledFor: (smsFlow: 'own' | 'sandbox') => deps.allowed && smsFlow === 'sandbox',
  };
}

export type TSandboxPhone = ReturnType<typeof createSandboxPhone>;

/**
 * What a server start says of the sandbox phone provider when the merchant's SMS flow is on it: as for a
 * sandbox payment channel (issue 15), production refuses to start unless ALLOW_SANDBOX_PHONE says so too
 * (anyone could then prove any number); otherwise a banner says it is on, with the command that turns it off.
 */
export function sandboxPhoneAtStart(smsFlow: 'own' | 'sandbox', opts: { production: boolean; allowSandboxPhone: boolean }): { refuse: string | null; banner: string | null } {
  if (smsFlow !== 'sandbox') return { refuse: null, banner: null };
  const off = 'npm run ops -- sms provider own';
  if (opts.production && !opts.allowSandboxPhone) {
    return {
      refuse:
        `Refusing to start in production: phone numbers are verified by the SANDBOX phone provider, which sends no real SMS ` +
        `(its codes are in the outbox), so a number proves nothing. Turn it off (${off}), or, for a test deployment, ` +
        `also set ALLOW_SANDBOX_PHONE=${ALLOW_SANDBOX_PHONE}.`,
      banner: null,
    };
  }
  return { refuse: null, banner: `SANDBOX PHONE VERIFICATION IS ON: no real SMS is sent; codes are in \`sms outbox\`. For demos and tests only. Turn it off: ${off}` };
}
