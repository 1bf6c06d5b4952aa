import { describe, it } from 'vitest';
import { AZTEC_CASCADE } from './slots/aztec-cascade.ts';
import { NEON_FRUITS } from './slots/neon-fruits.ts';
import { PHARAOH_SANDS } from './slots/pharaoh-sands.ts';
import { checkSlotRtp } from './slots-rtp-support.ts';

// 10,000,000 rounds a title, fixed seeds; the titles are split over four files so vitest runs them in parallel.
describe('slot RTP (pharaoh-sands, neon-fruits, aztec-cascade)', () => {
  it('pharaoh-sands', () => checkSlotRtp(PHARAOH_SANDS), 120_000);
  it('neon-fruits', () => checkSlotRtp(NEON_FRUITS), 120_000);
  it('aztec-cascade', () => checkSlotRtp(AZTEC_CASCADE), 120_000);
});
