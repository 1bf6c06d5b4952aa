import { escapeXml } from '../art/art.svg.ts';

/** The demo points mall's pictures (issue 18), drawn like the promotion cards: /img/mall/<n>.svg, 400 × 400. */
const ITEMS: { label: string; figure: string; from: string; to: string; shape: string }[] = [
  { label: 'CASH', figure: '50K', from: '#15803d', to: '#4ade80', shape: '<circle cx="200" cy="170" r="90" fill="#fde047"/><circle cx="200" cy="170" r="68" fill="none" stroke="#ca8a04" stroke-width="10"/>' },
  { label: 'CASH', figure: '200K', from: '#166534', to: '#86efac', shape: '<rect x="90" y="110" width="220" height="120" rx="14" fill="#bbf7d0"/><circle cx="200" cy="170" r="38" fill="#22c55e"/>' },
  { label: 'BONUS', figure: '100K', from: '#7c3aed', to: '#c4b5fd', shape: '<rect x="110" y="130" width="180" height="120" rx="10" fill="#f472b6"/><rect x="185" y="130" width="30" height="120" fill="#fde047"/><rect x="100" y="105" width="200" height="36" rx="8" fill="#ec4899"/>' },
  { label: 'HEADPHONES', figure: '', from: '#0f172a', to: '#475569', shape: '<path d="M110 210 v-40 a90 90 0 0 1 180 0 v40" fill="none" stroke="#e2e8f0" stroke-width="18"/><rect x="92" y="190" width="44" height="70" rx="14" fill="#38bdf8"/><rect x="264" y="190" width="44" height="70" rx="14" fill="#38bdf8"/>' },
  { label: 'T-SHIRT', figure: '', from: '#b91c1c', to: '#fca5a5', shape: '<path d="M140 100 l-60 40 30 45 30-18 v120 h120 v-120 l30 18 30-45 -60-40 q-60 40-120 0z" fill="#fff"/>' },
  { label: 'MUG', figure: '', from: '#92400e', to: '#fcd34d', shape: '<rect x="120" y="110" width="130" height="150" rx="16" fill="#fff"/><path d="M250 150 h25 a30 30 0 0 1 0 60 h-25" fill="none" stroke="#fff" stroke-width="16"/>' },
  { label: 'PHONE', figure: '', from: '#1e3a8a', to: '#93c5fd', shape: '<rect x="145" y="80" width="110" height="200" rx="18" fill="#0f172a"/><rect x="157" y="100" width="86" height="150" rx="6" fill="#60a5fa"/>' },
  { label: 'WATCH', figure: '', from: '#334155', to: '#cbd5e1', shape: '<rect x="170" y="70" width="60" height="220" rx="14" fill="#1f2937"/><circle cx="200" cy="180" r="62" fill="#f8fafc" stroke="#1f2937" stroke-width="12"/><path d="M200 180 v-34 M200 180 h26" stroke="#1f2937" stroke-width="8" stroke-linecap="round"/>' },
];

export const MALL_ART_COUNT = ITEMS.length;

const FONT = 'font-family="Inter, Arial, sans-serif"';

/** Mall item art n (1-based), or null. */
export function mallItemArt(n: number): string | null {
  const p = ITEMS[n - 1];
  if (!p) return null;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${escapeXml(p.label)}">
<defs><linearGradient id="mg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>
<rect width="400" height="400" fill="url(#mg)"/>
<circle cx="340" cy="60" r="120" fill="#fff" opacity=".08"/>
${p.shape}
<text x="200" y="330" text-anchor="middle" ${FONT} font-size="30" font-weight="800" fill="#fff" letter-spacing="2">${escapeXml(p.label)}</text>
${p.figure ? `<text x="200" y="372" text-anchor="middle" ${FONT} font-size="34" font-weight="900" fill="#fff">${escapeXml(p.figure)}</text>` : ''}
</svg>`;
}
