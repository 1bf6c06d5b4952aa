import pg from 'pg';
import type { TDb } from './client.ts';

/**
 * A statement of the hot paths (sessions, member info, wallet and seamless calls): plain SQL with a
 * stable name. On PostgreSQL it is prepared once per pooled connection and then only bound and run, so
 * the planner and the query builder stay off the per-request path (planning cost more than executing:
 * issue 14). On PGlite the text is sent as is. Each runs outside a transaction: the statement, or the
 * function it calls, is atomic on its own.
 */
export interface TStatement {
  name: string;
  text: string;
}

const names = new Set<string>();

export function statement(name: string, text: string): TStatement {
  // Two texts under one name would have a connection run whichever it prepared first.
  if (names.has(name)) throw new Error(`statement ${name} declared twice`);
  names.add(name);
  return { name, text };
}

type TClient = pg.Pool | { query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }> };

export async function runStatement<T>(db: TDb, s: TStatement, params: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client: TClient }).$client;
  if (client instanceof pg.Pool) return (await client.query({ name: s.name, text: s.text, values: params })).rows as T[];
  return (await client.query(s.text, params)).rows as T[];
}
