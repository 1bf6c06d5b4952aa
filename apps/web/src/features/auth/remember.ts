/**
 * Remember-me (spec §3 cookies) without the password: the last username or SMS mobile number (with
 * its dialing code) and the remember flag, for 24 hours. A password is never stored in the browser.
 */
const MAX_AGE_S = 24 * 60 * 60;
export type TRememberKey = 'rememberUser' | 'rememberMobile' | 'remember';

export function readRemembered(key: TRememberKey): string | null {
  try {
    const row = document.cookie.split('; ').find((c) => c.startsWith(`${key}=`));
    return row ? decodeURIComponent(row.slice(key.length + 1)) : null;
  } catch {
    return null;
  }
}

export function remember(key: TRememberKey, value: string | null): void {
  try {
    document.cookie =
      value === null
        ? `${key}=; Max-Age=0; Path=/; SameSite=Lax`
        : `${key}=${encodeURIComponent(value)}; Max-Age=${MAX_AGE_S}; Path=/; SameSite=Lax`;
  } catch {
    // Cookies disabled: nothing is remembered.
  }
}
