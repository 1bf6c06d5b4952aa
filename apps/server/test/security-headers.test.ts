import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions as TInject } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TTestApp } from './support/test-app.ts';

/**
 * Issue 22, "Headers and transport": every kind of response the public port sends carries the security headers,
 * CORS stays closed, and no cookie is set. The SPA is a small built tree of our own (index, a hashed asset, a house
 * game page) served by the real static plugin: the e2e serves the real build the same way.
 */
let t: TTestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'playhall-headers-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.mkdirSync(path.join(webDist, 'house'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Playhall</title><script type="module" src="/assets/app-abc123.js"></script>');
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'export const app = 1;\n');
  fs.writeFileSync(path.join(webDist, 'house', 'dice.html'), '<!doctype html><title>Dice</title><script type="module" src="/assets/app-abc123.js"></script>');
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const send = (opts: TInject) => t.app.inject(opts);

function expectHeaders(what: string, headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy'] ?? '');
  const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';
  expect(csp, what).not.toBe('');
  // Scripts only from our own origin: no inline script, no eval (the SPA and the house pages load module files).
  const scripts = directive('script-src') || directive('default-src');
  expect(scripts, what).toMatch(/'self'|'none'/);
  expect(scripts, what).not.toMatch(/unsafe-inline|unsafe-eval/);
  // Framed by the portal only (game pages in the /game iframe), or by nobody.
  expect(directive('frame-ancestors'), what).toMatch(/^frame-ancestors '(self|none)'$/);
  expect(headers['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
  // Plain HTTP: no HSTS (system.test.ts proves it behind a trusted TLS proxy).
  expect(headers['strict-transport-security'], what).toBeUndefined();
  // CORS closed and no cookies, on every response.
  for (const name of Object.keys(headers)) expect(name, what).not.toMatch(/^access-control-/);
  expect(headers['set-cookie'], what).toBeUndefined();
}

describe(`security headers on ${TEST_DB}`, () => {
  it('every kind of response carries them: SPA, assets, house pages, API answers and refusals, 404s, the sandbox page, avatars', async () => {
    const cases: [string, TInject, number][] = [
      ['SPA index', { method: 'GET', url: '/' }, 200],
      ['SPA history fallback', { method: 'GET', url: '/member/profile' }, 200],
      ['hashed asset', { method: 'GET', url: '/assets/app-abc123.js' }, 200],
      ['asset HEAD', { method: 'HEAD', url: '/assets/app-abc123.js' }, 200],
      ['house game page', { method: 'GET', url: '/house/dice.html' }, 200],
      ['API answer', { method: 'GET', url: '/wps/system/status?url=localhost' }, 200],
      ['API refusal (no session)', { method: 'GET', url: '/wps/member/info' }, 401],
      ['API bad input', { method: 'GET', url: '/wps/system/status?url=x&evil=1' }, 400],
      ['API bad JSON', { method: 'POST', url: '/wps/relay/MCSFE_getListAnnouncements', headers: { 'content-type': 'application/json' }, payload: '{' }, 400],
      ['API body too large', { method: 'POST', url: '/wps/relay/MCSFE_getListAnnouncements', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ x: 'a'.repeat(70_000) }) }, 413],
      ['API 404', { method: 'GET', url: '/wps/no/such/call' }, 404],
      ['missing asset', { method: 'GET', url: '/assets/missing-000.js' }, 200],
      ['bad URL encoding', { method: 'GET', url: '/wps/%E0%A4%A' }, 400],
      ['sandbox payment page', { method: 'GET', url: '/sandbox-gateway/pay/SBXaaaaaaaaaaaaaaaaaaaa' }, 404],
      ['static avatar', { method: 'GET', url: '/img/avatars/7.svg' }, 200],
      ['unknown custom avatar', { method: 'GET', url: '/img/avatars/custom/aaaaaaaaaaaaaaaaaaaa.png' }, 404],
      ['game art', { method: 'GET', url: '/img/vendors/PH_SLOT.svg' }, 200],
      ['health', { method: 'GET', url: '/healthz' }, 200],
      ['metrics without token', { method: 'GET', url: '/metrics' }, 404],
    ];
    for (const [what, req, code] of cases) {
      const res = await send(req);
      expect(res.statusCode, what).toBe(code);
      expectHeaders(what, res.headers);
    }
  });

  it('the SPA may not run inline scripts and game pages may be framed by the portal only', async () => {
    const csp = String((await send({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(String((await send({ method: 'GET', url: '/house/dice.html' })).headers['content-security-policy'])).toContain("frame-ancestors 'self'");
  });

  it('refuses a cross-origin preflight and gives a cross-origin GET no CORS headers', async () => {
    for (const url of ['/wps/member/info', '/wps/wallet/transfer', '/', '/house/dice.html']) {
      const res = await send({
        method: 'OPTIONS',
        url,
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
      });
      expect(res.statusCode, url).toBe(404);
      expectHeaders(`preflight ${url}`, res.headers);
    }
    const get = await send({ method: 'GET', url: '/wps/system/status?url=localhost', headers: { origin: 'https://evil.example' } });
    expect(get.statusCode).toBe(200);
    expectHeaders('cross-origin GET', get.headers);
  });
});
