import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TAccountRepository } from '../account/account.repository.ts';
import { normalizePhone } from '../account/phone.ts';
import type { TSmsCodeService } from '../messaging/sms-code.service.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import type { TCaptchaProvider } from './captcha.provider.ts';
import type { TClient } from './client.ts';

interface TCaptchaFields {
  captcha?: string;
  captchaId?: string;
}

/**
 * Sends SMS codes before login (SMS login, forgot by mobile) and for registration, each only when
 * its flag is on. A captcha sent along is checked; the send limits live in the SMS code service.
 */
export function createVerificationService(deps: {
  db: TDb;
  site: Pick<TSiteConfigLoader, 'get'>;
  accounts: Pick<TAccountRepository, 'byMobile'>;
  captcha: Pick<TCaptchaProvider, 'check'>;
  sms: Pick<TSmsCodeService, 'send'>;
}) {
  async function captchaIfGiven(input: TCaptchaFields): Promise<void> {
    if (input.captchaId || input.captcha) await deps.captcha.check(input);
  }

  return {
    async sendNoLogin(
      input: TCaptchaFields & { mobileNum: string; countryDialingCode: string; purpose: 'login' | 'resetPassword' },
      client: TClient,
    ): Promise<{ expiredMinutes: number }> {
      const site = await deps.site.get();
      if (!site.flags.get(input.purpose === 'login' ? 'MOBILEVERCODELOGIN3' : 'CHNGPASSVERIF3')) throw new AppError('operation_not_allowed');
      const phone = normalizePhone(input.countryDialingCode, input.mobileNum);
      await captchaIfGiven(input);
      const user = await deps.accounts.byMobile(deps.db, site.merchant.id, phone.countryDialingCode, phone.mobile);
      if (!user) throw new AppError('mobile_not_registered');
      return deps.sms.send({ merchantId: site.merchant.id, purpose: input.purpose, ...phone }, client.ip);
    },

    async sendRegister(
      input: TCaptchaFields & { mobileNo: string; countryDialingCode: string; regType: 'username' | 'mobile' },
      client: TClient,
    ): Promise<{ expiredMinutes: number }> {
      const site = await deps.site.get();
      const allowed =
        site.flags.get('DIRECTREG3') === true &&
        (input.regType === 'mobile' ? site.flags.get('MOBILENUMREG3') : site.flags.get('USERNAMEREG3') && site.flags.get('REGMOBVERF3'));
      if (!allowed) throw new AppError('operation_not_allowed');
      const phone = normalizePhone(input.countryDialingCode, input.mobileNo);
      await captchaIfGiven(input);
      if (await deps.accounts.byMobile(deps.db, site.merchant.id, phone.countryDialingCode, phone.mobile)) throw new AppError('mobile_taken');
      return deps.sms.send({ merchantId: site.merchant.id, purpose: 'register', ...phone }, client.ip);
    },
  };
}

export type TVerificationService = ReturnType<typeof createVerificationService>;
