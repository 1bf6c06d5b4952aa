import { sql } from 'drizzle-orm';
import { RG_LIMIT_KINDS, RG_PERIODS, type TRgLimitKind, type TRgPeriod } from '@playhall/contract/calls/responsible';
import { rowsOf, type TTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

const iso = (v: string | Date | null | undefined): string | null => (v ? new Date(v).toISOString() : null);
const num = (v: string | number | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));

export interface TRgMemberRow {
  realityMinutes: number;
  pendingReality: number | null;
  pendingRealityAt: string | null;
  breakUntil: string | null;
  breakEndsEarlyAt: string | null;
  excludedUntil: string | null;
}

export interface TRgLimitRow {
  kind: TRgLimitKind;
  period: TRgPeriod;
  amount: number | null;
  pendingAmount: number | null;
  pendingAt: string | null;
  used: number;
  resetsAt: string;
}

const ORDER = RG_LIMIT_KINDS.flatMap((k) => RG_PERIODS.map((p) => `('${k}', '${p}', ${RG_LIMIT_KINDS.indexOf(k) * 3 + RG_PERIODS.indexOf(p)})`)).join(', ');

/** SQL of responsible gaming: settings, limits with this period's usage, the audit rows. Every method takes the transaction. */
export const rgRepository = {
  /** The member's row, made on first use (with this period's usage read once from the ledger), locked. */
  async lockMember(tx: TTx, userId: number, merchantId: number, now: Date): Promise<TRgMemberRow> {
    const made = rowsOf(await tx.execute(sql`insert into rg_members (user_id, merchant_id) values (${userId}, ${merchantId}) on conflict (user_id) do nothing returning user_id`));
    if (made.length > 0) await tx.execute(sql`select rg_backfill(${userId}::bigint, ${now.toISOString()}::timestamptz)`);
    const [r] = rowsOf<Record<string, string | number | Date | null>>(await tx.execute(sql`select * from rg_members where user_id = ${userId} for update`));
    if (!r) throw new Error(`rg_members row of ${userId} vanished`);
    return {
      realityMinutes: Number(r.reality_minutes),
      pendingReality: num(r.pending_reality as number | null),
      pendingRealityAt: iso(r.pending_reality_at as string | null),
      breakUntil: iso(r.break_until as string | null),
      breakEndsEarlyAt: iso(r.break_ends_early_at as string | null),
      excludedUntil: iso(r.excluded_until as string | null),
    };
  },

  /** Raises, removals and reality changes whose cooling period is over take effect (lazily, on read or use). */
  async applyDue(tx: TTx, userId: number, at: Date): Promise<void> {
    const t = at.toISOString();
    await tx.execute(sql`update rg_limits set amount = pending_amount, pending_amount = null, pending_at = null, updated_at = now()
                         where user_id = ${userId} and pending_at <= ${t}::timestamptz`);
    await tx.execute(sql`update rg_members set reality_minutes = pending_reality, pending_reality = null, pending_reality_at = null, updated_at = now()
                         where user_id = ${userId} and pending_reality_at <= ${t}::timestamptz`);
  },

  /** Six rows, kind × period, with what the current period used (never below 0) and when it ends. */
  async limits(tx: TTx, userId: number, merchantId: number, at: Date): Promise<TRgLimitRow[]> {
    const t = at.toISOString();
    const rows = rowsOf<Record<string, string | number | Date | null>>(
      await tx.execute(sql`
        with p(kind, period, ord) as (values ${sql.raw(ORDER)}),
        m as (select time_zone as tz, (${t}::timestamptz at time zone time_zone) as local from merchants where id = ${merchantId})
        select p.kind, p.period, l.amount, l.pending_amount, l.pending_at, greatest(coalesce(u.used, 0), 0) as used,
               (rg_period_start(p.period, m.local) + ('1 ' || p.period)::interval) at time zone m.tz as resets_at
        from p cross join m
        left join rg_limits l on l.user_id = ${userId} and l.kind = p.kind and l.period = p.period
        left join rg_usage u on u.user_id = ${userId} and u.kind = p.kind and u.period = p.period and u.starts = rg_period_start(p.period, m.local)
        order by p.ord`),
    );
    return rows.map((r) => ({
      kind: r.kind as TRgLimitKind,
      period: r.period as TRgPeriod,
      amount: num(r.amount as string | null),
      pendingAmount: num(r.pending_amount as string | null),
      pendingAt: iso(r.pending_at as string | null),
      used: Number(r.used),
      resetsAt: iso(r.resets_at as string) ?? '',
    }));
  },

  async writeLimit(tx: TTx, userId: number, l: { kind: TRgLimitKind; period: TRgPeriod; amount: number | null; pendingAmount: number | null; pendingAt: Date | null }): Promise<void> {
    await tx.execute(sql`
      insert into rg_limits (user_id, kind, period, amount, pending_amount, pending_at)
      values (${userId}, ${l.kind}, ${l.period}, ${l.amount}, ${l.pendingAmount}, ${l.pendingAt?.toISOString() ?? null})
      on conflict (user_id, kind, period) do update set amount = excluded.amount, pending_amount = excluded.pending_amount,
        pending_at = excluded.pending_at, updated_at = now()`);
  },

  async writeMember(tx: TTx, userId: number, m: Partial<Record<'realityMinutes' | 'pendingReality', number | null> & Record<'pendingRealityAt' | 'breakUntil' | 'breakEndsEarlyAt' | 'excludedUntil', Date | null>>): Promise<void> {
    const cols: Record<string, string> = {
      realityMinutes: 'reality_minutes', pendingReality: 'pending_reality', pendingRealityAt: 'pending_reality_at',
      breakUntil: 'break_until', breakEndsEarlyAt: 'break_ends_early_at', excludedUntil: 'excluded_until',
    };
    const sets = Object.entries(m).map(([k, v]) => sql`${sql.raw(cols[k] ?? 'never')} = ${v instanceof Date ? v.toISOString() : v}`);
    if (sets.length === 0) return;
    await tx.execute(sql`update rg_members set ${sql.join(sets, sql`, `)}, updated_at = now() where user_id = ${userId}`);
  },

  /** `at + months` as the calendar counts it (31 Aug + 6 months is 28/29 Feb). */
  async addMonths(tx: TTx, at: Date, months: number): Promise<Date> {
    const [r] = rowsOf<{ t: string | Date }>(await tx.execute(sql`select (${at.toISOString()}::timestamptz + make_interval(months => ${months}::int)) as t`));
    return new Date(r?.t ?? at);
  },

  /** Stakes and their net result for the member since a moment (the reality check). */
  async playSince(tx: TTx, userId: number, since: Date): Promise<{ bets: number; net: number }> {
    const [r] = rowsOf<{ bets: string | number; net: string | number }>(
      await tx.execute(sql`
        select count(distinct e.id) filter (where e.kind = 'bet') as bets, coalesce(sum(n.amount), 0) as net
        from ledger_accounts a join postings n on n.account_id = a.id join journal_entries e on e.id = n.entry_id
        where a.user_id = ${userId} and e.kind in ('bet', 'payout', 'betRefund') and e.created_at >= ${since.toISOString()}::timestamptz`),
    );
    return { bets: Number(r?.bets ?? 0), net: Number(r?.net ?? 0) };
  },

  async audit(tx: TTx, entry: { actor: string; action: string; userId: number; before: unknown; after: unknown; reason?: string | null }): Promise<void> {
    await tx.insert(auditLog).values({ actor: entry.actor, action: entry.action, target: `user:${entry.userId}`, before: entry.before ?? null, after: entry.after ?? null, reason: entry.reason ?? null });
  },
};
