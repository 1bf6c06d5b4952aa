import { sql } from 'drizzle-orm';
import { rowsOf, type TDb, type TTx } from '../../db/client.ts';
import { newTickets } from '../promotions-engine/index.ts';
import { ZRaffleTerms } from './raffle.service.ts';

/** Participants whose tickets one transaction numbers. */
export const TICKET_CHUNK = 500;

/** The advisory lock (two-key form) that orders every numbering and the draw of one raffle. */
export const raffleLock = (tx: TTx, activityId: number) => tx.execute(sql`select pg_advisory_xact_lock(7417, ${activityId}::int)`);

/**
 * When a raffle's period ends: its end, or the moment the operator closed it early (`ops activity close` stamps
 * updated_at; the draw does not touch it). Tickets count bets placed before it; the draw follows it by the grace.
 */
export function raffleEnd(a: { state: string; endsAt: Date; updatedAt: Date }): Date {
  return a.state === 'closed' && a.updatedAt.getTime() < a.endsAt.getTime() ? a.updatedAt : a.endsAt;
}
/** raffleEnd in SQL, over the activities row named `alias`. */
export const raffleEndSql = (alias: string) => sql.raw(`(case when ${alias}.state = 'closed' then least(${alias}.ends_at, ${alias}.updated_at) else ${alias}.ends_at end)`);

/**
 * Numbers the tickets a raffle's participants have earned since the last run (docs/decisions.md, "Promotions"):
 * a member's turnover is the valid bet of their settled game rounds and lottery tickets placed in the period after
 * joining; the engine's `newTickets` turns it into tickets (one per full `ticketPer`, up to `maxTicketsPerMember`). Set-based, TICKET_CHUNK participants
 * per transaction; each transaction holds the raffle's advisory lock, so the held counts and the next number are
 * read after every earlier numbering committed: a rerun or a second process adds nothing twice and leaves no gap
 * (and the primary key (activity, number) would refuse a duplicate). Nothing is numbered once the raffle is drawn.
 * With `activeSince`, only participants who placed a game round or had a lottery ticket settled since then are
 * counted again (the recurring job between its full passes); without it, all. Returns the tickets added.
 */
export async function allocateTickets(db: TDb, activityId: number, now: Date, opts: { activeSince?: Date } = {}): Promise<number> {
  const at = now.toISOString();
  const since = opts.activeSince?.toISOString();
  const active =
    since === undefined
      ? sql``
      : sql`and (exists (select 1 from game_rounds r where r.user_id = ap.user_id and r.created_at >= ${since}::timestamptz)
                 or exists (select 1 from lottery_tickets t where t.user_id = ap.user_id and t.settled_at >= ${since}::timestamptz))`;
  let after = 0;
  let added = 0;
  for (;;) {
    const chunk = await db.transaction(async (tx) => {
      const [activity] = rowsOf<{ terms: unknown }>(await tx.execute(sql`select terms from activities where id = ${activityId} and kind = 'raffle'`));
      const terms = ZRaffleTerms.safeParse(activity?.terms);
      if (!terms.success) return null;
      const ids = rowsOf<{ id: string }>(
        await tx.execute(sql`
          select ap.id::text from activity_participations ap
          where ap.activity_id = ${activityId} and ap.id > ${after} ${active}
          order by ap.id limit ${TICKET_CHUNK}`),
      ).map((r) => Number(r.id));
      if (ids.length === 0) return null;
      await raffleLock(tx, activityId);
      // Read under the lock: what each participant has earned and already holds, after every earlier numbering.
      const figures = rowsOf<{ user_id: string; turnover: string; held: string }>(
        await tx.execute(sql`
          select p.user_id::text,
            (coalesce((select sum(r.valid_bet) from game_rounds r
                       where r.user_id = p.user_id and r.status = 'settled' and r.created_at >= p.since and r.created_at < p.ends_at
                         and r.settled_at <= ${at}::timestamptz), 0)
             + coalesce((select sum(t.amount) from lottery_tickets t
                         where t.user_id = p.user_id and t.status in ('won', 'lost') and t.created_at >= p.since and t.created_at < p.ends_at
                           and t.settled_at <= ${at}::timestamptz), 0))::text as turnover,
            (select count(*) from raffle_tickets k where k.activity_id = ${activityId} and k.user_id = p.user_id)::text as held
          from (select ap.id, ap.user_id, greatest(ap.created_at, a.starts_at) as since, ${raffleEndSql('a')} as ends_at
                from activity_participations ap join activities a on a.id = ap.activity_id
                where ap.activity_id = ${activityId} and ap.id = any(${`{${ids.join(',')}}`}::bigint[])) p
          order by p.id`),
      );
      const ticketTerms = { validBetPerTicket: terms.data.ticketPer, maxTicketsPerMember: terms.data.maxTicketsPerMember };
      const due = figures
        .map((f) => ({ userId: f.user_id, n: newTickets(ticketTerms, Number(f.held), Number(f.turnover)) }))
        .filter((d) => d.n > 0);
      if (due.length === 0) return { last: ids[ids.length - 1] ?? after, added: 0, full: ids.length === TICKET_CHUNK };
      // Numbered on from the raffle's last ticket, in participant order; none once the raffle is drawn.
      const inserted = rowsOf<{ n: string }>(
        await tx.execute(sql`
          with due as (
            select d.user_id, d.ord, g.i
            from unnest(${`{${due.map((d) => d.userId).join(',')}}`}::bigint[], ${`{${due.map((d) => d.n).join(',')}}`}::int[]) with ordinality as d(user_id, n, ord)
            cross join lateral generate_series(1, d.n) as g(i)
          ), base as (
            select coalesce(max(number) + 1, 0) as b from raffle_tickets where activity_id = ${activityId}
          ), added as (
            insert into raffle_tickets (activity_id, number, user_id, created_at)
            select ${activityId}, (base.b + row_number() over (order by due.ord, due.i) - 1)::int, due.user_id, ${at}::timestamptz
            from due cross join base
            where not exists (select 1 from raffle_draws d where d.activity_id = ${activityId} and d.drawn_at is not null)
            returning 1
          )
          select count(*)::text as n from added`),
      );
      return { last: ids[ids.length - 1] ?? after, added: Number(inserted[0]?.n ?? 0), full: ids.length === TICKET_CHUNK };
    });
    if (!chunk) break;
    added += chunk.added;
    after = chunk.last;
    if (!chunk.full) break;
  }
  return added;
}
