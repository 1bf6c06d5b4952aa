import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import { createPhoneProviderSession } from './phone-provider.ts';

const provider = { sendUrl: '/send', confirmUrl: '/confirm', countdownMinutes: 1 };
/** The provider's answers, in order; each request is recorded. */
function answers(...replies: [number, unknown][]) {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: { body: string }) => {
    sent.push({ url, body: JSON.parse(init.body) });
    const [status, body] = replies.shift() ?? [500, null];
    return new Response(JSON.stringify(body), { status });
  });
  return sent;
}
const refusal = (p: Promise<unknown>) => p.then(() => 'accepted', (e: unknown) => (e instanceof ApiError ? e.code : String(e)));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('phone provider session in the browser', () => {
  it('sends the E.164 number, confirms with the session and answers the ID token; the countdown is the provider flow’s minute', async () => {
    const sent = answers([200, { sessionInfo: 's1' }], [200, { idToken: 't1', phoneNumber: '+84912345678' }]);
    const session = createPhoneProviderSession(provider);
    expect(await session.send('+84', '0912345678')).toBe(1);
    expect(await session.confirm(' 123456 ')).toBe('t1');
    // The same code again (a registration refused for another field) reuses the token: the provider takes a code once.
    expect(await session.confirm('123456')).toBe('t1');
    expect(sent).toEqual([
      { url: '/send', body: { phoneNumber: '+84912345678' } },
      { url: '/confirm', body: { sessionInfo: 's1', code: '123456' } },
    ]);
  });

  it("turns the provider's auth/ codes into the catalogue codes of the spec's messages", async () => {
    const session = createPhoneProviderSession(provider);
    expect(await refusal(session.confirm('123456'))).toBe('sms_code_expired');
    answers([400, { error: { code: 'auth/invalid-phone-number', message: 'Invalid phone number' } }]);
    expect(await refusal(session.send('+84', '12'))).toBe('sms_invalid_phone');
    answers([429, { error: { code: 'auth/too-many-requests' } }]);
    expect(await refusal(session.send('+84', '912345678'))).toBe('sms_too_many_requests');
    answers([200, { sessionInfo: 's2' }], [400, { error: { code: 'auth/invalid-verification-code' } }], [400, { error: { code: 'auth/code-expired' } }]);
    await session.send('+84', '912345678');
    expect(await refusal(session.confirm('000000'))).toBe('sms_invalid_code');
    expect(await refusal(session.confirm('111111'))).toBe('sms_code_expired');
    answers([503, 'busy']);
    expect(await refusal(session.send('+84', '912345678'))).toBe('sms_unknown');
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    expect(await refusal(session.send('+84', '912345678'))).toBe('network_error');
  });
});
