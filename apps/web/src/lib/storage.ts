/**
 * Browser storage under the exact keys of spec §3. Storage can be unavailable (private mode, disabled
 * cookies); every access is guarded so the portal still runs, only without persistence.
 */
export const SESSION_KEYS = [
  'token',
  'isAgent',
  'account',
  'merchant',
  'merchantCode',
  'memberLabel',
  'customerId',
  'cpw',
  'gameVendor',
  'favGames',
  'publicityClose',
] as const;
export type TSessionKey = (typeof SESSION_KEYS)[number];

/** Keys that survive logout (spec §4: clear session storage except merchant and merchantCode). */
export const SESSION_KEYS_KEPT_ON_LOGOUT: readonly TSessionKey[] = ['merchant', 'merchantCode'];

export type TLocalKey = 'lang' | 'hisLang' | 'theme';

function read(store: () => Storage, key: string): string | null {
  try {
    return store().getItem(key);
  } catch {
    return null;
  }
}

function write(store: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) store().removeItem(key);
    else store().setItem(key, value);
  } catch {
    // Storage full or disabled: the value lives only in memory for this page.
  }
}

export const sessionStore = {
  get: (key: TSessionKey) => read(() => window.sessionStorage, key),
  set: (key: TSessionKey, value: string | null) => write(() => window.sessionStorage, key, value),
  /** Remove every spec key except those kept on logout. */
  clearSession(): void {
    for (const key of SESSION_KEYS) {
      if (!SESSION_KEYS_KEPT_ON_LOGOUT.includes(key)) write(() => window.sessionStorage, key, null);
    }
  },
};

export const localStore = {
  get: (key: TLocalKey) => read(() => window.localStorage, key),
  set: (key: TLocalKey, value: string | null) => write(() => window.localStorage, key, value),
};

/** JSON helpers for the session keys that hold structured values (gameVendor, favGames, memberLabel). */
export function readSessionJson(key: TSessionKey): unknown {
  const raw = sessionStore.get(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export function writeSessionJson(key: TSessionKey, value: unknown): void {
  sessionStore.set(key, value === undefined ? null : JSON.stringify(value));
}
