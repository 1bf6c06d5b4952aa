/**
 * The captcha-provider interface (spec §3: the login payload's "captcha-provider fields", §4:
 * registration's "captcha-provider check"). A provider gives the web what to render and checks the
 * answer on the server. The built-in image captcha (captcha.service.ts) is the default and the only
 * one shipped; a third-party widget would implement the same two methods, reading `captchaToken`.
 */
export interface TCaptchaFields {
  /** Image captcha: the id from GET /wps/captcha and the typed characters. */
  captchaId?: string;
  captcha?: string;
  /** A widget provider's response token. */
  captchaToken?: string;
}

/** What the web draws: the image captcha's PNG (base64) and the id to send back. */
export interface TCaptchaRender {
  image: string;
  captchaId: string;
  expiresInSeconds: number;
}

export interface TCaptchaProvider {
  readonly kind: 'image';
  issue(): Promise<TCaptchaRender>;
  /**
   * Checks and uses up an answer: missing fields `captcha_required`, a wrong, expired or used one
   * `captcha_failed`. `value` goes into the refusal (the login's captcha flag).
   */
  check(fields: TCaptchaFields, value?: unknown): Promise<void>;
}
