import { paths } from '../config/paths.ts';

/** Paths reachable without a session even when login is required (spec §2 route guard). */
export const PUBLIC_WHEN_LOGIN_REQUIRED: readonly string[] = [
  paths.login,
  paths.register,
  paths.registerHtml,
  paths.oauthCallback,
  paths.helpmc,
  paths.download,
];

/** Where the guard sends a visitor, or null to let them through. */
export function guardRedirect(
  pathname: string,
  opts: { loginRequired: boolean; hasToken: boolean },
): string | null {
  if (!opts.loginRequired || opts.hasToken) return null;
  return PUBLIC_WHEN_LOGIN_REQUIRED.includes(pathname) ? null : paths.login;
}
