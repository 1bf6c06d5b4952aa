import { describe, expect, it } from 'vitest';
import { usernameCandidates } from './third-party.service.ts';

describe('usernameCandidates', () => {
  const bounds = { min: 6, max: 12 };

  it('starts from the provider name, letters and digits only, within the bounds', () => {
    const [first, ...rest] = usernameCandidates('Ann.Lee+play@', 'google', bounds);
    expect(first).toBe('annleeplay');
    for (const name of rest) {
      expect(name).toMatch(/^[a-z][a-z0-9]*$/);
      expect(name.length).toBeGreaterThanOrEqual(6);
      expect(name.length).toBeLessThanOrEqual(12);
    }
  });

  it('drops accents and scripts it cannot spell, and starts with a letter', () => {
    expect(usernameCandidates('Thảo', 'facebook', bounds)[0]).toMatch(/^thao[0-9]{2,}$/);
    expect(usernameCandidates('明', 'telegram', bounds)[0]).toMatch(/^t[0-9]{5}$/);
    expect(usernameCandidates('2fast', 'telegram', bounds)[0]).toBe('t2fast');
  });

  it('fits a long name and offers numbered and random fallbacks', () => {
    const names = usernameCandidates('averyveryverylongname', 'google', bounds);
    expect(names.every((n) => n.length <= 12 && n.length >= 6)).toBe(true);
    expect(names[0]).toMatch(/^averyver[0-9]{4}$/);
    expect(names.at(-1)).toMatch(/^g[a-z0-9]{9}$/);
    expect(usernameCandidates(null, 'google', bounds).length).toBeGreaterThan(1);
  });
});
