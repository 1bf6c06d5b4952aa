import type { TLoginValue, TRegisterRequest } from '@playhall/contract/calls/auth';
import { isSafeLink } from '@playhall/contract/links';
import { registerSchemaFromRules, type TRegisterOptions } from '@playhall/contract/validation';
import type { TDb, TTx } from '../../db/client.ts';
import { AppError, invalidInput } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { randomText } from '../../lib/secrets.ts';
import type { TAccountRepository } from '../account/account.repository.ts';
import { normalizePhone, type TPhone } from '../account/phone.ts';
import type { TCounterRepository } from '../limits/counter.repository.ts';
import type { TSmsCodeService } from '../messaging/sms-code.service.ts';
import type { TSiteConfig, TSiteConfigLoader } from '../system/site-config.ts';
import type { TAuthRepository } from './auth.repository.ts';
import type { TCaptchaProvider } from './captcha.provider.ts';
import type { TClient } from './client.ts';
import type { TSignInService } from './sign-in.service.ts';
import type { TPhoneVerifier } from '../phone-verify/phone-verifier.ts';

const CONTACT_FIELDS = ['qqNum', 'line', 'whatsapp', 'facebook', 'wechat', 'recommenderId'] as const;
/** New accounts one IP may open per day (bonus abuse); per-minute bursts are the route's rate limit. */
export const REGISTRATIONS_PER_IP_DAY = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Postgres unique violations on the users table, by index, as the catalogue's "already registered". */
const TAKEN_BY_INDEX: Record<string, 'username_taken' | 'mobile_taken' | 'email_taken' | 'id_number_taken'> = {
  users_merchant_username: 'username_taken',
  users_merchant_mobile: 'mobile_taken',
  users_merchant_email: 'email_taken',
  users_merchant_id_number: 'id_number_taken',
};

function takenError(err: unknown): AppError | null {
  // drizzle wraps the driver error; node-postgres and PGlite both name the violated constraint.
  const seen = new Set<unknown>();
  let e: unknown = err;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505' && constraint && TAKEN_BY_INDEX[constraint]) return new AppError(TAKEN_BY_INDEX[constraint]);
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** Which fields the register tab shows and requires, from the merchant's flags (spec §5, §6). */
export function registerOptions(site: Pick<TSiteConfig, 'flags'>, mode: 'username' | 'mobile'): TRegisterOptions {
  return {
    mode,
    smsCode: site.flags.get('REGMOBVERF3') === true,
    mobilePassword: site.flags.get('MOBILENUMPASSREG3') === true,
  };
}

/** Empty strings are "not given": the stored field stays null. */
const given = (value: string | undefined) => {
  const v = value?.trim();
  return v ? v : null;
};

/**
 * Registration by username (USERNAMEREG3) or by mobile number (MOBILENUMREG3). Every rule of the
 * web form is checked again here with the same contract code, then the captcha, the invitation
 * code and the SMS code; the new member is logged in at once (spec: login=true).
 */
interface TUpline {
  id: number;
  codeId: number;
  memberType: 'member' | 'agent';
  contracts: Record<string, unknown>[];
}

export function createRegisterService(deps: {
  db: TDb;
  site: Pick<TSiteConfigLoader, 'get'>;
  accounts: Pick<TAccountRepository, 'byId' | 'byUsername' | 'byMobile' | 'emailTaken' | 'idNumberTaken' | 'insert'>;
  auth: Pick<TAuthRepository, 'affiliateCode'>;
  counters: Pick<TCounterRepository, 'peek' | 'hit'>;
  captcha: Pick<TCaptchaProvider, 'check'>;
  sms: Pick<TSmsCodeService, 'verify'>;
  /** Provider-based phone verification (issue 22): with the merchant's flow on it, the provider's token proves the number. */
  phone?: Pick<TPhoneVerifier, 'active' | 'verify'>;
  signIn: TSignInService;
  /** Leaves the new member a first platform message, in the registration's transaction. */
  welcome: (tx: TTx, userId: number, siteName: string) => Promise<void>;
  /** Offers an affiliate code's contract terms to the account it opened (the agent contracts, issue 7). */
  proposeContracts?: (tx: TTx, uplineId: number, userId: number, terms: readonly Record<string, unknown>[]) => Promise<void>;
  /** Invite friends (issue 18): a member's referral code in the link, and recording the invitation in the registration. */
  referrals?: {
    inviter(db: TTx, merchantId: number, code: string): Promise<{ userId: number } | null>;
    record(tx: TTx, input: { merchantId: number; inviterId: number; inviteeId: number; via: 'register'; ip: string; device: string; registeredAt: Date; now: Date }): Promise<boolean>;
  };
}) {
  /** The agent an invitation code names, or `invitation_code_error` (spec §8). */
  async function uplineOf(site: TSiteConfig, code: string | null, domain: string | null): Promise<TUpline | null> {
    if (code === null) return null;
    const row = await deps.auth.affiliateCode(deps.db, site.merchant.id, code);
    const agent = row?.enabled ? await deps.accounts.byId(deps.db, row.agentId) : null;
    const domainFits = !row?.domain || (domain !== null && row.domain.toLowerCase() === domain.toLowerCase());
    if (!row || !agent || agent.type !== 'agent' || agent.status !== 'active' || !domainFits) throw new AppError('invitation_code_error');
    return { id: agent.id, codeId: row.id, memberType: row.memberType, contracts: row.contracts };
  }

  /** A username for an account registered by mobile: short, random, never the number itself. */
  async function freshUsername(merchantId: number): Promise<string> {
    for (;;) {
      const name = `m${randomText('abcdefghijkmnpqrstuvwxyz23456789', 8)}`;
      if (!(await deps.accounts.byUsername(deps.db, merchantId, name))) return name;
    }
  }

  return {
    /** Whether an invitation code is valid here (GET /wps/agent/affiliate). */
    async checkAffiliate(code: string, domain: string | null): Promise<boolean> {
      try {
        await uplineOf(await deps.site.get(), code.trim(), domain);
        return true;
      } catch (err) {
        if (err instanceof AppError && err.code === 'invitation_code_error') return false;
        throw err;
      }
    },

    async register(mode: 'username' | 'mobile', input: TRegisterRequest, client: TClient): Promise<TLoginValue> {
      const site = await deps.site.get();
      const flag = mode === 'username' ? 'USERNAMEREG3' : 'MOBILENUMREG3';
      if (!site.flags.get('DIRECTREG3') || !site.flags.get(flag)) throw new AppError('operation_not_allowed');

      const ipKey = `register:ip:${site.merchant.id}:${client.ip}`;
      if ((await deps.counters.peek(deps.db, ipKey, new Date())).count >= REGISTRATIONS_PER_IP_DAY) throw new AppError('rate_limited');

      const options = registerOptions(site, mode);
      const checked = registerSchemaFromRules(site.registerRules, options).safeParse(input);
      const issues = checked.success ? [] : checked.error.issues.map((i) => ({
        path: i.path.map(String).join('.'),
        message: i.message,
        ...('params' in i && i.params ? { params: i.params as Record<string, unknown> } : {}),
      }));
      if (input.ageConfirmed !== true) issues.push({ path: 'ageConfirmed', message: 'required' });
      const wantsMobile = given(input.mobileNum) !== null;
      if (wantsMobile && !input.countryDialingCode) issues.push({ path: 'countryDialingCode', message: 'required' });
      // The page the member registered on is stored as a link: http(s) or this site only (issue 15).
      const registerUrl = given(input.registerUrl);
      if (registerUrl !== null && !isSafeLink(registerUrl)) issues.push({ path: 'registerUrl', message: 'invalid_link' });
      if (issues.length > 0) throw invalidInput(issues);
      const values = checked.data ?? {};
      const field = (name: string) => given((values as Record<string, string | undefined>)[name]);

      if (site.registerRules.some((r) => r.field === 'captcha' && r.enabled)) await deps.captcha.check(input);

      const phone: TPhone | null = wantsMobile ? normalizePhone(input.countryDialingCode, input.mobileNum) : null;
      const username = mode === 'username' ? (field('username') ?? '') : await freshUsername(site.merchant.id);
      const email = field('email');
      const idNumber = field('idNumber');
      if (mode === 'username' && (await deps.accounts.byUsername(deps.db, site.merchant.id, username))) throw new AppError('username_taken');
      if (phone && (await deps.accounts.byMobile(deps.db, site.merchant.id, phone.countryDialingCode, phone.mobile))) {
        throw new AppError('mobile_taken');
      }
      if (email && (await deps.accounts.emailTaken(deps.db, site.merchant.id, email))) throw new AppError('email_taken');
      if (idNumber && (await deps.accounts.idNumberTaken(deps.db, site.merchant.id, idNumber))) throw new AppError('id_number_taken');
      // The invitation link's referralCode is a member's referral code (issue 18: the invitation is recorded) or else an
      // agent's code standing in when the form's own code field is empty.
      const referralCode = given(input.referralCode);
      const inviter = referralCode !== null && deps.referrals ? await deps.referrals.inviter(deps.db, site.merchant.id, referralCode) : null;
      const upline = await uplineOf(site, field('affiliateCode') ?? (inviter ? null : referralCode), given(input.domain));
      const uplineId = upline?.id ?? null;
      // An agent's code opens the account type it was made for (issue 7), a sub-agent (2) or a member.
      const asAgent = upline?.memberType === 'agent';
      const byProvider = deps.phone?.active(site.merchant.smsFlow) === true;
      // A provider's token while the merchant uses its own codes is refused, not ignored.
      if (!byProvider && (input.firebaseIdToken !== undefined || input.firebaseChannel !== undefined)) throw new AppError('operation_not_allowed');
      if (options.smsCode || mode === 'mobile') {
        if (!phone) throw new AppError('sms_missing_phone');
        // Provider flow: the typed code was confirmed by the provider; its signed token is the proof (used once).
        if (byProvider) await deps.phone?.verify(input.firebaseIdToken, phone);
        else await deps.sms.verify({ merchantId: site.merchant.id, purpose: 'register', ...phone }, input.verificationCode);
      }

      const password = field('password');
      const paymentPassword = field('paymentPassword');
      const contacts: Record<string, string> = {};
      for (const name of CONTACT_FIELDS) {
        const value = field(name);
        if (value !== null) contacts[name] = value;
      }
      const passwordHash = password === null ? null : await hashPassword(password);
      const paymentPasswordHash = paymentPassword === null ? null : await hashPassword(paymentPassword);
      let userId: number;
      try {
        userId = await deps.db.transaction(async (tx) => {
          const id = await deps.accounts.insert(tx, {
            merchantId: site.merchant.id,
            username,
            passwordHash,
            paymentPasswordHash,
            type: asAgent ? 'agent' : 'member',
            accountType: asAgent ? 2 : 0,
            uplineId,
            affiliateCodeId: upline?.codeId ?? null,
            nickname: username,
            mobile: phone?.mobile ?? null,
            countryDialingCode: phone?.countryDialingCode ?? null,
            email,
            payeeName: field('payeeName'),
            idNumber,
            contacts,
            language: client.language ?? undefined,
            registerIp: client.ip,
            registerUrl,
          });
          await deps.welcome(tx, id, site.merchant.name);
          if (inviter && deps.referrals) {
            const now = new Date();
            await deps.referrals.record(tx, { merchantId: site.merchant.id, inviterId: inviter.userId, inviteeId: id, via: 'register', ip: client.ip, device: client.device, registeredAt: now, now });
          }
          // The code's contract terms are offered to the new account, awaiting its consent.
          if (upline && asAgent && deps.proposeContracts) await deps.proposeContracts(tx, upline.id, id, upline.contracts);
          return id;
        });
      } catch (err) {
        throw takenError(err) ?? err;
      }
      await deps.counters.hit(deps.db, ipKey, DAY_MS, new Date());
      const user = await deps.accounts.byId(deps.db, userId);
      if (!user) throw new Error('new account vanished');
      return deps.signIn.signIn(user, 'register', client);
    },
  };
}

export type TRegisterService = ReturnType<typeof createRegisterService>;
