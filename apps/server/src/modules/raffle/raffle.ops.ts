import { and, asc, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { TDb } from '../../db/client.ts';
import { activities, raffleDraws, raffleTickets, raffleWinners, users } from '../../db/schema.ts';
import { formatMinor } from '../ledger/amount.ts';
import { drawRaffleNow, RAFFLE_DRAW_GRACE_MS } from './raffle.draw.ts';
import { ZRaffleTerms } from './raffle.service.ts';
import { raffleEnd } from './raffle.tickets.ts';

/** `npm run ops -- raffle draw|show <activityId>` as data, and what each does. */

const ZActivityId = z.number().int().positive('a raffle activity id (see activity list)');
export const RAFFLE_COMMANDS = [
  z.strictObject({ kind: z.literal('raffle.draw'), id: ZActivityId }),
  z.strictObject({ kind: z.literal('raffle.show'), id: ZActivityId }),
] as const;
export type TRaffleCommand = z.infer<(typeof RAFFLE_COMMANDS)[number]>;

export const RAFFLE_USAGE = `  raffle show <activityId>                   a raffle: commit (and seed once drawn), tickets, prizes, winners
  raffle draw <activityId>                   draw a raffle whose period has ended now, without waiting the
                                             ${RAFFLE_DRAW_GRACE_MS / 60_000} minutes' grace for late settlements (repairs a missed run)`;

export class RaffleArgsError extends Error {}
export class RaffleRefusal extends Error {}

/** `raffle <sub> <id>` (after the word raffle) to a command (validated by ops.command.ts's union). */
export function raffleArgs(positional: readonly string[], options: ReadonlyMap<string, string>): unknown {
  const [sub, id, extra] = positional;
  if (sub !== 'draw' && sub !== 'show') throw new RaffleArgsError('raffle supports: draw, show');
  if (options.size > 0) throw new RaffleArgsError(`raffle ${sub} takes no options`);
  if (!/^[1-9][0-9]{0,15}$/.test(id ?? '') || extra !== undefined) throw new RaffleArgsError(`raffle ${sub} needs a raffle activity id, e.g. raffle ${sub} 4`);
  return { kind: `raffle.${sub}`, id: Number(id) };
}

async function show(db: TDb, merchantId: number, id: number) {
  const [row] = await db
    .select({ activity: activities, draw: raffleDraws })
    .from(activities)
    .innerJoin(raffleDraws, eq(raffleDraws.activityId, activities.id))
    .where(and(eq(activities.id, id), eq(activities.merchantId, merchantId), eq(activities.kind, 'raffle')));
  if (!row) throw new RaffleRefusal(`no raffle activity ${id} with a committed seed`);
  const [tickets] = await db.select({ n: count() }).from(raffleTickets).where(eq(raffleTickets.activityId, id));
  const winners = await db
    .select({ prize: raffleWinners.prize, prizeName: raffleWinners.prizeName, ticket: raffleWinners.ticket, username: users.username, amount: raffleWinners.amount, claimedAt: raffleWinners.claimedAt })
    .from(raffleWinners)
    .innerJoin(users, eq(users.id, raffleWinners.userId))
    .where(eq(raffleWinners.activityId, id))
    .orderBy(asc(raffleWinners.prize));
  const terms = ZRaffleTerms.safeParse(row.activity.terms);
  return {
    id,
    title: row.activity.title,
    state: row.activity.state,
    startsAt: row.activity.startsAt.toISOString(),
    endsAt: raffleEnd(row.activity).toISOString(),
    drawAt: new Date(raffleEnd(row.activity).getTime() + RAFFLE_DRAW_GRACE_MS).toISOString(),
    seedHash: row.draw.seedHash,
    seed: row.draw.drawnAt ? row.draw.seed : null,
    drawnAt: row.draw.drawnAt?.toISOString() ?? null,
    tickets: tickets?.n ?? 0,
    prizes: terms.success ? terms.data.prizes : [],
    winners: winners.map((w) => ({ ...w, claimedAt: w.claimedAt?.toISOString() ?? null })),
  };
}

/** Runs a raffle command; RaffleRefusal is the operator's mistake (no such raffle, not ended). */
export async function runRaffleCommand(db: TDb, merchantId: number, cmd: TRaffleCommand, now: Date): Promise<{ message: string; data: unknown }> {
  if (cmd.kind === 'raffle.draw') {
    const [owned] = await db.select({ id: activities.id }).from(activities).where(and(eq(activities.id, cmd.id), eq(activities.merchantId, merchantId)));
    if (!owned) throw new RaffleRefusal(`no raffle activity ${cmd.id}`);
    const outcome = await drawRaffleNow(db, cmd.id, now, { force: true });
    if ('refused' in outcome) throw new RaffleRefusal(outcome.refused);
    const data = await show(db, merchantId, cmd.id);
    const head = outcome.drewNow ? `raffle ${cmd.id} drawn: ${outcome.tickets} tickets, ${outcome.winners} prize(s) won` : `raffle ${cmd.id} was drawn at ${data.drawnAt}`;
    return { message: `${head}; seed ${data.seed}`, data: { ...data, drewNow: outcome.drewNow } };
  }
  const data = await show(db, merchantId, cmd.id);
  const lines = [
    `raffle ${data.id} "${data.title}" (${data.state}) ${data.startsAt} → ${data.endsAt}, ${data.drawnAt ? `drawn ${data.drawnAt}` : `draw due ${data.drawAt}`}`,
    `commit ${data.seedHash}${data.seed ? `, seed ${data.seed}` : ''}; ${data.tickets} tickets`,
    ...data.prizes.map((p, i) => {
      const w = data.winners.find((x) => x.prize === i);
      return `  prize ${i} ${p.name} ${formatMinor(p.amount)}${w ? `: ticket ${w.ticket} ${w.username}${w.claimedAt ? ` claimed ${w.claimedAt}` : ' not claimed'}` : ''}`;
    }),
  ];
  return { message: lines.join('\n'), data };
}
