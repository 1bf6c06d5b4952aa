import { sql } from 'drizzle-orm';
import { consoleDashboard, type TConsoleFigures } from '@playhall/contract/console';
import { rowsOf } from '../../../db/client.ts';
import { daysBetween } from '../../agent/team-range.ts';
import type { TConsoleRegistrar } from '../console-registrar.ts';
import type { TPageDeps } from './console-ops.ts';
import { betGroups, figureSources, FREE_PLAY_ACCOUNT, n, type TNum } from './figures.ts';

interface TFigureRow {
  day: string | null;
  deposit: TNum;
  withdrawal: TNum;
  bets: TNum;
  payouts: TNum;
  registered: TNum;
  active: TNum;
}

const ZERO: TConsoleFigures = { deposits: 0, withdrawals: 0, bets: 0, payouts: 0, ggr: 0, newMembers: 0, activeMembers: 0 };

function figures(r: TFigureRow | undefined): TConsoleFigures {
  if (!r) return ZERO;
  const bets = n(r.bets);
  const payouts = n(r.payouts);
  // Withdrawals leave the wallet as negative postings: shown as the amount taken out.
  return { deposits: n(r.deposit), withdrawals: -n(r.withdrawal), bets, payouts, ggr: bets - payouts, newMembers: n(r.registered), activeMembers: n(r.active) };
}

/**
 * The merchant's figures per local day over [from, to] and for the whole range, in one statement over the members'
 * rolled-up days (member_days, the agent centre's team figures summed over every account): deposits credited,
 * withdrawals requested, stakes of bets not void and payouts of settled ones by bet time, registrations, and members
 * with a stake (counted once over the range, not summed over days).
 */
async function periodFigures(deps: TPageDeps, from: string, to: string) {
  const rows = rowsOf<TFigureRow>(
    await deps.db.execute(sql`
      select case when grouping(m.day) = 0 then to_char(m.day, 'YYYY-MM-DD') end as day,
             sum(m.deposit) as deposit, sum(m.withdrawal) as withdrawal, sum(m.bet_amount) as bets, sum(m.payout) as payouts,
             sum(m.registered) as registered, count(distinct m.user_id) filter (where m.bet_amount <> 0) as active
      from member_days m join users u on u.id = m.user_id
      where u.merchant_id = ${deps.merchantId} and u.account_type <> ${FREE_PLAY_ACCOUNT} and m.day between ${from}::date and ${to}::date
      group by grouping sets ((m.day), ())`),
  );
  const byDay = new Map(rows.filter((r) => r.day !== null).map((r) => [r.day, figures(r)]));
  return {
    total: figures(rows.find((r) => r.day === null)),
    byDay: daysBetween(from, to).map((day) => ({ day, ...(byDay.get(day) ?? ZERO) })),
  };
}

/** The dashboard: today and the period (the last 7 local days by default), by day and by game category. */
export function registerDashboard(calls: TConsoleRegistrar, deps: TPageDeps): void {
  const { rollup, range } = figureSources(deps);

  calls.serve(consoleDashboard, async (input) => {
    const r = await range(input);
    const { from, to, tz } = r;
    // As a team page does: everything committed before the question is in the rollups.
    await rollup.catchUp();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date());
    const [period, byCategory] = await Promise.all([periodFigures(deps, from, to), betGroups(deps, r, 'category')]);
    const inRange = period.byDay.find((d) => d.day === today);
    const todayFigures = inRange ? { ...inRange, day: undefined } : (await periodFigures(deps, today, today)).total;
    return {
      from,
      to,
      today: todayFigures,
      period: period.total,
      byDay: period.byDay,
      // By category from the bet records (the rollups keep no category); the last group is the total.
      byCategory: byCategory.flatMap((g) => (g.category === null ? [] : [{ category: g.category, bets: g.bets, payouts: g.payouts, ggr: g.ggr }])),
    };
  });
}
