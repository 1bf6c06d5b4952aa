import { sql } from 'drizzle-orm';
import type { TMissionKind } from '@playhall/contract/calls/loyalty';
import { rowsOf, type TTx } from '../../db/client.ts';
import { localDay, periodOf } from '../promotions/promotions.service.ts';

/**
 * A member's mission progress, read from settled data of the current periods (docs/decisions.md, "Loyalty"): the
 * local day and the week from Monday 00:00 in the merchant's time zone. Two indexed queries per member, whatever the
 * number of missions: the settled bets of the week grouped by category (and in total), and one row of deposits,
 * lottery wins and the local days the member logged in. Nothing the client sends counts.
 */

export interface TPeriods {
  day: { start: Date; end: Date; startDay: string };
  week: { start: Date; end: Date; startDay: string };
  today: string;
}

export function currentPeriods(tz: string, now: Date): TPeriods {
  const day = periodOf(tz, 'day', now);
  const week = periodOf(tz, 'week', now);
  return {
    day: { ...day, startDay: localDay(tz, day.start) },
    week: { ...week, startDay: localDay(tz, week.start) },
    today: localDay(tz, now),
  };
}

interface TBetFigures {
  validBet: number;
  count: number;
  games: number;
}

/** Per period: bets per category ('*' for all categories), deposits, lottery wins. */
export interface TFigures {
  bets: { day: Map<string, TBetFigures>; week: Map<string, TBetFigures> };
  deposit: { day: number; week: number };
  lotteryWins: { day: number; week: number };
  /** Local days (YYYY-MM-DD) with a login, from `loginSince` on. */
  loginDays: Set<string>;
}

export interface TProgressMission {
  period: 'daily' | 'weekly';
  kind: TMissionKind;
  category: string | null;
  target: number;
}

const DAY_MS = 86_400_000;
/** A daily login streak counts back at most this many days. */
const MAX_STREAK_DAYS = 366;
/** A lottery ticket settles within days of its purchase: the bound that lets the index on (user, created_at) serve. */
const TICKET_SETTLE_MS = 31 * DAY_MS;

interface TBetRow {
  category: string | null;
  total: number | string;
  day_valid: string;
  day_count: number | string;
  day_games: number | string;
  week_valid: string;
  week_count: number | string;
  week_games: number | string;
}

interface TOtherRow {
  dep_day: string;
  dep_week: string;
  win_day: number | string;
  win_week: number | string;
  login_days: string[] | null;
}

/** Reads what the missions of one member need (only the parts some mission asks for). */
export async function memberFigures(db: TTx, userId: number, tz: string, p: TPeriods, missions: readonly TProgressMission[]): Promise<TFigures> {
  const figures: TFigures = {
    bets: { day: new Map(), week: new Map() },
    deposit: { day: 0, week: 0 },
    lotteryWins: { day: 0, week: 0 },
    loginDays: new Set(),
  };
  const kinds = new Set(missions.map((m) => m.kind));
  const iso = (d: Date) => d.toISOString();
  if (kinds.has('validBet') || kinds.has('betCount') || kinds.has('distinctGames')) {
    const rows = rowsOf<TBetRow>(
      await db.execute(sql`
        select category, grouping(category) as total,
          coalesce(sum(valid_bet) filter (where created_at >= ${iso(p.day.start)}::timestamptz and created_at < ${iso(p.day.end)}::timestamptz), 0)::text as day_valid,
          count(*) filter (where created_at >= ${iso(p.day.start)}::timestamptz and created_at < ${iso(p.day.end)}::timestamptz) as day_count,
          count(distinct vassalage || ':' || game_id) filter (where created_at >= ${iso(p.day.start)}::timestamptz and created_at < ${iso(p.day.end)}::timestamptz) as day_games,
          coalesce(sum(valid_bet), 0)::text as week_valid,
          count(*) as week_count,
          count(distinct vassalage || ':' || game_id) as week_games
        from bet_records
        where user_id = ${userId} and status = 'settled'
          and created_at >= ${iso(p.week.start)}::timestamptz and created_at < ${iso(p.week.end)}::timestamptz
        group by grouping sets ((category), ())`),
    );
    for (const r of rows) {
      const key = Number(r.total) === 1 ? '*' : (r.category ?? '*');
      figures.bets.day.set(key, { validBet: Number(r.day_valid), count: Number(r.day_count), games: Number(r.day_games) });
      figures.bets.week.set(key, { validBet: Number(r.week_valid), count: Number(r.week_count), games: Number(r.week_games) });
    }
  }
  const wantsDeposit = kinds.has('deposit');
  const wantsWins = kinds.has('lotteryWin');
  const wantsLogins = kinds.has('loginStreak');
  if (!wantsDeposit && !wantsWins && !wantsLogins) return figures;
  const streak = Math.min(MAX_STREAK_DAYS, Math.max(1, ...missions.filter((m) => m.kind === 'loginStreak' && m.period === 'daily').map((m) => m.target)));
  const loginSince = new Date(Math.min(p.week.start.getTime(), p.day.start.getTime() - (streak - 1) * DAY_MS));
  const [row] = rowsOf<TOtherRow>(
    await db.execute(sql`
      select
        (select coalesce(sum(amount), 0)::text from deposits
          where ${wantsDeposit}::boolean and user_id = ${userId} and status = 'credited'
            and credited_at >= ${iso(p.day.start)}::timestamptz and credited_at < ${iso(p.day.end)}::timestamptz) as dep_day,
        (select coalesce(sum(amount), 0)::text from deposits
          where ${wantsDeposit}::boolean and user_id = ${userId} and status = 'credited'
            and credited_at >= ${iso(p.week.start)}::timestamptz and credited_at < ${iso(p.week.end)}::timestamptz) as dep_week,
        (select count(*) from lottery_tickets
          where ${wantsWins}::boolean and user_id = ${userId} and status = 'won' and created_at >= ${iso(new Date(p.week.start.getTime() - TICKET_SETTLE_MS))}::timestamptz
            and settled_at >= ${iso(p.day.start)}::timestamptz and settled_at < ${iso(p.day.end)}::timestamptz) as win_day,
        (select count(*) from lottery_tickets
          where ${wantsWins}::boolean and user_id = ${userId} and status = 'won' and created_at >= ${iso(new Date(p.week.start.getTime() - TICKET_SETTLE_MS))}::timestamptz
            and settled_at >= ${iso(p.week.start)}::timestamptz and settled_at < ${iso(p.week.end)}::timestamptz) as win_week,
        (select array_agg(distinct to_char(created_at at time zone ${tz}, 'YYYY-MM-DD')) from login_history
          where ${wantsLogins}::boolean and user_id = ${userId} and created_at >= ${iso(loginSince)}::timestamptz) as login_days`),
  );
  if (row) {
    figures.deposit = { day: Number(row.dep_day), week: Number(row.dep_week) };
    figures.lotteryWins = { day: Number(row.win_day), week: Number(row.win_week) };
    figures.loginDays = new Set(row.login_days ?? []);
  }
  return figures;
}

/** The day before a YYYY-MM-DD day. */
function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

/**
 * A mission's progress: bets of its category (or all), deposits, lottery tickets won in its period; log-in days are
 * consecutive local days ending today for a daily mission (a streak), the days of this week with a login for a
 * weekly one.
 */
export function progressOf(m: TProgressMission, f: TFigures, p: TPeriods): number {
  const span = m.period === 'daily' ? 'day' : 'week';
  const bets = f.bets[span].get(m.category ?? '*');
  switch (m.kind) {
    case 'validBet':
      return Math.max(0, bets?.validBet ?? 0);
    case 'betCount':
      return bets?.count ?? 0;
    case 'distinctGames':
      return bets?.games ?? 0;
    case 'deposit':
      return f.deposit[span];
    case 'lotteryWin':
      return f.lotteryWins[span];
    case 'loginStreak': {
      if (m.period === 'weekly') return [...f.loginDays].filter((d) => d >= p.week.startDay && d <= p.today).length;
      let n = 0;
      for (let d = p.today; f.loginDays.has(d) && n < MAX_STREAK_DAYS; d = dayBefore(d)) n += 1;
      return n;
    }
  }
}
