/**
 * Customer-service paths (spec §7): each path travels encrypted, its last 8 characters being the key.
 * This keeps chat links out of naive scrapers, as the original portal did with DES; it is not a
 * secret (the key ships with it). AES-256-GCM under SHA-256(key), body base64url(iv ‖ ciphertext ‖ tag).
 * WebCrypto only, so the server and the browser share this file.
 */
const KEY_CHARS = 8;

function toBase64Url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

async function aesKey(key: string): Promise<Awaited<ReturnType<typeof crypto.subtle.importKey>>> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
  return crypto.subtle.importKey('raw', digest, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

export async function sealCsPath(url: string, key: string): Promise<string> {
  if (key.length !== KEY_CHARS) throw new Error(`customer-service key must be ${KEY_CHARS} characters`);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await aesKey(key), new TextEncoder().encode(url)));
  const body = new Uint8Array(iv.length + sealed.length);
  body.set(iv);
  body.set(sealed, iv.length);
  return toBase64Url(body) + key;
}

/** The URL inside a sealed path, or null when it does not open. */
export async function openCsPath(path: string): Promise<string | null> {
  if (path.length <= KEY_CHARS) return null;
  try {
    const body = fromBase64Url(path.slice(0, -KEY_CHARS));
    const key = await aesKey(path.slice(-KEY_CHARS));
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: body.slice(0, 12) }, key, body.slice(12));
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

/** pathList entry types: '3' live chat (the one the portal opens), '2' messaging app. */
export const CS_PATH_TYPES = { CS_LIVECHAT: '3', CS_MESSENGER: '2' } as const;
