/**
 * Image and game-launch hosts (spec §7): one host is chosen at random from the configured CDN list.
 * The choice is made once per page load, so an image keeps one URL and stays cached (docs/decisions.md).
 * The default list `['/']` means this server.
 */
let imageHost = '/';
let launchHost = '/';

export function pickHost(hosts: readonly string[], random: () => number = Math.random): string {
  const usable = hosts.filter((h) => h.trim() !== '');
  if (usable.length === 0) return '/';
  return usable[Math.min(usable.length - 1, Math.floor(random() * usable.length))] ?? '/';
}

/** Join a host (`/`, `/cdn/`, `https://img.example.com`) and a path (`img/x.svg` or `/img/x.svg`). */
export function joinHost(host: string, path: string): string {
  if (/^(https?:)?\/\//i.test(path) || path.startsWith('data:')) return path;
  const h = host.endsWith('/') ? host : `${host}/`;
  const p = path.startsWith('/') ? path.slice(1) : path;
  return `${h}${p}`;
}

export function configureHosts(cfg: { imageCDNs: readonly string[]; launchGameCDNs: readonly string[] }): void {
  imageHost = pickHost(cfg.imageCDNs);
  launchHost = pickHost(cfg.launchGameCDNs);
}

/**
 * URL of a server-generated image (vendor and provider logos, banners). Banners, promotion art and game tiles draw
 * words: given the interface language (`currentLanguageCode()`, as the Language header sends it), they ask for it.
 */
export function imageUrl(path: string, language?: string): string {
  const url = joinHost(imageHost, path);
  return language && /^\/?img\/(banners|promos|games)\/[^?]*$/.test(path) ? `${url}?lang=${language}` : url;
}

/** URL on a game-launch host (used by game launch). */
export function launchUrl(path: string): string {
  return joinHost(launchHost, path);
}
