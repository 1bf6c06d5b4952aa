import { describe, it } from 'vitest';
import { CANDY_BURST } from './slots/candy-burst.ts';
import { LOTUS_TEMPLE } from './slots/lotus-temple.ts';
import { VIKING_THUNDER } from './slots/viking-thunder.ts';
import { checkSlotRtp } from './slots-rtp-support.ts';

// 10,000,000 rounds a title, fixed seeds; the titles are split over four files so vitest runs them in parallel.
describe('slot RTP (viking-thunder, candy-burst, lotus-temple)', () => {
  it('viking-thunder', () => checkSlotRtp(VIKING_THUNDER), 120_000);
  it('candy-burst', () => checkSlotRtp(CANDY_BURST), 120_000);
  it('lotus-temple', () => checkSlotRtp(LOTUS_TEMPLE), 120_000);
});
