import { and, asc, eq, sql } from 'drizzle-orm';
import { rowsOf, type TTx } from '../../db/client.ts';
import { chatRooms, chatSanctions } from '../../db/schema.ts';

/** A stored message with what its readers see of the author (the username is masked before it leaves the server). */
export interface TChatRow {
  id: number;
  roomId: number;
  userId: number;
  username: string;
  vipLevel: number;
  text: string;
  createdAt: Date;
  deletedAt: Date | null;
}

export interface TChatRoomRow {
  id: number;
  code: string;
  name: string;
  enabled: boolean;
  sort: number;
}

export interface TSanction {
  mutedUntil: Date | null;
  banned: boolean;
  reason: string | null;
}

interface TRawChatRow {
  id: string | number;
  room_id: number;
  user_id: string | number;
  username: string;
  vip_level: number | null;
  text: string;
  created_at: string | Date;
  deleted_at: string | Date | null;
}

const toRow = (r: TRawChatRow): TChatRow => ({
  id: Number(r.id),
  roomId: Number(r.room_id),
  userId: Number(r.user_id),
  username: r.username,
  vipLevel: Number(r.vip_level ?? 0),
  text: r.text,
  createdAt: new Date(r.created_at),
  deletedAt: r.deleted_at === null ? null : new Date(r.deleted_at),
});

/** The author's name and VIP level beside each message (no member_vip row: level 0). */
const SELECT_MESSAGE = sql`
  select m.id, m.room_id, m.user_id, u.username, coalesce(v.level, 0) as vip_level, m.text, m.created_at, m.deleted_at
    from chat_messages m
    join users u on u.id = m.user_id
    left join member_vip v on v.user_id = m.user_id`;

/** Chat storage (tables of migration 0035): SQL only; every method takes a transaction or the database. */
export function createChatRepository() {
  return {
    async rooms(tx: TTx, merchantId: number, opts: { enabledOnly: boolean }): Promise<TChatRoomRow[]> {
      return tx
        .select({ id: chatRooms.id, code: chatRooms.code, name: chatRooms.name, enabled: chatRooms.enabled, sort: chatRooms.sort })
        .from(chatRooms)
        .where(opts.enabledOnly ? and(eq(chatRooms.merchantId, merchantId), eq(chatRooms.enabled, true)) : eq(chatRooms.merchantId, merchantId))
        .orderBy(asc(chatRooms.sort), asc(chatRooms.id));
    },

    /** The merchant's room of that id, if it is open. */
    async openRoom(tx: TTx, merchantId: number, roomId: number): Promise<TChatRoomRow | null> {
      const [row] = await tx
        .select({ id: chatRooms.id, code: chatRooms.code, name: chatRooms.name, enabled: chatRooms.enabled, sort: chatRooms.sort })
        .from(chatRooms)
        .where(and(eq(chatRooms.merchantId, merchantId), eq(chatRooms.id, roomId), eq(chatRooms.enabled, true)));
      return row ?? null;
    },

    async roomByCode(tx: TTx, merchantId: number, code: string): Promise<TChatRoomRow | null> {
      const [row] = await tx
        .select({ id: chatRooms.id, code: chatRooms.code, name: chatRooms.name, enabled: chatRooms.enabled, sort: chatRooms.sort })
        .from(chatRooms)
        .where(and(eq(chatRooms.merchantId, merchantId), eq(chatRooms.code, code)));
      return row ?? null;
    },

    /** Adds the room, or renames, re-sorts and reopens the one of that code. */
    async upsertRoom(tx: TTx, merchantId: number, room: { code: string; name: string; sort: number | null }): Promise<void> {
      await tx
        .insert(chatRooms)
        .values({ merchantId, code: room.code, name: room.name, sort: room.sort ?? 0, enabled: true })
        .onConflictDoUpdate({
          target: [chatRooms.merchantId, chatRooms.code],
          set: { name: room.name, enabled: true, ...(room.sort === null ? {} : { sort: room.sort }) },
        });
    },

    async setRoomEnabled(tx: TTx, merchantId: number, code: string, enabled: boolean): Promise<void> {
      await tx.update(chatRooms).set({ enabled }).where(and(eq(chatRooms.merchantId, merchantId), eq(chatRooms.code, code)));
    },

    /**
     * Messages not deleted, oldest first: the last `limit` (before an id, when given), or the first `limit` after an
     * id. One more is read to tell whether there are more beyond the page.
     */
    async page(tx: TTx, roomId: number, opts: { before?: number; after?: number; limit: number }): Promise<{ rows: TChatRow[]; more: boolean }> {
      const forward = opts.after !== undefined;
      const bound = forward ? sql`and m.id > ${opts.after}` : opts.before !== undefined ? sql`and m.id < ${opts.before}` : sql``;
      const raw = rowsOf<TRawChatRow>(
        await tx.execute(sql`${SELECT_MESSAGE}
          where m.room_id = ${roomId} and m.deleted_at is null ${bound}
          order by m.id ${forward ? sql`asc` : sql`desc`}
          limit ${opts.limit + 1}`),
      );
      const more = raw.length > opts.limit;
      const rows = raw.slice(0, opts.limit).map(toRow);
      return { rows: forward ? rows : rows.reverse(), more };
    },

    /** Whatever the state of the message, for the operator (full username) and for a retried send. */
    async byIds(tx: TTx, merchantId: number, ids: readonly number[]): Promise<TChatRow[]> {
      if (ids.length === 0) return [];
      return rowsOf<TRawChatRow>(
        await tx.execute(sql`${SELECT_MESSAGE}
          join chat_rooms r on r.id = m.room_id
          where r.merchant_id = ${merchantId} and m.id = any(${`{${ids.join(',')}}`}::bigint[])
          order by m.id`),
      ).map(toRow);
    },

    /** The operator's view of a room: the last `limit` messages, deleted ones too. */
    async recent(tx: TTx, roomId: number, limit: number): Promise<TChatRow[]> {
      return rowsOf<TRawChatRow>(await tx.execute(sql`${SELECT_MESSAGE} where m.room_id = ${roomId} order by m.id desc limit ${limit}`))
        .map(toRow)
        .reverse();
    },

    /**
     * Serialises one member's sends on every process until the transaction ends, so the rate limit counts what
     * the other send stored (two sends racing would both see the count before either).
     */
    async lockSender(tx: TTx, userId: number): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('chat_send'), (${userId}::bigint % 2147483647)::int)`);
    },

    async byClientId(tx: TTx, userId: number, clientId: string): Promise<TChatRow | null> {
      const [raw] = rowsOf<TRawChatRow>(await tx.execute(sql`${SELECT_MESSAGE} where m.user_id = ${userId} and m.client_id = ${clientId}`));
      return raw ? toRow(raw) : null;
    },

    /** The member's sends within the last `windowMs` (deleted ones count: a flood the operator cleaned is still a flood) and the latest one's age. */
    async recentSends(tx: TTx, userId: number, windowMs: number): Promise<{ count: number; lastAgeMs: number | null }> {
      const [row] = rowsOf<{ n: number; last_age_ms: number | null }>(
        await tx.execute(sql`
          select count(*)::int as n, (extract(epoch from now() - max(created_at)) * 1000)::float8 as last_age_ms
            from chat_messages
           where user_id = ${userId} and created_at > now() - make_interval(secs => ${windowMs / 1000})`),
      );
      return { count: Number(row?.n ?? 0), lastAgeMs: row?.last_age_ms === null || row?.last_age_ms === undefined ? null : Number(row.last_age_ms) };
    },

    async insert(tx: TTx, m: { roomId: number; userId: number; text: string; clientId: string }): Promise<number> {
      const [row] = rowsOf<{ id: string | number }>(
        await tx.execute(sql`
          insert into chat_messages (room_id, user_id, text, client_id) values (${m.roomId}, ${m.userId}, ${m.text}, ${m.clientId})
          returning id`),
      );
      if (!row) throw new Error('chat insert returned nothing');
      return Number(row.id);
    },

    /** Hides the messages from everyone; returns those this call deleted (already deleted ones are left as they were). */
    async softDelete(tx: TTx, ids: readonly number[], actor: string): Promise<{ id: number; roomId: number }[]> {
      return rowsOf<{ id: string | number; room_id: number }>(
        await tx.execute(sql`
          update chat_messages set deleted_at = now(), deleted_by = ${actor}
           where id = any(${`{${ids.join(',')}}`}::bigint[]) and deleted_at is null
          returning id, room_id`),
      ).map((r) => ({ id: Number(r.id), roomId: Number(r.room_id) }));
    },

    async sanction(tx: TTx, userId: number): Promise<TSanction | null> {
      const [row] = await tx
        .select({ mutedUntil: chatSanctions.mutedUntil, banned: chatSanctions.banned, reason: chatSanctions.reason })
        .from(chatSanctions)
        .where(eq(chatSanctions.userId, userId));
      return row ?? null;
    },

    async setSanction(
      tx: TTx,
      s: { userId: number; merchantId: number; mutedUntil?: Date | null; banned?: boolean; reason: string | null; actor: string },
    ): Promise<void> {
      const change = {
        ...(s.mutedUntil === undefined ? {} : { mutedUntil: s.mutedUntil }),
        ...(s.banned === undefined ? {} : { banned: s.banned }),
        reason: s.reason,
        updatedBy: s.actor,
        updatedAt: new Date(),
      };
      await tx
        .insert(chatSanctions)
        .values({ userId: s.userId, merchantId: s.merchantId, ...change })
        .onConflictDoUpdate({ target: chatSanctions.userId, set: change });
    },
  };
}

export type TChatRepository = ReturnType<typeof createChatRepository>;
