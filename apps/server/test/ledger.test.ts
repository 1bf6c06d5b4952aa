import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MAIN_WALLET } from '@playhall/contract/calls/wallet';
import * as s from '../src/db/schema.ts';
import { DEMO_REFERRAL_REWARD } from '../src/db/seed-missions.ts';
import { DEMO_BALANCE } from '../src/db/seed.ts';
import { createLedgerRepository } from '../src/modules/ledger/ledger.repository.ts';
import { createLedger, LedgerInvariantError } from '../src/modules/ledger/ledger.service.ts';
import { AppError } from '../src/lib/app-error.ts';
import { sql } from 'drizzle-orm';
import { runOpsCommand } from '../src/modules/ops/ops.service.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';

let t: TTestApp;
const repo = createLedgerRepository();
const ledger = createLedger({ repo });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function userId(username: string): Promise<number> {
  const [row] = await t.database.db.select({ id: s.users.id }).from(s.users).where(and(eq(s.users.merchantId, t.merchantId), eq(s.users.username, username)));
  if (!row) throw new Error(username);
  return row.id;
}

async function setup(username: string) {
  const db = t.database.db;
  const wallet = await repo.walletAccount(db, t.merchantId, await userId(username), MAIN_WALLET);
  const cashOut = await repo.houseAccount(db, t.merchantId, 'cashOut');
  return { wallet, cashOut };
}

const balanceOf = async (accountId: number) => (await repo.accountsByIds(t.database.db, [accountId]))[0]?.balance;
const entries = async () => (await repo.counts(t.database.db)).entries;

describe('ledger', () => {
  it('seeds the demo balance from cash-in, and the ledger check is clean', async () => {
    const { wallet } = await setup('member01');
    // member01 also has the reward of the friend it invited (issue 18's demo data).
    expect(wallet.balance).toBe(DEMO_BALANCE + DEMO_REFERRAL_REWARD);
    const check = await ledger.check(t.database.db);
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
  });

  it('refuses postings that do not sum to zero, and bad amounts, moving nothing', async () => {
    const { wallet, cashOut } = await setup('member02');
    const before = await entries();
    const bad = [
      [{ accountId: wallet.id, amount: -100 }, { accountId: cashOut, amount: 99 }],
      [{ accountId: wallet.id, amount: 0 }, { accountId: cashOut, amount: 0 }],
      [{ accountId: wallet.id, amount: -0.5 }, { accountId: cashOut, amount: 0.5 }],
      [{ accountId: wallet.id, amount: -1e20 }, { accountId: cashOut, amount: 1e20 }],
      [{ accountId: wallet.id, amount: -100 }],
    ];
    for (const postings of bad) {
      await expect(t.database.db.transaction((tx) => ledger.post(tx, { merchantId: t.merchantId, key: `bad-${Math.random()}`, kind: 'test', postings }))).rejects.toBeInstanceOf(LedgerInvariantError);
    }
    expect(await entries()).toBe(before);
    expect(await balanceOf(wallet.id)).toBe(DEMO_BALANCE);
  });

  it('moves money once for a key posted twice, and returns the first entry', async () => {
    const { wallet, cashOut } = await setup('member03');
    const post = () =>
      t.database.db.transaction((tx) =>
        ledger.post(tx, {
          merchantId: t.merchantId,
          key: 'test:once',
          kind: 'test',
          postings: [{ accountId: wallet.id, amount: -1_000 }, { accountId: cashOut, amount: 1_000 }],
        }),
      );
    const first = await post();
    const second = await post();
    expect(first.replayed).toBe(false);
    expect(second.replayed).toBe(true);
    expect(second.entryId).toBe(first.entryId);
    expect(second.postings).toEqual(first.postings);
    expect(await balanceOf(wallet.id)).toBe(DEMO_BALANCE - 1_000);
    // Twins racing with one key: one posts, the others get its entry.
    const twins = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.database.db.transaction((tx) =>
          ledger.post(tx, { merchantId: t.merchantId, key: 'test:twins', kind: 'test', postings: [{ accountId: wallet.id, amount: -7 }, { accountId: cashOut, amount: 7 }] }),
        ),
      ),
    );
    expect(new Set(twins.map((r) => r.entryId)).size).toBe(1);
    expect(twins.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await balanceOf(wallet.id)).toBe(DEMO_BALANCE - 1_007);
    // The same key for another kind of operation is refused.
    await expect(
      t.database.db.transaction((tx) =>
        ledger.post(tx, { merchantId: t.merchantId, key: 'test:once', kind: 'other', postings: [{ accountId: wallet.id, amount: -1 }, { accountId: cashOut, amount: 1 }] }),
      ),
    ).rejects.toMatchObject({ code: 'duplicate_request' });
  });

  it('never takes a wallet below zero: 200 concurrent debits against one that affords 50', async () => {
    const db = t.database.db;
    const [row] = await db
      .insert(s.users)
      .values({ merchantId: t.merchantId, username: 'ledgerrace', type: 'member', accountType: 0 })
      .returning({ id: s.users.id });
    const wallet = await repo.walletAccount(db, t.merchantId, row!.id, MAIN_WALLET);
    const cashIn = await repo.houseAccount(db, t.merchantId, 'cashIn');
    const cashOut = await repo.houseAccount(db, t.merchantId, 'cashOut');
    await db.transaction((tx) =>
      ledger.post(tx, { merchantId: t.merchantId, key: 'test:race:fund', kind: 'test', postings: [{ accountId: cashIn, amount: -5_000 }, { accountId: wallet.id, amount: 5_000 }] }),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        db.transaction((tx) =>
          ledger.post(tx, { merchantId: t.merchantId, key: `test:race:${i}`, kind: 'test', postings: [{ accountId: wallet.id, amount: -100 }, { accountId: cashOut, amount: 100 }] }),
        ),
      ),
    );
    const accepted = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(accepted).toHaveLength(50);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect((r.reason as AppError).code).toBe('insufficient_balance');
    }
    expect(await balanceOf(wallet.id)).toBe(0);
    const check = await ledger.check(db);
    expect(check.problems).toEqual([]);
  }, 60_000);
});

describe('ops ledger check and wallet adjust', () => {
  const ops = (cmd: Parameters<typeof runOpsCommand>[3]) => runOpsCommand(t.database.db, t.merchantId, 'test', cmd);

  it('adjusts a main wallet with an audit row, once per request id, never below zero', async () => {
    const { wallet } = await setup('agent02');
    const credit = await ops({ kind: 'wallet.adjust', username: 'agent02', amount: 15_050, reason: 'goodwill', requestId: null });
    expect(credit.ok).toBe(true);
    expect(await balanceOf(wallet.id)).toBe(DEMO_BALANCE + 15_050);
    const debit = () => ops({ kind: 'wallet.adjust', username: 'agent02', amount: -50, reason: 'fix', requestId: 'ticket-4711' });
    expect((await debit()).ok).toBe(true);
    expect((await debit()).message).toContain('already posted');
    expect(await balanceOf(wallet.id)).toBe(DEMO_BALANCE + 15_000);
    await expect(ops({ kind: 'wallet.adjust', username: 'agent02', amount: -(DEMO_BALANCE + 15_001), reason: 'too much', requestId: null })).rejects.toThrow(/has only/);
    await expect(ops({ kind: 'wallet.adjust', username: 'nobody99', amount: 1, reason: 'x', requestId: null })).rejects.toThrow(/no user/);
    expect(await balanceOf(wallet.id)).toBe(DEMO_BALANCE + 15_000);
    const audit = await t.database.db.select().from(s.auditLog).where(eq(s.auditLog.action, 'wallet.adjust'));
    expect(audit.map((a) => a.reason)).toEqual(['goodwill', 'fix', 'fix']);
  });

  it('ledger check is clean, and names an account whose balance was tampered with', async () => {
    const clean = await ops({ kind: 'ledger.check' });
    expect(clean.ok).toBe(true);
    expect(clean.message).toMatch(/ledger clean/);
    const { wallet } = await setup('agent01');
    await t.database.db.execute(sql`update ledger_accounts set balance = balance + 1 where id = ${wallet.id}`);
    try {
      const dirty = await ops({ kind: 'ledger.check' });
      expect(dirty.ok).toBe(false);
      expect(dirty.message).toContain(`account ${wallet.id}`);
    } finally {
      await t.database.db.execute(sql`update ledger_accounts set balance = balance - 1 where id = ${wallet.id}`);
    }
    expect((await ops({ kind: 'ledger.check' })).ok).toBe(true);
  });
});
