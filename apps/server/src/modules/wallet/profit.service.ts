import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { MAIN_WALLET } from '@playhall/contract/calls/wallet';
import { GAME_CATEGORIES, type TGameCategory } from '@playhall/contract/categories';
import type { TDb, TTx } from '../../db/client.ts';
import { journalEntries, ledgerAccounts, postings } from '../../db/schema.ts';
import { invalidInput } from '../../lib/app-error.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { detailRef } from './record-detail.ts';

/** Bet figures of one day or one category, as the games record them (issue 5 provides the source). */
export interface TBetFigures {
  betAmount: number;
  validBet: number;
  payout: number;
}

/**
 * Where the betting side of the personal profit comes from: the games' round records. Until a game
 * module registers one, nobody can have bet, and every bet figure is zero — which is the truth.
 */
export interface TBetFiguresSource {
  byDay(db: TTx, userId: number, range: TDayRange): Promise<(TBetFigures & { date: string })[]>;
  byCategory(db: TTx, userId: number, range: TDayRange): Promise<(TBetFigures & { category: TGameCategory })[]>;
}

export interface TDayRange {
  from: string;
  to: string;
  timeZone: string;
}

export const NO_BETS: TBetFiguresSource = {
  byDay: async () => [],
  byCategory: async () => [],
};

/** Without a range the page shows the last 7 days; a range may span at most 92 days (a quarter). */
export const DEFAULT_PROFIT_DAYS = 7;
export const MAX_PROFIT_DAYS = 92;

/** Entry kinds whose main-wallet postings are deposits, withdrawals and bonuses. */
const DEPOSIT_KINDS = ['deposit'];
const WITHDRAWAL_KINDS = ['withdrawal', 'withdrawalRefund'];
const BONUS_KINDS = ['bonus'];

/** The merchant's calendar day of a moment, yyyy-MM-dd. */
export function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** yyyy-MM-dd shifted by whole days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The inclusive range asked for, defaulted and checked. */
export function profitRange(input: { from?: string; to?: string }, timeZone: string, now: Date): TDayRange {
  const to = input.to ?? (input.from ? addDays(input.from, DEFAULT_PROFIT_DAYS - 1) : dayIn(timeZone, now));
  const from = input.from ?? addDays(to, -(DEFAULT_PROFIT_DAYS - 1));
  if (from > to) throw invalidInput([{ path: 'from', message: 'range_reversed' }]);
  if (addDays(from, MAX_PROFIT_DAYS - 1) < to) throw invalidInput([{ path: 'to', message: 'range_too_long', params: { max: MAX_PROFIT_DAYS } }]);
  return { from, to, timeZone };
}

/** Personal profit (member centre personalProfit): money in and out per day, and per game category. */
export function createProfitService(deps: { db: TDb; site: Pick<TSiteConfigLoader, 'get'>; bets: () => TBetFiguresSource; now?: () => Date }) {
  const { db } = deps;

  /** The member's main-wallet sums per day for the deposit, withdrawal and bonus kinds. */
  async function moneyByDay(userId: number, range: TDayRange) {
    const day = sql<string>`to_char((${postings.createdAt} at time zone ${range.timeZone})::date, 'YYYY-MM-DD')`;
    const sumOf = (kinds: string[]) =>
      sql<string>`coalesce(sum(${postings.amount}) filter (where ${inArray(journalEntries.kind, kinds)}), 0)`;
    const rows = await db
      .select({ day, deposit: sumOf(DEPOSIT_KINDS), withdrawal: sumOf(WITHDRAWAL_KINDS), bonus: sumOf(BONUS_KINDS) })
      .from(postings)
      .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
      .where(
        and(
          eq(ledgerAccounts.userId, userId),
          eq(ledgerAccounts.wallet, MAIN_WALLET),
          inArray(journalEntries.kind, [...DEPOSIT_KINDS, ...WITHDRAWAL_KINDS, ...BONUS_KINDS]),
          gte(sql`(${postings.createdAt} at time zone ${range.timeZone})::date`, sql`${range.from}::date`),
          lte(sql`(${postings.createdAt} at time zone ${range.timeZone})::date`, sql`${range.to}::date`),
        ),
      )
      // By position: the time zone is a bound parameter, so the expression text differs from the select's.
      .groupBy(sql`1`);
    // Withdrawals leave the wallet (negative postings); a refund comes back: the page shows the net out.
    return new Map(rows.map((r) => [r.day, { deposit: Number(r.deposit), withdrawal: -Number(r.withdrawal), bonus: Number(r.bonus) }]));
  }

  return {
    async profit(userId: number, input: { from?: string; to?: string }) {
      const { timeZone } = (await deps.site.get()).merchant;
      const range = profitRange(input, timeZone, deps.now?.() ?? new Date());
      const source = deps.bets();
      const [money, betDays, betCategories] = await Promise.all([
        moneyByDay(userId, range),
        source.byDay(db, userId, range),
        source.byCategory(db, userId, range),
      ]);
      const betsOn = new Map(betDays.map((d) => [d.date, d]));
      const figures = (b: TBetFigures | undefined, bonus: number) => {
        const betAmount = b?.betAmount ?? 0;
        const payout = b?.payout ?? 0;
        return { betAmount, validBet: b?.validBet ?? 0, payout, winLoss: payout - betAmount, bonus };
      };

      const days = [];
      for (let d = range.to; d >= range.from; d = addDays(d, -1)) {
        const m = money.get(d) ?? { deposit: 0, withdrawal: 0, bonus: 0 };
        days.push({ date: d, ...figures(betsOn.get(d), m.bonus), deposit: m.deposit, withdrawal: m.withdrawal });
      }
      const byCategory = new Map(betCategories.map((c) => [c.category, c]));
      const categories = GAME_CATEGORIES.map((category) => ({ category, ...figures(byCategory.get(category), 0) }));
      const totals = days.reduce(
        (t, d) => ({
          betAmount: t.betAmount + d.betAmount,
          validBet: t.validBet + d.validBet,
          payout: t.payout + d.payout,
          winLoss: t.winLoss + d.winLoss,
          bonus: t.bonus + d.bonus,
          deposit: t.deposit + d.deposit,
          withdrawal: t.withdrawal + d.withdrawal,
        }),
        { betAmount: 0, validBet: 0, payout: 0, winLoss: 0, bonus: 0, deposit: 0, withdrawal: 0 },
      );
      return { days, categories, totals };
    },
  };
}

/** The bonus source of a bonus entry's key `bonus:<source>:…` (welcome, promotion, rebate, vip, …). */
export function bonusSource(key: string): string {
  const [head, source] = key.split(':');
  // Issue 17: a promotion's reward (`bonus:activity|raffle|envelope|mission:…`), its claim (`reward:<id>:claim`)
  // and a bonus converted to cash (`bonus:<reward id>:convert`) are all the promotion's.
  if (head === 'reward' || (head === 'bonus' && source && (/^\d+$/.test(source) || ['activity', 'raffle', 'envelope', 'mission'].includes(source)))) return 'promotion';
  return head === 'bonus' && source ? source : 'other';
}

/** Bonus details (member centre bonusDetails): the bonuses credited to the main wallet, newest first. */
export function createBonusService(deps: { db: TDb; site: Pick<TSiteConfigLoader, 'get'> }) {
  return {
    async list(userId: number, query: { from?: string; to?: string; page: number; pageSize: number }) {
      const { timeZone } = (await deps.site.get()).merchant;
      const day = sql`(${postings.createdAt} at time zone ${timeZone})::date`;
      const where = and(
        eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.wallet, MAIN_WALLET),
        inArray(journalEntries.kind, BONUS_KINDS),
        query.from ? gte(day, sql`${query.from}::date`) : undefined,
        query.to ? lte(day, sql`${query.to}::date`) : undefined,
      );
      const from = () =>
        deps.db
          .select({ id: postings.id, time: postings.createdAt, key: journalEntries.key, amount: postings.amount, memo: journalEntries.memo })
          .from(postings)
          .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
          .where(where);
      const rows = await from().orderBy(sql`${postings.id} desc`).limit(query.pageSize).offset((query.page - 1) * query.pageSize);
      const [sum] = await deps.db
        .select({ n: sql<string>`count(*)`, total: sql<string>`coalesce(sum(${postings.amount}), 0)` })
        .from(postings)
        .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
        .where(where);
      return {
        // The platform's own words for its bonuses (the welcome bonus) say nothing the source does not: no remark.
        list: rows.map((r) => ({ id: r.id, time: r.time.toISOString(), source: bonusSource(r.key), amount: r.amount, remark: detailRef({ kind: 'bonus', ...r }) ? null : r.memo })),
        total: Number(sum?.n ?? 0),
        page: query.page,
        pageSize: query.pageSize,
        totalAmount: Number(sum?.total ?? 0),
      };
    },
  };
}
