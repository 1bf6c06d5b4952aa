/**
 * An operator message to a segment (issue 19) on PostgreSQL: `ops message send --to-vip <level>` as the CLI runs it
 * (runInboxCommand: the batch row, one INSERT … SELECT per 10,000 recipients in user-id order, the audit row, one
 * transaction), to segments of BENCH_MESSAGE_SIZES members (default 20,000 and 100,000) on one database of 120,000
 * members written set-based, so that the figures show whether the send grows linearly. Each segment is a VIP level
 * (member_vip), so the send reads the users and their levels as a real one does; the rows written are counted.
 */
import { sql } from 'drizzle-orm';
import { prepareDatabase } from '../src/bootstrap.ts';
import { rowsOf } from '../src/db/client.ts';
import { runInboxCommand } from '../src/modules/inbox/inbox.ops.ts';
import { freshPostgresDatabase } from '../test/support/fresh-postgres.ts';
import { judged, type TFigure } from './figures.ts';
import { ownPeakRssMb, resetPeak, round1, round2 } from './measure.ts';

const SIZES = (process.env.BENCH_MESSAGE_SIZES ?? '20000,100000').split(',').map(Number);

export interface TMessageRun {
  recipients: number;
  seconds: number;
  rowsPerSecond: number;
  peakRssMb: number;
}

export interface TMessageBench {
  members: number;
  setupSeconds: number;
  runs: TMessageRun[];
  figures: TFigure[];
}

export async function benchMessages(databaseUrl: string, sizes = SIZES): Promise<TMessageBench> {
  const fresh = await freshPostgresDatabase(databaseUrl, 'playhall_messages_bench');
  const { database, seed } = await prepareDatabase({ databaseUrl: fresh.url, dataDir: null, merchantCode: 'PLAYHALL', seedDemo: false });
  const db = database.db;
  const merchantId = seed.merchantId;
  try {
    const started = Date.now();
    // Segment i is VIP level 10 + i; the members of all segments are interleaved by id, as real levels are.
    const total = sizes.reduce((a, b) => a + b, 0);
    await db.execute(sql`
      insert into users (merchant_id, username, type, account_type)
      select ${merchantId}, 'msg' || lpad(i::text, 7, '0'), 'member', 0 from generate_series(1, ${total}) as i`);
    const bounds = sizes.map((s, i) => sizes.slice(0, i).reduce((a, b) => a + b, 0));
    // Member n (0-based, in id order) belongs to the segment its hash puts it in, weighted by the sizes.
    const cases = sizes.map((_s, i) => `when h < ${(bounds[i] ?? 0) + sizes[i]!} then ${10 + i}`).join(' ');
    await db.execute(
      sql.raw(`
      insert into member_vip (user_id, merchant_id, level)
      select id, ${merchantId}, case ${cases} end
      from (select id, (row_number() over (order by md5(id::text)) - 1) as h from users where username like 'msg%') x`),
    );
    await db.execute(sql`vacuum analyze`);
    const setupSeconds = (Date.now() - started) / 1000;

    const runs: TMessageRun[] = [];
    for (const [i, size] of sizes.entries()) {
      resetPeak();
      const t0 = process.hrtime.bigint();
      const r = await runInboxCommand(db, merchantId, 'bench', {
        kind: 'message.send',
        title: 'Weekend reload',
        content: '<p>Deposit this weekend and get <b>20% extra</b>.</p>',
        messageKind: 'promotion',
        to: { to: 'vip', levels: [10 + i] },
      });
      const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
      const recipients = (r.data as { recipients: number }).recipients;
      if (recipients !== size) throw new Error(`the send to level ${10 + i} reached ${recipients}, expected ${size}`);
      runs.push({ recipients, seconds, rowsPerSecond: Math.round(recipients / seconds), peakRssMb: ownPeakRssMb() });
    }
    const [written] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from member_messages`));
    if (written?.n !== total) throw new Error(`${written?.n} messages written, expected ${total}`);
    const smallest = runs[0];
    const figures = runs.flatMap((r) => {
      const vs = smallest && r !== smallest ? { ratio: round2(r.seconds / smallest.seconds), baseline: `message_send_${smallest.recipients}` } : {};
      return [
        judged({ name: `message_send_${r.recipients}`, value: round2(r.seconds), unit: 's', ...vs, ...(r.recipients >= 100_000 ? { goal: '< 30' } : {}) }),
        judged({ name: `message_send_rows_per_s_${r.recipients}`, value: r.rowsPerSecond, unit: 'rows/s' }),
        judged({ name: `message_send_peak_rss_${r.recipients}`, value: r.peakRssMb, unit: 'MB' }),
      ];
    });
    return { members: total, setupSeconds: round1(setupSeconds), runs, figures };
  } finally {
    await database.close();
    await fresh.drop();
  }
}

export function printMessagesBench(r: TMessageBench): void {
  console.log(`\nMessages (PostgreSQL): ops message send to a VIP segment, ${r.members.toLocaleString('en-US')} members on the site`);
  for (const x of r.runs) {
    console.log(
      `  ${x.recipients.toLocaleString('en-US')} recipients: ${x.seconds.toFixed(2)} s (${x.rowsPerSecond.toLocaleString('en-US')} rows/s, peak RSS ${x.peakRssMb} MB)`,
    );
  }
  console.log(`  (setup ${r.setupSeconds} s, not counted)`);
}
