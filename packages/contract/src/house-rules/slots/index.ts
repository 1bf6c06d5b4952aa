import type { TSlotConfig } from '../slot-engine.ts';
import { AZTEC_CASCADE } from './aztec-cascade.ts';
import { CANDY_BURST } from './candy-burst.ts';
import { DRAGON_PEARL } from './dragon-pearl.ts';
import { GOLDEN_BUFFALO } from './golden-buffalo.ts';
import { JADE_KOI } from './jade-koi.ts';
import { LOTUS_TEMPLE } from './lotus-temple.ts';
import { NEON_FRUITS } from './neon-fruits.ts';
import { OCEAN_TREASURE } from './ocean-treasure.ts';
import { PHARAOH_SANDS } from './pharaoh-sands.ts';
import { SPACE_GEMS } from './space-gems.ts';
import { TET_FORTUNE } from './tet-fortune.ts';
import { VIKING_THUNDER } from './viking-thunder.ts';

/** The data-driven slot titles (issue 21), in the catalogue's order. The server imports all; a page lazy-loads one (`SLOT_LOADERS`). */
export const SLOT_CONFIGS: readonly TSlotConfig[] = [
  DRAGON_PEARL, JADE_KOI, GOLDEN_BUFFALO, PHARAOH_SANDS, NEON_FRUITS, AZTEC_CASCADE,
  VIKING_THUNDER, CANDY_BURST, LOTUS_TEMPLE, OCEAN_TREASURE, SPACE_GEMS, TET_FORTUNE,
];
