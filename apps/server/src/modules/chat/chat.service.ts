import { CHAT_HISTORY_SIZE, type TChatMessage, type TChatRoom } from '@playhall/contract/calls/inbox';
import type { TServerFrame } from '@playhall/contract/realtime';
import type { TDb } from '../../db/client.ts';
import { AppError, invalidInput } from '../../lib/app-error.ts';
import { maskAccount } from '../games/catalogue.service.ts';
import type { TRealtimeHub } from '../realtime/hub.ts';
import type { TChatRepository, TChatRow, TSanction } from './chat.repository.ts';
import { cleanChatText } from './chat.text.ts';

/**
 * A member may send `max` messages in any `windowMs`, and never two within `gapMs` (docs/decisions.md, "Messages
 * and realtime (issue 19)"): a person typing stays far below both; a script is stopped at the first burst.
 */
export const CHAT_RATE = { max: 5, windowMs: 10_000, gapMs: 1_000 } as const;

export interface TChatStanding {
  canWrite: boolean;
  mutedUntil: string | null;
  banned: boolean;
}

/** A stored message as a reader sees it: the author masked like the winner board, `mine` for the reader's own. */
export function toChatMessage(row: TChatRow, viewerId: number | null): TChatMessage {
  return {
    id: row.id,
    roomId: row.roomId,
    author: maskAccount(row.username),
    vipLevel: row.vipLevel,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    mine: viewerId !== null && row.userId === viewerId,
  };
}

/** Whether the member may write now, from its sanction row (none: it may). */
export function standingOf(s: TSanction | null, now: Date): TChatStanding {
  const muted = s?.mutedUntil && s.mutedUntil > now ? s.mutedUntil : null;
  const banned = s?.banned ?? false;
  return { canWrite: !muted && !banned, mutedUntil: muted ? muted.toISOString() : null, banned };
}

/** The chat room's calls and the join answer (issue 19): rooms, history, send. */
export function createChatService(deps: {
  db: TDb;
  repo: TChatRepository;
  hub: Pick<TRealtimeHub, 'publishRoom' | 'roomOnline'>;
  rate?: { max: number; windowMs: number; gapMs: number };
  now?: () => Date;
  /** A fan-out that failed after the commit: the message is stored, and clients catch up from history. */
  log?: (err: unknown) => void;
}) {
  const { db, repo, hub } = deps;
  const rate = deps.rate ?? CHAT_RATE;
  const now = deps.now ?? (() => new Date());

  async function openRoom(merchantId: number, roomId: number) {
    const room = await repo.openRoom(db, merchantId, roomId);
    if (!room) throw new AppError('chat_room_not_found');
    return room;
  }

  return {
    /** Open rooms with their online counts; for a member, whether it may write (a free-play guest may not). */
    async rooms(merchantId: number, viewer: { userId: number; guest: boolean } | null): Promise<{ rooms: TChatRoom[]; me: TChatStanding | null }> {
      const rows = await repo.rooms(db, merchantId, { enabledOnly: true });
      const rooms = rows.map((r) => ({ id: r.id, code: r.code, name: r.name, online: hub.roomOnline(r.id) }));
      if (!viewer) return { rooms, me: null };
      const standing = standingOf(await repo.sanction(db, viewer.userId), now());
      return { rooms, me: viewer.guest ? { ...standing, canWrite: false } : standing };
    },

    async history(merchantId: number, viewerId: number | null, input: { roomId: number; before?: number; after?: number }) {
      await openRoom(merchantId, input.roomId);
      const page = await repo.page(db, input.roomId, { before: input.before, after: input.after, limit: CHAT_HISTORY_SIZE });
      return { list: page.rows.map((r) => toChatMessage(r, viewerId)), more: page.more };
    },

    /** What a socket gets on joining a room (the hub sends it). */
    async joined(ctx: { userId: number | null; merchantId: number; roomId: number }): Promise<TServerFrame> {
      await openRoom(ctx.merchantId, ctx.roomId);
      const page = await repo.page(db, ctx.roomId, { limit: CHAT_HISTORY_SIZE });
      return { t: 'joined', roomId: ctx.roomId, history: page.rows.map((r) => toChatMessage(r, ctx.userId)), online: hub.roomOnline(ctx.roomId) };
    },

    /**
     * Stores the message and sends it to the room on every process. A retry with the same clientId answers the
     * stored message and sends nothing again; refusals (room, mute, ban, rate) store nothing.
     */
    async send(merchantId: number, userId: number, input: { roomId: number; text: string; clientId: string }): Promise<TChatMessage> {
      const text = cleanChatText(input.text);
      if (text.length === 0) throw invalidInput([{ path: 'text', message: 'required' }]);
      const at = now();
      const stored = await db.transaction(async (tx) => {
        await repo.lockSender(tx, userId);
        const earlier = await repo.byClientId(tx, userId, input.clientId);
        if (earlier) return { row: earlier, fresh: false };
        if (!(await repo.openRoom(tx, merchantId, input.roomId))) throw new AppError('chat_room_not_found');
        const standing = standingOf(await repo.sanction(tx, userId), at);
        if (standing.banned) throw new AppError('chat_banned');
        if (standing.mutedUntil) throw new AppError('chat_muted', { until: standing.mutedUntil });
        const recent = await repo.recentSends(tx, userId, rate.windowMs);
        if (recent.count >= rate.max || (recent.lastAgeMs !== null && recent.lastAgeMs < rate.gapMs)) throw new AppError('chat_rate_limited');
        const id = await repo.insert(tx, { roomId: input.roomId, userId, text, clientId: input.clientId });
        const [row] = await repo.byIds(tx, merchantId, [id]);
        if (!row) throw new Error(`chat message ${id} vanished`);
        return { row, fresh: true };
      });
      // After the commit, so a client that reads history on receiving it finds it there. A failed fan-out does not
      // fail the send: the message is stored, and clients catch up with `after` when they reconnect.
      if (stored.fresh) {
        await hub
          .publishRoom(stored.row.roomId, { t: 'chat', message: toChatMessage(stored.row, null) }, { authorUserId: userId })
          .catch((err: unknown) => deps.log?.(err));
      }
      return toChatMessage(stored.row, userId);
    },
  };
}

export type TChatService = ReturnType<typeof createChatService>;
