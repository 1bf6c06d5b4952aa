import type { FastifyInstance } from 'fastify';
import * as auth from '@playhall/contract/calls/auth';
import { AVATAR_MAX_BYTES } from '@playhall/contract/constants';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { requestLanguage } from '../../lib/content-language.ts';
import type { TCallRegistrar, TSession } from '../../plugins/contract-routes.ts';
import { staticAvatarSvg } from './avatar.ts';
import type { TMemberRepository } from './member.repository.ts';
import type { TMemberService } from './member.service.ts';
import type { TTwoFactorService } from './two-factor.service.ts';

function me(session: TSession | null): number {
  if (!session) throw new AppError('not_logged_in');
  return session.userId;
}

/** The member centre calls of the accounts issue. Guests may read their own info and avatar (messages: modules/inbox). */
export function registerMemberRoutes(
  calls: TCallRegistrar,
  app: FastifyInstance,
  deps: { db: TDb; member: TMemberService; twoFactor: TTwoFactorService; repo: Pick<TMemberRepository, 'avatar'> },
): void {
  const { member } = deps;
  calls.serve(auth.memberInfo, async (_input, { token, request }) => member.infoOfToken(token, requestLanguage(request)), { guests: true, sessionInHandler: true });
  calls.serve(auth.firstLogin, async (_input, { session }) => {
    await member.markFirstLoginDone(me(session));
    return null;
  }, { guests: true });
  calls.serve(auth.updateLanguage, async (input, { session }) => {
    await member.setLanguage(me(session), input.language);
    return null;
  }, { guests: true });
  calls.serve(auth.memberIcon, async (_input, { session }) => member.avatar(me(session)), { guests: true });
  calls.serve(auth.playerAvatar, async (_input, { session }) => ({ ...(await member.avatar(me(session))), choices: member.avatarChoices() }), {
    guests: true,
  });
  calls.serve(auth.updateIcon, async (input, { session }) => member.setAvatar(me(session), input), {
    // Base64 of the largest avatar plus the JSON around it.
    bodyLimit: Math.ceil(AVATAR_MAX_BYTES / 3) * 4 + 4096,
    rateLimit: { max: 20, timeWindow: '1 minute' },
  });
  calls.serve(auth.loginHistory, async (input, { session }) => member.loginHistory(me(session), input.page, input.pageSize));
  calls.serve(auth.totpSetup, async (_input, { session }) => deps.twoFactor.setup(me(session)), { rateLimit: { max: 10, timeWindow: '1 minute' } });
  calls.serve(auth.totpEnable, async (input, { session }) => {
    await deps.twoFactor.enable(me(session), input.code);
    return null;
  });
  calls.serve(auth.totpDisable, async (input, { session }) => {
    await deps.twoFactor.disable(me(session), input.code);
    return null;
  });

  app.get<{ Params: { file: string } }>('/img/avatars/:file', async (req, reply) => {
    const svg = staticAvatarSvg(Number(/^(\d{1,3})\.svg$/.exec(req.params.file)?.[1]));
    if (svg === null) throw new AppError('not_found');
    return reply.header('content-type', 'image/svg+xml; charset=utf-8').header('cache-control', 'public, max-age=86400').send(svg);
  });
  app.get<{ Params: { file: string } }>('/img/avatars/custom/:file', async (req, reply) => {
    const m = /^([A-Za-z0-9_-]{16,64})\.(png|jpg)$/.exec(req.params.file);
    const row = m?.[1] ? await deps.repo.avatar(deps.db, m[1]) : null;
    if (!row || (row.mime === 'image/png') !== (m?.[2] === 'png')) throw new AppError('not_found');
    // Stored as the decoder wrote it (lib/image-content.ts); the type is the decoded format, never sniffed.
    return reply
      .header('content-type', row.mime)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `inline; filename="avatar.${row.mime === 'image/png' ? 'png' : 'jpg'}"`)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
      .send(Buffer.from(row.data, 'base64'));
  });
}
