/**
 * The cost of responsible gaming's usage counting (issue 22, migration 0044: the statement trigger on postings and
 * rg_refusal in seamless_call) on the hot paths. `BENCH_RG` picks the database the spins and transfers run on:
 * unset, as deployed (the trigger on, no member with responsible-gaming settings); `off`, the trigger dropped;
 * `members`, every bench member with settings and a (never reached) loss limit per day, week and month, so each
 * bet's check reads three limits and each money move counts usage in three periods.
 */
import pg from 'pg';

export async function benchRg(url: string, mode: string, memberIds: readonly number[]): Promise<void> {
  if (mode !== 'off' && mode !== 'members') throw new Error(`BENCH_RG: off or members, not "${mode}"`);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    if (mode === 'off') {
      await c.query('drop trigger postings_rg_usage on postings');
      return;
    }
    const ids = `{${memberIds.join(',')}}`;
    await c.query(`insert into rg_members (user_id, merchant_id) select u.id, u.merchant_id from users u where u.id = any($1::bigint[]) on conflict do nothing`, [ids]);
    await c.query(
      `insert into rg_limits (user_id, kind, period, amount) select u, 'loss', p, 100000000000 from unnest($1::bigint[]) u cross join (values ('day'), ('week'), ('month')) v(p) on conflict do nothing`,
      [ids],
    );
  } finally {
    await c.end();
  }
}
