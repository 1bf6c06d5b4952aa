import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDb, TTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { publishChatFrame } from './chat.publish.ts';
import { createChatRepository, type TChatRow } from './chat.repository.ts';
import { standingOf } from './chat.service.ts';

/** `npm run ops -- chat …` as data (ops.command.ts puts these in its union and hands `chat` argv here), and what each does. */

const ZUsername = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, 'username: 4–32 letters, digits or _, starting with a letter');
const ZRoomCode = z.string().regex(/^[a-z][a-z0-9_-]{1,31}$/, 'a room code: 2–32 lower-case letters, digits, - or _, starting with a letter, e.g. lobby');
const ZReason = z.string().trim().min(1).max(500).nullable();
/** A year at most: a longer silence is a ban. */
const MAX_MUTE_MINUTES = 525_600;

export const CHAT_COMMANDS = [
  z.strictObject({ kind: z.literal('chat.room.list') }),
  z.strictObject({
    kind: z.literal('chat.room.add'),
    code: ZRoomCode,
    name: z.string().trim().min(1, '--name is required').max(60),
    sort: z.number().int().min(0).max(1000).nullable(),
  }),
  z.strictObject({ kind: z.literal('chat.room.set'), code: ZRoomCode, on: z.boolean() }),
  z.strictObject({ kind: z.literal('chat.mute'), username: ZUsername, minutes: z.number().int().min(1).max(MAX_MUTE_MINUTES), reason: ZReason }),
  z.strictObject({ kind: z.literal('chat.unmute'), username: ZUsername }),
  z.strictObject({ kind: z.literal('chat.ban'), username: ZUsername, reason: ZReason }),
  z.strictObject({ kind: z.literal('chat.unban'), username: ZUsername }),
  z.strictObject({ kind: z.literal('chat.delete'), ids: z.array(z.number().int().positive()).min(1).max(1000) }),
  z.strictObject({ kind: z.literal('chat.history'), room: ZRoomCode, limit: z.number().int().min(1).max(1000) }),
] as const;
export type TChatCommand = z.infer<(typeof CHAT_COMMANDS)[number]>;

export const CHAT_USAGE = `  chat room list                             the chat rooms: id, code, open or closed, name
  chat room add <code> --name <t> [--sort N] add a room, or rename, re-sort and reopen the room of that code
  chat room disable|enable <code>            close a room (it leaves the list; history is kept) or reopen it
  chat history <room code> [--limit N]       a room's latest messages with full usernames, deleted ones marked
  chat delete <messageId…>                   hide messages from everyone (they leave every open chat at once)
  chat mute <username> --minutes N [--reason <t>]
                                             the member may read but not write until then (its open chat shows it)
  chat unmute <username>                     lift a mute
  chat ban <username> [--reason <t>]         the member may not write in any room until unbanned
  chat unban <username>                      lift a ban`;

export const CHAT_OPTIONS = new Set(['name', 'sort', 'limit', 'minutes', 'reason']);

export class ChatArgsError extends Error {}
export class ChatRefusal extends Error {}

function onlyOptions(options: ReadonlyMap<string, string>, allowed: string[], what: string): void {
  for (const name of options.keys()) if (!allowed.includes(name)) throw new ChatArgsError(`--${name} does not apply to "chat ${what}"`);
}

function wholeNumber(name: string, text: string | undefined): number {
  if (!/^[0-9]{1,7}$/.test(text ?? '')) throw new ChatArgsError(`--${name} must be a whole number, not "${text ?? ''}"`);
  return Number(text);
}

/** `chat …` (after the word chat) to a command (validated by ops.command.ts's union). */
export function chatArgs(positional: readonly string[], options: ReadonlyMap<string, string>): unknown {
  const [sub, a, b, c] = positional;
  const reason = options.get('reason') ?? null;
  const oneUser = (what: string, allowed: string[]) => {
    onlyOptions(options, allowed, what);
    if (!a || b !== undefined) throw new ChatArgsError(`chat ${what} needs one username, e.g. chat ${what} member01`);
    return a;
  };
  switch (sub) {
    case 'room':
      if (a === 'list') {
        onlyOptions(options, [], 'room list');
        if (b !== undefined) throw new ChatArgsError(`unexpected argument "${b}"`);
        return { kind: 'chat.room.list' };
      }
      if (a === 'add') {
        onlyOptions(options, ['name', 'sort'], 'room add');
        if (!b || c !== undefined) throw new ChatArgsError('chat room add needs one room code, e.g. chat room add vip --name "VIP lounge"');
        if (!options.has('name')) throw new ChatArgsError('chat room add needs --name');
        return { kind: 'chat.room.add', code: b, name: options.get('name'), sort: options.has('sort') ? wholeNumber('sort', options.get('sort')) : null };
      }
      if (a === 'disable' || a === 'enable') {
        onlyOptions(options, [], `room ${a}`);
        if (!b || c !== undefined) throw new ChatArgsError(`chat room ${a} needs one room code, e.g. chat room ${a} sports`);
        return { kind: 'chat.room.set', code: b, on: a === 'enable' };
      }
      throw new ChatArgsError('chat room supports: list, add, disable, enable');
    case 'history':
      onlyOptions(options, ['limit'], 'history');
      if (!a || b !== undefined) throw new ChatArgsError('chat history needs one room code, e.g. chat history lobby');
      return { kind: 'chat.history', room: a, limit: options.has('limit') ? wholeNumber('limit', options.get('limit')) : 50 };
    case 'delete': {
      onlyOptions(options, [], 'delete');
      const ids = positional.slice(1);
      if (ids.length === 0) throw new ChatArgsError('chat delete needs message ids (see chat history), e.g. chat delete 120 121');
      const bad = ids.find((id) => !/^[1-9][0-9]{0,15}$/.test(id));
      if (bad !== undefined) throw new ChatArgsError(`"${bad}" is not a message id`);
      return { kind: 'chat.delete', ids: [...new Set(ids.map(Number))] };
    }
    case 'mute': {
      const username = oneUser('mute', ['minutes', 'reason']);
      if (!options.has('minutes')) throw new ChatArgsError('chat mute needs --minutes, e.g. chat mute member01 --minutes 30');
      return { kind: 'chat.mute', username, minutes: wholeNumber('minutes', options.get('minutes')), reason };
    }
    case 'ban':
      return { kind: 'chat.ban', username: oneUser('ban', ['reason']), reason };
    case 'unmute':
    case 'unban':
      return { kind: `chat.${sub}`, username: oneUser(sub, []) };
    default:
      throw new ChatArgsError('chat supports: room list|add|disable|enable, history, delete, mute, unmute, ban, unban');
  }
}

type TAudit = (tx: TTx, entry: { target: string; before: unknown; after: unknown; reason?: string | null }) => Promise<unknown>;

const repo = createChatRepository();

function messageLine(m: TChatRow): string {
  return [m.id, m.createdAt.toISOString(), m.username, `VIP${m.vipLevel}`, m.deletedAt ? `[deleted ${m.deletedAt.toISOString()}]` : '', JSON.stringify(m.text)]
    .filter(Boolean)
    .join('\t');
}

async function memberOf(tx: TTx, merchantId: number, username: string): Promise<{ id: number; username: string }> {
  const [row] = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.merchantId, merchantId), sql`lower(${users.username}) = lower(${username})`));
  if (!row) throw new ChatRefusal(`no account ${username}`);
  return row;
}

/**
 * Runs one chat command: each change and its audit row in one transaction, then (after the commit) the frame that
 * makes every connected client follow: a deletion to the room, a standing to the member's sockets.
 */
export async function runChatCommand(db: TDb, merchantId: number, actor: string, cmd: TChatCommand, audit: TAudit): Promise<{ message: string; data?: unknown }> {
  switch (cmd.kind) {
    case 'chat.room.list': {
      const rooms = await repo.rooms(db, merchantId, { enabledOnly: false });
      return { message: rooms.map((r) => [r.id, r.code, r.enabled ? 'open' : 'closed', r.sort, r.name].join('\t')).join('\n') || 'no chat rooms', data: rooms };
    }
    case 'chat.room.add':
      return db.transaction(async (tx) => {
        const before = await repo.roomByCode(tx, merchantId, cmd.code);
        await repo.upsertRoom(tx, merchantId, { code: cmd.code, name: cmd.name, sort: cmd.sort });
        const after = await repo.roomByCode(tx, merchantId, cmd.code);
        await audit(tx, { target: `chatRoom:${cmd.code}`, before, after });
        return { message: `${before ? 'room changed' : 'room added'}: ${after?.id}\t${cmd.code}\topen\t${after?.name}`, data: after };
      });
    case 'chat.room.set':
      return db.transaction(async (tx) => {
        const before = await repo.roomByCode(tx, merchantId, cmd.code);
        if (!before) throw new ChatRefusal(`no chat room ${cmd.code} (see chat room list)`);
        await repo.setRoomEnabled(tx, merchantId, cmd.code, cmd.on);
        await audit(tx, { target: `chatRoom:${cmd.code}`, before: { enabled: before.enabled }, after: { enabled: cmd.on } });
        const state = `${cmd.code} is ${cmd.on ? 'open' : 'closed'}${before.enabled === cmd.on ? ' (it already was)' : ''}`;
        return { message: cmd.on ? state : `${state}: it leaves the room list, and joining or writing in it is refused; its history is kept` };
      });
    case 'chat.history': {
      const room = await repo.roomByCode(db, merchantId, cmd.room);
      if (!room) throw new ChatRefusal(`no chat room ${cmd.room} (see chat room list)`);
      const rows = await repo.recent(db, room.id, cmd.limit);
      return { message: rows.map(messageLine).join('\n') || `no messages in ${cmd.room}`, data: rows };
    }
    case 'chat.delete': {
      const deleted = await db.transaction(async (tx) => {
        const found = await repo.byIds(tx, merchantId, cmd.ids);
        const missing = cmd.ids.filter((id) => !found.some((m) => m.id === id));
        if (missing.length > 0) throw new ChatRefusal(`no chat message ${missing.join(', ')}: nothing was deleted`);
        const done = await repo.softDelete(tx, cmd.ids, actor);
        if (done.length > 0) {
          await audit(tx, {
            target: `chatMessages:${done.map((d) => d.id).join(',')}`,
            before: found.filter((m) => done.some((d) => d.id === m.id)).map((m) => ({ id: m.id, roomId: m.roomId, username: m.username, text: m.text })),
            after: { deleted: true },
          });
        }
        return done;
      });
      const byRoom = new Map<number, number[]>();
      for (const d of deleted) byRoom.set(d.roomId, [...(byRoom.get(d.roomId) ?? []), d.id]);
      for (const [roomId, ids] of byRoom) await publishChatFrame(db, { roomId }, { t: 'chatDeleted', roomId, ids });
      const already = cmd.ids.length - deleted.length;
      return { message: `${deleted.length} deleted${already > 0 ? `, ${already} already were` : ''}`, data: { deleted: deleted.map((d) => d.id) } };
    }
    case 'chat.mute':
    case 'chat.unmute':
    case 'chat.ban':
    case 'chat.unban': {
      const now = new Date();
      const { member, standing } = await db.transaction(async (tx) => {
        const member = await memberOf(tx, merchantId, cmd.username);
        const before = await repo.sanction(tx, member.id);
        const change =
          cmd.kind === 'chat.mute' ? { mutedUntil: new Date(now.getTime() + cmd.minutes * 60_000), reason: cmd.reason }
          : cmd.kind === 'chat.unmute' ? { mutedUntil: null, reason: before?.reason ?? null }
          : cmd.kind === 'chat.ban' ? { banned: true, reason: cmd.reason }
          : { banned: false, reason: before?.reason ?? null };
        await repo.setSanction(tx, { userId: member.id, merchantId, actor, ...change });
        const after = await repo.sanction(tx, member.id);
        await audit(tx, { target: `user:${member.username}`, before: before ?? null, after, reason: 'reason' in cmd ? cmd.reason : null });
        return { member, standing: standingOf(after, now) };
      });
      await publishChatFrame(db, { userId: member.id }, { t: 'chatMe', ...standing });
      const what =
        standing.banned ? 'banned: may read but not write in any room'
        : standing.mutedUntil ? `muted until ${standing.mutedUntil}`
        : 'may write';
      return { message: `${member.username} ${what}`, data: standing };
    }
  }
}
