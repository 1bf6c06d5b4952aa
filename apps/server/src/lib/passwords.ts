import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes, 1 lane: OWASP's baseline). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Verified against when the account does not exist, so a miss costs what a wrong password costs.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$dszFBVNEQUZHlMDmtpqOlg$fk6S3Jd9RPBG6tXbHFkrW6GqHHgvgBPzMofISRh9jZQ';

/** True when `password` matches `stored`; a null hash (no password set) never matches, in the same time. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  try {
    const ok = await verify(stored ?? DUMMY_HASH, password);
    return stored !== null && ok;
  } catch {
    return false;
  }
}
