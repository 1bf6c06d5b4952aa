import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TCallDef } from '@playhall/contract/define';
import * as auth from '@playhall/contract/calls/auth';
import * as wallet from '@playhall/contract/calls/wallet';
import { openDatabase, type TDatabase } from '../src/db/client.ts';
import { merchants } from '../src/db/schema.ts';
import { createCaptchaRepository } from '../src/modules/auth/captcha.repository.ts';
import { createCaptchaService } from '../src/modules/auth/captcha.service.ts';
import { LOGIN_CAPTCHA_AFTER, LOGIN_LOCK_AFTER } from '../src/modules/auth/login.service.ts';
import { createOutboxRepository } from '../src/modules/messaging/outbox.repository.ts';
import { SMS_MAX_ATTEMPTS } from '../src/modules/messaging/sms-code.service.ts';
import { PAYMENT_PASSWORD_MAX_FAILURES } from '../src/modules/wallet/payment-password.service.ts';
import { apiOf, freshIp } from './support/api.ts';
import { freshPostgresDatabase } from './support/fresh-postgres.ts';
import { callProcess, exited, startServerProcess, type TServerProcess } from './support/server-process.ts';
import { createTestApp, TEST_DB, TEST_MERCHANT, type TTestApp } from './support/test-app.ts';

/**
 * Issue 15, defect 1: a guess is counted before it is checked, in the database. Bursts of 50 concurrent
 * guesses — on PostgreSQL spread over two real server processes, on PGlite (one process per database)
 * against the one server — check at most the configured number before the captcha or the lock.
 */

const PASSWORD = 'Burst12345';
const PAY = '246810';
const BURST = 50;

type TAnswer = { status: number; code: string; value: unknown };
let send: (i: number, def: TCallDef, payload: unknown, token?: string) => Promise<TAnswer>;
let database: TDatabase;
let merchantId: number;
/** The demo members' password. */
let password = PASSWORD;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  if (TEST_DB === 'postgres') {
    if (!process.env.DATABASE_URL) throw new Error('TEST_DB=postgres needs DATABASE_URL');
    const pgdb = await freshPostgresDatabase(process.env.DATABASE_URL, 'playhall_burst');
    cleanups.push(() => pgdb.drop());
    const env = { DATABASE_URL: pgdb.url, DEMO_PASSWORD: PASSWORD, SEED_DEMO: '1', DATA_DIR: '/nonexistent-data-dir' };
    const first = await startServerProcess(env);
    const servers: TServerProcess[] = [first, await startServerProcess(env)];
    for (const s of servers) {
      cleanups.push(async () => {
        s.child.kill('SIGTERM');
        await exited(s.child);
      });
    }
    database = await openDatabase({ databaseUrl: pgdb.url, dataDir: null });
    cleanups.push(() => database.close());
    const [merchant] = await database.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, TEST_MERCHANT));
    merchantId = merchant!.id;
    send = (i, def, payload, token) => callProcess(servers[i % servers.length]!.base, def, payload, token);
  } else {
    const t: TTestApp = await createTestApp();
    cleanups.push(() => t.close());
    const api = apiOf(t);
    password = t.demoPassword;
    database = t.database;
    merchantId = t.merchantId;
    send = async (_i, def, payload, token) => {
      const res = await api.call(def, payload, { token, ip: freshIp() });
      return { status: res.status, code: res.body.code, value: res.body.value };
    };
  }
}, 300_000);

afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

const burst = (make: (i: number) => Promise<TAnswer>) => Promise.all(Array.from({ length: BURST }, (_, i) => make(i)));
const tally = (answers: TAnswer[]) => answers.reduce<Record<string, number>>((m, a) => ({ ...m, [a.code]: (m[a.code] ?? 0) + 1 }), {});

async function captcha(): Promise<{ captchaId: string; captcha: string }> {
  const issued = await createCaptchaService({ db: database.db, repo: createCaptchaRepository() }).issue();
  return { captchaId: issued.captchaId, captcha: issued.answer };
}

const login = (i: number, username: string, password: string, extra: object = {}) => send(i, auth.login, { type: 'username', username, password, ...extra });

describe(`lockouts under concurrent bursts (${TEST_DB}${TEST_DB === 'postgres' ? ', two server processes' : ''})`, () => {
  it(`login: ${BURST} wrong passwords check ${LOGIN_CAPTCHA_AFTER} before the captcha and ${LOGIN_LOCK_AFTER} before the lock; the right one is refused in the locked burst`, { timeout: 300_000 }, async () => {
    const right = password;
    // Without captchas: only the first LOGIN_CAPTCHA_AFTER places are checked.
    let answers = await burst((i) => login(i, 'member02', `wrong-${i}`));
    expect(tally(answers)).toEqual({ bad_credentials: LOGIN_CAPTCHA_AFTER, captcha_required: BURST - LOGIN_CAPTCHA_AFTER });

    // With a right captcha each: checked up to the lock, the rest refused unchecked.
    const captchas = await Promise.all(Array.from({ length: BURST }, () => captcha()));
    answers = await burst((i) => login(i, 'member02', `wrong-${i}`, captchas[i]));
    expect(tally(answers)).toEqual({ bad_credentials: LOGIN_LOCK_AFTER - LOGIN_CAPTCHA_AFTER, rate_limited: BURST - (LOGIN_LOCK_AFTER - LOGIN_CAPTCHA_AFTER) });

    // Locked: a burst of right passwords with right captchas logs nobody in.
    const more = await Promise.all(Array.from({ length: 20 }, () => captcha()));
    const locked = await Promise.all(more.map((c, i) => login(i, 'member02', right, c)));
    expect(tally(locked)).toEqual({ rate_limited: 20 });
    // Another account is untouched by member02's lock.
    expect((await login(0, 'member01', right)).code).toBe('ok');
  });

  it(`payment password: ${BURST} wrong guesses check ${PAYMENT_PASSWORD_MAX_FAILURES}, then the right one is refused and no money moves`, { timeout: 300_000 }, async () => {
    const right = password;
    const logged = await login(0, 'agent01', right);
    expect(logged.code).toBe('ok');
    const token = (logged.value as { token: string }).token;
    const set = await send(0, wallet.setPaymentPassword, { loginPassword: right, newPaymentPassword: PAY, confirmPaymentPassword: PAY }, token);
    expect(set.code).toBe('ok');
    const balance = async () => ((await send(0, wallet.balance, {}, token)).value as { sumBalance: number }).sumBalance;
    const before = await balance();

    const answers = await burst((i) => send(i, wallet.verifyPaymentPassword, { paymentPassword: String(100000 + i) }, token));
    const counts = tally(answers);
    // The first four wrong ones say how many are left; the fifth locks; every other one was never checked.
    expect(counts).toEqual({ payment_password_wrong: PAYMENT_PASSWORD_MAX_FAILURES - 1, payment_password_locked: BURST - (PAYMENT_PASSWORD_MAX_FAILURES - 1) });

    const rights = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0
          ? send(i, wallet.verifyPaymentPassword, { paymentPassword: PAY }, token)
          : send(i, wallet.transferDownline, { requestId: `burst-${process.pid}-${i}`, account: 'member01', amount: 100, paymentPassword: PAY }, token),
      ),
    );
    expect(tally(rights)).toEqual({ payment_password_locked: 10 });
    expect(await balance()).toBe(before);
  });

  it(`SMS code: ${BURST} wrong codes check ${SMS_MAX_ATTEMPTS}, then the right code is void`, { timeout: 300_000 }, async () => {
    const mobileNum = '0900000003';
    expect((await send(0, auth.smsNoLogin, { mobileNum, countryDialingCode: '+84' })).code).toBe('ok');
    const [sms] = await createOutboxRepository().listSms(database.db, merchantId, mobileNum, 1);
    const code = /\b(\d{6})\b/.exec(sms?.message ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

    const answers = await burst((i) => send(i, auth.login, { type: 'sms', mobileNum, countryDialingCode: '+84', verificationCode: wrong(i) }));
    expect(tally(answers)).toEqual({ sms_invalid_code: SMS_MAX_ATTEMPTS, sms_code_expired: BURST - SMS_MAX_ATTEMPTS });
    const late = await send(0, auth.login, { type: 'sms', mobileNum, countryDialingCode: '+84', verificationCode: code });
    expect(late.code).toBe('sms_code_expired');
  });
});
