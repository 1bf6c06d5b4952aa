import crypto from 'node:crypto';

/** Telegram login data older than this is refused (Telegram's own advice: check auth_date). */
export const TELEGRAM_MAX_AGE_S = 24 * 60 * 60;
/** A clock a little ahead of ours is tolerated; login data from further in the future is not. */
const FUTURE_SKEW_S = 60;

export type TTelegramData = Record<string, string | number | undefined> & { hash: string; auth_date: number };

/**
 * Checks Telegram Login data (https://core.telegram.org/widgets/login#checking-authorization): the
 * hash is HMAC-SHA256 over the data-check-string (every other field as `key=value`, sorted by key,
 * joined by newlines) keyed with SHA-256 of the bot token; `auth_date` at most a day old.
 */
export function checkTelegramLogin(data: TTelegramData, botToken: string, now: Date): 'ok' | 'bad_hash' | 'expired' {
  const checkString = Object.keys(data)
    .filter((key) => key !== 'hash' && data[key] !== undefined)
    .sort()
    .map((key) => `${key}=${String(data[key])}`)
    .join('\n');
  const secret = crypto.createHash('sha256').update(botToken).digest();
  const expected = crypto.createHmac('sha256', secret).update(checkString).digest();
  const given = Buffer.from(data.hash, 'hex');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return 'bad_hash';
  const age = Math.floor(now.getTime() / 1000) - data.auth_date;
  if (age > TELEGRAM_MAX_AGE_S || age < -FUTURE_SKEW_S) return 'expired';
  return 'ok';
}

/** Telegram's sign-in page for a bot; it returns to `returnTo` with `#tgAuthResult=<base64 JSON>`. */
export function telegramAuthUrl(botToken: string, origin: string, returnTo: string): string {
  const botId = botToken.split(':')[0] ?? '';
  const url = new URL('https://oauth.telegram.org/auth');
  url.searchParams.set('bot_id', botId);
  url.searchParams.set('origin', origin);
  url.searchParams.set('request_access', 'write');
  url.searchParams.set('return_to', returnTo);
  return url.toString();
}
