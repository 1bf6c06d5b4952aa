import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { SYSTEM_STATUS } from '@playhall/contract/constants';
import * as t from '../src/db/schema.ts';
import { parseOpsCommand, UsageError } from '../src/modules/ops/ops.command.ts';
import { OpsRefusal, runOpsCommand } from '../src/modules/ops/ops.service.ts';
import { createTestApp, TEST_DB, type TTestApp } from './support/test-app.ts';

let t0: TTestApp;
beforeAll(async () => {
  t0 = await createTestApp();
});
afterAll(async () => {
  await t0?.close();
});

const status = async (url?: string) => {
  const res = await t0.app.inject({ method: 'GET', url: url === undefined ? '/wps/system/status' : `/wps/system/status?url=${encodeURIComponent(url)}` });
  return { code: res.statusCode, body: res.json() };
};
const ops = (...argv: string[]) => runOpsCommand(t0.database.db, t0.merchantId, 'test', parseOpsCommand(argv));
const domainsNow = async () =>
  (await t0.database.db.select({ d: t.domains.domain }).from(t.domains).where(eq(t.domains.merchantId, t0.merchantId))).map((r) => r.d).sort();
const auditCount = async () => (await t0.database.db.select({ id: t.auditLog.id }).from(t.auditLog)).length;

describe(`domain check on ${TEST_DB}`, () => {
  it('a configured host passes with a port, in upper case or as a full URL; a status without url is not checked', async () => {
    for (const url of ['localhost:8080', 'LOCALHOST', '127.0.0.1:5173', 'http://localhost:8080/promotions', undefined]) {
      const { code, body } = await status(url);
      expect(code, String(url)).toBe(200);
      expect(body.value.status, String(url)).toBe(SYSTEM_STATUS.normal);
    }
  });

  it('an unknown host gets status 3 with the contact info, and nothing else changes', async () => {
    const before = { domains: await domainsNow(), audit: await auditCount() };
    for (const url of ['evil.example', 'www.localhost:8080', 'localhost.evil.example', 'localhost@evil.example', '']) {
      const { code, body } = await status(url);
      expect(code, url).toBe(200);
      expect(body.value.status, url).toBe(SYSTEM_STATUS.invalidUrl);
      // The page's contact button needs the customer-service resources.
      expect(body.value.info.customerService.length, url).toBeGreaterThan(0);
    }
    expect({ domains: await domainsNow(), audit: await auditCount() }).toEqual(before);
    // A known host right after is served its own answer (the memo keeps the two apart).
    expect((await status('localhost')).body.value.status).toBe(SYSTEM_STATUS.normal);
  });

  it('ops domain add, list and remove round trip, audited, and the status call follows at once', async () => {
    expect((await status('Play.Example.com:443')).body.value.status).toBe(SYSTEM_STATUS.invalidUrl);
    const added = await ops('domain', 'add', 'Play.Example.com');
    expect(added.message).toContain('added play.example.com');
    expect((await status('play.example.com:443')).body.value.status).toBe(SYSTEM_STATUS.normal);
    const [last] = await t0.database.db.select().from(t.auditLog).orderBy(desc(t.auditLog.id)).limit(1);
    expect(last).toMatchObject({ action: 'domain.add', target: 'domain:play.example.com', actor: 'test' });
    expect(last?.after).toContain('play.example.com');

    await ops('domain', 'add', '*.brand.example');
    expect((await status('m.brand.example')).body.value.status).toBe(SYSTEM_STATUS.normal);
    expect((await status('brand.example')).body.value.status).toBe(SYSTEM_STATUS.invalidUrl);
    const route = (await t0.app.inject({ method: 'GET', url: '/wps/system/domainRoute' })).json().value.domainList.map((d: { domain: string }) => d.domain);
    expect(route).toEqual(['localhost', '127.0.0.1', 'play.example.com', '*.brand.example']);
    expect((await ops('domain', 'list')).data).toEqual(route);

    expect((await ops('domain', 'remove', 'PLAY.example.com')).message).toContain('removed play.example.com');
    await ops('domain', 'remove', '*.brand.example');
    expect((await status('play.example.com')).body.value.status).toBe(SYSTEM_STATUS.invalidUrl);
  });

  it('refuses a bad host name, an unknown one and the last domain, changing nothing', async () => {
    for (const argv of [['domain', 'add', 'https://play.example.com'], ['domain', 'add', 'play.example.com:8080'], ['domain', 'add', '-x.com'], ['domain', 'add', '*.com'], ['domain', 'add'], ['domain', 'drop', 'x.com']]) {
      expect(() => parseOpsCommand(argv), argv.join(' ')).toThrow(argv.length === 3 && argv[1] === 'add' ? /host name|wildcard/ : UsageError);
    }
    const before = { domains: await domainsNow(), audit: await auditCount() };
    await expect(ops('domain', 'remove', 'nowhere.example')).rejects.toThrow(OpsRefusal);
    await ops('domain', 'remove', '127.0.0.1');
    await expect(ops('domain', 'remove', 'localhost')).rejects.toThrow(/last domain/);
    expect(await domainsNow()).toEqual(['localhost']);
    await ops('domain', 'add', '127.0.0.1');
    expect(await domainsNow()).toEqual(before.domains);
    // Only the two real changes were audited.
    expect(await auditCount()).toBe(before.audit + 2);
  });
});
