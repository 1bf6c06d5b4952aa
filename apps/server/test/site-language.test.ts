import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { auditLog } from '../src/db/schema.ts';
import { parseOpsCommand, UsageError, ZOpsCommand } from '../src/modules/ops/ops.command.ts';
import { runOpsCommand } from '../src/modules/ops/ops.service.ts';
import { createTestApp, TEST_DB, type TTestApp } from './support/test-app.ts';

/**
 * The merchant's default language (issue 16): MY, the spec's default, until the operator sets another with
 * `ops site language <code>`; the start-up status call tells the web which language a first visit shows.
 */

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const statusInfo = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/wps/system/status?url=localhost' });
  expect(res.statusCode).toBe(200);
  return res.json().value.info as { defaultLanguage: string; timeZone: string };
};

describe(`the merchant's default language on ${TEST_DB}`, () => {
  it('is MY until the operator sets another, and the status call answers it with the business time zone', async () => {
    expect(await statusInfo()).toMatchObject({ defaultLanguage: 'MY', timeZone: 'Asia/Ho_Chi_Minh' });
  });

  it('`ops site language vi` reaches the status call, with an audit row', async () => {
    const cmd = parseOpsCommand(['site', 'language', 'vi']);
    expect(cmd).toEqual({ kind: 'siteLanguage.set', language: 'VI' });
    const result = await runOpsCommand(t.database.db, t.merchantId, 'ops-tester', cmd);
    expect(result.ok).toBe(true);
    expect(result.message).toContain('VI');
    expect((await statusInfo()).defaultLanguage).toBe('VI');
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'siteLanguage.set')).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toMatchObject({ actor: 'ops-tester', target: 'merchant', before: { language: 'MY' }, after: { language: 'VI' } });
  });

  it('refuses a code that is not an interface language and changes nothing', async () => {
    for (const argv of [['site', 'language', 'xx'], ['site', 'language'], ['site', 'language', 'EN', 'extra'], ['site', 'colour', 'red']]) {
      expect(() => parseOpsCommand(argv), argv.join(' ')).toThrow(UsageError);
    }
    // The operator API validates the command it is sent with the same schema.
    expect(ZOpsCommand.safeParse({ kind: 'siteLanguage.set', language: 'XX' }).success).toBe(false);
    expect(ZOpsCommand.safeParse({ kind: 'siteLanguage.set', language: 'vi' }).success).toBe(false);
    expect((await statusInfo()).defaultLanguage).toBe('VI');
  });
});
