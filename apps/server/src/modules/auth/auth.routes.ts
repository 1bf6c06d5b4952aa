import * as auth from '@playhall/contract/calls/auth';
import { affiliate } from '@playhall/contract/calls/system';
import { CAPTCHA_REFRESH_MIN_MS } from '@playhall/contract/constants';
import { validateByRule } from '@playhall/contract/patterns';
import { effectiveRegisterRules } from '@playhall/contract/validation';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TCallRegistrar } from '../../plugins/contract-routes.ts';
import type { TAccountRepository } from '../account/account.repository.ts';
import { COUNTRIES, normalizePhone } from '../account/phone.ts';
import type { TCounterRepository } from '../limits/counter.repository.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import type { TCaptchaProvider } from './captcha.provider.ts';
import { clientOf } from './client.ts';
import type { TLoginService } from './login.service.ts';
import type { TPasswordService } from './password.service.ts';
import { registerOptions, type TRegisterService } from './register.service.ts';
import type { TSessionService } from './session.service.ts';
import type { TVerificationService } from './verification.service.ts';

/** Per-IP limits of the ways in (@fastify/rate-limit, per process); the lockouts behind them are in the database. */
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

export function registerAuthRoutes(
  calls: TCallRegistrar,
  deps: {
    db: TDb;
    site: Pick<TSiteConfigLoader, 'get'>;
    accounts: Pick<TAccountRepository, 'byUsername' | 'byMobile' | 'emailTaken' | 'idNumberTaken'>;
    captcha: TCaptchaProvider;
    counters: Pick<TCounterRepository, 'hit'>;
    sessions: Pick<TSessionService, 'revoke'>;
    login: TLoginService;
    register: TRegisterService;
    passwords: TPasswordService;
    verification: TVerificationService;
  },
): void {
  calls.serve(auth.login, (input, { request }) => deps.login.login(input, clientOf(request)), perMinute(20));
  calls.serve(auth.loginVerify, (input, { request }) => deps.login.verifySecondStep(input, clientOf(request)), perMinute(10));
  calls.serve(auth.loginVerifySend, (input, { request }) => deps.login.sendSecondStepCode(input, clientOf(request)), perMinute(5));
  calls.serve(auth.loginFreeplay, (input, { request }) => deps.login.freeplay(input, clientOf(request)), perMinute(10));
  calls.serve(
    auth.logout,
    async (_input, { session }) => {
      if (session) await deps.sessions.revoke(session.sessionId);
      return null;
    },
    { guests: true },
  );

  calls.serve(
    auth.captcha,
    async (_input, { request }) => {
      // The spec's refresh limit (§9: one per 1000 ms), per address and counted in the database so
      // it holds across processes; the per-process limit below only sheds floods cheaply.
      const at = new Date();
      const ip = clientOf(request).ip;
      if ((await deps.counters.hit(deps.db, `captcha:ip:${ip}`, CAPTCHA_REFRESH_MIN_MS, at)).count > 1) {
        throw new AppError('rate_limited', { retryAfterSeconds: Math.ceil(CAPTCHA_REFRESH_MIN_MS / 1000) });
      }
      const { image, captchaId, expiresInSeconds } = await deps.captcha.issue();
      return { image, captchaId, expiresInSeconds };
    },
    perMinute(60),
  );

  calls.serve(auth.smsNoLogin, (input, { request }) => deps.verification.sendNoLogin(input, clientOf(request)), perMinute(10));
  calls.serve(
    auth.smsRegister,
    (input, { request }) => deps.verification.sendRegister(input, clientOf(request)),
    perMinute(10),
  );

  calls.serve(auth.register, (input, { request }) => deps.register.register('username', input, clientOf(request)), perMinute(10));
  calls.serve(auth.registerMobile, (input, { request }) => deps.register.register('mobile', input, clientOf(request)), perMinute(10));
  calls.serve(
    affiliate,
    async (input) => ({ valid: await deps.register.checkAffiliate(input.code, input.domain ?? null) }),
    perMinute(30),
  );

  // One field before submit: its rule first, then whether it is free.
  calls.serve(
    auth.validateRegisterField,
    async (input) => {
      const site = await deps.site.get();
      // The mobile tab always shows the number, so its rule is there even when the username tab hides it.
      const mode = input.field === 'mobileNum' ? 'mobile' : 'username';
      const rule = effectiveRegisterRules(site.registerRules, registerOptions(site, mode))[input.field];
      const ruleError = rule ? validateByRule(input.value, rule) : null;
      if (ruleError) return { valid: false, code: ruleError };
      const merchantId = site.merchant.id;
      try {
        switch (input.field) {
          case 'username':
            if (await deps.accounts.byUsername(deps.db, merchantId, input.value.trim())) return { valid: false, code: 'username_taken' };
            break;
          case 'mobileNum': {
            const phone = normalizePhone(input.countryDialingCode, input.value);
            if (await deps.accounts.byMobile(deps.db, merchantId, phone.countryDialingCode, phone.mobile)) {
              return { valid: false, code: 'mobile_taken' };
            }
            break;
          }
          case 'email':
            if (await deps.accounts.emailTaken(deps.db, merchantId, input.value.trim())) return { valid: false, code: 'email_taken' };
            break;
          case 'idNumber':
            if (await deps.accounts.idNumberTaken(deps.db, merchantId, input.value.trim())) return { valid: false, code: 'id_number_taken' };
            break;
        }
      } catch (err) {
        if (err instanceof AppError && err.status === 400) return { valid: false, code: err.code };
        throw err;
      }
      return { valid: true, code: null };
    },
    perMinute(60),
  );

  calls.serve(auth.countryCodes, async () => ({ list: [...COUNTRIES] }));

  calls.serve(auth.forgotPasswordEmail, async (input, { request }) => {
    await deps.passwords.mailResetLink(input, clientOf(request));
    return null;
  }, perMinute(5));
  calls.serve(auth.resetPasswordByEmail, async (input) => {
    await deps.passwords.resetByLink(input);
    return null;
  }, perMinute(10));
  calls.serve(auth.resetPasswordByMobile, async (input) => {
    await deps.passwords.resetByMobile(input);
    return null;
  }, perMinute(10));
  calls.serve(
    auth.changePassword,
    async (input, { session }) => {
      if (!session) throw new AppError('not_logged_in');
      await deps.passwords.change(session.userId, input);
      return null;
    },
    perMinute(10),
  );
}
