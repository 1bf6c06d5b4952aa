import { and, eq, sql } from 'drizzle-orm';
import { MAIN_WALLET } from '@playhall/contract/calls/wallet';
import { rowsOf, type TDb, type TTx } from '../../db/client.ts';
import { lotteryDraws, lotteryGames } from '../../db/schema.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { indexResult, settleTicket, type TLotteryBetType, type TResultIndex, type TStructure } from '../lottery-engine/index.ts';

/** Tickets settled per transaction: large enough that per-statement costs vanish, small enough to hold few locks. */
export const SETTLE_BATCH = 5_000;
/** Chunks in flight at once (transactions on their own pool connections). */
export const SETTLE_CONCURRENCY = 2;

export interface TSettleOptions {
  batch?: number;
  concurrency?: number;
}

type TJudge = (t: TOpenTicket) => { status: 'won' | 'lost' | 'void'; hits: number | null; payout: number };

interface TOpenTicket {
  id: string | number;
  user_id: string | number;
  bet_type: string;
  numbers: string[] | string;
  stake: string | number;
  amount: string | number;
  odds_x1000: number;
}


/** A text[] column as the driver gives it: an array (pg) or, on some paths, the literal '{a,b}'. */
function textArray(v: string[] | string): string[] {
  if (Array.isArray(v)) return v;
  const inner = v.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map((s) => s.replace(/^"|"$/g, ''));
}

export interface TSettleOutcome {
  drawId: number;
  tickets: number;
  winners: number;
  paid: number;
  /** True once no open ticket is left and the draw is marked settled (or void). */
  done: boolean;
}

/**
 * Settlement of a draw, set-based: the draw's open tickets are cut into chunks by id, a few chunks run at once,
 * and each is judged by the engine and written back in one transaction — the tickets' results, one journal
 * entry per win under `lottery:<draw>:<ticket>` (the key makes a second payment impossible), its two postings
 * and the balances. A void refunds every open ticket's amount the same way under `lottery-void:<draw>:<ticket>`.
 */
export function createSettlement(deps: { db: TDb; merchantId: () => Promise<number> }) {
  const { db } = deps;
  const ledgerRepo = createLedgerRepository();

  /**
   * One chunk of a draw's tickets (ids in [from, to)): judged, their results written with a conditional flip
   * (`status = 'open'`, so a ticket another worker already settled is not returned and not paid), then one
   * journal entry per win and its postings. The house account is locked last, for the shortest time.
   */
  async function chunk(
    tx: TTx,
    merchantId: number,
    drawId: number,
    range: { from: number; to: number | null },
    judge: TJudge,
    entry: { prefix: string; kind: string; memo: string },
    now: Date,
  ): Promise<{ tickets: number; winners: number; paid: number }> {
    const tickets = rowsOf<TOpenTicket>(
      await tx.execute(sql`
        select id, user_id, bet_type, numbers, stake, amount, odds_x1000 from lottery_tickets
        where draw_id = ${drawId} and status = 'open' and id >= ${range.from} ${range.to === null ? sql`` : sql`and id < ${range.to}`}
        order by id`),
    );
    if (tickets.length === 0) return { tickets: 0, winners: 0, paid: 0 };
    const judged = new Map(tickets.map((t) => [Number(t.id), { t, r: judge(t) }]));
    const updates = [...judged].map(([id, { r }]) => ({ id, s: r.status, h: r.hits, p: r.payout }));
    const flipped = rowsOf<{ id: string | number }>(
      await tx.execute(sql`
        update lottery_tickets lt set status = v.s, hits = v.h, payout = v.p, settled_at = ${now.toISOString()}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as v(id bigint, s text, h int, p bigint)
        where lt.id = v.id and lt.status = 'open'
        returning lt.id`),
    );
    const winners = flipped.map((f) => judged.get(Number(f.id))).filter((x): x is NonNullable<typeof x> => x !== undefined && x.r.payout > 0);
    winners.sort((a, b) => Number(a.t.id) - Number(b.t.id));
    let paid = 0;
    if (winners.length > 0) {
      const keys = winners.map((w) => `${entry.prefix}:${drawId}:${w.t.id}`);
      const inserted = rowsOf<{ id: string | number; key: string }>(
        await tx.execute(sql`
          insert into journal_entries (merchant_id, key, kind, memo)
          select ${merchantId}, k, ${entry.kind}, ${entry.memo} from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) as k
          on conflict (merchant_id, key) do nothing
          returning id, key`),
      );
      const entryOf = new Map(inserted.map((e) => [e.key, Number(e.id)]));
      const house = await ledgerRepo.houseAccount(tx, merchantId, 'game');
      // Wallets and the house account, locked in id order as every ledger writer does.
      const userIds = [...new Set(winners.map((w) => Number(w.t.user_id)))];
      const accounts = rowsOf<{ id: string | number; user_id: string | number | null; balance: string | number }>(
        await tx.execute(sql`
          select id, user_id, balance from ledger_accounts
          where id = ${house}
             or (merchant_id = ${merchantId} and wallet = ${MAIN_WALLET}
                 and user_id in (select (jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb))::bigint))
          order by id for update`),
      );
      const balance = new Map(accounts.map((a) => [Number(a.id), Number(a.balance)]));
      const walletOf = new Map(accounts.filter((a) => a.user_id !== null).map((a) => [Number(a.user_id), Number(a.id)]));
      const postings: { e: number; a: number; m: number; b: number }[] = [];
      for (const w of winners) {
        const entryId = entryOf.get(`${entry.prefix}:${drawId}:${w.t.id}`);
        // A key already posted: that ticket was paid before; no money moves again.
        if (entryId === undefined) continue;
        const wallet = walletOf.get(Number(w.t.user_id));
        if (wallet === undefined) throw new Error(`ticket ${w.t.id}: the member has no main wallet`);
        const after = (balance.get(wallet) ?? 0) + w.r.payout;
        balance.set(wallet, after);
        const houseAfter = (balance.get(house) ?? 0) - w.r.payout;
        balance.set(house, houseAfter);
        postings.push({ e: entryId, a: wallet, m: w.r.payout, b: after }, { e: entryId, a: house, m: -w.r.payout, b: houseAfter });
        paid += w.r.payout;
      }
      if (postings.length > 0) {
        await tx.execute(sql`
          insert into postings (entry_id, account_id, amount, balance_after)
          select e, a, m, b from jsonb_to_recordset(${JSON.stringify(postings)}::jsonb) as v(e bigint, a bigint, m bigint, b bigint)`);
        const finals = [...balance].map(([id, b]) => ({ id, b }));
        await tx.execute(sql`
          update ledger_accounts la set balance = v.b
          from jsonb_to_recordset(${JSON.stringify(finals)}::jsonb) as v(id bigint, b bigint)
          where la.id = v.id`);
      }
    }
    return { tickets: flipped.length, winners: winners.length, paid };
  }

  async function drain(drawId: number, judge: TJudge, entry: { prefix: string; kind: string; memo: string }, now: Date, final: 'settled' | 'void', opts: TSettleOptions): Promise<TSettleOutcome> {
    const merchantId = await deps.merchantId();
    const batch = opts.batch ?? SETTLE_BATCH;
    const total = { tickets: 0, winners: 0, paid: 0 };
    for (let pass = 0; pass < 3; pass++) {
      // Chunk bounds: every batch-th open ticket id starts a chunk (one index scan).
      const starts = rowsOf<{ id: string | number }>(
        await db.execute(sql`
          select id from (select id, row_number() over (order by id) as rn from lottery_tickets where draw_id = ${drawId} and status = 'open') s
          where (rn - 1) % ${batch} = 0 order by id`),
      ).map((r) => Number(r.id));
      if (starts.length === 0) break;
      let next = 0;
      const worker = async () => {
        while (next < starts.length) {
          const i = next++;
          const range = { from: starts[i] as number, to: starts[i + 1] ?? null };
          const got = await db.transaction((tx) => chunk(tx, merchantId, drawId, range, judge, entry, now));
          total.tickets += got.tickets;
          total.winners += got.winners;
          total.paid += got.paid;
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, Math.min(opts.concurrency ?? SETTLE_CONCURRENCY, starts.length)) }, worker));
    }
    // Done only when no open ticket is left (tickets another process holds are still open: the job retries).
    const [left] = rowsOf<{ n: string | number }>(await db.execute(sql`select count(*) as n from lottery_tickets where draw_id = ${drawId} and status = 'open'`));
    const done = Number(left?.n ?? 0) === 0;
    if (done) {
      await db
        .update(lotteryDraws)
        .set(final === 'settled' ? { status: 'settled', settledAt: now } : { status: 'void', voidedAt: now })
        .where(and(eq(lotteryDraws.id, drawId), final === 'settled' ? eq(lotteryDraws.status, 'drawn') : sql`${lotteryDraws.status} <> 'settled'`));
    }
    return { drawId, ...total, done };
  }

  /** Settles every open ticket of a drawn draw. */
  async function settle(drawId: number, now: Date, opts: TSettleOptions = {}): Promise<TSettleOutcome> {
    const [row] = await db
      .select({ draw: lotteryDraws, structure: lotteryGames.structure })
      .from(lotteryDraws)
      .innerJoin(lotteryGames, eq(lotteryGames.id, lotteryDraws.gameRowId))
      .where(eq(lotteryDraws.id, drawId));
    if (!row || !row.draw.result || (row.draw.status !== 'drawn' && row.draw.status !== 'settled')) {
      return { drawId, tickets: 0, winners: 0, paid: 0, done: row?.draw.status === 'settled' };
    }
    const index: TResultIndex = indexResult(row.structure as TStructure, row.draw.result);
    return drain(
      drawId,
      (t) => {
        const { hits, payout } = settleTicket(index, {
          betType: t.bet_type as TLotteryBetType,
          numbers: textArray(t.numbers),
          stake: Number(t.stake),
          oddsX1000: Number(t.odds_x1000),
        });
        return { status: payout > 0 ? 'won' : 'lost', hits, payout };
      },
      { prefix: 'lottery', kind: 'payout', memo: `Lottery ${row.draw.gameCode} ${row.draw.drawNo}` },
      now,
      'settled',
      opts,
    );
  }

  /** Voids a draw that is not settled: every open ticket gets its amount back. */
  async function voidDraw(drawId: number, now: Date, opts: TSettleOptions = {}): Promise<TSettleOutcome> {
    const [draw] = await db.select().from(lotteryDraws).where(eq(lotteryDraws.id, drawId));
    if (!draw || draw.status === 'settled') return { drawId, tickets: 0, winners: 0, paid: 0, done: false };
    // Closed to new bets at once: placing checks the status under the same row.
    await db.update(lotteryDraws).set({ status: 'void', voidedAt: now }).where(and(eq(lotteryDraws.id, drawId), sql`${lotteryDraws.status} <> 'settled'`));
    return drain(
      drawId,
      (t) => ({ status: 'void', hits: null, payout: Number(t.amount) }),
      { prefix: 'lottery-void', kind: 'betRefund', memo: `Lottery ${draw.gameCode} ${draw.drawNo} voided` },
      now,
      'void',
      opts,
    );
  }

  return { settle, voidDraw };
}

export type TSettlement = ReturnType<typeof createSettlement>;
