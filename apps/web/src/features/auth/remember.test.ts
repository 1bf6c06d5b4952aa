// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readRemembered, remember } from './remember.ts';

describe('remember-me', () => {
  it('keeps the username for 24 hours and forgets it on request', () => {
    remember('rememberUser', 'player 7');
    expect(readRemembered('rememberUser')).toBe('player 7');
    remember('rememberUser', null);
    expect(readRemembered('rememberUser')).toBeNull();
  });
});
