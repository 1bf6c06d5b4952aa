import { describe, expect, it } from 'vitest';
import { guardRedirect } from './route-guard.ts';

describe('guardRedirect', () => {
  it('lets everyone through when login is not required', () => {
    expect(guardRedirect('/vip', { loginRequired: false, hasToken: false })).toBeNull();
  });

  it('sends visitors without a token to /login when login is required', () => {
    for (const p of ['/', '/vip', '/rng', '/game', '/noticePage']) {
      expect(guardRedirect(p, { loginRequired: true, hasToken: false })).toBe('/login');
    }
  });

  it('keeps the public paths open', () => {
    // /oauth/callback: a third-party login must be able to finish without a session.
    for (const p of ['/login', '/register', '/register.html', '/oauth/callback', '/helpmc', '/download']) {
      expect(guardRedirect(p, { loginRequired: true, hasToken: false })).toBeNull();
    }
  });

  it('lets a session through', () => {
    expect(guardRedirect('/vip', { loginRequired: true, hasToken: true })).toBeNull();
  });
});
