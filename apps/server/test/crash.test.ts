import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { TCallDef } from '@playhall/contract/define';
import * as auth from '@playhall/contract/calls/auth';
import * as wallet from '@playhall/contract/calls/wallet';
import { openDatabase } from '../src/db/client.ts';
import { journalEntries, users } from '../src/db/schema.ts';
import { createLedgerRepository } from '../src/modules/ledger/ledger.repository.ts';
import { createLedger } from '../src/modules/ledger/ledger.service.ts';
import { callProcess, exited, startServerProcess } from './support/server-process.ts';
import { freshPostgresDatabase } from './support/fresh-postgres.ts';
import { TEST_DB } from './support/test-app.ts';

/**
 * The crash test of issue 4: the real server process, killed with SIGKILL in the middle of a stream of
 * transfers and started again on the same data. Nothing may be half-written, the ledger check must be
 * clean, and a retried request must get its first answer.
 */

const PASSWORD = 'Crash12345';
const PAY = '246810';
const TRANSFERS = 240;
const KILL_AFTER_OK = 60;
const IN_FLIGHT = 8;
const AMOUNT = 100;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

async function call<T>(base: string, def: TCallDef, payload: unknown, token?: string): Promise<{ code: string; value: T }> {
  return callProcess<T>(base, def, payload, token);
}

type TTransferValue = { id: number; amount: number; balance: number };

describe(`crash in the middle of a stream of transfers (${TEST_DB})`, () => {
  it('leaves no half-written entry, a clean ledger, and answers retries with their first result', { timeout: 600_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playhall-crash-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = { DATA_DIR: dataDir, DEMO_PASSWORD: PASSWORD, SEED_DEMO: '1' };
    if (TEST_DB === 'postgres') {
      if (!process.env.DATABASE_URL) throw new Error('TEST_DB=postgres needs DATABASE_URL');
      const pgdb = await freshPostgresDatabase(process.env.DATABASE_URL, 'playhall_crash');
      cleanups.push(() => pgdb.drop());
      env.DATABASE_URL = pgdb.url;
    } else {
      env.DATABASE_URL = '';
    }

    let server = await startServerProcess(env);
    cleanups.push(async () => {
      server.child.kill('SIGKILL');
    });
    const login = await call<{ token: string }>(server.base, auth.login, { type: 'username', username: 'member01', password: PASSWORD });
    expect(login.code, server.output()).toBe('ok');
    let token = login.value.token;
    const set = await call(server.base, wallet.setPaymentPassword, { loginPassword: PASSWORD, newPaymentPassword: PAY, confirmPaymentPassword: PAY }, token);
    expect(set.code).toBe('ok');
    const start = (await call<wallet.TBalance>(server.base, wallet.balance, {}, token)).value.sumBalance;

    // The stream: IN_FLIGHT requests at a time; SIGKILL once KILL_AFTER_OK have been answered.
    const ids = Array.from({ length: TRANSFERS }, (_, i) => `crash-${process.pid}-${i}`);
    const first = new Map<string, TTransferValue>();
    let next = 0;
    let killed = false;
    const send = (requestId: string) =>
      call<TTransferValue>(server.base, wallet.transferUpline, { requestId, amount: AMOUNT, paymentPassword: PAY }, token);
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (!killed && next < ids.length) {
          const requestId = ids[next++] as string;
          try {
            const res = await send(requestId);
            if (res.code === 'ok') first.set(requestId, res.value);
            if (first.size >= KILL_AFTER_OK && !killed) {
              killed = true;
              server.child.kill('SIGKILL');
            }
          } catch {
            // The connection died with the server: the outcome of this request is unknown to the client.
          }
        }
      }),
    );
    await exited(server.child);
    expect(server.child.signalCode).toBe('SIGKILL');
    expect(first.size).toBeGreaterThanOrEqual(KILL_AFTER_OK);
    const sentBeforeCrash = next;
    expect(sentBeforeCrash).toBeLessThan(TRANSFERS);

    // Restart on the same data and retry every request of the stream, sent or not.
    server = await startServerProcess(env);
    token = (await call<{ token: string }>(server.base, auth.login, { type: 'username', username: 'member01', password: PASSWORD })).value.token;
    const retried = new Map<string, TTransferValue>();
    for (let i = 0; i < ids.length; i += IN_FLIGHT) {
      const batch = ids.slice(i, i + IN_FLIGHT);
      const answers = await Promise.all(batch.map((id) => send(id)));
      answers.forEach((a, j) => {
        expect(a.code, `${batch[j]}: ${JSON.stringify(a)}`).toBe('ok');
        retried.set(batch[j] as string, a.value);
      });
    }
    for (const [requestId, answer] of first) expect(retried.get(requestId), requestId).toEqual(answer);
    const end = (await call<wallet.TBalance>(server.base, wallet.balance, {}, token)).value.sumBalance;
    expect(end).toBe(start - AMOUNT * TRANSFERS);

    server.child.kill('SIGTERM');
    await exited(server.child);

    // The invariants, read from the data itself.
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL || null, dataDir: TEST_DB === 'postgres' ? null : dataDir });
    try {
      const check = await createLedger({ repo: createLedgerRepository() }).check(database.db);
      expect(check.problems).toEqual([]);
      const [member] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, 'member01'));
      const entries = await database.db
        .select({ key: journalEntries.key })
        .from(journalEntries)
        .where(and(eq(journalEntries.kind, 'memberTransfer'), like(journalEntries.key, `member:${member?.id}:crash-%`)));
      expect(entries).toHaveLength(TRANSFERS);
    } finally {
      await database.close();
    }
  });
});
