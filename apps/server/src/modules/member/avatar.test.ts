import { describe, expect, it } from 'vitest';
import { avatarUrl, checkImage, parseAvatar, staticAvatarSvg } from './avatar.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);

describe('avatars', () => {
  it('are checked by content, not by the declared type', () => {
    expect(checkImage({ mime: 'image/png', data: PNG.toString('base64') })).toEqual(PNG);
    expect(checkImage({ mime: 'image/jpeg', data: JPEG.toString('base64') })).toEqual(JPEG);
    expect(() => checkImage({ mime: 'image/png', data: JPEG.toString('base64') })).toThrow(expect.objectContaining({ code: 'invalid_image' }));
    expect(() => checkImage({ mime: 'image/jpeg', data: Buffer.from('GIF89a....').toString('base64') })).toThrow(expect.objectContaining({ code: 'invalid_image' }));
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    expect(() => checkImage({ mime: 'image/png', data: big.toString('base64') })).toThrow(expect.objectContaining({ code: 'invalid_image' }));
  });

  it('stored references parse back, anything else is the first static avatar', () => {
    expect(avatarUrl(parseAvatar('static:5'))).toBe('img/avatars/5.svg');
    expect(avatarUrl(parseAvatar('custom:abcdefghijklmnopqrstuvwx.jpg'))).toBe('img/avatars/custom/abcdefghijklmnopqrstuvwx.jpg');
    for (const junk of [null, 'static:0', 'static:13', 'custom:../../etc.png', 'x']) expect(parseAvatar(junk)).toEqual({ avatarType: 'STATIC', id: 1 });
    expect(staticAvatarSvg(12)).toContain('<svg');
    expect(staticAvatarSvg(13)).toBeNull();
  });
});
