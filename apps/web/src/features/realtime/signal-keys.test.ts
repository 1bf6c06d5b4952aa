import { describe, expect, it } from 'vitest';
import { isMemberQuery, queryKeysOfSignal } from './signal-keys.ts';

describe('queryKeysOfSignal', () => {
  it('maps a balance signal to the wallet (the header balance) and member info', () => {
    expect(queryKeysOfSignal(['balance'])).toEqual([['wallet'], ['auth', 'memberInfo']]);
  });

  it('maps every kind once, without duplicates', () => {
    expect(queryKeysOfSignal(['balance', 'records', 'bonus', 'points', 'unread', 'records'])).toEqual([
      ['wallet'],
      ['auth', 'memberInfo'],
      ['records'],
      ['records', 'bonus'],
      ['promotions'],
      ['points'],
      ['loyalty'],
      ['messages'],
    ]);
  });
});

describe('isMemberQuery', () => {
  it('refetches what a member sees on reconnect, not captchas or the site status', () => {
    expect(isMemberQuery(['wallet', 'balance', 'tok'])).toBe(true);
    expect(isMemberQuery(['messages', 'unread'])).toBe(true);
    expect(isMemberQuery(['auth', 'memberInfo', 'tok'])).toBe(true);
    expect(isMemberQuery(['auth', 'captcha', 'login'])).toBe(false);
    expect(isMemberQuery(['system', 'status'])).toBe(false);
    expect(isMemberQuery(['games', 'list'])).toBe(false);
  });
});
