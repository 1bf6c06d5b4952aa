/** A few DOM helpers: the game pages are plain TypeScript, no framework (src/house/README.md). */

type TAttrs = Record<string, string | number | boolean | undefined | ((event: Event) => void)>;
type TChild = Node | string | null | undefined | false;

/** An HTML element with attributes (`on…` functions become listeners) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: TAttrs = {}, ...children: TChild[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(name.slice(2).toLowerCase(), value);
    else if (value === true) el.setAttribute(name, '');
    else el.setAttribute(name, String(value));
  }
  el.append(...children.filter((c): c is Node | string => c !== null && c !== undefined && c !== false));
  return el;
}

/** An inline SVG element from markup drawn in code (the pages' artwork; never user text). */
export function svg(viewBox: string, markup: string, className = ''): SVGSVGElement {
  const el = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  el.setAttribute('viewBox', viewBox);
  el.setAttribute('aria-hidden', 'true');
  if (className) el.setAttribute('class', className);
  el.innerHTML = markup;
  return el;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** True when the player asked for less motion: animations are shortened to their end state. */
export const reducedMotion = (): boolean => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** One value per key, typed by the keys (Object.fromEntries forgets them). */
export function byKey<K extends string, V>(keys: readonly K[], make: (key: K) => V): Record<K, V> {
  const out = {} as Record<K, V>;
  for (const key of keys) out[key] = make(key);
  return out;
}
