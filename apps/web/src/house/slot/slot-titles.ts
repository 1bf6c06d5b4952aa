import { titleOfHouseGame } from '@playhall/contract/house-rules/catalog';
import type { TSlotDetail } from '@playhall/contract/house-rules/slot-engine';
import { SLOT_LOADERS } from '@playhall/contract/house-rules/slots/loaders';
import type { TSlotArt } from './art/kit.ts';
import { roundOfDetail, viewOfConfig, type TRoundView, type TSlotView } from './slot-view.ts';

/**
 * A slot title for the page: its view, art and how a play answer's detail reads. Each title's config and art are
 * separate chunks (dynamic imports), so the page loads only the title it shows.
 */
export interface TSlotTitle {
  view: TSlotView;
  art: TSlotArt;
  /** The published RTP (catalogue). */
  rtp: number | null;
  round(detail: unknown): TRoundView;
}

type TArtModule = { art: TSlotArt };
const ART_LOADERS: Readonly<Record<string, () => Promise<TArtModule>>> = {
  'dragon-pearl': () => import('./art/dragon-pearl.ts'),
  'jade-koi': () => import('./art/jade-koi.ts'),
  'golden-buffalo': () => import('./art/golden-buffalo.ts'),
  'pharaoh-sands': () => import('./art/pharaoh-sands.ts'),
  'neon-fruits': () => import('./art/neon-fruits.ts'),
  'aztec-cascade': () => import('./art/aztec-cascade.ts'),
  'viking-thunder': () => import('./art/viking-thunder.ts'),
  'candy-burst': () => import('./art/candy-burst.ts'),
  'lotus-temple': () => import('./art/lotus-temple.ts'),
  'ocean-treasure': () => import('./art/ocean-treasure.ts'),
  'space-gems': () => import('./art/space-gems.ts'),
  'tet-fortune': () => import('./art/tet-fortune.ts'),
};

/** The art module ids (a unit test holds them equal to the engine's titles). */
export const ART_TITLES: readonly string[] = Object.keys(ART_LOADERS);

/** Loads the title a launch names by its gameId (`lucky-crown` or an engine title); null for an unknown one. */
export async function loadSlotTitle(gameId: string): Promise<TSlotTitle | null> {
  if (gameId === 'lucky-crown' || gameId === '') {
    const lc = await import('./lucky-crown.ts');
    return { view: lc.LUCKY_CROWN_VIEW, art: lc.LUCKY_CROWN_ART, rtp: titleOfHouseGame('slot')?.rtp ?? null, round: (d) => lc.luckyCrownRound(d as Parameters<typeof lc.luckyCrownRound>[0]) };
  }
  const loadConfig = SLOT_LOADERS[gameId];
  const loadArt = ART_LOADERS[gameId];
  if (!loadConfig || !loadArt) return null;
  const [config, { art }] = await Promise.all([loadConfig(), loadArt()]);
  const title = titleOfHouseGame(`slot-${gameId}`);
  const view = viewOfConfig(config, title?.name ?? config.name);
  return { view, art, rtp: title?.rtp ?? config.rtp, round: (d) => roundOfDetail(view, d as TSlotDetail) };
}
