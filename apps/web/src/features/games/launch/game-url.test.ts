import { describe, expect, it } from 'vitest';
import { frameableUrl } from './game-url.ts';

describe('frameableUrl', () => {
  const origin = 'https://play.test';
  it('accepts http(s) and site paths; a URL of this site stays a path', () => {
    expect(frameableUrl('https://games.test/x?y=1', origin)).toBe('https://games.test/x?y=1');
    expect(frameableUrl('/house/dice.html#token=t', origin)).toBe('/house/dice.html#token=t');
    expect(frameableUrl('https://play.test/house/slot.html?a=1', origin)).toBe('/house/slot.html?a=1');
  });
  it('refuses script and data URLs and nothing', () => {
    expect(frameableUrl('javascript:alert(1)', origin)).toBeNull();
    expect(frameableUrl('data:text/html,<script>1</script>', origin)).toBeNull();
    expect(frameableUrl(null, origin)).toBeNull();
    expect(frameableUrl('', origin)).toBeNull();
  });
});
