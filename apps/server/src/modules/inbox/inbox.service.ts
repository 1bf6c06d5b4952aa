import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { TMessage, TMessageSummary } from '@playhall/contract/calls/inbox';
import type { MESSAGE_FILTERS } from '@playhall/contract/calls/inbox';
import type { TDb, TTx } from '../../db/client.ts';
import { memberMessages, messageBatches } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { localized, type TReader } from '../../lib/content-language.ts';
import { sanitizeOperatorHtml } from '../../lib/sanitize.ts';
import { previewOf } from './message-text.ts';

type TFilter = (typeof MESSAGE_FILTERS)[number];
const m = memberMessages;

/** The member's own, not deleted: every read and change is inside this. */
const mine = (userId: number) => and(eq(m.userId, userId), isNull(m.deletedAt));

function filterOf(filter: TFilter): SQL | undefined {
  if (filter === 'all') return undefined;
  if (filter === 'unread') return isNull(m.readAt);
  return eq(m.kind, filter);
}

/** Unread messages of a member (not deleted): the header badge and `CSP_unreadCount`. */
export async function unreadCount(db: TTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(m).where(and(mine(userId), isNull(m.readAt)));
  return Number(row?.n ?? 0);
}

/**
 * The member's platform messages (messageV2): list, read, mark read, delete. Nothing of another member is reachable.
 * An operator's message is read in the reader's language (its send's `texts`, else the site language's, else the base:
 * content-language.ts); an event message was written in the member's language and reads as written.
 */
export function createInboxService(deps: { db: TDb; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    unreadCount: (userId: number) => unreadCount(db, userId),

    async list(userId: number, filter: TFilter, page: number, pageSize: number, reader: TReader) {
      const where = and(mine(userId), filterOf(filter));
      const [rows, [total], unread] = await Promise.all([
        db
          .select({ id: m.id, kind: m.kind, title: m.title, content: m.content, texts: messageBatches.texts, readAt: m.readAt, createdAt: m.createdAt })
          .from(m)
          .leftJoin(messageBatches, eq(messageBatches.id, m.batchId))
          .where(where)
          // Newest first by date (the contract's order): a message dated earlier may be written later (imports, the demo).
          .orderBy(desc(m.createdAt), desc(m.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(m).where(where),
        unreadCount(db, userId),
      ]);
      const list: TMessageSummary[] = rows.map((r) => {
        const text = localized(r, r.texts, ['title', 'content'], reader.language, reader.fallback);
        return { id: r.id, kind: r.kind, title: text.title, preview: previewOf(text.content), read: r.readAt !== null, createdAt: r.createdAt.toISOString() };
      });
      return { list, total: Number(total?.n ?? 0), page, pageSize, unread };
    },

    /**
     * One message, whole; opening it marks it read (the first reading's time is kept). The content was sanitised when
     * written and is again here, for rows another path (a SQL job, an older release) wrote; the web does so once more.
     */
    async read(userId: number, id: number, reader: TReader): Promise<TMessage> {
      const [row] = await db
        .update(m)
        .set({ readAt: sql`coalesce(${m.readAt}, ${now().toISOString()}::timestamptz)` })
        .where(and(eq(m.id, id), mine(userId)))
        .returning();
      if (!row) throw new AppError('message_not_found', { id });
      const [batch] = row.batchId === null ? [] : await db.select({ texts: messageBatches.texts }).from(messageBatches).where(eq(messageBatches.id, row.batchId));
      const text = localized(row, batch?.texts, ['title', 'content'], reader.language, reader.fallback);
      return { id: row.id, kind: row.kind, title: text.title, content: sanitizeOperatorHtml(text.content), read: true, createdAt: row.createdAt.toISOString() };
    },

    /** Marks the member's own of `ids` read; other ids count for nothing. */
    async markRead(userId: number, ids: readonly number[]) {
      const updated = await db
        .update(m)
        .set({ readAt: now() })
        .where(and(mine(userId), inArray(m.id, [...ids]), isNull(m.readAt)))
        .returning({ id: m.id });
      return { updated: updated.length, unread: await unreadCount(db, userId) };
    },

    async markAllRead(userId: number) {
      const updated = await db.update(m).set({ readAt: now() }).where(and(mine(userId), isNull(m.readAt))).returning({ id: m.id });
      return { updated: updated.length, unread: await unreadCount(db, userId) };
    },

    /** Deletes the given messages for the member: one id that is not its own (or is deleted already) refuses them all. */
    async delete(userId: number, ids: readonly number[]) {
      const wanted = [...new Set(ids)];
      const deleted = await db.transaction(async (tx) => {
        const rows = await tx
          .update(m)
          .set({ deletedAt: now() })
          .where(and(mine(userId), inArray(m.id, wanted)))
          .returning({ id: m.id });
        if (rows.length !== wanted.length) {
          const found = new Set(rows.map((r) => r.id));
          // Rolled back with the throw: nothing is deleted.
          throw new AppError('message_not_found', { id: wanted.find((id) => !found.has(id)) ?? null });
        }
        return rows.length;
      });
      return { deleted, unread: await unreadCount(db, userId) };
    },
  };
}

export type TInboxService = ReturnType<typeof createInboxService>;
