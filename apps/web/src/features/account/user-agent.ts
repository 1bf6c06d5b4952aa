/**
 * A device as a person names it ("Chrome 131 on Linux") from the User-Agent header the login history keeps
 * (issue 16). The browsers and systems a portal's members use are named; anything else is left unnamed rather
 * than guessed. Browser and system names are proper nouns, the same in every language.
 */

interface TRule {
  name: string;
  /** The version is the first capture group. */
  re: RegExp;
}

// Order matters: browsers built on Chromium or WebKit also carry "Chrome/" and "Safari/", so the more
// specific tokens come first.
const BROWSERS: readonly TRule[] = [
  { name: 'Edge', re: /\b(?:Edg|EdgA|EdgiOS|Edge)\/(\d+)/ },
  { name: 'Opera', re: /\b(?:OPR|OPT|Opera)\/(\d+)/ },
  { name: 'Samsung Internet', re: /\bSamsungBrowser\/(\d+)/ },
  { name: 'UC Browser', re: /\bUCBrowser\/(\d+)/ },
  { name: 'Yandex Browser', re: /\bYaBrowser\/(\d+)/ },
  { name: 'Coc Coc', re: /\bcoc_coc_browser\/(\d+)/ },
  { name: 'Vivaldi', re: /\bVivaldi\/(\d+)/ },
  { name: 'Firefox', re: /\b(?:Firefox|FxiOS)\/(\d+)/ },
  { name: 'Chrome', re: /\b(?:Chrome|CriOS|Chromium|HeadlessChrome)\/(\d+)/ },
  { name: 'Safari', re: /\bVersion\/(\d+)(?:\.\d+)*(?: Mobile\/\w+)? Safari\// },
];

const SYSTEMS: readonly { name: string; re: RegExp }[] = [
  { name: 'iPadOS', re: /\biPad\b/ },
  { name: 'iOS', re: /\b(?:iPhone|iPod)\b/ },
  { name: 'Android', re: /\bAndroid\b/ },
  { name: 'ChromeOS', re: /\bCrOS\b/ },
  { name: 'Windows', re: /\bWindows\b/ },
  { name: 'macOS', re: /\bMac OS X\b|\bMacintosh\b/ },
  { name: 'Linux', re: /\bLinux\b|\bX11\b/ },
];

export interface TDevice {
  browser: string | null;
  version: string | null;
  system: string | null;
}

export function parseUserAgent(ua: string): TDevice {
  let browser: string | null = null;
  let version: string | null = null;
  for (const rule of BROWSERS) {
    const m = rule.re.exec(ua);
    if (m) {
      browser = rule.name;
      version = m[1] ?? null;
      break;
    }
  }
  return { browser, version, system: SYSTEMS.find((s) => s.re.test(ua))?.name ?? null };
}

/** The browser with its major version ("Chrome 131"), or null when it is not one we name. */
export function browserLabel(d: TDevice): string | null {
  return d.browser ? `${d.browser}${d.version ? ` ${d.version}` : ''}` : null;
}
