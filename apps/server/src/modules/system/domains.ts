/**
 * The merchant's domains (spec §3 domainList, §8 "Invalid URL"): how a host is written down and when a page's host is
 * one of them (docs/decisions.md, issue 22). A host is compared by its name alone: no port, lower case, IDN as
 * punycode (the WHATWG URL parser does all three, the same way a browser does for `location.host`), no trailing dot.
 * `*.example.com` stands for every name under example.com, at any depth, but not example.com itself.
 */

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^(?:\d{1,3}\.){3}\d{1,3}$/;
const WILDCARD = '*.';

/** The host name of what the status call sends (`window.location.host`, or a whole URL), normalised; null if none. */
export function hostOf(url: string): string | null {
  const text = url.trim();
  if (!text) return null;
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`).hostname;
  } catch {
    return null;
  }
  if (host.endsWith('.')) host = host.slice(0, -1);
  return host || null;
}

/** A host name an operator may configure: DNS labels, an IPv4 or [IPv6] address, or `*.` before at least two labels. */
export function domainOf(input: string): { domain: string } | { error: string } {
  const text = input.trim();
  const wildcard = text.startsWith(WILDCARD);
  const rest = wildcard ? text.slice(WILDCARD.length) : text;
  const ipv6 = /^\[[0-9a-f:.]+\]$/i.test(rest);
  if (!rest || /[\s/\\?#@*]/.test(rest) || (rest.includes(':') && !ipv6)) {
    return { error: `"${input}" is not a host name: give the name alone, e.g. play.example.com or *.example.com (no scheme, port or path)` };
  }
  const host = hostOf(rest);
  if (!host) return { error: `"${input}" is not a host name` };
  const ip = IPV4.test(host) || host.startsWith('[');
  if (!ip) {
    const labels = host.split('.');
    if (host.length > 253 || !labels.every((l) => LABEL.test(l))) {
      return { error: `"${input}" is not a host name: labels of letters, digits and hyphens (1–63 each), separated by dots` };
    }
    if (wildcard && labels.length < 2) return { error: `"${input}": a wildcard needs at least two labels after *., e.g. *.example.com` };
  } else if (wildcard) return { error: `"${input}": an address cannot have a wildcard` };
  return { domain: wildcard ? `${WILDCARD}${host}` : host };
}

/** Whether a page opened on `host` (from hostOf) belongs to the merchant whose domains are `known` (from domainSet). */
export function isKnownHost(known: ReadonlySet<string>, host: string): boolean {
  if (known.has(host)) return true;
  for (let dot = host.indexOf('.'); dot >= 0; dot = host.indexOf('.', dot + 1)) {
    if (known.has(`${WILDCARD}${host.slice(dot + 1)}`)) return true;
  }
  return false;
}

/** The configured domains as a set of their normalised forms (a row written by hand still matches as ops would store it). */
export function domainSet(domains: readonly string[]): Set<string> {
  const set = new Set<string>();
  for (const d of domains) {
    const r = domainOf(d);
    set.add('domain' in r ? r.domain : d.toLowerCase());
  }
  return set;
}
