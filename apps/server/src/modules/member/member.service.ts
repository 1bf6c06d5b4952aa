import type { TMemberInfo } from '@playhall/contract/calls/auth';
import type { TLanguageCode } from '@playhall/contract/languages';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken, sha256Hex } from '../../lib/secrets.ts';
import type { TAccountRepository } from '../account/account.repository.ts';
import { requireAccount } from '../account/require-account.ts';
import type { TLoginRecordRepository } from '../account/login-record.repository.ts';
import { memberInfoOf } from '../account/member-info.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { avatarUrl, checkImage, parseAvatar, STATIC_AVATAR_COUNT } from './avatar.ts';
import type { TMemberRepository } from './member.repository.ts';
import { memberInfoOfSession } from '../account/member-info.repository.ts';
import { SESSION_TOKEN_MAX } from '../auth/session.service.ts';

/** The member's own account: info, first-login mark, language, avatar, login history (messages, feedback: modules/inbox). */
export function createMemberService(deps: {
  db: TDb;
  site: Pick<TSiteConfigLoader, 'get'>;
  accounts: Pick<TAccountRepository, 'byId' | 'update' | 'markFirstLoginDone'>;
  records: Pick<TLoginRecordRepository, 'page'>;
  repo: Pick<TMemberRepository, 'insertAvatar'>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  function avatarOf(stored: string | null) {
    const ref = parseAvatar(stored);
    return { avatar: avatarUrl(ref), avatarType: ref.avatarType };
  }

  return {
    /**
     * Member info of the session the token opens, checked in the same statement (sessionInHandler); the VIP level's name
     * in the reader's language (the Language header), else the site language, else the base text.
     */
    async infoOfToken(token: string | null, language: string | null): Promise<TMemberInfo> {
      const row = token && token.length <= SESSION_TOKEN_MAX ? await memberInfoOfSession(deps.db, sha256Hex(token), now()) : null;
      if (!row) throw new AppError('session_expired');
      const { merchant } = await deps.site.get();
      return memberInfoOf(row.user, row.uplineAccount, merchant.code, row.flags, row.vip, { language, fallback: merchant.defaultLanguage });
    },

    async markFirstLoginDone(userId: number): Promise<void> {
      await deps.accounts.markFirstLoginDone(deps.db, userId, now());
    },

    async setLanguage(userId: number, language: TLanguageCode): Promise<void> {
      await deps.accounts.update(deps.db, userId, { language });
    },

    async avatar(userId: number) {
      return avatarOf((await requireAccount(deps.accounts, deps.db, userId)).avatar);
    },

    avatarChoices() {
      return Array.from({ length: STATIC_AVATAR_COUNT }, (_, i) => ({
        id: String(i + 1),
        url: avatarUrl({ avatarType: 'STATIC', id: i + 1 }),
      }));
    },

    async setAvatar(
      userId: number,
      input: { avatarType: 'STATIC'; avatarId: string } | { avatarType: 'CUSTOM'; image: { mime: 'image/png' | 'image/jpeg'; data: string } },
    ) {
      let stored: string;
      if (input.avatarType === 'STATIC') {
        const id = Number(input.avatarId);
        if (!/^\d+$/.test(input.avatarId) || id < 1 || id > STATIC_AVATAR_COUNT) throw new AppError('not_found', null, 'No such avatar');
        stored = `static:${id}`;
      } else {
        const image = await checkImage(input.image);
        const id = randomToken(24);
        stored = `custom:${id}.${image.mime === 'image/png' ? 'png' : 'jpg'}`;
        await deps.db.transaction(async (tx) => {
          await deps.repo.insertAvatar(tx, { id, userId, mime: image.mime, data: image.bytes.toString('base64') });
          await deps.accounts.update(tx, userId, { avatar: stored });
        });
        return avatarOf(stored);
      }
      await deps.accounts.update(deps.db, userId, { avatar: stored });
      return avatarOf(stored);
    },

    async loginHistory(userId: number, page: number, pageSize: number) {
      const { list, total } = await deps.records.page(deps.db, userId, page, pageSize);
      return {
        list: list.map((r) => ({ time: r.createdAt.toISOString(), ip: r.ip, country: r.country, device: r.device, method: r.method })),
        total,
        page,
        pageSize,
      };
    },
  };
}

export type TMemberService = ReturnType<typeof createMemberService>;
