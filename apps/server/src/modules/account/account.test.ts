import { describe, expect, it } from 'vitest';
import { maskEmail, maskMobile } from './member-info.ts';
import { COUNTRIES, normalizePhone } from './phone.ts';

describe('phone numbers', () => {
  it('drop the trunk 0 and check the country digit count', () => {
    expect(normalizePhone('+84', '0912345678')).toEqual({ countryDialingCode: '+84', mobile: '912345678' });
    expect(normalizePhone('+84', '912345678')).toEqual({ countryDialingCode: '+84', mobile: '912345678' });
    expect(normalizePhone('+86', '13812345678').mobile).toBe('13812345678');
  });

  it.each([
    ['+84', '', 'sms_missing_phone'],
    [undefined, '912345678', 'sms_invalid_phone'],
    ['+999', '912345678', 'sms_invalid_phone'],
    ['+84', '91234', 'sms_invalid_phone'],
    ['+84', '91234567890', 'sms_invalid_phone'],
    ['+84', '91234abc9', 'sms_invalid_phone'],
  ])('refuses %s %s with %s', (dial, mobile, code) => {
    expect(() => normalizePhone(dial, mobile)).toThrow(expect.objectContaining({ code }));
  });

  it('lists each dialing code once, the home market first', () => {
    expect(COUNTRIES[0]?.countryCode).toBe('VN');
    const codes = COUNTRIES.map((c) => c.countryCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of COUNTRIES) expect(c.mobileMinLength).toBeLessThanOrEqual(c.mobileMaxLength);
  });
});

describe('masks', () => {
  it('show enough to recognise, not to read', () => {
    expect(maskMobile('912345678')).toBe('91***5678');
    expect(maskMobile('12345')).toBe('***45');
    expect(maskMobile('1234567')).toBe('****567');
    expect(maskMobile(null)).toBeNull();
    expect(maskEmail('alice@example.com')).toBe('a***@example.com');
    expect(maskEmail('broken')).toBe('***');
  });
});
