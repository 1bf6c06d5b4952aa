import { and, count, desc, gte, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { rowsOf, type TDb, type TTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

/** One operator action as the audit log keeps it (ARCHITECTURE.md, Operations): never a password or a secret. */
export interface TAuditEntry {
  actor: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  reason?: string | null;
}

export interface TAuditFilter {
  /** Each a case-insensitive part of the field. */
  actor?: string;
  action?: string;
  target?: string;
  /** A half-open time range, already turned from the merchant's days into moments. */
  from?: Date;
  until?: Date;
}

export interface TAuditVerdict {
  rows: number;
  ok: boolean;
  brokenAt: number | null;
  /** `hash`: the row was changed; `link`: its prev_hash is not the row before's hash (a row removed or slipped in). */
  problem: 'hash' | 'link' | null;
}

const contains = (column: AnyColumn, part: string | undefined): SQL | undefined =>
  part ? sql`strpos(lower(${column}), lower(${part})) > 0` : undefined;

/**
 * The audit log: append (the chain's prev_hash and hash are set by the table's trigger, migration 0052), list, and
 * verify — the chain recomputed in SQL (`audit_verify()`), so the hash is the same text on PostgreSQL and PGlite.
 */
export function createAuditRepository() {
  return {
    async append(tx: TTx, entry: TAuditEntry): Promise<number> {
      const [row] = await tx
        .insert(auditLog)
        .values({
          actor: entry.actor,
          action: entry.action,
          target: entry.target,
          before: entry.before ?? null,
          after: entry.after ?? null,
          reason: entry.reason ?? null,
        })
        .returning({ id: auditLog.id });
      if (!row) throw new Error('audit insert returned nothing');
      return row.id;
    },
    async list(db: TDb, filter: TAuditFilter, page: { page: number; pageSize: number }) {
      const where = and(
        contains(auditLog.actor, filter.actor),
        contains(auditLog.action, filter.action),
        contains(auditLog.target, filter.target),
        filter.from ? gte(auditLog.createdAt, filter.from) : undefined,
        filter.until ? lt(auditLog.createdAt, filter.until) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.id))
          .limit(page.pageSize)
          .offset((page.page - 1) * page.pageSize),
        db.select({ n: count() }).from(auditLog).where(where),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },
    async verify(db: TDb): Promise<TAuditVerdict> {
      const [row] = rowsOf<{ rows_checked: string | number; broken_at: string | number | null; problem: string | null }>(
        await db.execute(sql`select rows_checked, broken_at, problem from audit_verify()`),
      );
      const brokenAt = row?.broken_at == null ? null : Number(row.broken_at);
      return {
        rows: Number(row?.rows_checked ?? 0),
        ok: brokenAt === null,
        brokenAt,
        problem: row?.problem === 'hash' || row?.problem === 'link' ? row.problem : null,
      };
    },
  };
}

export type TAuditRepository = ReturnType<typeof createAuditRepository>;
