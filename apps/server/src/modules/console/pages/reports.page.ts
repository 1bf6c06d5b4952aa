import { sql, type SQL } from 'drizzle-orm';
import { consoleReportAgents, consoleReportGgr, consoleReportMembers, type TReportBetFigures } from '@playhall/contract/console-reports';
import type { z } from 'zod';
import { rowsOf } from '../../../db/client.ts';
import { ACTIVE_MEMBER_VALID_BET } from '../../agent/settlement.service.ts';
import type { TConsoleRegistrar } from '../console-registrar.ts';
import type { TPageDeps } from './console-ops.ts';
import { betGroups, figureSources, FREE_PLAY_ACCOUNT, n, type TNum } from './figures.ts';

// The console's reports (issue 24): daily GGR by category and vendor from the bet records (as the dashboard's
// categories), per agent team from the team rollups (team_days, as the agent centre's overview) and per member from the
// members' rolled-up days (member_days, as the dashboard). docs/decisions.md, "Operator console (issue 24)", Reports.

type TAgentsInput = z.output<typeof consoleReportAgents.request>;
type TMembersInput = z.output<typeof consoleReportMembers.request>;

/** The text as a LIKE pattern matching it anywhere: its own %, _ and \ taken literally (as the member search). */
const anywhere = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const direction = (order: 'asc' | 'desc') => sql.raw(order === 'asc' ? 'asc' : 'desc');

/** The money figures of one row of sums (withdrawals leave the wallet as negative postings: shown as taken out). */
function money(r: Record<string, TNum | undefined>) {
  const bets = n(r.bets);
  const payouts = n(r.payouts);
  return { deposits: n(r.deposit), withdrawals: -n(r.withdrawal), bets, validBet: n(r.valid_bet), payouts, ggr: bets - payouts };
}

const SUMS = (p: string) =>
  sql.raw(
    `sum(${p}.deposit) as deposit, sum(${p}.withdrawal) as withdrawal, sum(${p}.bet_amount) as bets, sum(${p}.valid_bet) as valid_bet, sum(${p}.payout) as payouts`,
  );

/** The order of a sortable column (ties by id, so pages never overlap), over the row aliases of the reports' pages. */
function ordering(sort: string, order: 'asc' | 'desc', alias: string): SQL {
  const column: Record<string, string> = {
    ggr: `(coalesce(${alias}.bets, 0) - coalesce(${alias}.payouts, 0))`,
    bets: `coalesce(${alias}.bets, 0)`,
    validBet: `coalesce(${alias}.valid_bet, 0)`,
    deposits: `coalesce(${alias}.deposit, 0)`,
    // Shown positive: the most taken out first when descending.
    withdrawals: `(-coalesce(${alias}.withdrawal, 0))`,
    username: `${alias}.username`,
  };
  return sql`${sql.raw(column[sort] ?? column.ggr!)} ${direction(order)}, ${sql.raw(`${alias}.id`)} ${direction(order)}`;
}

/**
 * Per agent team over the range: the page of agents (sorted, searched) with their teams' sums over team_days (one index
 * range per agent and the range's days), and in the same statement the count of matches and the total over the top
 * agents among them. Team size (all days) and active members are then counted for the page's agents and the top
 * agents only.
 */
async function agentsReport(deps: TPageDeps, r: { from: string; to: string }, input: TAgentsInput) {
  const search = input.q ? sql`and u.username ilike ${anywhere(input.q)}` : sql``;
  const rows = rowsOf<Record<string, TNum> & { id: TNum; username: string | null; upline: string | null; top: boolean | null }>(
    await deps.db.execute(sql`
      with a as (
        select u.id, u.username, up.username as upline, (up.id is null or up.type <> 'agent') as top, f.*
        from users u left join users up on up.id = u.upline_id
        cross join lateral (
          select ${SUMS('t')}, sum(t.registered) as registered
          from team_days t where t.agent_id = u.id and t.day between ${r.from}::date and ${r.to}::date
        ) f
        where u.merchant_id = ${deps.merchantId} and u.type = 'agent' ${search}
      ),
      tot as (
        select count(*) as matches, array_agg(a.id) filter (where a.top) as tops,
               ${sql.raw(['deposit', 'withdrawal', 'bets', 'valid_bet', 'payouts', 'registered'].map((c) => `sum(a.${c}) filter (where a.top) as t_${c}`).join(', '))}
        from a
      )
      select tot.*, p.*
      from tot left join lateral (
        select a.* from a order by ${ordering(input.sort, input.order, 'a')} limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}
      ) p on true
      order by ${ordering(input.sort, input.order, 'p')}`),
  );
  const head = rows[0] ?? {};
  const tops = (((head as Record<string, unknown>).tops as (string | number)[] | null) ?? []).map(Number);
  const page = rows.filter((row) => row.id !== null && row.id !== undefined);
  const ids = [...new Set([...page.map((row) => Number(row.id)), ...tops])];
  const { size, active } = await teamCounts(deps, ids, r);
  const list = page.map((row) => ({
    agentId: Number(row.id),
    username: String(row.username),
    upline: row.upline ?? null,
    teamSize: size.get(Number(row.id)) ?? 0,
    newMembers: n(row.registered),
    activeMembers: active.get(Number(row.id)) ?? 0,
    ...money(row),
  }));
  const t = head as Record<string, TNum>;
  const total = {
    ...money({ deposit: t.t_deposit, withdrawal: t.t_withdrawal, bets: t.t_bets, valid_bet: t.t_valid_bet, payouts: t.t_payouts }),
    teamSize: tops.reduce((s, id) => s + (size.get(id) ?? 0), 0),
    newMembers: n(t.t_registered),
    activeMembers: tops.reduce((s, id) => s + (active.get(id) ?? 0), 0),
  };
  return { list, total, matches: n(t.matches) };
}

/**
 * Team size (everyone registered below the agent, over all its rolled-up days, as the agent centre) and active members
 * over the range (members whose valid bet reaches ACTIVE_MEMBER_VALID_BET: read from the members' days with a valid
 * bet, then up the closure table to the agents asked about) for a few agents.
 */
async function teamCounts(deps: TPageDeps, ids: number[], r: { from: string; to: string }) {
  const size = new Map<number, number>();
  const active = new Map<number, number>();
  if (ids.length === 0) return { size, active };
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const sizes = rowsOf<{ agent_id: TNum; size: TNum }>(
    await deps.db.execute(sql`select agent_id, sum(registered) as size from team_days where agent_id in (${list}) group by agent_id`),
  );
  for (const row of sizes) size.set(Number(row.agent_id), n(row.size));
  const actives = rowsOf<{ agent_id: TNum; active: TNum }>(
    await deps.db.execute(sql`
      select p.ancestor_id as agent_id, count(*) as active
      from (
        select m.user_id from member_days m
        where m.day between ${r.from}::date and ${r.to}::date and m.valid_bet <> 0
        group by m.user_id having sum(m.valid_bet) >= ${ACTIVE_MEMBER_VALID_BET}
      ) a
      join user_paths p on p.descendant_id = a.user_id and p.depth > 0 and p.ancestor_id in (${list})
      group by p.ancestor_id`),
  );
  for (const row of actives) active.set(Number(row.agent_id), n(row.active));
  return { size, active };
}

/**
 * Per account of the merchant (trial ones left out) with any deposit, withdrawal, bet or payout in the range: sums of
 * its member_days, the page (sorted, searched) and, in the same statement, the count and total of every match.
 */
async function membersReport(deps: TPageDeps, r: { from: string; to: string }, input: TMembersInput) {
  const search = input.q ? sql`and u.username ilike ${anywhere(input.q)}` : sql``;
  const rows = rowsOf<Record<string, TNum> & { id: TNum; username: string | null; type: 'member' | 'agent' | null }>(
    await deps.db.execute(sql`
      with s as (
        select m.user_id, ${SUMS('m')}
        from member_days m join users u on u.id = m.user_id
        where u.merchant_id = ${deps.merchantId} and u.account_type <> ${FREE_PLAY_ACCOUNT} and m.day between ${r.from}::date and ${r.to}::date ${search}
        group by m.user_id
        having sum(m.deposit) <> 0 or sum(m.withdrawal) <> 0 or sum(m.bet_amount) <> 0 or sum(m.payout) <> 0
      ),
      a as (select u.id, u.username, u.type, s.deposit, s.withdrawal, s.bets, s.valid_bet, s.payouts from s join users u on u.id = s.user_id),
      tot as (
        select count(*) as matches,
               ${sql.raw(['deposit', 'withdrawal', 'bets', 'valid_bet', 'payouts'].map((c) => `sum(a.${c}) as t_${c}`).join(', '))}
        from a
      )
      select tot.*, p.*
      from tot left join lateral (
        select a.* from a order by ${ordering(input.sort, input.order, 'a')} limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}
      ) p on true
      order by ${ordering(input.sort, input.order, 'p')}`),
  );
  const t = (rows[0] ?? {}) as Record<string, TNum>;
  const list = rows
    .filter((row) => row.id !== null && row.id !== undefined)
    .map((row) => ({ userId: Number(row.id), username: String(row.username), type: row.type ?? 'member', ...money(row) }));
  const total = money({ deposit: t.t_deposit, withdrawal: t.t_withdrawal, bets: t.t_bets, valid_bet: t.t_valid_bet, payouts: t.t_payouts });
  return { list, total, matches: n(t.matches) };
}

const NO_BETS: TReportBetFigures = { bets: 0, payouts: 0, ggr: 0, betCount: 0, players: 0 };

/** reports.ggr, reports.agents, reports.members. */
export function registerReportPages(calls: TConsoleRegistrar, deps: TPageDeps): void {
  const { rollup, range } = figureSources(deps);

  calls.serve(consoleReportGgr, async (input) => {
    const r = await range(input);
    const groups = await betGroups(deps, r, 'dayVendor');
    const rows = groups.flatMap((g) =>
      g.day === null || g.category === null || g.vendor === null
        ? []
        : [{ day: g.day, category: g.category, vendor: g.vendor, vendorName: g.vendorName ?? g.vendor, bets: g.bets, payouts: g.payouts, ggr: g.ggr, betCount: g.betCount, players: g.players }],
    );
    const t = groups.find((g) => g.category === null);
    const totals = t ? { bets: t.bets, payouts: t.payouts, ggr: t.ggr, betCount: t.betCount, players: t.players } : NO_BETS;
    return { from: r.from, to: r.to, rows, totals };
  });

  calls.serve(consoleReportAgents, async (input) => {
    const r = await range(input);
    // As the agent centre's pages: everything committed before the question is in the rollups.
    await rollup.catchUp();
    const { list, total, matches } = await agentsReport(deps, r, input);
    return { from: r.from, to: r.to, list, totals: total, total: matches, page: input.page, pageSize: input.pageSize };
  });

  calls.serve(consoleReportMembers, async (input) => {
    const r = await range(input);
    await rollup.catchUp();
    const { list, total, matches } = await membersReport(deps, r, input);
    return { from: r.from, to: r.to, list, totals: total, total: matches, page: input.page, pageSize: input.pageSize };
  });
}
