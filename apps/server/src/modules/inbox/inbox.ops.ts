import fs from 'node:fs';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MESSAGE_KINDS } from '@playhall/contract/calls/inbox';
import { ZLanguageCode } from '@playhall/contract/languages';
import { rowsOf, type TDb, type TTx } from '../../db/client.ts';
import { auditLog, feedback, messageBatches, users, type TContentTexts } from '../../db/schema.ts';
import { sanitizedFields } from '../../lib/content-language.ts';
import { sanitizeOperatorHtml } from '../../lib/sanitize.ts';
import { writeEventMessage } from './event-messages.ts';
import { sendMessageBatch, type TSegment } from './message-send.ts';
import { cleanPlainText } from './message-text.ts';

/**
 * `npm run ops -- message …` and `feedback …` as data (ops.command.ts puts these in its union and hands the argv
 * here), and what each does. Every change writes its audit row in its own transaction.
 */

const ZName = z.string().regex(/^[A-Za-z][A-Za-z0-9_.@+-]{0,63}$/, 'a username');
/** The longest operator reply to feedback (plain text). */
export const FEEDBACK_REPLY_MAX = 1000;
/** The largest `--texts` file: it travels inside the command (through the operator API on the embedded database). */
export const MESSAGE_TEXTS_MAX_BYTES = 1024 * 1024;

const ZTitle = z.string().trim().min(1, '--title is required').max(200);
const ZContent = z.string().min(1, '--content is required').max(20_000);
/** One language's text of a message: its title, its content, or both; what it lacks falls back (content-language.ts). */
const ZMessageText = z
  .strictObject({ title: ZTitle.optional(), content: ZContent.optional() })
  .refine((t) => t.title !== undefined || t.content !== undefined, 'a language needs a title, a content or both');

export const INBOX_COMMANDS = [
  z.strictObject({
    kind: z.literal('message.send'),
    title: ZTitle,
    content: ZContent,
    /** The message in other languages (`--texts <file.json>`), by language code. */
    texts: z.partialRecord(ZLanguageCode, ZMessageText).optional(),
    messageKind: z.enum(MESSAGE_KINDS),
    to: z.discriminatedUnion('to', [
      z.strictObject({ to: z.literal('member'), username: ZName }),
      z.strictObject({ to: z.literal('vip'), levels: z.array(z.number().int().min(0).max(1000)).min(1).max(100) }),
      z.strictObject({ to: z.literal('team'), agent: ZName }),
      z.strictObject({ to: z.literal('all') }),
    ]),
  }),
  z.strictObject({ kind: z.literal('message.list'), batch: z.number().int().positive().nullable() }),
  z.strictObject({ kind: z.literal('feedback.list'), open: z.boolean(), member: ZName.nullable() }),
  z.strictObject({
    kind: z.literal('feedback.reply'),
    id: z.number().int().positive('a feedback id'),
    text: z.string().trim().min(1, '--text is required').max(FEEDBACK_REPLY_MAX),
  }),
] as const;
export type TInboxCommand = z.infer<(typeof INBOX_COMMANDS)[number]>;

export const INBOX_USAGE = `  message send --title <t> --content <html> [--texts <file.json>] [--kind system|promotion|personal]
               (--to-member <username> | --to-vip <level>[,<level>…] | --to-team <agent> | --to-all)
                                             a platform message (HTML, sanitised) to one member, the members of VIP
                                             levels, an agent's downlines at any depth, or every active account
                                             (locked and closed accounts and free-play guests get none); prints the
                                             number of recipients. --texts gives it in other languages, one JSON file:
                                             {"VI": {"title": "…", "content": "<p>…</p>"}, "CN": {"title": "…"}}
                                             (sanitised like --content); each member reads their language's title
                                             and content, else the site language's, else --title and --content
  message list [--batch <id>]                the latest sends, or one send with how many have read it
  feedback list [--open] [--member <username>]
                                             members' feedback, newest first (--open: not replied yet)
  feedback reply <id> --text <t>             answer it (plain text, once): the reply is stored and sent to the
                                             member as a personal message`;

export const INBOX_OPTIONS = new Set(['title', 'content', 'texts', 'kind', 'to-member', 'to-vip', 'to-team', 'to-all', 'batch', 'open', 'member', 'text']);
/** Options that take no value: the argv is given `=yes` for them before the shared parser reads it. */
const FLAGS = new Set(['--to-all', '--open']);

/** The argv with `message`/`feedback` flags written as options with a value (the shared parser wants one). */
export function inboxArgv(argv: readonly string[]): readonly string[] {
  if (argv[0] !== 'message' && argv[0] !== 'feedback') return argv;
  return argv.map((a) => (FLAGS.has(a) ? `${a}=yes` : a));
}

export class InboxArgsError extends Error {}
export class InboxRefusal extends Error {}

/** A `--texts` file: a JSON object by language code (any case), read on the operator's side of the command. */
function textsFile(file: string): unknown {
  let json: unknown;
  try {
    if (fs.statSync(file).size > MESSAGE_TEXTS_MAX_BYTES) throw new Error(`larger than ${MESSAGE_TEXTS_MAX_BYTES / 1024 / 1024} MB`);
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new InboxArgsError(`cannot read --texts ${file}: ${(err as Error).message}`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new InboxArgsError(`--texts ${file} must hold an object by language code, e.g. {"VI": {"title": "…", "content": "<p>…</p>"}}`);
  }
  return Object.fromEntries(Object.entries(json).map(([code, text]) => [code.toUpperCase(), text]));
}

/** argv after `message` or `feedback` to a raw command (ZOpsCommand validates it). */
export function inboxArgs(noun: 'message' | 'feedback', positional: readonly string[], options: ReadonlyMap<string, string>): unknown {
  const [verb, a] = positional;
  const only = (allowed: string[], count: number) => {
    for (const name of options.keys()) if (!allowed.includes(name)) throw new InboxArgsError(`--${name} does not apply to "${noun} ${verb ?? ''}"`);
    if (positional.length > count) throw new InboxArgsError(`unexpected argument "${positional[count]}"`);
  };
  const flag = (name: string) => {
    const v = options.get(name);
    if (v !== undefined && v !== 'yes') throw new InboxArgsError(`--${name} takes no value`);
    return v !== undefined;
  };
  const id = (text: string | undefined, what: string) => {
    if (!/^[1-9][0-9]{0,15}$/.test(text ?? '')) throw new InboxArgsError(`${noun} ${verb} needs ${what}`);
    return Number(text);
  };
  if (noun === 'message') {
    if (verb === 'send') {
      only(['title', 'content', 'texts', 'kind', 'to-member', 'to-vip', 'to-team', 'to-all'], 2);
      const targets = ['to-member', 'to-vip', 'to-team', 'to-all'].filter((t) => options.has(t));
      if (targets.length !== 1) throw new InboxArgsError('message send needs exactly one of --to-member, --to-vip, --to-team, --to-all');
      let to: unknown;
      if (options.has('to-member')) to = { to: 'member', username: options.get('to-member') };
      else if (options.has('to-team')) to = { to: 'team', agent: options.get('to-team') };
      else if (options.has('to-vip')) {
        const text = options.get('to-vip') ?? '';
        if (!/^\d{1,4}(,\d{1,4})*$/.test(text)) throw new InboxArgsError(`--to-vip takes levels such as 3 or 2,3,4, not "${text}"`);
        to = { to: 'vip', levels: [...new Set(text.split(',').map(Number))] };
      } else {
        flag('to-all');
        to = { to: 'all' };
      }
      const texts = options.has('texts') ? textsFile(options.get('texts') ?? '') : undefined;
      return { kind: 'message.send', title: options.get('title') ?? '', content: options.get('content') ?? '', texts, messageKind: options.get('kind') ?? 'system', to };
    }
    if (verb === 'list') {
      only(['batch'], 2);
      return { kind: 'message.list', batch: options.has('batch') ? id(options.get('batch'), 'a batch id after --batch') : null };
    }
    throw new InboxArgsError('message supports: send, list');
  }
  if (verb === 'list') {
    only(['open', 'member'], 2);
    return { kind: 'feedback.list', open: flag('open'), member: options.get('member') ?? null };
  }
  if (verb === 'reply') {
    only(['text'], 3);
    return { kind: 'feedback.reply', id: id(a, 'a feedback id, e.g. feedback reply 12 --text "…"'), text: options.get('text') ?? '' };
  }
  throw new InboxArgsError('feedback supports: list, reply');
}

async function audit(tx: TTx, actor: string, action: string, target: string, before: unknown, after: unknown) {
  await tx.insert(auditLog).values({ actor, action, target, before: before ?? null, after: after ?? null, reason: null });
}

async function userByName(db: TTx, merchantId: number, username: string) {
  const [u] = await db
    .select({ id: users.id, username: users.username, type: users.type, status: users.status, accountType: users.accountType })
    .from(users)
    .where(and(eq(users.merchantId, merchantId), sql`lower(${users.username}) = lower(${username})`));
  return u ?? null;
}

const short = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** Runs a message or feedback command; InboxRefusal is the operator's mistake (no such member, agent or feedback). */
export async function runInboxCommand(db: TDb, merchantId: number, actor: string, cmd: TInboxCommand, now = new Date()): Promise<{ message: string; data?: unknown }> {
  switch (cmd.kind) {
    case 'message.send': {
      const content = sanitizeOperatorHtml(cmd.content);
      if (content.trim() === '') throw new InboxRefusal('--content is empty once sanitised (scripts, styles and frames are removed)');
      // Each language's content sanitised as the base is; one that is left empty refuses the send.
      const texts: TContentTexts = {};
      for (const [language, text] of Object.entries(cmd.texts ?? {})) {
        if (!text) continue;
        const fields = sanitizedFields(text as Record<string, string>);
        if (fields.content !== undefined && fields.content.trim() === '') throw new InboxRefusal(`--texts: the ${language} content is empty once sanitised (scripts, styles and frames are removed)`);
        texts[language] = fields;
      }
      let segment: TSegment;
      if (cmd.to.to === 'member' || cmd.to.to === 'team') {
        const name = cmd.to.to === 'member' ? cmd.to.username : cmd.to.agent;
        const u = await userByName(db, merchantId, name);
        if (!u) throw new InboxRefusal(`no account "${name}"`);
        if (cmd.to.to === 'member') {
          if (u.status !== 'active' || u.accountType === 4) throw new InboxRefusal(`"${u.username}" is ${u.status === 'active' ? 'a free-play guest' : u.status}: it gets no messages`);
          segment = { to: 'member', userId: u.id, username: u.username };
        } else {
          if (u.type !== 'agent') throw new InboxRefusal(`"${u.username}" is not an agent`);
          segment = { to: 'team', agentId: u.id, agent: u.username };
        }
      } else segment = cmd.to.to === 'vip' ? { to: 'vip', levels: cmd.to.levels } : { to: 'all' };
      return db.transaction(async (tx) => {
        const r = await sendMessageBatch(tx, merchantId, { kind: cmd.messageKind, title: cmd.title, content, texts, segment, actor });
        const [batch] = await tx.select().from(messageBatches).where(eq(messageBatches.id, r.batchId));
        await audit(tx, actor, cmd.kind, `messageBatch:${r.batchId}`, null, batch);
        const languages = Object.keys(texts);
        return {
          message: `message batch ${r.batchId} sent to ${r.recipients} recipient${r.recipients === 1 ? '' : 's'}${languages.length > 0 ? ` (also in ${languages.join(', ')})` : ''}`,
          data: r,
        };
      });
    }
    case 'message.list': {
      if (cmd.batch !== null) {
        const [b] = await db.select().from(messageBatches).where(and(eq(messageBatches.id, cmd.batch), eq(messageBatches.merchantId, merchantId)));
        if (!b) throw new InboxRefusal(`no message batch ${cmd.batch}`);
        const [s] = rowsOf<{ total: number; read: number; deleted: number }>(
          await db.execute(sql`select count(*)::int as total, count(read_at)::int as read, count(deleted_at)::int as deleted from member_messages where batch_id = ${b.id}`),
        );
        const lines = [
          `batch ${b.id}  ${b.createdAt.toISOString()}  ${b.kind}  by ${b.actor}  to ${JSON.stringify(b.segment)}`,
          `title: ${b.title}`,
          `other languages: ${Object.keys(b.texts).sort().join(', ') || 'none'}`,
          `recipients ${b.recipients}, read ${s?.read ?? 0}, deleted ${s?.deleted ?? 0}`,
          `content: ${b.content}`,
        ];
        return { message: lines.join('\n'), data: { batch: b, stats: s } };
      }
      const rows = await db.select().from(messageBatches).where(eq(messageBatches.merchantId, merchantId)).orderBy(desc(messageBatches.id)).limit(50);
      const lines = rows.map((b) => `${b.id}\t${b.createdAt.toISOString()}\t${b.kind}\t${b.recipients}\t${JSON.stringify(b.segment)}\t${short(b.title, 60)}`);
      return { message: lines.join('\n') || 'no messages sent yet', data: rows };
    }
    case 'feedback.list': {
      const member = cmd.member ? await userByName(db, merchantId, cmd.member) : null;
      if (cmd.member && !member) throw new InboxRefusal(`no account "${cmd.member}"`);
      const rows = await db
        .select({ f: feedback, username: users.username })
        .from(feedback)
        .innerJoin(users, eq(users.id, feedback.userId))
        .where(and(eq(users.merchantId, merchantId), cmd.open ? eq(feedback.status, 'open') : undefined, member ? eq(feedback.userId, member.id) : undefined))
        .orderBy(desc(feedback.id))
        .limit(200);
      const lines = rows.map(({ f, username }) =>
        [f.id, f.createdAt.toISOString(), username, f.category ?? 'other', f.status, f.uploadId ? 'image' : '-', JSON.stringify(f.content), f.reply === null ? '' : `reply: ${JSON.stringify(short(f.reply, 80))}`].join('\t'),
      );
      return { message: lines.join('\n') || (cmd.open ? 'no open feedback' : 'no feedback'), data: rows.map((r) => ({ ...r.f, username: r.username })) };
    }
    case 'feedback.reply': {
      const text = cleanPlainText(cmd.text);
      if (text === '') throw new InboxRefusal('--text is empty');
      return db.transaction(async (tx) => {
        const [before] = rowsOf<{ status: string; reply: string | null; content: string; user_id: string }>(
          await tx.execute(sql`select f.status, f.reply, f.content, f.user_id::text from feedback f join users u on u.id = f.user_id where f.id = ${cmd.id} and u.merchant_id = ${merchantId} for update of f`),
        );
        if (!before) throw new InboxRefusal(`no feedback ${cmd.id}`);
        if (before.status === 'replied') throw new InboxRefusal(`feedback ${cmd.id} is already answered; a reply is final (send the member a message instead)`);
        const [after] = await tx
          .update(feedback)
          .set({ status: 'replied', reply: text, repliedAt: now, repliedBy: actor })
          .where(eq(feedback.id, cmd.id))
          .returning();
        await writeEventMessage(tx, 'feedbackReplied', { userId: Number(before.user_id), sourceKey: `feedback:${cmd.id}`, a: short(before.content, 60), b: text });
        await audit(tx, actor, cmd.kind, `feedback:${cmd.id}`, { status: before.status, reply: before.reply }, { status: after?.status, reply: after?.reply });
        return { message: `feedback ${cmd.id} answered; the member has the reply as a message`, data: after };
      });
    }
  }
}
