import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import v8 from 'node:v8';
import {
  parse,
  PGlite,
  protocol,
  TransactionAbortedError,
  type messages,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/**
 * Postgres settings of the embedded database, on top of PGlite's own (single user, no parallel workers).
 * The WASM heap never returns memory to the process, so every buffer Postgres touches stays in RSS:
 * - shared_buffers 16MB instead of 128MB: all of it is written at start. The demo data is a few MB and a
 *   page missing from the buffers is one read from the OS page cache (issue 14: peak RSS ≤ 300 MB).
 * - maintenance_work_mem 16MB instead of 64MB: what an index build or VACUUM holds stays resident after.
 * Durability is PGlite's default and unchanged: every write reaches the files before COMMIT returns, as
 * PGlite always runs Postgres with `-F` (no fsync), so a process crash loses nothing and an OS crash may.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'maintenance_work_mem=16MB'];

/**
 * Postgres in WASM runs on V8's baseline compiler (Liftoff) only. By default V8 recompiles the hot
 * functions with its optimising compiler in the background: about 65 MB of compiler memory at the peak
 * and the optimised code kept beside the baseline, for about 10 % on a planned statement (measured:
 * member info 81 → 90 µs; peak RSS 60–80 MB lower). V8 reads the flag when it compiles a module, so it
 * is set before PGlite compiles its own; PGlite is the only WASM in this process.
 */
const V8_WASM_FLAG = '--liftoff-only';

/**
 * Statements kept prepared. A hot path has a handful; query-built statements with variable IN lists or
 * row counts produce new texts, so the oldest are closed past this bound.
 */
const MAX_PREPARED = 200;

/**
 * Opens the embedded database in `<dataDir>/pglite` (in memory when null), creating it first if needed.
 * See decisions.md (embedded PGlite: memory and prepared statements).
 */
export async function openPgliteClient(dataDir: string | null, template?: Blob): Promise<PGlite> {
  let dir: string | undefined;
  if (dataDir !== null) {
    dir = path.join(dataDir, 'pglite');
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await createDataDir(dir);
  }
  v8.setFlagsFromString(V8_WASM_FLAG);
  // Not PGlite.create: it constructs a plain PGlite whatever class it is called on.
  // `template` (tests only): an in-memory database starts as a copy of a dumped one (dumpDataDir), already migrated.
  const client = new PreparedPGlite({ dataDir: dir, startParams: START_PARAMS, loadDataDir: template });
  await client.waitReady;
  return client;
}

/**
 * initdb runs in a short-lived child process: PGlite runs it in a second Postgres instance plus initdb's
 * own WASM module and copies the result through an in-memory tar, about 500 MB the server's process would
 * keep (a WASM heap never shrinks). The child builds the cluster beside the target and it is renamed into
 * place whole, so a start interrupted halfway leaves no half-made data directory behind.
 */
async function createDataDir(dir: string): Promise<void> {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  // One server per data directory (main.ts checks), so one fixed name; a crashed attempt's is replaced.
  const building = `${dir}.initdb`;
  fs.rmSync(building, { recursive: true, force: true });
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `require(${JSON.stringify(entry)}).PGlite.create(${JSON.stringify(building)}, { startParams: ${JSON.stringify(START_PARAMS)} }).then((pg) => pg.close())`;
  await promisify(execFile)(process.execPath, [V8_WASM_FLAG, '-e', script], { maxBuffer: 16 * 1024 * 1024 });
  // An empty directory (an earlier opener made it first) is replaced; one with files in it is never touched.
  if (fs.existsSync(dir)) {
    if (fs.readdirSync(dir).length > 0) throw new Error(`${dir} holds files but no database (no PG_VERSION); move it away to start afresh`);
    fs.rmdirSync(dir);
  }
  fs.renameSync(building, dir);
}

interface TPrepared {
  name: string;
  paramTypes: number[];
  /** The statement's RowDescription (null for NoData): Postgres refuses to run it with another shape. */
  row: messages.BackendMessage | null;
}

const { serialize } = protocol;

/**
 * PGlite whose `query` keeps each statement text prepared under a name and then only binds and executes
 * it, in one call into the WASM module: PGlite's own `query` parses, plans and describes every call in
 * six calls (measured: a session read 240 µs → 40 µs, member info 640 µs → 95 µs). Drizzle and
 * `runStatement` reach it through `query`, in and out of transactions. Results, parsers, serializers and
 * errors are PGlite's own; only the protocol traffic differs.
 */
class PreparedPGlite extends PGlite {
  #prepared = new Map<string, TPrepared>();
  /** Statements evicted from the map, closed on the next call into the module. */
  #toClose: string[] = [];
  #nextName = 0;
  #inTransaction = false;

  override async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (options?.blob || options?.paramTypes) return super.query<T>(text, params, options);
    await this._checkReady();
    return this._runExclusiveTransaction(() => this.#query<T>(text, params, options));
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    await this._checkReady();
    return this._runExclusiveTransaction(async () => {
      await this.#exec('BEGIN');
      this.#inTransaction = true;
      let closed = false;
      const open = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      const tx: Transaction = {
        query: async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
          open();
          return this.#query<R>(text, params ?? [], options);
        },
        sql: async <R>(strings: TemplateStringsArray, ...params: unknown[]) => {
          open();
          return this.#query<R>(strings.reduce((text, part, i) => `${text}$${i}${part}`), params);
        },
        exec: async (text: string, options?: QueryOptions) => {
          open();
          return this.#exec(text, options);
        },
        rollback: async () => {
          open();
          await this.#exec('ROLLBACK');
          closed = true;
        },
        listen: async (channel, onNotify) => {
          open();
          return this.listen(channel, onNotify, tx);
        },
        get closed() {
          return closed;
        },
      };
      try {
        const result = await callback(tx);
        if (!closed) {
          closed = true;
          const [commit] = await this.#exec('COMMIT');
          // COMMIT of a transaction that already failed answers ROLLBACK.
          if (commit?.command === 'ROLLBACK') throw new TransactionAbortedError();
        }
        return result;
      } catch (e) {
        if (!closed) {
          closed = true;
          await this.#exec('ROLLBACK');
        }
        throw e;
      } finally {
        this.#inTransaction = false;
      }
    });
  }

  async #query<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const result = await this._runExclusiveQuery(async () => {
      try {
        return await this.#run<T>(text, params, options);
      } catch (e) {
        // A statement prepared before a DROP/ALTER that changed its result, or one closed by DEALLOCATE:
        // prepare it afresh, and run it again where no transaction was aborted by the failure.
        if (!isStale(e) || !this.#forget(text) || this.#inTransaction) throw withQuery(e, text, params, options);
        return this.#run<T>(text, params, options).catch((again: unknown) => {
          throw withQuery(again, text, params, options);
        });
      }
    });
    if (!this.#inTransaction) await this.syncToFs();
    return result;
  }

  async #run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const statement = this.#prepared.get(text) ?? (await this.#prepare(text, options));
    // Most recently used last: the map's first entry is the one to evict.
    this.#prepared.delete(text);
    this.#prepared.set(text, statement);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i] ?? 0;
      const serializer = options?.serializers?.[type] ?? this.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await this.execProtocol(
      frame([
        ...this.#closing(),
        serialize.bind({ statement: statement.name, values }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false, onNotice: options?.onNotice },
    );
    const described = statement.row ? [statement.row, ...messages] : messages;
    return parse.parseResults(described, this.parsers, options)[0] as Results<T>;
  }

  async #prepare(text: string, options: QueryOptions | undefined): Promise<TPrepared> {
    const name = `ph${this.#nextName++}`;
    const { messages } = await this.execProtocol(
      frame([...this.#closing(), serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false, onNotice: options?.onNotice },
    );
    const statement: TPrepared = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      row: messages.find((m) => m.name === 'rowDescription') ?? null,
    };
    this.#prepared.set(text, statement);
    while (this.#prepared.size > MAX_PREPARED) {
      const [oldest, evicted] = this.#prepared.entries().next().value as [string, TPrepared];
      this.#prepared.delete(oldest);
      this.#toClose.push(evicted.name);
    }
    return statement;
  }

  #forget(text: string): boolean {
    const statement = this.#prepared.get(text);
    if (!statement) return false;
    this.#prepared.delete(text);
    this.#toClose.push(statement.name);
    return true;
  }

  #closing(): Uint8Array[] {
    const names = this.#toClose;
    this.#toClose = [];
    return names.map((name) => serialize.close({ type: 'S', name }));
  }

  /** A simple-protocol call inside the held transaction lock (PGlite's `exec` would wait for it). */
  async #exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this._runExclusiveQuery(async () => {
      try {
        const { messages } = await this.execProtocol(frame([serialize.query(text), serialize.sync()]), {
          syncToFs: false,
          onNotice: options?.onNotice,
        });
        return parse.parseResults(messages, this.parsers, options);
      } catch (e) {
        throw withQuery(e, text, [], options);
      }
    });
  }
}

/** 0A000 "cached plan must not change result type"; 26000 "prepared statement does not exist". */
function isStale(e: unknown): boolean {
  const code = (e as { code?: string }).code;
  return code === '26000' || (code === '0A000' && /cached plan/.test((e as Error).message));
}

/** Errors carry the query as PGlite's own `query` attaches it (logs and Drizzle's errors show it). */
function withQuery(e: unknown, query: string, params: unknown[], queryOptions: QueryOptions | undefined): unknown {
  if (e instanceof Error && 'code' in e) Object.assign(e, { query, params, queryOptions });
  return e;
}

function frame(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
