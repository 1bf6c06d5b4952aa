import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkTelegramLogin, telegramAuthUrl, type TTelegramData } from './telegram.ts';

const TOKEN = '123456:ABCdef_ghi-JKL';
const NOW = new Date('2026-06-01T12:00:00Z');

function signed(fields: Record<string, string | number> & { auth_date: number }, token = TOKEN): TTelegramData {
  const check = Object.keys(fields).sort().map((k) => `${k}=${String(fields[k])}`).join('\n');
  const hash = crypto.createHmac('sha256', crypto.createHash('sha256').update(token).digest()).update(check).digest('hex');
  return { ...fields, hash };
}

describe('checkTelegramLogin', () => {
  const authDate = Math.floor(NOW.getTime() / 1000) - 60;

  it('accepts data signed with the bot token', () => {
    expect(checkTelegramLogin(signed({ id: 42, first_name: 'Ann', username: 'ann', auth_date: authDate }), TOKEN, NOW)).toBe('ok');
  });

  it('refuses a changed field, another bot and a malformed hash', () => {
    const data = signed({ id: 42, first_name: 'Ann', auth_date: authDate });
    expect(checkTelegramLogin({ ...data, id: 43 }, TOKEN, NOW)).toBe('bad_hash');
    expect(checkTelegramLogin(signed({ id: 42, auth_date: authDate }, '999:other'), TOKEN, NOW)).toBe('bad_hash');
    expect(checkTelegramLogin({ ...data, hash: 'abc' }, TOKEN, NOW)).toBe('bad_hash');
  });

  it('refuses data older than a day or from the future', () => {
    const old = Math.floor(NOW.getTime() / 1000) - 24 * 60 * 60 - 1;
    expect(checkTelegramLogin(signed({ id: 42, auth_date: old }), TOKEN, NOW)).toBe('expired');
    expect(checkTelegramLogin(signed({ id: 42, auth_date: authDate + 3600 }), TOKEN, NOW)).toBe('expired');
  });
});

describe('telegramAuthUrl', () => {
  it('names the bot by its id, never its secret', () => {
    const url = new URL(telegramAuthUrl(TOKEN, 'https://play.example', 'https://play.example/oauth/callback'));
    expect(url.origin).toBe('https://oauth.telegram.org');
    expect(url.searchParams.get('bot_id')).toBe('123456');
    expect(url.toString()).not.toContain('ABCdef');
    expect(url.searchParams.get('return_to')).toBe('https://play.example/oauth/callback');
  });
});
