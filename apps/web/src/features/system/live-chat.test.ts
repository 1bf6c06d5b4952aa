import { describe, expect, it } from 'vitest';
import { sealCsPath } from '@playhall/contract/cs-path';
import { liveChatUrl } from './live-chat.ts';

describe('liveChatUrl', () => {
  it('opens the type 3 path with the key in its last 8 characters', async () => {
    const list = [
      { type: '2', path: await sealCsPath('https://t.me/playhall', 'k2k2k2k2') },
      { type: '3', path: await sealCsPath('https://chat.example/room?x=1', 'Ab3_dE9-') },
    ];
    expect(await liveChatUrl(list)).toBe('https://chat.example/room?x=1');
  });

  it('keeps a path of this site', async () => {
    expect(await liveChatUrl([{ type: '3', path: await sealCsPath('/helpmc?topic=contact', '12345678') }])).toBe('/helpmc?topic=contact');
  });

  it('is null without a live-chat entry, for a path that does not open, and for an unsafe link', async () => {
    expect(await liveChatUrl([])).toBeNull();
    expect(await liveChatUrl([{ type: '3', path: 'not-sealed-at-all' }])).toBeNull();
    const sealed = await sealCsPath('https://chat.example', 'abcdefgh');
    expect(await liveChatUrl([{ type: '3', path: `${sealed.slice(0, -8)}abcdefgX` }])).toBeNull();
    expect(await liveChatUrl([{ type: '3', path: await sealCsPath('javascript:alert(1)', 'abcdefgh') }])).toBeNull();
  });
});
