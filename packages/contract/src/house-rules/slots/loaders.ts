import type { TSlotConfig } from '../slot-engine.ts';

/** One dynamic import per title, so a page loads only the title it shows (the module's one export is the config). */
const first = (m: Record<string, unknown>): TSlotConfig => Object.values(m)[0] as TSlotConfig;

export const SLOT_LOADERS: Readonly<Record<string, () => Promise<TSlotConfig>>> = {
  'dragon-pearl': () => import('./dragon-pearl.ts').then(first),
  'jade-koi': () => import('./jade-koi.ts').then(first),
  'golden-buffalo': () => import('./golden-buffalo.ts').then(first),
  'pharaoh-sands': () => import('./pharaoh-sands.ts').then(first),
  'neon-fruits': () => import('./neon-fruits.ts').then(first),
  'aztec-cascade': () => import('./aztec-cascade.ts').then(first),
  'viking-thunder': () => import('./viking-thunder.ts').then(first),
  'candy-burst': () => import('./candy-burst.ts').then(first),
  'lotus-temple': () => import('./lotus-temple.ts').then(first),
  'ocean-treasure': () => import('./ocean-treasure.ts').then(first),
  'space-gems': () => import('./space-gems.ts').then(first),
  'tet-fortune': () => import('./tet-fortune.ts').then(first),
};
