import { describe, it } from 'vitest';
import { DRAGON_PEARL } from './slots/dragon-pearl.ts';
import { GOLDEN_BUFFALO } from './slots/golden-buffalo.ts';
import { JADE_KOI } from './slots/jade-koi.ts';
import { checkSlotRtp } from './slots-rtp-support.ts';

// 10,000,000 rounds a title, fixed seeds; the titles are split over four files so vitest runs them in parallel.
describe('slot RTP (dragon-pearl, jade-koi, golden-buffalo)', () => {
  it('dragon-pearl', () => checkSlotRtp(DRAGON_PEARL), 120_000);
  it('jade-koi', () => checkSlotRtp(JADE_KOI), 120_000);
  it('golden-buffalo', () => checkSlotRtp(GOLDEN_BUFFALO), 120_000);
});
