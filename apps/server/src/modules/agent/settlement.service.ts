import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { MAIN_WALLET } from '@playhall/contract/calls/wallet';
import type { TContractKind, TContractTerms, TTier } from '@playhall/contract/calls/agent';
import type { TDb } from '../../db/client.ts';
import { contractBills, contracts } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createLedger } from '../ledger/ledger.service.ts';
import { contractPeriodUnit, dividendAmount, ledgerKey, previousPeriod, salaryAmount, type TPeriodUnit, type TPeriodWindow } from '../agent-engine/index.ts';

/** An active member's valid bet in the period reaches this (agent-contracts.md default 1,000.00). */
export const ACTIVE_MEMBER_VALID_BET = 100_000;
/** A dividend unpaid this long after its period is refused and its payer frozen. */
export const DIVIDEND_DEADLINE_MS = 48 * 3_600_000;
/** A salary the payer cannot cover is retried on every run until this long after its period. */
export const SALARY_DEADLINE_MS = 24 * 3_600_000;

const UNIT_OF: Record<Exclude<TContractKind, 'dividend'>, TPeriodUnit> = { dailySalary: 'daily', hourlySalary: 'hourly', realtimeSalary: 'realtime' };

function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

export interface TSettleRun {
  kind: TContractKind;
  periods: string[];
  contracts: number;
  bills: number;
  paid: number;
  amount: number;
  notReached: number;
  insufficient: number;
  refused: number;
}

type TContractRow = typeof contracts.$inferSelect;

/**
 * Contract settlement (agent-contracts.md): for each contract in force over the period that just ended, the
 * base of its downline's team (the downline and everyone below it) is computed set-based from the bets settled
 * in the period — game rounds by their settle time, lottery tickets by their draw's — then one bill per contract
 * and period (unique), paid through the ledger under `<kind>:<contract>:<period>` by the upline's main wallet or,
 * for a top agent, by the platform. Two processes, a crash or a rerun end in one bill and one payment.
 */
export function createSettlementService(deps: { db: TDb; merchantId: () => Promise<number>; timeZone: () => Promise<string> }) {
  const { db } = deps;
  const ledgerRepo = createLedgerRepository();
  const ledger = createLedger({ repo: ledgerRepo });

  /** Contracts of a kind that pay for the whole of `period`. */
  async function inForce(merchantId: number, kind: TContractKind, period: TPeriodWindow, unit?: TPeriodUnit): Promise<TContractRow[]> {
    const rows = await db
      .select()
      .from(contracts)
      .where(
        and(
          eq(contracts.merchantId, merchantId),
          eq(contracts.kind, kind),
          inArray(contracts.status, ['valid', 'expired', 'invalid']),
          sql`${contracts.effectiveFrom} <= ${period.start.toISOString()}::timestamptz`,
          sql`(${contracts.endedAt} is null or ${contracts.endedAt} >= ${period.end.toISOString()}::timestamptz)`,
        ),
      );
    return unit ? rows.filter((c) => contractPeriodUnit(c.terms as unknown as TContractTerms) === unit) : rows;
  }

  /** Bets settled in the period: game rounds by their settle time, lottery tickets by their draw's. */
  function settledBets(merchantId: number, period: TPeriodWindow) {
    const s = period.start.toISOString();
    const e = period.end.toISOString();
    return sql`(
      select user_id, valid_bet, bet_amount, payout from game_rounds
      where merchant_id = ${merchantId} and status = 'settled' and settled_at >= ${s}::timestamptz and settled_at < ${e}::timestamptz
      union all
      select t.user_id, t.amount, t.amount, coalesce(t.payout, 0) from lottery_draws d join lottery_tickets t on t.draw_id = d.id
      where d.merchant_id = ${merchantId} and d.status = 'settled' and d.settled_at >= ${s}::timestamptz and d.settled_at < ${e}::timestamptz
        and t.status in ('won', 'lost')
    )`;
  }

  /** Per contract: the team's valid bet, net loss (bets − payouts) and active members over the period. */
  async function teamFigures(merchantId: number, ids: number[], period: TPeriodWindow) {
    if (ids.length === 0) return new Map<number, { validBet: number; netLoss: number; active: number }>();
    const rows = rowsOf<{ id: string | number; valid_bet: string | number; net_loss: string | number; active: string | number }>(
      await db.execute(sql`
        with f as (
          select user_id, sum(valid_bet) as vb, sum(bet_amount) - sum(payout) as nl from ${settledBets(merchantId, period)} b group by user_id
        ),
        c as (select id, downline_id from contracts where id in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::bigint))
        select c.id, coalesce(sum(f.vb), 0) as valid_bet, coalesce(sum(f.nl), 0) as net_loss,
               count(f.user_id) filter (where f.vb >= ${ACTIVE_MEMBER_VALID_BET}) as active
        from c join user_paths p on p.ancestor_id = c.downline_id left join f on f.user_id = p.descendant_id
        group by c.id`),
    );
    return new Map(rows.map((r) => [Number(r.id), { validBet: Number(r.valid_bet), netLoss: Number(r.net_loss), active: Number(r.active) }]));
  }

  /** Real-time salary per contract: each counted bet's floor(stake × rate / 10,000) summed (a push counts nothing). */
  async function realtimeFigures(merchantId: number, ids: number[], period: TPeriodWindow) {
    if (ids.length === 0) return new Map<number, { base: number; amount: number }>();
    const rows = rowsOf<{ id: string | number; base: string | number; amount: string | number }>(
      await db.execute(sql`
        with c as (
          select id, downline_id, (terms->>'profitRate')::bigint as pr, (terms->>'lossRate')::bigint as lr, (terms->>'minBetAmount')::bigint as mb
          from contracts where id in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::bigint)
        )
        select c.id,
          coalesce(sum(b.bet_amount) filter (where b.bet_amount >= c.mb and b.payout <> b.bet_amount), 0) as base,
          coalesce(sum(case when b.bet_amount < c.mb then 0
                            when b.payout > b.bet_amount then (b.bet_amount * c.pr) / 10000
                            when b.payout < b.bet_amount then (b.bet_amount * c.lr) / 10000
                            else 0 end), 0) as amount
        from c join user_paths p on p.ancestor_id = c.downline_id join ${settledBets(merchantId, period)} b on b.user_id = p.descendant_id
        group by c.id`),
    );
    return new Map(rows.map((r) => [Number(r.id), { base: Number(r.base), amount: Number(r.amount) }]));
  }

  /** Pays one bill in full from its payer, or records why not; a paid bill is never paid again. */
  async function pay(billId: number, now: Date): Promise<'paid' | 'insufficient' | 'skipped'> {
    const merchantId = await deps.merchantId();
    try {
      return await db.transaction(async (tx) => {
        const [bill] = await tx.select().from(contractBills).where(eq(contractBills.id, billId)).for('update');
        if (!bill || bill.amount - bill.paidAmount <= 0 || !['issued', 'insufficientBalance', 'partlyPaid', 'refused'].includes(bill.status)) return 'skipped';
        const due = bill.amount - bill.paidAmount;
        const payee = await ledgerRepo.walletAccount(tx, merchantId, bill.payeeId, MAIN_WALLET);
        const payer = bill.payerId
          ? (await ledgerRepo.walletAccount(tx, merchantId, bill.payerId, MAIN_WALLET)).id
          : await ledgerRepo.houseAccount(tx, merchantId, bill.kind === 'dividend' ? 'dividend' : 'salary');
        await ledger.post(tx, {
          merchantId,
          key: `${ledgerKey(bill.kind, bill.contractId, bill.period)}${bill.paidAmount > 0 ? `:rest` : ''}`,
          kind: bill.kind === 'dividend' ? 'dividend' : 'salary',
          memo: `${bill.kind} ${bill.period}`,
          postings: [
            { accountId: payer, amount: -due },
            { accountId: payee.id, amount: due },
          ],
        });
        await tx.update(contractBills).set({ paidAmount: bill.amount, status: 'paid', paidAt: now }).where(eq(contractBills.id, bill.id));
        return 'paid';
      });
    } catch (err) {
      if (err instanceof AppError && err.code === 'insufficient_balance') {
        // A refused bill stays refused (its payer frozen) until it is paid.
        await db
          .update(contractBills)
          .set({ status: 'insufficientBalance' })
          .where(and(eq(contractBills.id, billId), inArray(contractBills.status, ['issued', 'insufficientBalance'])));
        return 'insufficient';
      }
      throw err;
    }
  }

  async function billPeriod(merchantId: number, kind: TContractKind, period: TPeriodWindow, list: TContractRow[], run: TSettleRun) {
    const ids = list.map((c) => c.id);
    const figures = kind === 'realtimeSalary' ? null : await teamFigures(merchantId, ids, period);
    const realtime = kind === 'realtimeSalary' ? await realtimeFigures(merchantId, ids, period) : null;
    const deadline = new Date(period.end.getTime() + (kind === 'dividend' ? DIVIDEND_DEADLINE_MS : SALARY_DEADLINE_MS));
    const values: (typeof contractBills.$inferInsert)[] = [];
    for (const c of list) {
      const terms = c.terms as unknown as TContractTerms;
      let base = 0;
      let active = 0;
      let rate = 0;
      let amount = 0;
      let carryOut = 0;
      if (terms.kind === 'realtimeSalary') {
        const r = realtime?.get(c.id) ?? { base: 0, amount: 0 };
        base = r.base;
        amount = r.amount;
        rate = Math.max(terms.profitRate, terms.lossRate);
      } else {
        const f = figures?.get(c.id) ?? { validBet: 0, netLoss: 0, active: 0 };
        active = f.active;
        if (terms.kind === 'dividend') {
          const d = dividendAmount(terms.tiers as TTier[], { netLoss: f.netLoss, activeMembers: f.active, carry: 0 }, 'none');
          ({ base, rate, amount, carryOut } = d);
        } else {
          const s = salaryAmount(terms.tiers as TTier[], { validBet: f.validBet, activeMembers: f.active });
          ({ base, rate, amount } = s);
        }
      }
      values.push({
        merchantId,
        contractId: c.id,
        kind,
        period: period.key,
        periodStart: period.start,
        periodEnd: period.end,
        base,
        activeMembers: active,
        rate,
        amount,
        status: amount > 0 ? 'issued' : 'notReached',
        payerId: c.uplineId,
        payeeId: c.downlineId,
        deadline: amount > 0 ? deadline : null,
        carryOut,
      });
    }
    run.contracts += list.length;
    for (let i = 0; i < values.length; i += 1_000) {
      const inserted = await db
        .insert(contractBills)
        .values(values.slice(i, i + 1_000))
        .onConflictDoNothing({ target: [contractBills.contractId, contractBills.period] })
        .returning({ id: contractBills.id, amount: contractBills.amount });
      run.bills += inserted.length;
      run.notReached += inserted.filter((b) => b.amount === 0).length;
    }
  }

  return {
    /** Settles `kind` for the periods that ended by `at` (the previous one of each period unit in force). */
    async settle(kind: TContractKind, at: Date): Promise<TSettleRun> {
      const merchantId = await deps.merchantId();
      const timeZone = await deps.timeZone();
      const run: TSettleRun = { kind, periods: [], contracts: 0, bills: 0, paid: 0, amount: 0, notReached: 0, insufficient: 0, refused: 0 };
      const units: TPeriodUnit[] = kind === 'dividend' ? ['daily', 'weekly', 'semimonthly', 'monthly'] : [UNIT_OF[kind]];
      for (const unit of units) {
        const period = previousPeriod(unit, at, timeZone);
        const list = await inForce(merchantId, kind, period, kind === 'dividend' ? unit : undefined);
        if (list.length === 0) continue;
        run.periods.push(period.key);
        await billPeriod(merchantId, kind, period, list, run);
      }
      // Pay what is due: new bills, and earlier ones the payer could not cover yet (until their deadline).
      const due = await db
        .select({ id: contractBills.id, amount: contractBills.amount, paid: contractBills.paidAmount })
        .from(contractBills)
        .where(
          and(
            eq(contractBills.merchantId, merchantId),
            eq(contractBills.kind, kind),
            inArray(contractBills.status, ['issued', 'insufficientBalance']),
            sql`(${contractBills.deadline} is null or ${contractBills.deadline} > ${at.toISOString()}::timestamptz)`,
          ),
        );
      for (const b of due) {
        const outcome = await pay(b.id, at);
        if (outcome === 'paid') {
          run.paid += 1;
          run.amount += b.amount - b.paid;
        } else if (outcome === 'insufficient') run.insufficient += 1;
      }
      // A dividend unpaid at its deadline is refused: its payer is frozen until it pays (spec §4).
      if (kind === 'dividend') {
        const refused = await db
          .update(contractBills)
          .set({ status: 'refused' })
          .where(
            and(
              eq(contractBills.merchantId, merchantId),
              eq(contractBills.kind, 'dividend'),
              inArray(contractBills.status, ['issued', 'insufficientBalance', 'partlyPaid']),
              lt(contractBills.deadline, at),
            ),
          )
          .returning({ id: contractBills.id });
        run.refused = refused.length;
      }
      return run;
    },
    pay,
  };
}

export type TSettlementService = ReturnType<typeof createSettlementService>;
