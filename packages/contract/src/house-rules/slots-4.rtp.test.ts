import { describe, it } from 'vitest';
import { OCEAN_TREASURE } from './slots/ocean-treasure.ts';
import { SPACE_GEMS } from './slots/space-gems.ts';
import { TET_FORTUNE } from './slots/tet-fortune.ts';
import { checkSlotRtp } from './slots-rtp-support.ts';

// 10,000,000 rounds a title, fixed seeds; the titles are split over four files so vitest runs them in parallel.
describe('slot RTP (ocean-treasure, space-gems, tet-fortune)', () => {
  it('ocean-treasure', () => checkSlotRtp(OCEAN_TREASURE), 120_000);
  it('space-gems', () => checkSlotRtp(SPACE_GEMS), 120_000);
  it('tet-fortune', () => checkSlotRtp(TET_FORTUNE), 120_000);
});
