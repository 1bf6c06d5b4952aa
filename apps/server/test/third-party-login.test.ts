import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Provider from 'oidc-provider';
import * as auth from '@playhall/contract/calls/auth';
import type { TThirdPartyConfig } from '../src/config.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { createTestApp, TEST_DB, type TTestApp } from './support/test-app.ts';

/**
 * Third-party login against a real OpenID provider (`oidc-provider`) started here on a random
 * loopback port: no outside network. Its development interactions log in whoever is named and
 * take consent; the test walks them with fetch like a browser, keeping the cookies.
 */

const CLIENT_ID = 'playhall-test';
const CLIENT_SECRET = 'a-test-client-secret-of-enough-length';
const BOT_TOKEN = '7654321:TEST-bot_token';
const REDIRECT_URIS = ['http://localhost/oauth/callback', 'http://localhost:80/oauth/callback'];

let issuer: string;
let provider: Provider;
let server: http.Server;
let t: TTestApp;
let api: TApi;

/** A stand-in for Facebook's Graph API `me`: the account of a bearer access token. */
async function graphMe(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  const found = token ? await provider.AccessToken.find(token) : undefined;
  res.setHeader('content-type', 'application/json');
  if (!found?.accountId) {
    res.statusCode = 401;
    res.end(JSON.stringify({ error: { message: 'bad token' } }));
    return;
  }
  res.end(JSON.stringify({ id: `fb-${found.accountId}`, name: `FB ${found.accountId}`, email: `${found.accountId}@fb.example` }));
}

beforeAll(async () => {
  let handler: http.RequestListener = (_req, res) => res.end();
  server = http.createServer((req, res) => {
    if (req.url?.startsWith('/graph/me')) void graphMe(req, res);
    else handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: REDIRECT_URIS,
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        claims: async () => ({ sub, email: `${sub}@mail.example`, email_verified: true, name: `Person ${sub}` }),
      };
    },
    cookies: { keys: ['oidc-test-cookie-key'] },
    features: { devInteractions: { enabled: true } },
  });
  // The provider would warn about its development settings on every start.
  provider.on('server_error', () => undefined);
  handler = provider.callback();

  const config: TThirdPartyConfig = {
    google: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, issuer, authorizationUrl: null, tokenUrl: null, userinfoUrl: null, scope: 'openid email profile' },
    facebook: {
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      issuer: null,
      authorizationUrl: `${issuer}/auth`,
      tokenUrl: `${issuer}/token`,
      userinfoUrl: `${issuer}/graph/me?fields=id,name,email`,
      scope: 'email',
    },
    telegram: { botToken: BOT_TOKEN, botName: 'playhall_test_bot' },
  };
  t = await createTestApp({ thirdParty: config });
  api = apiOf(t);
  for (const modId of ['GOOGLELOGIN3', 'FACEBOOKLOGIN3', 'TELEGRAMLOGIN3']) await api.ops({ kind: 'flag.set', modId, on: true });
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

/**
 * The browser's part: open the authorization URL, log in as `subject` on the provider's form,
 * consent, and stop at the redirect back to us. Answers the callback's query (code, state, iss).
 */
async function authorizeAs(authorizationUrl: string, subject: string): Promise<URLSearchParams> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      const value = pair.slice(eq + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) jar.delete(pair.slice(0, eq));
      else jar.set(pair.slice(0, eq), value);
    }
  };
  const headers = () => ({ cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') });

  let url = authorizationUrl;
  let form: Record<string, string> | null = null;
  for (let step = 0; step < 20; step++) {
    const res: Response = form
      ? await fetch(url, {
          method: 'POST',
          redirect: 'manual',
          headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(form).toString(),
        })
      : await fetch(url, { redirect: 'manual', headers: headers() });
    form = null;
    keep(res);
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (REDIRECT_URIS.some((r) => next.href.startsWith(r))) return next.searchParams;
      url = next.href;
      continue;
    }
    const html: string = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action || !prompt) throw new Error(`provider stopped at ${url}: ${res.status} ${html.slice(0, 300)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    form = prompt === 'login' ? { prompt, login: subject, password: 'any' } : { prompt };
  }
  throw new Error('too many steps at the provider');
}

async function start(providerName: 'google' | 'facebook', ip: string): Promise<string> {
  const res = await api.call<{ url: string }>(auth.oauthStart, { provider: providerName }, { ip });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value.url;
}

async function oauthLogin(callback: URLSearchParams, ip: string): Promise<TLogin> {
  return (await api.call(
    auth.oauthLogin,
    { code: callback.get('code') ?? '', state: callback.get('state') ?? '', ...(callback.get('iss') ? { iss: callback.get('iss') } : {}) },
    { ip },
  )) as TLogin;
}

function telegramData(fields: Record<string, string | number>, token = BOT_TOKEN): Record<string, string | number> {
  const check = Object.keys(fields).sort().map((k) => `${k}=${String(fields[k])}`).join('\n');
  const hash = crypto.createHmac('sha256', crypto.createHash('sha256').update(token).digest()).update(check).digest('hex');
  return { ...fields, hash };
}

describe(`third-party login on ${TEST_DB}`, () => {
  it('lists the providers whose flag is on and that are configured', async () => {
    const res = await api.call<auth.TThirdPartyProviders>(auth.thirdPartyProviders, {});
    expect(res.status).toBe(200);
    expect(res.body.value.providers).toEqual(['google', 'facebook', 'telegram']);
    const tg = new URL(res.body.value.telegramAuthUrl ?? '');
    expect(tg.origin).toBe('https://oauth.telegram.org');
    expect(tg.searchParams.get('bot_id')).toBe('7654321');
    expect(res.body.value.telegramAuthUrl).not.toContain('TEST-bot_token');

    await api.ops({ kind: 'flag.set', modId: 'FACEBOOKLOGIN3', on: false });
    try {
      expect((await api.call<auth.TThirdPartyProviders>(auth.thirdPartyProviders, {})).body.value.providers).toEqual(['google', 'telegram']);
      const refused = await api.call(auth.oauthStart, { provider: 'facebook' }, { ip: freshIp() });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('third_party_unavailable');
    } finally {
      await api.ops({ kind: 'flag.set', modId: 'FACEBOOKLOGIN3', on: true });
    }
  });

  it('Google (OpenID Connect, PKCE): the first login opens an account, the second finds it', async () => {
    const ip = freshIp();
    const url = new URL(await start('google', ip));
    expect(url.origin).toBe(issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const usersBefore = await api.count('users');

    const first = await oauthLogin(await authorizeAs(url.href, 'ann'), ip);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.value.user.accountType).toBe(0);
    expect(first.body.value.user.hasPassword).toBe(false);
    expect(first.body.value.user.nickname).toBe('Person ann');
    expect(first.body.value.mustChangePassword).toBe(false);
    expect(first.body.value.firstTimeLogin).toBe(true);
    expect(await api.count('users')).toBe(usersBefore + 1);
    // The session works like any other.
    const info = await api.call<auth.TLoginValue['user']>(auth.memberInfo, {}, { token: first.body.value.token, ip });
    expect(info.status).toBe(200);
    expect(info.body.value.account).toBe(first.body.value.user.account);

    const second = await oauthLogin(await authorizeAs(await start('google', ip), 'ann'), ip);
    expect(second.status).toBe(200);
    expect(second.body.value.user.id).toBe(first.body.value.user.id);
    expect(await api.count('users')).toBe(usersBefore + 1);

    const history = await api.call<{ list: { method: string }[] }>(auth.loginHistory, { page: 1, pageSize: 10 }, { token: second.body.value.token, ip });
    expect(history.body.value.list.map((r) => r.method)).toContain('google');
  });

  it('refuses a replayed state, an unknown state and a code bound to another state', async () => {
    const ip = freshIp();
    const callback = await authorizeAs(await start('google', ip), 'bob');
    expect((await oauthLogin(callback, ip)).status).toBe(200);

    const replay = await oauthLogin(callback, ip);
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('third_party_expired');

    const fresh = await authorizeAs(await start('google', ip), 'bob');
    const wrong = new URLSearchParams(fresh);
    wrong.set('state', 'not-a-state-we-issued');
    const unknown = await oauthLogin(wrong, ip);
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('third_party_expired');

    // A live state of one login with the code of another: the PKCE verifier and state do not fit.
    const other = await authorizeAs(await start('google', ip), 'bob');
    const crossed = new URLSearchParams(fresh);
    crossed.set('code', other.get('code') ?? '');
    const refused = await oauthLogin(crossed, ip);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('third_party_failed');
  });

  it('an expired state is refused', async () => {
    const ip = freshIp();
    const callback = await authorizeAs(await start('google', ip), 'carl');
    await api.sql((await import('drizzle-orm')).sql`update oauth_states set expires_at = now() - interval '1 second' where used_at is null`);
    const res = await oauthLogin(callback, ip);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('third_party_expired');
  });

  it('Facebook (plain OAuth 2 with a userinfo URL) opens its own account', async () => {
    const ip = freshIp();
    const url = new URL(await start('facebook', ip));
    expect(url.searchParams.get('nonce')).toBeNull();
    const res = await oauthLogin(await authorizeAs(url.href, 'dana'), ip);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value.user.nickname).toBe('FB dana');
  });

  it('Telegram: a valid signature logs in (the same account again), a forged or old one is refused', async () => {
    const ip = freshIp();
    const now = Math.floor(Date.now() / 1000);
    const fields = { id: 900001, first_name: 'Tom', username: 'tom_tg', auth_date: now - 5 };

    const forged = await api.call(auth.telegramLogin, { ...telegramData(fields), first_name: 'Eve' }, { ip });
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('third_party_failed');
    const otherBot = await api.call(auth.telegramLogin, telegramData(fields, '111:another-bot'), { ip });
    expect(otherBot.body.code).toBe('third_party_failed');
    const old = await api.call(auth.telegramLogin, telegramData({ ...fields, auth_date: now - 24 * 60 * 60 - 10 }), { ip });
    expect(old.status).toBe(400);
    expect(old.body.code).toBe('third_party_expired');

    const usersBefore = await api.count('users');
    const first = (await api.call(auth.telegramLogin, telegramData(fields), { ip })) as TLogin;
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.value.user.account).toMatch(/^tomtg/);
    expect(first.body.value.user.nickname).toBe('Tom');
    expect(await api.count('users')).toBe(usersBefore + 1);

    // The same signed data again is a copy, not a login.
    const replay = await api.call(auth.telegramLogin, telegramData(fields), { ip });
    expect(replay.body.code).toBe('third_party_expired');

    const again = (await api.call(auth.telegramLogin, telegramData({ ...fields, auth_date: now - 1 }), { ip })) as TLogin;
    expect(again.status).toBe(200);
    expect(again.body.value.user.id).toBe(first.body.value.user.id);
  });

  it('LOGINIPVERF3: a third-party login from a new IP asks the second verification too', async () => {
    const now = Math.floor(Date.now() / 1000);
    const first = (await api.call(auth.telegramLogin, telegramData({ id: 900010, first_name: 'Vic', auth_date: now - 4 }), { ip: freshIp() })) as TLogin;
    expect(first.status).toBe(200);
    await api.sql((await import('drizzle-orm')).sql`update users set payee_name = 'Vic Tran' where id = ${first.body.value.user.id}`);
    await api.ops({ kind: 'flag.set', modId: 'LOGINIPVERF3', on: true });
    try {
      const ip = freshIp();
      const asked = await api.call<{ challengeId: string; methods: string[] }>(
        auth.telegramLogin,
        telegramData({ id: 900010, first_name: 'Vic', auth_date: now - 3 }),
        { ip },
      );
      expect(asked.status).toBe(403);
      expect(asked.body.code).toBe('second_verification_required');
      expect(asked.body.value.methods).toEqual(['bankName']);
      const verified = (await api.call(auth.loginVerify, { challengeId: asked.body.value.challengeId, method: 'bankName', code: 'vic tran' }, { ip })) as TLogin;
      expect(verified.status).toBe(200);
      expect(verified.body.value.user.id).toBe(first.body.value.user.id);
      expect(verified.body.value.mustChangePassword).toBe(false);
    } finally {
      await api.ops({ kind: 'flag.set', modId: 'LOGINIPVERF3', on: false });
    }
  });

  it('a non-member account type is refused; with registration closed an unknown identity gets no account', async () => {
    const ip = freshIp();
    const now = Math.floor(Date.now() / 1000);
    const made = (await api.call(auth.telegramLogin, telegramData({ id: 900002, first_name: 'Lee', auth_date: now - 3 }), { ip })) as TLogin;
    expect(made.status).toBe(200);
    await api.sql((await import('drizzle-orm')).sql`update users set account_type = 3 where id = ${made.body.value.user.id}`);
    const nonMember = await api.call(auth.telegramLogin, telegramData({ id: 900002, first_name: 'Lee', auth_date: now - 2 }), { ip });
    expect(nonMember.status).toBe(403);
    expect(nonMember.body.code).toBe('non_member_login');

    await api.ops({ kind: 'flag.set', modId: 'DIRECTREG3', on: false });
    try {
      const usersBefore = await api.count('users');
      const closed = await api.call(auth.telegramLogin, telegramData({ id: 900003, first_name: 'Max', auth_date: now - 1 }), { ip });
      expect(closed.status).toBe(403);
      expect(closed.body.code).toBe('third_party_no_account');
      expect(await api.count('users')).toBe(usersBefore);
    } finally {
      await api.ops({ kind: 'flag.set', modId: 'DIRECTREG3', on: true });
    }
  });

  it('a provider that is not configured is not offered, even with its flag on', async () => {
    const bare = await createTestApp();
    try {
      const bareApi = apiOf(bare);
      await bareApi.ops({ kind: 'flag.set', modId: 'GOOGLELOGIN3', on: true });
      expect((await bareApi.call<auth.TThirdPartyProviders>(auth.thirdPartyProviders, {})).body.value.providers).toEqual([]);
      const res = await bareApi.call(auth.oauthStart, { provider: 'google' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('third_party_unavailable');
      const tg = await bareApi.call(auth.telegramLogin, telegramData({ id: 1, auth_date: Math.floor(Date.now() / 1000) }));
      expect(tg.body.code).toBe('third_party_unavailable');
    } finally {
      await bare.close();
    }
  });
});
