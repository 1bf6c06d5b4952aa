import { AVATAR_MAX_BYTES } from '@playhall/contract/constants';
import { AVATAR_MAX_PIXELS, cleanImageUpload, type TCleanImage } from '../../lib/image-content.ts';

/** The static avatar set: ids 1..12, drawn by the server at img/avatars/<id>.svg. */
export const STATIC_AVATAR_COUNT = 12;
const COLOURS = ['#6142bf', '#d94a38', '#1f8a70', '#2d6cdf', '#f28c28', '#8c1c5c', '#0f9d58', '#b88a1b', '#00838f', '#5e35b1', '#c2185b', '#455a64'];

export type TAvatarRef = { avatarType: 'STATIC'; id: number } | { avatarType: 'CUSTOM'; id: string; ext: 'png' | 'jpg' };

/** users.avatar → what it names; null or anything unknown is the first static avatar. */
export function parseAvatar(stored: string | null): TAvatarRef {
  const custom = /^custom:([A-Za-z0-9_-]{16,64})\.(png|jpg)$/.exec(stored ?? '');
  if (custom?.[1] && custom[2]) return { avatarType: 'CUSTOM', id: custom[1], ext: custom[2] as 'png' | 'jpg' };
  const n = Number(/^static:(\d+)$/.exec(stored ?? '')?.[1]);
  return { avatarType: 'STATIC', id: Number.isInteger(n) && n >= 1 && n <= STATIC_AVATAR_COUNT ? n : 1 };
}

/** Image path relative to an image CDN host (like every artwork path). */
export function avatarUrl(ref: TAvatarRef): string {
  return ref.avatarType === 'STATIC' ? `img/avatars/${ref.id}.svg` : `img/avatars/custom/${ref.id}.${ref.ext}`;
}

export function staticAvatarSvg(id: number): string | null {
  if (!Number.isInteger(id) || id < 1 || id > STATIC_AVATAR_COUNT) return null;
  const colour = COLOURS[id - 1] ?? '#6142bf';
  // Head and shoulders over a tinted disc; every sixth turned a little so the set is not uniform.
  const tilt = ((id * 37) % 30) - 15;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96" role="img" aria-label="Avatar ${id}">
<circle cx="48" cy="48" r="48" fill="${colour}"/>
<circle cx="48" cy="48" r="44" fill="#fff" opacity=".12"/>
<g transform="rotate(${tilt} 48 56)" fill="#fff" opacity=".92"><circle cx="48" cy="38" r="16"/><path d="M18 84c4-18 16-26 30-26s26 8 30 26z"/></g>
</svg>`;
}

/** An avatar decoded and written anew (lib/image-content.ts), within AVATAR_MAX_BYTES and AVATAR_MAX_PIXELS. */
export function checkImage(upload: { mime: 'image/png' | 'image/jpeg'; data: string }): Promise<TCleanImage> {
  return cleanImageUpload(upload, { maxBytes: AVATAR_MAX_BYTES, maxPixels: AVATAR_MAX_PIXELS }, 'Avatars must be PNG or JPEG and under 1MB');
}
