import { describe, expect, it } from 'vitest';
import { createRaster, encodePng } from '../../lib/png.ts';
import { avatarUrl, checkImage, parseAvatar, staticAvatarSvg } from './avatar.ts';

const PNG = encodePng(createRaster(4, 3, [10, 200, 30]));

describe('avatars', () => {
  it('are decoded by content, not trusted by the declared type, and kept under 1 MB', async () => {
    expect(await checkImage({ mime: 'image/png', data: PNG.toString('base64') })).toMatchObject({ mime: 'image/png', width: 4, height: 3 });
    await expect(checkImage({ mime: 'image/jpeg', data: PNG.toString('base64') })).rejects.toMatchObject({ code: 'invalid_image' });
    await expect(checkImage({ mime: 'image/png', data: Buffer.from('GIF89a....').toString('base64') })).rejects.toMatchObject({ code: 'invalid_image' });
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    await expect(checkImage({ mime: 'image/png', data: big.toString('base64') })).rejects.toMatchObject({ code: 'invalid_image', message: 'Avatars must be PNG or JPEG and under 1MB' });
  });

  it('stored references parse back, anything else is the first static avatar', () => {
    expect(avatarUrl(parseAvatar('static:5'))).toBe('img/avatars/5.svg');
    expect(avatarUrl(parseAvatar('custom:abcdefghijklmnopqrstuvwx.jpg'))).toBe('img/avatars/custom/abcdefghijklmnopqrstuvwx.jpg');
    for (const junk of [null, 'static:0', 'static:13', 'custom:../../etc.png', 'x']) expect(parseAvatar(junk)).toEqual({ avatarType: 'STATIC', id: 1 });
    expect(staticAvatarSvg(12)).toContain('<svg');
    expect(staticAvatarSvg(13)).toBeNull();
  });
});
