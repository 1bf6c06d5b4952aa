import { describe, expect, it } from 'vitest';
import { ZDay, ZImageUpload, ZMinor, ZMinorPositive, ZRequestId } from './fields.ts';

describe('money fields', () => {
  it('ZMinor takes safe integers only: no fractions of a minor unit, no strings, no unsafe numbers', () => {
    for (const ok of [0, -1, 123_456_789, Number.MAX_SAFE_INTEGER]) {
      expect(ZMinor.safeParse(ok).success, String(ok)).toBe(true);
    }
    for (const bad of [1.5, 0.01, '100', Number.MAX_SAFE_INTEGER + 1, Infinity, NaN, null]) {
      expect(ZMinor.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it('ZMinorPositive refuses zero and negatives', () => {
    expect(ZMinorPositive.safeParse(1).success).toBe(true);
    expect(ZMinorPositive.safeParse(0).success).toBe(false);
    expect(ZMinorPositive.safeParse(-100).success).toBe(false);
  });

  it('ZRequestId takes a UUID and refuses short or odd keys', () => {
    expect(ZRequestId.safeParse('0b8e8a8e-4f5c-4c1e-9d55-2f6f0a4f2b1a').success).toBe(true);
    for (const bad of ['short', 'has space in it', 'x'.repeat(65), 'semi;colon;key']) {
      expect(ZRequestId.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('ZDay', () => {
  it('takes real calendar days only', () => {
    expect(ZDay.safeParse('2024-02-29').success).toBe(true);
    for (const bad of ['2023-02-29', '2024-2-1', '2024-02-29T00:00:00Z', '']) {
      expect(ZDay.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('ZImageUpload', () => {
  it('takes PNG or JPEG base64 and refuses other types and non-base64 data', () => {
    expect(ZImageUpload.safeParse({ mime: 'image/png', data: 'iVBORw0KGgo=' }).success).toBe(true);
    expect(ZImageUpload.safeParse({ mime: 'image/gif', data: 'R0lGODlh' }).success).toBe(false);
    expect(ZImageUpload.safeParse({ mime: 'image/png', data: 'not base64!' }).success).toBe(false);
    expect(ZImageUpload.safeParse({ mime: 'image/png', data: 'iVBORw0KGgo=', name: 'x.png' }).success).toBe(false);
  });

  it('refuses more than 5 MB', () => {
    const tooBig = 'A'.repeat(Math.ceil((5 * 1024 * 1024) / 3) * 4 + 4);
    expect(ZImageUpload.safeParse({ mime: 'image/jpeg', data: tooBig }).success).toBe(false);
  });
});
