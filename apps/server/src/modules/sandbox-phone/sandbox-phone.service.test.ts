import { describe, expect, it } from 'vitest';
import { ALLOW_SANDBOX_PHONE, sandboxPhoneAtStart } from './sandbox-phone.service.ts';

describe('sandbox phone provider at start', () => {
  it('says nothing while the merchant uses its own codes', () => {
    expect(sandboxPhoneAtStart('own', { production: true, allowSandboxPhone: false })).toEqual({ refuse: null, banner: null });
  });

  it('refuses a production start with the sandbox on unless allowed, and otherwise warns', () => {
    const refused = sandboxPhoneAtStart('sandbox', { production: true, allowSandboxPhone: false });
    expect(refused.refuse).toContain(`ALLOW_SANDBOX_PHONE=${ALLOW_SANDBOX_PHONE}`);
    expect(refused.refuse).toContain('sms provider own');
    expect(sandboxPhoneAtStart('sandbox', { production: true, allowSandboxPhone: true }).banner).toContain('SANDBOX PHONE');
    expect(sandboxPhoneAtStart('sandbox', { production: false, allowSandboxPhone: false })).toMatchObject({ refuse: null, banner: expect.stringContaining('no real SMS') });
  });
});
