/**
 * Agent contracts on PostgreSQL at scale, at each size of AGENT_SIZES (default 50,000 and 100,000, so that the
 * figures show whether the work grows linearly): a top agent with that many sub-agents, each holding a
 * daily-salary contract from it and a settled bet in the day; the day's settlement of every contract (figures,
 * bills, payments through the ledger) timed, the ledger proved after; the team rollups brought up to date with
 * the day's changes (timed apart); then the agent's team overview (`GET /wps/agent/team/overview`) measured over
 * HTTP on the real server.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import { prepareDatabase } from '../src/bootstrap.ts';
import { games } from '../src/db/schema.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { encryptBody, ENCRYPTION_SCHEME } from '../src/modules/crypto/envelope-crypto.ts';
import { periodWindow } from '../src/modules/agent-engine/index.ts';
import { createSettlementService } from '../src/modules/agent/settlement.service.ts';
import { createTeamRollup } from '../src/modules/agent/team-rollup.ts';
import { createLedgerRepository } from '../src/modules/ledger/ledger.repository.ts';
import { createLedger } from '../src/modules/ledger/ledger.service.ts';
import { freshPostgresDatabase } from '../test/support/fresh-postgres.ts';
import { judged, type TFigure } from './figures.ts';
import { round1 } from './measure.ts';

const root = path.resolve(import.meta.dirname, '../../..');

export interface TAgentRun {
  downlines: number;
  setupSeconds: number;
  settleSeconds: number;
  contractsPerSecond: number;
  bills: number;
  paid: number;
  ledgerClean: boolean;
  /** Applying the queued changes of the setup and the settlement to the team rollups. */
  rollupSeconds: number;
  overview: { rps: number; p50: number; p99: number; errors: number; non2xx: number };
}

export interface TAgentBench {
  runs: TAgentRun[];
  figures: TFigure[];
}

const SIZES = (process.env.AGENT_SIZES ?? process.env.AGENT_DOWNLINES ?? '50000,100000').split(',').map(Number);

export async function benchAgentSettlement(databaseUrl: string, sizes = SIZES, seconds = Number(process.env.BENCH_SECONDS ?? 10)): Promise<TAgentBench> {
  const runs: TAgentRun[] = [];
  for (const size of sizes) runs.push(await benchAgentRun(databaseUrl, size, seconds));
  const largest = Math.max(...sizes);
  const figures = runs.flatMap((r) => [
    judged({ name: `agent_settlement_${r.downlines}`, value: round1(r.settleSeconds), unit: 's', ...(r.downlines === largest && largest >= 100_000 ? { goal: '< 15' } : {}) }),
    judged({ name: `agent_overview_p50_${r.downlines}`, value: r.overview.p50, unit: 'ms' }),
    judged({ name: `agent_overview_p99_${r.downlines}`, value: r.overview.p99, unit: 'ms', goal: '< 200' }),
  ]);
  return { runs, figures };
}


async function benchAgentRun(databaseUrl: string, downlines: number, seconds: number): Promise<TAgentRun> {
  const fresh = await freshPostgresDatabase(databaseUrl, 'playhall_agent_bench');
  const password = `Boss${crypto.randomInt(100000, 999999)}`;
  try {
    const { database, seed } = await prepareDatabase({ databaseUrl: fresh.url, dataDir: null, merchantCode: 'PLAYHALL', seedDemo: false });
    const db = database.db;
    const merchantId = seed.merchantId;
    const started = Date.now();
    const tz = 'Asia/Ho_Chi_Minh';
    const today = periodWindow('daily', new Date(), tz);
    let bills = 0;
    let paid = 0;
    let settleSeconds = 0;
    let ledgerClean = false;
    let rollupSeconds = 0;
    try {
      const [boss] = (
        (await db.execute(sql`
          insert into users (merchant_id, username, password_hash, type, account_type) values (${merchantId}, 'boss', ${await hashPassword(password)}, 'agent', 1) returning id`)) as unknown as { rows: { id: string }[] }
      ).rows;
      const bossId = Number(boss?.id);
      await db.execute(sql`
        insert into users (merchant_id, username, type, account_type, upline_id)
        select ${merchantId}, 'sub' || lpad(i::text, 6, '0'), 'agent', 2, ${bossId} from generate_series(1, ${downlines}) as i`);
      // The boss can pay every salary: funded through the ledger like an operator adjustment.
      const ledgerRepo = createLedgerRepository();
      await db.transaction(async (tx) => {
        const wallet = await ledgerRepo.walletAccount(tx, merchantId, bossId, 'MAIN');
        const house = await ledgerRepo.houseAccount(tx, merchantId, 'adjustment');
        await createLedger({ repo: ledgerRepo }).post(tx, { merchantId, key: 'bench:fund-boss', kind: 'adjustment', postings: [{ accountId: house, amount: -1_000_000_000_000 }, { accountId: wallet.id, amount: 1_000_000_000_000 }] });
      });
      const terms = (rate: number) => JSON.stringify({ kind: 'dailySalary', tiers: [{ rate, minActiveMembers: 0, minValidBet: 0 }] });
      const since = new Date(today.start.getTime() - 2 * 86_400_000).toISOString();
      await db.execute(sql`
        insert into contracts (merchant_id, kind, upline_id, downline_id, status, terms, max_rate, responded_at, effective_from)
        values (${merchantId}, 'dailySalary', null, ${bossId}, 'valid', ${terms(100)}::jsonb, 100, ${since}::timestamptz, ${since}::timestamptz)`);
      await db.execute(sql`
        insert into contracts (merchant_id, kind, upline_id, downline_id, status, terms, max_rate, responded_at, effective_from)
        select ${merchantId}, 'dailySalary', ${bossId}, id, 'valid', ${terms(80)}::jsonb, 80, ${since}::timestamptz, ${since}::timestamptz
        from users where upline_id = ${bossId}`);
      // One settled slot round per sub-agent today (stake 100.00–1,000.00): the day's valid bet.
      const [slot] = await db.select({ id: games.id }).from(games).where(eq(games.houseGame, 'slot'));
      await db.execute(sql`
        insert into game_rounds (merchant_id, round_id, user_id, game_row_id, category, vassalage, game_id, bet_amount, valid_bet, payout, status, settled_at, created_at)
        select ${merchantId}, 'bench-' || u.id, u.id, ${slot?.id ?? 0}, 'RNG', 'PH_SLOT', 'lucky-crown', s, s, 0, 'settled', ${today.start.toISOString()}::timestamptz + interval '1 hour',
               ${today.start.toISOString()}::timestamptz + interval '1 hour'
        from (select id, (1 + floor(random() * 10))::bigint * 10000 as s from users where upline_id = ${bossId}) u(id, s)`);
      await db.execute(sql`analyze`);
      const setupSeconds = (Date.now() - started) / 1000;

      const settlement = createSettlementService({ db, merchantId: async () => merchantId, timeZone: async () => tz });
      const t0 = process.hrtime.bigint();
      const run = await settlement.settle('dailySalary', new Date(today.end.getTime() + 5 * 60_000));
      settleSeconds = Number(process.hrtime.bigint() - t0) / 1e9;
      bills = run.bills;
      paid = run.paid;
      ledgerClean = (await createLedger({ repo: ledgerRepo }).check(db)).ok;
      const t1 = process.hrtime.bigint();
      await createTeamRollup({ db, timeZone: async () => tz }).catchUp();
      rollupSeconds = Number(process.hrtime.bigint() - t1) / 1e9;
      // As autovacuum leaves a steady database: statistics, and visibility maps for index-only counts.
      await db.execute(sql`vacuum analyze`);

      await database.close();
      const overview = await measureOverview(fresh.url, password, seconds);
      return { downlines, setupSeconds, settleSeconds, contractsPerSecond: Math.round(bills / settleSeconds), bills, paid, ledgerClean, rollupSeconds, overview };
    } finally {
      await database.close().catch(() => undefined);
    }
  } finally {
    await fresh.drop();
  }
}

async function measureOverview(databaseUrl: string, password: string, seconds: number) {
  const port = 18191;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', DATABASE_URL: databaseUrl, DATA_DIR: fs.mkdtempSync('/tmp/agent-bench-'), RUN_JOBS: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${base}/readyz`)).ok) break;
      } catch {
        // not yet
      }
      if (i > 480) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 250));
    }
    const { value } = (await (await fetch(`${base}/wps/system/publicKey`)).json()) as { value: { publicKey: string; keyId: string } };
    const sealed = encryptBody(value.publicKey, { type: 'username', username: 'boss', password });
    const login = (await (
      await fetch(`${base}/wps/session/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', encryption: ENCRYPTION_SCHEME, 'x-rsa': sealed.wrappedKey, 'x-key-id': value.keyId },
        body: JSON.stringify({ value: sealed.value }),
      })
    ).json()) as { code: string; value: { token: string } };
    if (login.code !== 'ok') throw new Error(`boss login: ${login.code}`);
    const url = `${base}/wps/agent/team/overview`;
    const first = (await (await fetch(url, { headers: { authorization: login.value.token } })).json()) as { value: { teamSize: number } };
    if (first.value.teamSize < 1) throw new Error('overview answered an empty team');
    const r = await autocannon({ url, connections: 1, duration: seconds, headers: { authorization: login.value.token } });
    return { rps: Math.round(r.requests.average * 10) / 10, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

export function printAgentBench(r: TAgentBench): void {
  console.log('\nagent contracts (PostgreSQL): one day of daily-salary contracts settled, and the team overview of the top agent');
  for (const x of r.runs) {
    console.log(
      `  ${x.downlines.toLocaleString('en-US')} downlines: ${x.bills.toLocaleString('en-US')} contracts settled in ${x.settleSeconds.toFixed(1)} s` +
        ` (${x.contractsPerSecond.toLocaleString('en-US')}/s, ${x.paid.toLocaleString('en-US')} paid through the ledger, ledger ${x.ledgerClean ? 'clean' : 'NOT clean'});` +
        ` rollups caught up in ${x.rollupSeconds.toFixed(1)} s;` +
        ` overview ${x.overview.rps} req/s, p50 ${x.overview.p50} ms, p99 ${x.overview.p99} ms (one connection; errors ${x.overview.errors}, non-2xx ${x.overview.non2xx})` +
        ` (setup ${x.setupSeconds.toFixed(0)} s, not counted)`,
    );
  }
}
