import { describe, expect, it } from 'vitest';
import type { TDb } from '../../db/client.ts';
import type { TCounter } from '../limits/counter.repository.ts';
import { ProviderRefusal, type TSmsMessage } from './providers.ts';
import type { TSmsCodeRepository } from './sms-code.repository.ts';
import { createSmsCodeService, SMS_DAILY_QUOTA, SMS_MAX_PER_WINDOW } from './sms-code.service.ts';

/** In-memory stand-ins of the two repositories, with a clock the test moves. */
function harness(opts: { refuse?: ProviderRefusal['reason'] } = {}) {
  let clock = Date.parse('2030-01-01T00:00:00Z');
  const counters = new Map<string, { count: number; windowEndsAt: number; lockedUntil: number | null }>();
  type TRow = Awaited<ReturnType<TSmsCodeRepository['current']>> & object;
  const codes: TRow[] = [];
  const sent: TSmsMessage[] = [];
  const service = createSmsCodeService({
    db: {} as TDb,
    now: () => new Date(clock),
    siteName: async () => 'Playhall',
    provider: {
      async send(m) {
        if (opts.refuse) throw new ProviderRefusal(opts.refuse);
        sent.push(m);
      },
    },
    counters: {
      async hit(_db, key, windowMs, now): Promise<TCounter> {
        const c = counters.get(key);
        const fresh = !c || c.windowEndsAt <= now.getTime();
        const next = { count: fresh ? 1 : c.count + 1, windowEndsAt: fresh ? now.getTime() + windowMs : c.windowEndsAt, lockedUntil: c?.lockedUntil ?? null };
        counters.set(key, next);
        return { count: next.count, lockedUntil: next.lockedUntil === null ? null : new Date(next.lockedUntil) };
      },
      async peek(_db, key, now) {
        const c = counters.get(key);
        if (!c) return { count: 0, lockedUntil: null };
        return { count: c.windowEndsAt > now.getTime() ? c.count : 0, lockedUntil: c.lockedUntil === null ? null : new Date(c.lockedUntil) };
      },
      async lock(_db, key, until) {
        const c = counters.get(key) ?? { count: 0, windowEndsAt: 0, lockedUntil: null };
        counters.set(key, { ...c, lockedUntil: until.getTime() });
      },
    },
    codes: {
      async replace(_db, n, codeHash, expiresAt, now) {
        for (const c of codes) c.consumedAt ??= now;
        codes.push({ ...n, id: codes.length + 1, codeHash, expiresAt, attempts: 0, consumedAt: null, createdAt: now });
      },
      async current() {
        return codes.filter((c) => c.consumedAt === null).at(-1) ?? null;
      },
      async takeAttempt(_db, _n, max, now) {
        const c = codes.filter((x) => x.consumedAt === null).at(-1);
        if (!c || c.attempts >= max || c.expiresAt <= now) return null;
        c.attempts++;
        return { id: c.id, codeHash: c.codeHash };
      },
      async consume(_db, id, now) {
        const c = codes.find((x) => x.id === id);
        if (!c || c.consumedAt) return false;
        c.consumedAt = now;
        return true;
      },
    },
  });
  const req = { merchantId: 1, purpose: 'login' as const, countryDialingCode: '+84', mobile: '912345678' };
  return {
    service,
    req,
    sent,
    advance: (ms: number) => (clock += ms),
    lastCode: () => /\b(\d{6})\b/.exec(sent.at(-1)?.text ?? '')?.[1] ?? '',
  };
}

describe('SMS codes', () => {
  it('a code works once, within its minutes', async () => {
    const h = harness();
    expect(await h.service.send(h.req, '1.1.1.1')).toEqual({ expiredMinutes: 3 });
    expect(h.sent[0]?.text).toMatch(/^\[Playhall\] Your verification code is \d{6}\. It expires in 3 minutes/);
    const code = h.lastCode();
    await h.service.verify(h.req, code);
    await expect(h.service.verify(h.req, code)).rejects.toMatchObject({ code: 'sms_invalid_code' });
    await h.service.send(h.req, '1.1.1.1');
    h.advance(3 * 60_000);
    await expect(h.service.verify(h.req, h.lastCode())).rejects.toMatchObject({ code: 'sms_code_expired' });
  });

  it('a new code replaces the old one', async () => {
    const h = harness();
    await h.service.send(h.req, '1.1.1.1');
    const first = h.lastCode();
    await h.service.send(h.req, '1.1.1.1');
    if (first !== h.lastCode()) await expect(h.service.verify(h.req, first)).rejects.toMatchObject({ code: 'sms_invalid_code' });
    await h.service.verify(h.req, h.lastCode());
  });

  it(`locks the number for 5 minutes after ${SMS_MAX_PER_WINDOW} sends, then lets it send again`, async () => {
    const h = harness();
    for (let i = 0; i < SMS_MAX_PER_WINDOW; i++) await h.service.send(h.req, `1.1.1.${i}`);
    await expect(h.service.send(h.req, '2.2.2.2')).rejects.toMatchObject({ code: 'sms_too_many_requests', status: 429 });
    h.advance(4 * 60_000);
    await expect(h.service.send(h.req, '2.2.2.2')).rejects.toMatchObject({ code: 'sms_too_many_requests' });
    h.advance(11 * 60_000 + 1);
    expect(await h.service.send(h.req, '2.2.2.2')).toEqual({ expiredMinutes: 3 });
  });

  it(`refuses past ${SMS_DAILY_QUOTA} codes a day with quota exceeded`, async () => {
    const h = harness();
    for (let i = 0; i < SMS_DAILY_QUOTA; i++) {
      await h.service.send(h.req, '1.1.1.1');
      h.advance(16 * 60_000);
    }
    await expect(h.service.send(h.req, '1.1.1.1')).rejects.toMatchObject({ code: 'sms_quota_exceeded' });
  });

  it('maps provider refusals to the spec errors', async () => {
    for (const [reason, code] of [['quota', 'sms_quota_exceeded'], ['invalid_number', 'sms_invalid_phone'], ['not_allowed', 'operation_not_allowed'], ['unknown', 'unknown_error']] as const) {
      const h = harness({ refuse: reason });
      await expect(h.service.send(h.req, '1.1.1.1')).rejects.toMatchObject({ code });
    }
  });

  it('a missing code is refused before any lookup', async () => {
    const h = harness();
    await expect(h.service.verify(h.req, '  ')).rejects.toMatchObject({ code: 'sms_missing_code' });
  });
});
