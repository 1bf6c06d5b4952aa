import type { FastifyInstance } from 'fastify';
import { ZContractTerms } from '@playhall/contract/calls/agent';
import { createContractsService } from '../agent/contracts.service.ts';
import type { TDb } from '../../db/client.ts';
import { createAccountRepository } from '../account/account.repository.ts';
import { createLoginRecordRepository } from '../account/login-record.repository.ts';
import { createTotpCheck } from '../account/totp-check.ts';
import { createCounterRepository } from '../limits/counter.repository.ts';
import { startHousekeeping } from '../limits/housekeeping.ts';
import { createMemberRepository } from '../member/member.repository.ts';
import { registerMemberRoutes } from '../member/member.routes.ts';
import { createMemberService } from '../member/member.service.ts';
import { createTwoFactorService } from '../member/two-factor.service.ts';
import { createOutboxRepository } from '../messaging/outbox.repository.ts';
import { createOutboxMailProvider, createOutboxSmsProvider, type TMailProvider, type TSmsProvider } from '../messaging/providers.ts';
import { createSmsCodeRepository } from '../messaging/sms-code.repository.ts';
import { createSmsCodeService } from '../messaging/sms-code.service.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import type { TCallRegistrar } from '../../plugins/contract-routes.ts';
import type { TThirdPartyConfig } from '../../config.ts';
import type { TPhoneVerifier } from '../phone-verify/phone-verifier.ts';
import type { TTx } from '../../db/client.ts';
import { createAuthRepository } from './auth.repository.ts';
import { registerAuthRoutes } from './auth.routes.ts';
import { createCaptchaRepository } from './captcha.repository.ts';
import type { TCaptchaProvider } from './captcha.provider.ts';
import { createCaptchaService } from './captcha.service.ts';
import { createLoginService } from './login.service.ts';
import { fundFreePlayGuest } from './free-play.ts';
import { createOAuthClients } from './oauth.client.ts';
import { createPasswordService } from './password.service.ts';
import { createRegisterService } from './register.service.ts';
import { inviterByCode, recordReferral } from '../referral/referral.service.ts';
import type { TSessionRepository } from './session.repository.ts';
import type { TSessionService } from './session.service.ts';
import { createSignInService } from './sign-in.service.ts';
import { createVerificationService } from './verification.service.ts';
import { createThirdPartyRepository } from './third-party.repository.ts';
import { registerThirdPartyRoutes } from './third-party.routes.ts';
import { createThirdPartyService } from './third-party.service.ts';

/**
 * Wires the accounts issue: repositories, services and the routes of the auth and member calls,
 * plus the housekeeping sweep of expired rows (stopped when the app closes).
 */
export function registerAccountsModule(
  app: FastifyInstance,
  calls: TCallRegistrar,
  deps: {
    db: TDb;
    site: TSiteConfigLoader;
    sessions: TSessionService;
    sessionRepo: TSessionRepository;
    sms?: TSmsProvider;
    mail?: TMailProvider;
    /** Google, Facebook and Telegram settings; none configured by default. */
    thirdParty?: TThirdPartyConfig;
    /** Provider-based phone verification (issue 22); without it only our own SMS codes are used. */
    phone?: TPhoneVerifier;
  },
): void {
  const { db, site, sessions } = deps;
  const accounts = createAccountRepository();
  const records = createLoginRecordRepository();
  const counters = createCounterRepository();
  const authRepo = createAuthRepository();
  const captchaRepo = createCaptchaRepository();
  const codes = createSmsCodeRepository();
  const memberRepo = createMemberRepository();
  const outbox = createOutboxRepository();
  const thirdPartyRepo = createThirdPartyRepository();

  const smsProvider = deps.sms ?? createOutboxSmsProvider({ db, outbox });
  const mail = deps.mail ?? createOutboxMailProvider({ db, outbox });
  // The captcha provider: the built-in image captcha is the default and only one shipped (captcha.provider.ts).
  const captcha: TCaptchaProvider = createCaptchaService({ db, repo: captchaRepo });
  const sms = createSmsCodeService({ db, codes, counters, provider: smsProvider, siteName: async () => (await site.get()).merchant.name });
  const signIn = createSignInService({ db, site, accounts, records, sessions, auth: authRepo });
  const checkTotp = createTotpCheck({ db, accounts, counters });
  const login = createLoginService({ db, site, accounts, auth: authRepo, counters, captcha, sms, phone: deps.phone, mail, signIn, checkTotp, fundGuest: fundFreePlayGuest });
  // Every new account (registration or a first third-party login) gets the same first message.
  const welcome = (tx: TTx, userId: number, siteName: string) =>
    memberRepo.insertMessage(tx, {
      userId,
      title: `Welcome to ${siteName}`,
      content: '<p>Your account is ready. Deposit from the member menu, then pick a game.</p><p>Keep your password to yourself: our staff never ask for it.</p>',
    });
  const contracts = createContractsService({ db, merchantId: async () => (await site.get()).merchant.id, timeZone: async () => (await site.get()).merchant.timeZone });
  const proposeContracts = async (tx: TTx, uplineId: number, userId: number, terms: readonly Record<string, unknown>[]) => {
    for (const t of terms) await contracts.signIn(tx, uplineId, userId, ZContractTerms.parse(t));
  };
  const referrals = { inviter: inviterByCode, record: recordReferral };
  const register = createRegisterService({ db, site, accounts, auth: authRepo, counters, captcha, sms, phone: deps.phone, signIn, welcome, proposeContracts, referrals });
  const thirdPartyConfig = deps.thirdParty ?? { google: null, facebook: null, telegram: null };
  const thirdParty = createThirdPartyService({
    db,
    site,
    config: thirdPartyConfig,
    oauth: createOAuthClients(thirdPartyConfig),
    repo: thirdPartyRepo,
    accounts,
    counters,
    signIn,
    welcome,
    log: app.log,
  });
  const passwords = createPasswordService({ db, site, accounts, auth: authRepo, sessions, counters, sms, mail });
  const verification = createVerificationService({ db, site, accounts, captcha, sms });
  const member = createMemberService({ db, site, accounts, records, repo: memberRepo });
  const twoFactor = createTwoFactorService({ db, site, accounts, checkTotp });

  registerAuthRoutes(calls, { db, site, accounts, captcha, counters, sessions, login, register, passwords, verification });
  registerThirdPartyRoutes(calls, { thirdParty });
  registerMemberRoutes(calls, app, { db, member, twoFactor, repo: memberRepo });

  const stop = startHousekeeping({
    db,
    log: app.log,
    sweeps: [
      (tx, _before, now) => captchaRepo.prune(tx, now),
      (tx, _before, now) => counters.prune(tx, now),
      (tx, before) => deps.sessionRepo.prune(tx, before),
      (tx, before) => codes.prune(tx, before),
      (tx, before) => authRepo.prune(tx, before),
      (tx, before) => thirdPartyRepo.prune(tx, before),
    ],
  });
  app.addHook('onClose', async () => stop());
}
