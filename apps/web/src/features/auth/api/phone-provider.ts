import { queryOptions, useQuery } from '@tanstack/react-query';
import { phoneProvider } from '@playhall/contract/calls/auth';
import { catalogueCodeOfProviderError } from '@playhall/contract/phone-provider';
import { call } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';

export const getPhoneProviderQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'phoneProvider'], queryFn: () => call(phoneProvider, {}), staleTime: 60_000, meta: { silent: true } });

/** Which SMS flow the merchant uses: own codes (provider null) or a phone-verification provider (issue 22). */
export const usePhoneProvider = () => useQuery(getPhoneProviderQueryOptions());

export interface TPhoneProvider {
  sendUrl: string;
  confirmUrl: string;
  countdownMinutes: number;
}

/** A POST to the provider; its `auth/...` refusals become the catalogue code the error dialog translates (spec §8). */
async function post(url: string, body: unknown): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  } catch {
    throw new ApiError('network_error', '', 0);
  }
  const json = (await res.json().catch(() => null)) as { error?: { code?: unknown; message?: unknown } } | null;
  if (!res.ok || !json) {
    const providerCode = json?.error?.code;
    throw new ApiError(catalogueCodeOfProviderError(providerCode), typeof json?.error?.message === 'string' ? json.error.message : '', res.status, { providerCode });
  }
  return json as Record<string, unknown>;
}

/**
 * The browser's side of the provider-based flow, per form: `send` has the provider text a code to the
 * number (answers the countdown's minutes), `confirm` gives the typed code to the provider and answers
 * its signed ID token, which the register or SMS-login call then carries (`firebaseIdToken`).
 */
export function createPhoneProviderSession(provider: TPhoneProvider) {
  let sessionInfo: string | null = null;
  // A confirmed code's token, kept while the code is unchanged: a registration refused for another field
  // (the captcha, a taken e-mail) is sent again with it; the provider takes each code only once.
  let confirmed: { code: string; token: string } | null = null;
  return {
    async send(dialingCode: string, national: string): Promise<number> {
      const digits = national.trim().replace(/^0+/, '');
      const answer = await post(provider.sendUrl, { phoneNumber: digits ? `${dialingCode}${digits}` : '' });
      sessionInfo = typeof answer.sessionInfo === 'string' ? answer.sessionInfo : null;
      confirmed = null;
      return provider.countdownMinutes;
    },
    async confirm(code: string): Promise<string> {
      // No code was sent in this form yet: "code expired, send again" tells the member what to do.
      if (sessionInfo === null) throw new ApiError('sms_code_expired', '', 400);
      if (confirmed?.code === code.trim()) return confirmed.token;
      const answer = await post(provider.confirmUrl, { sessionInfo, code: code.trim() });
      if (typeof answer.idToken !== 'string') throw new ApiError('sms_unknown', '', 200);
      confirmed = { code: code.trim(), token: answer.idToken };
      return answer.idToken;
    },
  };
}

export type TPhoneProviderSession = ReturnType<typeof createPhoneProviderSession>;
