import { sql } from 'drizzle-orm';
import { rowsOf, type TTx } from '../../db/client.ts';

/** Any fixed number: one rollup applies queued changes at a time, so two never add the same day's rows in turn. */
const ROLLUP_LOCK = 720_714;

/** The figures of member_days, team_days and the queue, in one order for every statement that moves them. */
const FIGURES = ['bet_amount', 'valid_bet', 'payout', 'win_loss', 'deposit', 'withdrawal', 'bonus', 'net', 'registered'] as const;
const list = (prefix = '') => sql.raw(FIGURES.map((f) => `${prefix}${f}`).join(', '));
const sums = (prefix = '') => sql.raw(FIGURES.map((f) => `sum(${prefix}${f}) as ${f}`).join(', '));
const added = (table: string) => sql.raw(FIGURES.map((f) => `${f} = ${table}.${f} + excluded.${f}`).join(', '));

export interface TTeamDay {
  day: string;
  bet_amount: string | number;
  valid_bet: string | number;
  payout: string | number;
  win_loss: string | number;
  deposit: string | number;
  withdrawal: string | number;
  bonus: string | number;
  registered: string | number;
}

/** SQL of the team rollups (member_days, team_days and their queue); every method takes the database or a transaction. */
export function createTeamRollupRepository() {
  return {
    /** Waits for the rollup lock, held to the end of the transaction. */
    async lock(tx: TTx): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
    },

    /** Waits until no rollup applies changes, and keeps any from starting to the end of the transaction (readers share it). */
    async lockShared(tx: TTx): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock_shared(${ROLLUP_LOCK})`);
    },

    /**
     * Takes up to `limit` queued changes (oldest first) and adds them, per member and local day, to member_days and,
     * through the closure table, to the team_days of every agent above the member. Returns how many it took.
     */
    async applyQueued(tx: TTx, timeZone: string, limit: number): Promise<number> {
      const [row] = rowsOf<{ n: string | number }>(
        await tx.execute(sql`
          with taken as (
            delete from team_rollup_queue where id in (select id from team_rollup_queue order by id limit ${limit}) returning *
          ),
          d as (
            select user_id, (at at time zone ${timeZone})::date as day, ${sums()} from taken group by 1, 2
          ),
          m as (
            insert into member_days as m (user_id, day, ${list()}) select user_id, day, ${list()} from d
            on conflict (user_id, day) do update set ${added('m')}
          ),
          a as (
            select p.ancestor_id, d.day, ${sums('d.')}, bool_or(d.valid_bet <> 0) as valid_bet_moved
            from d join user_paths p on p.descendant_id = d.user_id and p.depth > 0
            group by 1, 2
          ),
          t as (
            insert into team_days as t (agent_id, day, ${list()}) select ancestor_id, day, ${list()} from a
            on conflict (agent_id, day) do update set ${added('t')}
          ),
          -- A member's valid bet moved on a day: the counts of active members over ranges holding it are stale.
          stale as (
            delete from team_active_counts c using a
            where a.valid_bet_moved and c.agent_id = a.ancestor_id and c.from_day <= a.day and c.to_day >= a.day
          )
          select count(*) as n from taken`),
      );
      return Number(row?.n ?? 0);
    },

    /** The team's rolled-up days in [from, to] (local dates). */
    async days(db: TTx, agentId: number, from: string, to: string): Promise<TTeamDay[]> {
      return rowsOf<TTeamDay>(
        await db.execute(sql`
          select to_char(day, 'YYYY-MM-DD') as day, ${list()} from team_days
          where agent_id = ${agentId} and day between ${from}::date and ${to}::date`),
      );
    },

    /** Over all days: everyone registered in the team (its size) and every posting of its accounts (its balance). */
    async allTime(db: TTx, agentId: number): Promise<{ size: number; balance: number }> {
      const [row] = rowsOf<{ size: string | number | null; balance: string | number | null }>(
        await db.execute(sql`select sum(registered) as size, sum(net) as balance from team_days where agent_id = ${agentId}`),
      );
      return { size: Number(row?.size ?? 0), balance: Number(row?.balance ?? 0) };
    },

    /**
     * Members of the team whose valid bet over [from, to] reaches `threshold`. Not a sum of days (a member counts
     * once however many days it played), so it reads the members' days: only those who played, not the whole team.
     */
    async activeMembers(db: TTx, agentId: number, from: string, to: string, threshold: number): Promise<number> {
      const [row] = rowsOf<{ n: string | number }>(
        await db.execute(sql`
          select count(*) as n from (
            select m.user_id from member_days m
            join user_paths p on p.ancestor_id = ${agentId} and p.descendant_id = m.user_id and p.depth > 0
            where m.day between ${from}::date and ${to}::date and m.valid_bet <> 0
            group by m.user_id having sum(m.valid_bet) >= ${threshold}
          ) a`),
      );
      return Number(row?.n ?? 0);
    },

    /** The active members of a range as counted since the rollup last changed a valid bet in it, if any. */
    async keptActiveMembers(db: TTx, agentId: number, from: string, to: string, threshold: number): Promise<number | null> {
      const [row] = rowsOf<{ active: string | number }>(
        await db.execute(sql`
          select active from team_active_counts
          where agent_id = ${agentId} and from_day = ${from}::date and to_day = ${to}::date and threshold = ${threshold}`),
      );
      return row ? Number(row.active) : null;
    },

    /** Keeps a range's count; only under the shared rollup lock, so no change lands between the count and this. */
    async keepActiveMembers(tx: TTx, agentId: number, from: string, to: string, threshold: number, active: number): Promise<void> {
      await tx.execute(sql`
        insert into team_active_counts (agent_id, from_day, to_day, threshold, active) values (${agentId}, ${from}::date, ${to}::date, ${threshold}, ${active})
        on conflict (agent_id, from_day, to_day, threshold) do update set active = excluded.active`);
    },

    /** Direct downlines by type, from the (upline, type) index alone. */
    async directCounts(db: TTx, agentId: number): Promise<{ members: number; agents: number }> {
      const rows = rowsOf<{ type: string; n: string | number }>(await db.execute(sql`select type, count(*) as n from users where upline_id = ${agentId} group by type`));
      const of = (type: string) => Number(rows.find((r) => r.type === type)?.n ?? 0);
      return { members: of('member'), agents: of('agent') };
    },
  };
}

export type TTeamRollupRepository = ReturnType<typeof createTeamRollupRepository>;
