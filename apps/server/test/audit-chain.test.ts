import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { consoleAuditVerify, consoleAudit } from '@playhall/contract/console';
import { rowsOf } from '../src/db/client.ts';
import { createAuditRepository } from '../src/modules/audit/audit.repository.ts';
import { consoleCall, enrolledOperator, opsAs } from './support/console.ts';
import { createTestApp, TEST_DB, type TTestApp } from './support/test-app.ts';

let t: TTestApp;
let auditor = '';
beforeAll(async () => {
  t = await createTestApp();
  auditor = (await enrolledOperator(t, 'auditor1', 'auditor')).cookie;
});
afterAll(async () => {
  await t?.close();
});

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
const verifyByConsole = async () => (await consoleCall<{ rows: number; ok: boolean; brokenAt: number | null; problem: string | null }>(t, consoleAuditVerify, {}, { cookie: auditor })).body.value;
/** A change made as the table's owner with the append-only trigger set aside: what someone with database access could do. */
async function tamper(statement: ReturnType<typeof sql>): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    await tx.execute(statement);
    await tx.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
  });
}

describe(`the audit log's hash chain on ${TEST_DB}`, () => {
  it('chains the rows the operator commands write, in id order, from 64 zeros', async () => {
    await opsAs(t, { kind: 'operator.create', username: 'chain1', role: 'finance', password: 'a long enough password' });
    await opsAs(t, { kind: 'operator.role', username: 'chain1', role: 'risk' });
    await opsAs(t, { kind: 'operator.lock', username: 'chain1', locked: true });
    await opsAs(t, { kind: 'status.set', mode: 'normal', until: null });
    const chain = await rows<{ id: string; prev_hash: string; hash: string }>(sql`select id, prev_hash, hash from audit_log order by id`);
    expect(chain.length).toBeGreaterThanOrEqual(6);
    expect(chain[0]?.prev_hash).toBe('0'.repeat(64));
    chain.forEach((row, i) => {
      expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
      if (i > 0) expect(row.prev_hash).toBe(chain[i - 1]?.hash);
    });
    expect(await verifyByConsole()).toEqual({ rows: chain.length, ok: true, brokenAt: null, problem: null });
    const cli = await opsAs(t, { kind: 'audit.verify' });
    expect(cli.message).toBe(`audit chain ok: ${chain.length} rows checked`);
    const listed = await consoleCall<{ list: { action: string; hash: string }[]; total: number }>(t, consoleAudit, { action: 'operator.', pageSize: '2' }, { cookie: auditor });
    expect(listed.body.value.list.map((r) => r.action)).toEqual(['operator.lock', 'operator.role']);
    expect(listed.body.value.list[0]?.hash).toBe(chain.at(-2)?.hash);
  });

  it('stays one chain when transactions write at the same time', async () => {
    const audit = createAuditRepository();
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.database.db.transaction(async (tx) => {
          await audit.append(tx, { actor: `cli:parallel${i}`, action: 'test.parallel', target: `n:${i}`, before: null, after: { i } });
          await audit.append(tx, { actor: `cli:parallel${i}`, action: 'test.parallel', target: `n:${i}`, before: { i }, after: null });
        }),
      ),
    );
    const verdict = await verifyByConsole();
    expect(verdict.ok).toBe(true);
  });

  it('still refuses UPDATE and DELETE', async () => {
    await expect(t.database.db.execute(sql`update audit_log set reason = 'x' where id = (select max(id) from audit_log)`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from audit_log where id = (select max(id) from audit_log)`)).rejects.toThrow();
  });

  it('finds a row changed directly in the database, and where a row was taken out', async () => {
    const ids = (await rows<{ id: string }>(sql`select id from audit_log order by id`)).map((r) => Number(r.id));
    const target = ids[Math.floor(ids.length / 2)] ?? 0;
    const [original] = await rows<{ after: string | null; hash: string }>(sql`select after::text as after, hash from audit_log where id = ${target}`);

    await tamper(sql`update audit_log set after = '{"role":"admin"}'::jsonb where id = ${target}`);
    expect(await verifyByConsole()).toEqual({ rows: ids.length, ok: false, brokenAt: target, problem: 'hash' });
    expect((await opsAs(t, { kind: 'audit.verify' })).message).toMatch(new RegExp(`^audit chain BROKEN at row ${target} \\(the row was changed`));

    // Rewritten with its own hash recomputed: the next row's link gives it away.
    await tamper(
      sql`update audit_log set hash = audit_log_row_hash(id, actor, action, target, before, after, reason, created_at, prev_hash) where id = ${target}`,
    );
    const next = ids[ids.indexOf(target) + 1];
    expect(await verifyByConsole()).toEqual({ rows: ids.length, ok: false, brokenAt: next, problem: 'link' });

    // Put back as it was: whole again.
    await tamper(sql`update audit_log set after = ${original?.after ?? null}::jsonb, hash = ${original?.hash ?? ''} where id = ${target}`);
    expect((await verifyByConsole()).ok).toBe(true);

    await tamper(sql`delete from audit_log where id = ${target}`);
    expect(await verifyByConsole()).toEqual({ rows: ids.length - 1, ok: false, brokenAt: next, problem: 'link' });
  });
});
