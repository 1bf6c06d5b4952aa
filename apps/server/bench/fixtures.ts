/**
 * Data the PostgreSQL parts of the bench play with, written straight into the bench's own database: members
 * with live sessions and funded main wallets (funded through ledger_post, so the ledger check holds), launch
 * tokens of the house slot, a million earlier rounds and vendor transactions, and the wallet mode.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import pg from 'pg';
import { root } from './servers.ts';

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

async function withClient<T>(url: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** `count` members bench00001…, each with a session token and `funds` minor units in the main wallet. */
export async function benchMembers(url: string, count: number, funds: number): Promise<{ ids: number[]; tokens: string[] }> {
  return withClient(url, async (c) => {
    const { rows: m } = await c.query<{ id: number }>(`select id from merchants limit 1`);
    const merchantId = m[0]?.id;
    const { rows } = await c.query<{ id: string }>(
      `insert into users (merchant_id, username, type, account_type)
       select $1, 'bench' || lpad(i::text, 5, '0'), 'member', 1 from generate_series(1, $2::int) i returning id`,
      [merchantId, count],
    );
    const ids = rows.map((r) => Number(r.id));
    const tokens = ids.map(() => crypto.randomBytes(32).toString('base64url'));
    await c.query(
      `insert into sessions (token_hash, user_id, expires_at, ip) select h, u, now() + interval '1 day', '127.0.0.1' from unnest($1::text[], $2::bigint[]) t(h, u)`,
      [tokens.map(sha256), ids],
    );
    await c.query(
      `select ledger_post($1, 'bench:fund:' || u, 'adjustment', 'bench funds', array[ledger_house($1, 'adjustment', 0::smallint), ledger_wallet($1, u, 'MAIN')], array[-$3::bigint, $3::bigint])
       from unnest($2::bigint[]) u`,
      [merchantId, ids, funds],
    );
    return { ids, tokens };
  });
}

/** Gives members `ids` the password of `from` (its argon2id hash), so the login bench can spread over many accounts. */
export async function sharePassword(url: string, from: string, ids: number[]): Promise<void> {
  await withClient(url, (c) =>
    c.query(`update users set password_hash = (select password_hash from users where username = $1) where id = any($2::bigint[])`, [from, ids]),
  );
}

/** Launch tokens of the house slot for these sessions, through the real launch call. */
export async function slotTokens(base: string, tokens: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const token of tokens) {
    const res = await fetch(`${base}/wps/game/launchGame`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ launchMode: 'GLS', vassalage: 'PH_SLOT', gameId: 'lucky-crown', merchantCode: 'PLAYHALL', language: 'EN' }),
    });
    const body = (await res.json()) as { code: string; value: { game_url: string } };
    if (body.code !== 'ok') throw new Error(`bench launch: ${body.code}`);
    const gameToken = new URLSearchParams(body.value.game_url.split('#')[1]).get('token');
    if (!gameToken) throw new Error('bench launch: no token');
    out.push(gameToken);
  }
  return out;
}

/**
 * `rounds` earlier settled slot rounds of these members, each with its debit and credit vendor transaction,
 * and one rollback in ten (so the rollback lookup of every debit has a real index to use or a real table to
 * scan). Written set-based; no money moves (the history is only there to be searched past).
 */
export async function benchHistory(url: string, memberIds: number[], rounds: number): Promise<number> {
  const started = Date.now();
  await withClient(url, async (c) => {
    const { rows: g } = await c.query<{ id: number; merchant_id: number }>(`select id, merchant_id from games where house_game = 'slot' limit 1`);
    const game = g[0];
    if (!game) throw new Error('no house slot in the catalogue');
    await c.query(
      `insert into game_rounds (merchant_id, round_id, user_id, game_row_id, category, vassalage, game_id, bet_amount, valid_bet, payout, status, created_at, settled_at)
       select $1, 'PH_SLOT-hist-' || i, ($3::bigint[])[1 + i % cardinality($3::bigint[])], $2, 'RNG', 'PH_SLOT', 'lucky-crown', 100, 100, 0, 'settled',
              now() - interval '1 day', now() - interval '1 day'
       from generate_series(1, $4::int) i`,
      [game.merchant_id, game.id, memberIds, rounds],
    );
    await c.query(
      `insert into vendor_transactions (merchant_id, vassalage, txn_id, type, user_id, round_id, amount, ref_txn_id, response, created_at)
       select $1, 'PH_SLOT', 'PH_SLOT-hist-' || i || case when i % 10 = 0 then ':rollback' else ':debit' end,
              case when i % 10 = 0 then 'rollback' else 'debit' end, ($2::bigint[])[1 + i % cardinality($2::bigint[])], 'PH_SLOT-hist-' || i,
              case when i % 10 = 0 then 0 else 100 end, case when i % 10 = 0 then 'PH_SLOT-hist-' || i || ':debit' end,
              '{"ok": true}'::jsonb, now() - interval '1 day'
       from generate_series(1, $3::int) i`,
      [game.merchant_id, memberIds, rounds],
    );
    await c.query('analyze game_rounds; analyze vendor_transactions');
  });
  return (Date.now() - started) / 1000;
}

/** Single wallet (vendors play from main) or transfer wallets; servers drop their cached settings on the NOTIFY. */
export async function setWalletMode(url: string, single: boolean): Promise<void> {
  await withClient(url, async (c) => {
    await c.query(`update merchants set single_wallet = $1, config_version = config_version + 1`, [single]);
    await c.query(`select pg_notify('site_config_changed', '')`);
  });
  await new Promise((r) => setTimeout(r, 300));
}

/**
 * A checkpoint before each PostgreSQL measurement (pgbench's too): what the previous part wrote is flushed
 * first, so no part pays for another's full-page writes and checkpoint I/O.
 */
export async function checkpoint(url: string): Promise<void> {
  await withClient(url, async (c) => void (await c.query('checkpoint')));
}

/** `ops ledger check` on that database: balances equal their postings, entries sum to zero. */
export function ledgerCheck(url: string): boolean {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/main.ts', 'ledger', 'check'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url },
    encoding: 'utf8',
  });
  if (r.status !== 0) console.error(`ledger check failed:\n${r.stdout}\n${r.stderr}`);
  return r.status === 0;
}

/** The server's durability settings: the bench measures what a production server does (fsync on). */
export async function durability(url: string): Promise<{ fsync: string; synchronousCommit: string }> {
  return withClient(url, async (c) => {
    const fsync = (await c.query<{ fsync: string }>('show fsync')).rows[0]?.fsync ?? '?';
    const synchronousCommit = (await c.query<{ synchronous_commit: string }>('show synchronous_commit')).rows[0]?.synchronous_commit ?? '?';
    return { fsync, synchronousCommit };
  });
}
