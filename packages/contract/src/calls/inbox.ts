import { z } from 'zod';
import { defineCall, ZEmpty } from '../define.ts';
import { PAGE_FIELDS, pageOf, ZId, ZIdQuery, ZTime } from '../fields.ts';
import { FEEDBACK_CATEGORIES } from './system.ts';

// Feedback's request, types and limit live beside `system.feedback` (system.ts, part of the web shell's bundle).
export { FEEDBACK_CATEGORIES, FEEDBACK_MAX_CHARS, FEEDBACK_REQUEST, type TFeedbackCategory } from './system.ts';

// Messages, feedback and the chat room (issue 19). The spec names `CSP_unreadCount` and `POST /wps/feedback`
// (system.ts); the messageV2 page, the feedback history and the chat room have no call in the spec, so these
// are ours (docs/decisions.md, "Messages and realtime (issue 19)"). The WebSocket's frames are in
// `../realtime.ts`.

// ---------------------------------------------------------------- platform messages (messageV2)

/** system: the platform's own notices and events (deposit credited…); promotion: offers; personal: to this member. */
export const MESSAGE_KINDS = ['system', 'promotion', 'personal'] as const;
export type TMessageKind = (typeof MESSAGE_KINDS)[number];
export const MESSAGE_FILTERS = ['all', 'unread', ...MESSAGE_KINDS] as const;

export const ZMessageSummary = z.object({
  id: z.number().int(),
  kind: z.enum(MESSAGE_KINDS),
  title: z.string(),
  /** The first characters of the content as plain text (no markup). */
  preview: z.string(),
  read: z.boolean(),
  createdAt: ZTime,
});
export type TMessageSummary = z.infer<typeof ZMessageSummary>;

export const ZMessage = ZMessageSummary.omit({ preview: true }).extend({
  /** Sanitised HTML (operator messages) or plain text; the web sanitises it again before rendering. */
  content: z.string(),
});
export type TMessage = z.infer<typeof ZMessage>;

/** The member's messages, newest first, with the unread count of all of them (not only this page). */
export const listMessages = defineCall({
  name: 'messages.list',
  method: 'GET',
  path: '/wps/member/messages',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({ filter: z.enum(MESSAGE_FILTERS).default('all'), ...PAGE_FIELDS }),
  response: pageOf(ZMessageSummary).extend({ unread: z.number().int().min(0) }),
  issue: 19,
});

/** One message, whole; opening it marks it read. Someone else's id is `message_not_found`. */
export const readMessage = defineCall({
  name: 'messages.read',
  method: 'GET',
  path: '/wps/member/messages/detail',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({ id: ZIdQuery }),
  response: ZMessage,
  issue: 19,
});

const ZMessageIds = z.array(ZId).min(1).max(100);

/** Marks the given messages read (ids that are not the member's are ignored, and not counted). */
export const markMessagesRead = defineCall({
  name: 'messages.markRead',
  method: 'POST',
  path: '/wps/member/messages/read',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({ ids: ZMessageIds }),
  response: z.object({ updated: z.number().int().min(0), unread: z.number().int().min(0) }),
  issue: 19,
});

export const markAllMessagesRead = defineCall({
  name: 'messages.markAllRead',
  method: 'POST',
  path: '/wps/member/messages/readAll',
  moduleId: 'WPS',
  token: 'required',
  request: ZEmpty,
  response: z.object({ updated: z.number().int().min(0), unread: z.number().int().min(0) }),
  issue: 19,
});

/** Deletes the given messages for the member (ids that are not the member's are refused as a whole). */
export const deleteMessages = defineCall({
  name: 'messages.delete',
  method: 'POST',
  path: '/wps/member/messages/delete',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({ ids: ZMessageIds }),
  response: z.object({ deleted: z.number().int().min(0), unread: z.number().int().min(0) }),
  issue: 19,
});

// ---------------------------------------------------------------- feedback

export const ZFeedbackItem = z.object({
  id: z.number().int(),
  category: z.enum(FEEDBACK_CATEGORIES),
  content: z.string(),
  /**
   * The attached image, or null: `/img/feedback/<id>.png|jpg?exp=…&sig=…`, signed for this upload and valid for about an
   * hour (an `<img>` cannot send the session header); only its owner's list hands it out. Read the list again for a fresh one.
   */
  imageUrl: z.string().nullable(),
  status: z.enum(['open', 'replied']),
  reply: z.string().nullable(),
  repliedAt: ZTime.nullable(),
  createdAt: ZTime,
});
export type TFeedbackItem = z.infer<typeof ZFeedbackItem>;

/** The member's own feedback, newest first, with the operator's replies. */
export const listFeedback = defineCall({
  name: 'feedback.list',
  method: 'GET',
  path: '/wps/feedback/list',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({ ...PAGE_FIELDS }),
  response: pageOf(ZFeedbackItem),
  issue: 19,
});

// ---------------------------------------------------------------- chat room

/** Spec §2 modal; the room's text limit (the server refuses longer, the input stops there). */
export const CHAT_MAX_CHARS = 300;
/** How many earlier messages a client gets on joining a room or in one history page. */
export const CHAT_HISTORY_SIZE = 50;

export const ZChatRoom = z.object({
  id: z.number().int(),
  /** Stable key such as `lobby`; the web shows its translated name when it has one, else `name`. */
  code: z.string(),
  name: z.string(),
  /** Members with a socket in the room, on every server process, as of the last second or so. */
  online: z.number().int().min(0),
});
export type TChatRoom = z.infer<typeof ZChatRoom>;

export const ZChatMessage = z.object({
  id: z.number().int(),
  roomId: z.number().int(),
  /** Masked like the winner board (`mem***01`): members never see each other's full username. */
  author: z.string(),
  /** The author's VIP level, shown as a badge beside the name. */
  vipLevel: z.number().int().min(0),
  /** Plain text as written (the web renders it as text, never as HTML). */
  text: z.string(),
  createdAt: ZTime,
  /** True on the author's own messages (the web aligns them to the right). */
  mine: z.boolean(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

/** The open rooms. Visitors may read them too. */
export const chatRooms = defineCall({
  name: 'chat.rooms',
  method: 'GET',
  path: '/wps/chat/rooms',
  moduleId: 'WPS',
  token: 'optional',
  request: ZEmpty,
  response: z.object({
    rooms: z.array(ZChatRoom),
    /** For a member: may it write now, and if not why (muted until, banned); null for a visitor. */
    me: z
      .object({ canWrite: z.boolean(), mutedUntil: ZTime.nullable(), banned: z.boolean() })
      .nullable(),
  }),
  issue: 19,
});

/**
 * A room's messages, oldest first: the last `CHAT_HISTORY_SIZE` by default, those before `before` (scrolling
 * up) or those after `after` (catching up after a reconnect, up to `CHAT_HISTORY_SIZE` at a time).
 */
export const chatHistory = defineCall({
  name: 'chat.history',
  method: 'GET',
  path: '/wps/chat/history',
  moduleId: 'WPS',
  token: 'optional',
  request: z.strictObject({
    roomId: ZIdQuery,
    before: ZIdQuery.optional(),
    after: z.coerce.number().int().min(0).optional(),
  }),
  response: z.object({ list: z.array(ZChatMessage), more: z.boolean() }),
  issue: 19,
});

/**
 * A member writes in a room. The message reaches every socket in the room on every process; the answer is the
 * stored message. `clientId` makes a retried send store one message.
 */
export const chatSend = defineCall({
  name: 'chat.send',
  method: 'POST',
  path: '/wps/chat/send',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({
    roomId: ZId,
    text: z.string().trim().min(1).max(CHAT_MAX_CHARS),
    clientId: z.string().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/),
  }),
  response: ZChatMessage,
  issue: 19,
});
