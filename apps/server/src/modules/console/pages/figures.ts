import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../../db/client.ts';
import { invalidInput } from '../../../lib/app-error.ts';
import { createTeamRollup } from '../../agent/team-rollup.ts';
import { dayRangeOf, type TDayRange, type TRange } from '../../agent/team-range.ts';
import { merchantTimeZone } from '../../ops/ops.service.ts';
import type { TPageDeps } from './console-ops.ts';

// What the dashboard and the reports add up alike (issue 24): the range of local days they accept, the accounts they
// leave out, and the bets grouped by category (and day and vendor) from bet_records.

/** The longest range the dashboard or a report adds up at once (a year, with a leap day). */
export const MAX_DAYS = 366;
/** Free-play trial accounts (spec §6) play with the house's play money: never in the figures. */
export const FREE_PLAY_ACCOUNT = 4;

export type TNum = string | number | null;
export const n = (v: TNum | undefined) => Number(v ?? 0);

/** Days from `from` to `to`, both included (YYYY-MM-DD), counted without walking them. */
const dayCount = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * The merchant's zone, its rollup and the page's range of local days (the last 7 by default), refusing a reversed
 * range (`from_after_to`) or one over MAX_DAYS (`range_too_long`) as a field error on `from`.
 */
export function figureSources(deps: TPageDeps) {
  const timeZone = () => merchantTimeZone(deps.db, deps.merchantId);
  const rollup = createTeamRollup({ db: deps.db, timeZone });
  const rangeOf = dayRangeOf({ timeZone, now: () => new Date() });
  return {
    rollup,
    async range(input: TRange): Promise<TDayRange> {
      const r = await rangeOf(input);
      if (dayCount(r.from, r.to) > MAX_DAYS) throw invalidInput([{ path: 'from', message: 'range_too_long', params: { max: MAX_DAYS } }]);
      return r;
    },
  };
}

export interface TBetGroup {
  /** Null when the grouping does not split by it (or on the total row). */
  day: string | null;
  category: string | null;
  vendor: string | null;
  vendorName: string | null;
  bets: number;
  payouts: number;
  ggr: number;
  betCount: number;
  players: number;
}

/**
 * Bets of the merchant's accounts (trial ones left out) placed in [from, to] local days, from bet_records (the rollups
 * keep no category): stakes of bets not void, payouts of settled ones, bets not void and members with one, grouped by
 * category alone (`category`) or by local day, category and vendor (`dayVendor`), with the range's total (every key
 * null) as the last row. One statement; `players` is counted once per group, not summed.
 */
export async function betGroups(deps: TPageDeps, r: TDayRange, by: 'category' | 'dayVendor'): Promise<TBetGroup[]> {
  const sets: SQL = by === 'category' ? sql`(b.category), ()` : sql`(b.day, b.category, b.vassalage), ()`;
  const keys: SQL =
    by === 'category'
      ? sql`null::text as day, b.category, null::text as vassalage`
      : sql`case when grouping(b.day) = 0 then to_char(b.day, 'YYYY-MM-DD') end as day, b.category, b.vassalage`;
  const rows = rowsOf<Record<string, TNum>>(
    await deps.db.execute(sql`
      with b as (
        select (b.created_at at time zone ${r.tz})::date as day, b.category, b.vassalage, b.user_id, b.status, b.bet_amount, b.payout
        from bet_records b join users u on u.id = b.user_id
        where b.merchant_id = ${deps.merchantId} and u.account_type <> ${FREE_PLAY_ACCOUNT}
          and b.created_at >= (${r.from}::date)::timestamp at time zone ${r.tz}
          and b.created_at < (${r.to}::date + 1)::timestamp at time zone ${r.tz}
      ),
      g as (
        select grouping(b.category) as totalled, ${keys},
               sum(b.bet_amount) filter (where b.status <> 'void') as bets, sum(b.payout) filter (where b.status = 'settled') as payouts,
               count(*) filter (where b.status <> 'void') as bet_count, count(distinct b.user_id) filter (where b.status <> 'void') as players
        from b
        group by grouping sets (${sets})
      )
      select g.*, coalesce(v.display_name, g.vassalage) as vendor_name
      from g left join vendors v on v.merchant_id = ${deps.merchantId} and v.category = g.category and v.vassalage = g.vassalage
      order by g.totalled, g.day, g.category, g.vassalage`),
  );
  return rows.map((row) => {
    const totalled = n(row.totalled) === 1;
    return {
      day: totalled ? null : ((row.day as string | null) ?? null),
      category: totalled ? null : (row.category as string),
      vendor: totalled ? null : ((row.vassalage as string | null) ?? null),
      vendorName: totalled ? null : ((row.vendor_name as string | null) ?? null),
      bets: n(row.bets),
      payouts: n(row.payouts),
      ggr: n(row.bets) - n(row.payouts),
      betCount: n(row.bet_count),
      players: n(row.players),
    };
  });
}
