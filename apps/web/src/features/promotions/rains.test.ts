import { describe, expect, it } from 'vitest';
import type { TEnvelopeRain } from '@playhall/contract/calls/promotions';
import { openableRain } from './rains.ts';

const rain = (id: number, over: Partial<TEnvelopeRain> = {}): TEnvelopeRain => ({
  id,
  title: `Rain ${id}`,
  startsAt: '2026-11-26T00:00:00.000Z',
  endsAt: '2026-11-26T02:00:00.000Z',
  state: 'open',
  eligible: true,
  opened: null,
  left: 10,
  ...over,
});

describe('openableRain', () => {
  it('offers the first rain on that the member has not opened', () => {
    expect(openableRain([rain(1, { opened: 500 }), rain(2)], true)?.id).toBe(2);
  });
  it('offers nothing coming, over, emptied or closed to the member', () => {
    expect(openableRain([rain(1, { state: 'upcoming' }), rain(2, { state: 'over' }), rain(3, { left: 0 }), rain(4, { eligible: false })], true)).toBeUndefined();
  });
  it('offers a visitor every rain on, to ask them to log in', () => {
    expect(openableRain([rain(4, { eligible: false })], false)?.id).toBe(4);
  });
});
