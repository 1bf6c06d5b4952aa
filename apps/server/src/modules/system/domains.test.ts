import { describe, expect, it } from 'vitest';
import { domainOf, domainSet, hostOf, isKnownHost } from './domains.ts';

describe('merchant domains', () => {
  it('reads the host of what the page sends: a port, upper case, a full URL, IDN and a trailing dot make no difference', () => {
    expect(hostOf('localhost:8080')).toBe('localhost');
    expect(hostOf('Play.Example.COM')).toBe('play.example.com');
    expect(hostOf('https://play.example.com:8443/path?q=1')).toBe('play.example.com');
    expect(hostOf('bücher.example')).toBe('xn--bcher-kva.example');
    expect(hostOf('play.example.com.')).toBe('play.example.com');
    expect(hostOf('[::1]:8080')).toBe('[::1]');
    // Userinfo is not the host: a browser would open evil.example.
    expect(hostOf('localhost@evil.example')).toBe('evil.example');
    expect(hostOf('')).toBeNull();
    expect(hostOf('http://')).toBeNull();
  });

  it('matches exact names, and subdomains only under a configured *. name', () => {
    const known = domainSet(['localhost', 'Play.Example.com', '*.brand.example', 'xn--bcher-kva.example']);
    const ok = (url: string) => isKnownHost(known, hostOf(url) ?? '');
    expect(ok('LOCALHOST:5173')).toBe(true);
    expect(ok('play.example.com')).toBe(true);
    expect(ok('www.play.example.com')).toBe(false);
    expect(ok('example.com')).toBe(false);
    expect(ok('m.brand.example')).toBe(true);
    expect(ok('a.b.brand.example')).toBe(true);
    expect(ok('brand.example')).toBe(false);
    expect(ok('evilbrand.example')).toBe(false);
    expect(ok('BÜCHER.example')).toBe(true);
    expect(ok('localhost.evil.example')).toBe(false);
  });

  it('accepts host names an operator may configure, in their stored form, and refuses anything else with the reason', () => {
    expect(domainOf('Play.Example.com')).toEqual({ domain: 'play.example.com' });
    expect(domainOf('*.Brand.example')).toEqual({ domain: '*.brand.example' });
    expect(domainOf('bücher.example')).toEqual({ domain: 'xn--bcher-kva.example' });
    expect(domainOf('127.0.0.1')).toEqual({ domain: '127.0.0.1' });
    expect(domainOf('[::1]')).toEqual({ domain: '[::1]' });
    for (const bad of ['', 'https://play.example.com', 'play.example.com:8080', 'play.example.com/x', 'a b.com', '-a.com', 'a-.com', 'a..com', '*', '*.com', '*.127.0.0.1', `${'a'.repeat(64)}.com`, 'user@host.com', 'a_b.com']) {
      expect(domainOf(bad), bad).toHaveProperty('error');
    }
  });
});
