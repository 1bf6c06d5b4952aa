import { describe, expect, it } from 'vitest';
import { reconnectDelay, RECONNECT_CAP_MS } from './backoff.ts';

describe('reconnectDelay', () => {
  it('doubles from about a second and never passes the cap', () => {
    expect(reconnectDelay(0, () => 1)).toBe(1_000);
    expect(reconnectDelay(1, () => 1)).toBe(2_000);
    expect(reconnectDelay(3, () => 1)).toBe(8_000);
    expect(reconnectDelay(10, () => 1)).toBe(RECONNECT_CAP_MS);
    expect(reconnectDelay(1_000, () => 1)).toBe(RECONNECT_CAP_MS);
  });

  it('spreads tabs between half and the whole step', () => {
    expect(reconnectDelay(2, () => 0)).toBe(2_000);
    expect(reconnectDelay(2, () => 0.5)).toBe(3_000);
    expect(reconnectDelay(20, () => 0)).toBe(RECONNECT_CAP_MS / 2);
  });
});
