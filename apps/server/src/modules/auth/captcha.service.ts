import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomText, randomToken, sameDigest, sha256Hex } from '../../lib/secrets.ts';
import { CAPTCHA_ALPHABET, renderCaptcha } from './captcha.image.ts';
import type { TCaptchaFields, TCaptchaProvider } from './captcha.provider.ts';
import type { TCaptchaRepository } from './captcha.repository.ts';

export const CAPTCHA_TTL_SECONDS = 120;
/** Matches the seeded register rule of `captcha` (pattern 14, 4 characters). */
export const CAPTCHA_LENGTH = 4;

function hashAnswer(id: string, answer: string): string {
  return sha256Hex(`${id}:${answer.trim().toUpperCase()}`);
}

/**
 * The built-in image captcha, the default TCaptchaProvider: single-use (taken from the database when
 * checked) and short-lived. `issue` also answers the text, for tests only (the routes send the picture).
 */
export function createCaptchaService(deps: { db: TDb; repo: Pick<TCaptchaRepository, 'insert' | 'take'>; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    kind: 'image' as const,
    async issue(): Promise<{ image: string; captchaId: string; expiresInSeconds: number; answer: string }> {
      const answer = randomText(CAPTCHA_ALPHABET, CAPTCHA_LENGTH);
      const captchaId = randomToken(18);
      await deps.repo.insert(deps.db, {
        id: captchaId,
        answerHash: hashAnswer(captchaId, answer),
        expiresAt: new Date(now().getTime() + CAPTCHA_TTL_SECONDS * 1000),
      });
      return { image: renderCaptcha(answer).toString('base64'), captchaId, expiresInSeconds: CAPTCHA_TTL_SECONDS, answer };
    },
    /**
     * Checks and uses up a captcha: missing fields give `captcha_required`, a wrong, expired or
     * already used one `captcha_failed`. `value` goes into the refusal (the login's captcha flag).
     */
    async check(input: TCaptchaFields, value: unknown = null): Promise<void> {
      if (!input.captchaId || !input.captcha?.trim()) throw new AppError('captcha_required', value);
      const row = await deps.repo.take(deps.db, input.captchaId);
      const fits = row !== null && row.expiresAt > now() && sameDigest(row.answerHash, hashAnswer(input.captchaId, input.captcha));
      if (!fits) throw new AppError('captcha_failed', value);
    },
  } satisfies TCaptchaProvider;
}

export type TCaptchaService = ReturnType<typeof createCaptchaService>;
