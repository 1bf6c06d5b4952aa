import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ERROR_CODES } from '@playhall/contract/errors';
import { rowsOf } from '../src/db/client.ts';
import { runOpsCommand } from '../src/modules/ops/ops.service.ts';
import { SITE_CONFIG_CHANNEL } from '../src/modules/system/site.repository.ts';
import { createTestApp, TEST_DB, TEST_MERCHANT, type TTestApp } from './support/test-app.ts';

let t: TTestApp;
const METRICS_TOKEN = 'scrape-me-7f3c';
beforeAll(async () => {
  // Behind a TLS proxy (TRUST_PROXY=1), as production runs.
  t = await createTestApp({ trustProxy: true, metricsToken: METRICS_TOKEN });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const ops = (argv: Parameters<typeof runOpsCommand>[3]) => runOpsCommand(t.database.db, t.merchantId, 'test', argv);

describe(`system calls on ${TEST_DB}`, () => {
  it('publicKey answers an SPKI PEM of a 3072-bit RSA key and a key id', async () => {
    const res = await get('/wps/system/publicKey');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.value.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(body.value.keyId).toMatch(/^[0-9a-f-]{36}$/);
    const { createPublicKey } = await import('node:crypto');
    expect(createPublicKey(body.value.publicKey).asymmetricKeyDetails?.modulusLength).toBe(3072);
  });

  it('status is normal with the visitor IP and the permission info', async () => {
    const res = await get('/wps/system/status?url=localhost:8080');
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v.status).toBe(0);
    expect(v.maintenance).toBe(false);
    expect(v.regionRestriction).toBe(false);
    expect(v.location.ip).toBe('127.0.0.1');
    expect(v.info.merchantCode).toBe(TEST_MERCHANT);
    expect(v.info.imageCDNs.length).toBeGreaterThan(0);
    const mods = JSON.stringify(v.info.whitelabel);
    for (const flag of ['DIRECTREG3', 'MOBILEVERCODELOGIN3', 'FREEPLAY3', 'PWDEXPFORCECHANGE3', 'AGENTDIVIDEND3']) {
      expect(mods).toContain(flag);
    }
    expect(v.info.registerFields.find((r: { field: string }) => r.field === 'username').required).toBe(true);
  });

  it('a server that trusts its cached settings hears a change by NOTIFY, also after its listening connection was killed', async () => {
    // A minute between version checks: only the notification can bring the change within the wait below.
    const other = await t.secondApp({ configRecheckMs: 60_000 });
    const statusOf = async () => (await other.app.inject({ method: 'GET', url: '/wps/system/status' })).json().value.status as number;
    const until = async (want: number) => {
      for (let i = 0; i < 60 && (await statusOf()) !== want; i++) await new Promise((r) => setTimeout(r, 50));
      return statusOf();
    };
    try {
      expect(await statusOf()).toBe(0);
      await ops({ kind: 'status.set', mode: 'maintenance', until: null });
      expect(await until(1)).toBe(1);
      if (TEST_DB === 'postgres') {
        // Each server also listens for chat (issue 19): only the settings' listeners are counted and killed here.
        const listeners = sql`select pid from pg_stat_activity where datname = current_database() and query = ${`LISTEN ${SITE_CONFIG_CHANNEL}`}`;
        const killed = rowsOf<{ pid: number }>(await t.database.db.execute(listeners)).map((r) => r.pid);
        await t.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where pid in (${sql.join(killed.map((p) => sql`${p}`), sql`, `)})`);
        // Both servers listen again, on new connections, before the next change.
        let fresh = 0;
        for (let i = 0; i < 100 && fresh < 2; i++) {
          await new Promise((r) => setTimeout(r, 50));
          fresh = rowsOf<{ pid: number }>(await t.database.db.execute(listeners)).filter((r) => !killed.includes(r.pid)).length;
        }
        expect(fresh).toBe(2);
        // Read again, so the copy the next change must drop is one taken after the reconnection.
        expect(await statusOf()).toBe(1);
      }
      await ops({ kind: 'status.set', mode: 'normal', until: null });
      expect(await until(0)).toBe(0);
    } finally {
      await ops({ kind: 'status.set', mode: 'normal', until: null });
      await other.close();
    }
  });

  it('maintenance with an end time shows on the next status call, then normal again', async () => {
    await ops({ kind: 'status.set', mode: 'maintenance', until: '2030-01-01T00:00:00Z' });
    let v = (await get('/wps/system/status')).json().value;
    expect(v).toMatchObject({ status: 1, maintenance: true, maintenanceEnd: '2030-01-01T00:00:00.000Z' });
    // Other calls are closed with an honest 503 while the site is in maintenance.
    const closed = await post('/wps/relay/GCSGAME_gameVendor', { merchantCode: TEST_MERCHANT });
    expect(closed.statusCode).toBe(503);
    expect(closed.json().code).toBe('maintenance');
    await ops({ kind: 'status.set', mode: 'normal', until: null });
    v = (await get('/wps/system/status')).json().value;
    expect(v).toMatchObject({ status: 0, maintenance: false, maintenanceEnd: null });
  });

  it('region-block refuses visitors whose country is not allowed, and shows their IP', async () => {
    await ops({ kind: 'status.set', mode: 'region-block', until: null });
    let v = (await get('/wps/system/status')).json().value;
    expect(v).toMatchObject({ status: 2, regionRestriction: true, location: { ip: '127.0.0.1' } });
    await ops({ kind: 'status.set', mode: 'normal', until: null });
    v = (await get('/wps/system/status')).json().value;
    expect(v.status).toBe(0);
  });

  it('every operator change lands in the append-only audit log', async () => {
    const audit = await ops({ kind: 'audit.list', limit: 10 });
    const rows = audit.data as { action: string; before: unknown; after: unknown }[];
    expect(rows.filter((r) => r.action === 'status.set').length).toBeGreaterThanOrEqual(4);
    const { sql } = await import('drizzle-orm');
    await expect(t.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`update audit_log set actor = 'x'`)).rejects.toThrow();
  });

  it('flag changes show in the white-label tree at once', async () => {
    await ops({ kind: 'flag.set', modId: 'FREEPLAY3', on: false });
    const find = (nodes: { modId: string; enabled: string; childrenNodes: unknown[] }[]): string | undefined => {
      for (const n of nodes) {
        if (n.modId === 'FREEPLAY3') return n.enabled;
        const inner = find(n.childrenNodes as typeof nodes);
        if (inner) return inner;
      }
      return undefined;
    };
    expect(find((await get('/wps/system/whitelabel')).json().value.menu)).toBe('0');
    await ops({ kind: 'flag.set', modId: 'FREEPLAY3', on: true });
    expect(find((await get('/wps/system/whitelabel')).json().value.menu)).toBe('1');
  });

  it('register field rules follow the operator', async () => {
    await ops({ kind: 'registerField.set', field: 'email', state: 'required' });
    const rules = (await get('/wps/system/setting/register')).json().value.rules;
    expect(rules.find((r: { field: string }) => r.field === 'email')).toMatchObject({ enabled: true, required: true, patternId: 3 });
  });

  it('whitelabel lists the 47 footer providers in four groups, with the copyright', async () => {
    const v = (await get('/wps/system/whitelabel')).json().value;
    expect(v.footer.map((g: { group: string }) => g.group)).toEqual(['LIVE', 'SPORTS', 'RNG', 'PVP']);
    expect(v.footer.flatMap((g: { providers: unknown[] }) => g.providers)).toHaveLength(47);
    expect(v.copyright).toMatch(/Playhall/);
  });

  it('vendor lanes cover every category, with the esports codes split out of SPORTS', async () => {
    const res = await post('/wps/relay/GCSGAME_gameVendor', { merchantCode: TEST_MERCHANT });
    expect(res.statusCode).toBe(200);
    const lanes = res.json().value.data.lanes as { gameCategory: string; vendors: { vassalage: string; isHot: number }[] }[];
    expect(lanes.map((l) => l.gameCategory)).toEqual(['LOTT', 'LIVE', 'SPORTS', 'RNG', 'FISH', 'PVP', 'ESPORTS']);
    const codes = (c: string) => lanes.find((l) => l.gameCategory === c)?.vendors.map((v) => v.vassalage) ?? [];
    expect(codes('ESPORTS').sort()).toEqual(['AI', 'AV', 'IA', 'IMES', 'PH_ESPORTS', 'TF']);
    expect(codes('SPORTS')).not.toContain('AV');
    expect(codes('RNG').length).toBeGreaterThanOrEqual(15);
    const unknown = await post('/wps/relay/GCSGAME_gameVendor', { merchantCode: 'NOPE' });
    expect(unknown.statusCode).toBe(404);
  });

  it('announcements of every type, with sanitised HTML and spec timestamps', async () => {
    const added = await ops({
      kind: 'announce.add',
      type: 'PL',
      title: 'Sanitised notice',
      content: '<p onclick="steal()">Hi<script>alert(1)</script><img src="x" onerror="boom()"></p>',
      image: null,
      link: null,
      until: null,
    });
    expect(added.ok).toBe(true);
    const res = await post('/wps/relay/MCSFE_getListAnnouncements', { types: 'B,PL,PU,PR,H', platform: 'W', execution: 'B' });
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v.player.length).toBeGreaterThan(10);
    expect(v.banners.length).toBeGreaterThan(0);
    expect(v.popup.length).toBe(1);
    expect(v.promotion.length).toBeGreaterThan(0);
    expect(v.headline.length).toBeGreaterThan(0);
    const notice = v.player.find((n: { title: string }) => n.title === 'Sanitised notice');
    expect(notice.content).not.toMatch(/script|onclick|onerror/);
    expect(notice.timestamp).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const onlyBanners = (await post('/wps/relay/MCSFE_getListAnnouncements', { types: 'B' })).json().value;
    expect(onlyBanners.player).toEqual([]);
    expect(onlyBanners.banners.length).toBeGreaterThan(0);
  });

  it('domainRoute and helpCenter answer from the database', async () => {
    const d = (await get('/wps/system/domainRoute')).json().value;
    expect(d.domainList.every((x: { speed: number }) => x.speed === 0)).toBe(true);
    expect(d.resources.map((r: { resourceType: string }) => r.resourceType)).toEqual(
      expect.arrayContaining(['CS_LIVECHAT', 'CS_MESSENGER', 'SOCIAL', 'AFFILIATE', 'APP']),
    );
    const h = (await get('/wps/system/helpCenter')).json().value;
    expect(h.categories.length).toBeGreaterThan(2);
  });
});

describe(`bad input to system calls on ${TEST_DB}`, () => {
  const cases: [string, () => ReturnType<typeof get>][] = [
    ['unknown query field', () => get('/wps/system/status?url=x&evil=1')],
    ['unknown query field on a call with none', () => get('/wps/system/publicKey?x=1')],
    ['too long url', () => get(`/wps/system/status?url=${'a'.repeat(5000)}`)],
    ['wrong type', () => post('/wps/relay/GCSGAME_gameVendor', { merchantCode: 42 })],
    ['unknown body field', () => post('/wps/relay/GCSGAME_gameVendor', { merchantCode: TEST_MERCHANT, admin: true })],
    ['array body', () => post('/wps/relay/GCSGAME_gameVendor', [1, 2])],
    ['bad announcement types', () => post('/wps/relay/MCSFE_getListAnnouncements', { types: 'B,XX' })],
    ['bad platform', () => post('/wps/relay/MCSFE_getListAnnouncements', { platform: 'X' })],
    ['huge body', () => post('/wps/relay/GCSGAME_gameVendor', { merchantCode: 'x'.repeat(200_000) })],
    [
      'malformed JSON',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/wps/relay/GCSGAME_gameVendor',
          payload: '{"merchantCode": ',
          headers: { 'content-type': 'application/json' },
        }),
    ],
    [
      'wrong content type',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/wps/relay/GCSGAME_gameVendor',
          payload: '<xml/>',
          headers: { 'content-type': 'application/xml' },
        }),
    ],
    ['unknown API path', () => get('/wps/system/nothing')],
  ];
  it.each(cases)('%s gets a 4xx envelope with a catalogue code', async (_name, send) => {
    const res = await send();
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(Object.keys(ERROR_CODES)).toContain(body.code);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+|stack/i);
  });
});

describe(`site shell on ${TEST_DB}`, () => {
  it('serves the drawn artwork', async () => {
    const res = await get('/img/vendors/EVO.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.body).toContain('Evolution');
    expect((await get('/img/providers/PG.svg')).statusCode).toBe(200);
    expect((await get('/img/banners/1.svg')).statusCode).toBe(200);
    expect((await get('/img/vendors/..%2Fetc.svg')).statusCode).toBe(404);
  });

  it('answers health and readiness to anyone, metrics only to the scraper with the configured token', async () => {
    expect((await get('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await get('/readyz')).json()).toMatchObject({ status: 'ready', database: TEST_DB });
    const refused: Record<string, string>[] = [{}, { authorization: 'Bearer wrong' }, { authorization: METRICS_TOKEN }, { authorization: `Basic ${METRICS_TOKEN}` }];
    for (const headers of refused) {
      const res = await get('/metrics', headers);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('http_requests_total');
    }
    const scraped = await get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.body).toContain('http_requests_total');
  });

  it('has no metrics on the public port when no token is configured', async () => {
    const bare = await t.secondApp();
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('process_cpu');
    } finally {
      await bare.close();
    }
  });

  it('pins HTTPS (HSTS) when the trusted proxy says the request came over TLS, not over plain HTTP', async () => {
    const tls = await get('/wps/system/publicKey', { 'x-forwarded-proto': 'https' });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await get('/', { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBeTruthy();
    expect((await get('/wps/system/publicKey')).headers['strict-transport-security']).toBeUndefined();
  });

  it('makes its own request id: a client-chosen X-Request-Id is neither echoed nor logged as the id', async () => {
    const forged = '<script>alert(1)</script> admin logged in';
    const res = await get('/wps/system/publicKey', { 'x-request-id': forged });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const again = await get('/wps/system/publicKey', { 'x-request-id': 'fixed-id' });
    expect(again.headers['x-request-id']).not.toBe('fixed-id');
    expect(again.headers['x-request-id']).not.toBe(res.headers['x-request-id']);
  });

  it('sends security headers with a CSP', async () => {
    const res = await get('/wps/system/publicKey');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});
