import { encode } from 'uqr';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createRaster, encodePng, setPixel } from '../../lib/png.ts';
import { newTotpSecret, otpauthUrl } from '../../lib/totp.ts';
import type { TAccountRepository } from '../account/account.repository.ts';
import { requireAccount } from '../account/require-account.ts';
import type { TTotpCheck } from '../account/totp-check.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';

const QR_SCALE = 6;

/** A QR code as a PNG (black on white, a quiet zone of 4 modules). */
export function qrPng(text: string): Buffer {
  const { size, data } = encode(text, { border: 4, ecc: 'M' });
  const raster = createRaster(size * QR_SCALE, size * QR_SCALE, [255, 255, 255]);
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < QR_SCALE; dy++) for (let dx = 0; dx < QR_SCALE; dx++) setPixel(raster, x * QR_SCALE + dx, y * QR_SCALE + dy, [0, 0, 0]);
    }),
  );
  return encodePng(raster);
}

/**
 * Two-factor login with an authenticator app (securityCenter): setup keeps a fresh secret aside,
 * enable turns it on once a code from the app proves the enrolment, disable needs a code too.
 */
export function createTwoFactorService(deps: {
  db: TDb;
  site: Pick<TSiteConfigLoader, 'get'>;
  accounts: Pick<TAccountRepository, 'byId' | 'update'>;
  checkTotp: TTotpCheck;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  return {
    async setup(userId: number): Promise<{ secret: string; otpauthUrl: string; qrCode: string }> {
      const user = await requireAccount(deps.accounts, deps.db, userId);
      if (user.totpEnabledAt) throw new AppError('conflict', null, 'Two-factor login is already on; turn it off first');
      const secret = newTotpSecret();
      await deps.accounts.update(deps.db, userId, { totpSecret: secret, totpLastStep: null });
      const url = otpauthUrl((await deps.site.get()).merchant.name, user.username, secret);
      return { secret, otpauthUrl: url, qrCode: qrPng(url).toString('base64') };
    },
    async enable(userId: number, code: string): Promise<void> {
      const user = await requireAccount(deps.accounts, deps.db, userId);
      if (user.totpEnabledAt) return;
      if (!user.totpSecret) throw new AppError('conflict', null, 'Set up two-factor login first');
      await deps.checkTotp(user, code);
      await deps.accounts.update(deps.db, userId, { totpEnabledAt: now() });
    },
    async disable(userId: number, code: string): Promise<void> {
      const user = await requireAccount(deps.accounts, deps.db, userId);
      if (!user.totpEnabledAt) throw new AppError('conflict', null, 'Two-factor login is off');
      await deps.checkTotp(user, code);
      await deps.accounts.update(deps.db, userId, { totpEnabledAt: null, totpSecret: null, totpLastStep: null });
    },
  };
}

export type TTwoFactorService = ReturnType<typeof createTwoFactorService>;
