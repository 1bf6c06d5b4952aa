import { describe, expect, it } from 'vitest';
import { nextGameRefetchMs } from './api/get-lotto-game.ts';
import { clockPhase, formatCountdown, secondsUntil } from './server-clock.ts';

const draw = { closeAt: '2026-11-22T10:00:55.000Z', drawAt: '2026-11-22T10:01:00.000Z' };
const at = (iso: string) => Date.parse(iso);

describe('server clock', () => {
  it('tells the draw phase by the server time', () => {
    expect(clockPhase(draw, at('2026-11-22T10:00:00Z'))).toBe('open');
    expect(clockPhase(draw, at('2026-11-22T10:00:57Z'))).toBe('closed');
    expect(clockPhase(draw, at('2026-11-22T10:01:00Z'))).toBe('drawn');
  });
  it('counts whole seconds down to zero', () => {
    expect(secondsUntil(draw.closeAt, at('2026-11-22T10:00:00.200Z'))).toBe(55);
    expect(secondsUntil(draw.closeAt, at('2026-11-22T10:02:00Z'))).toBe(0);
  });
  it('formats minutes, hours and days', () => {
    expect(formatCountdown(75)).toBe('01:15');
    expect(formatCountdown(4_000)).toBe('1:06:40');
    expect(formatCountdown(90_061)).toBe('1d 01:01:01');
  });
  it('loads the game again at close, then every 2 s until the next draw shows', () => {
    expect(nextGameRefetchMs(draw, at('2026-11-22T10:00:25Z'))).toBe(30_500);
    expect(nextGameRefetchMs(draw, at('2026-11-22T10:00:58Z'))).toBe(2_000);
    expect(nextGameRefetchMs({ ...draw, closeAt: '2026-11-23T10:00:00Z' }, at('2026-11-22T10:00:00Z'))).toBe(60_000);
    expect(nextGameRefetchMs(draw, null)).toBe(false);
  });
});
