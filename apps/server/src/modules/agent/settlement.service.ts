import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { MAIN_WALLET } from '@playhall/contract/calls/wallet';
import type { TContractKind, TContractTerms, TTier } from '@playhall/contract/calls/agent';
import { rowsOf, type TDb, type TTx } from '../../db/client.ts';
import { contractBills, contracts } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createLedger } from '../ledger/ledger.service.ts';
import { contractPeriodUnit, dividendAmount, ledgerKey, previousPeriod, salaryAmount, type TPeriodUnit, type TPeriodWindow } from '../agent-engine/index.ts';
import { textArray } from '../../db/text-array.ts';
import { amountText, writeEventMessages, type TEventMessage } from '../inbox/event-messages.ts';

/** An active member's valid bet in the period reaches this (agent-contracts.md default 1,000.00). */
export const ACTIVE_MEMBER_VALID_BET = 100_000;
/** A dividend unpaid this long after its period is refused and its payer frozen. */
export const DIVIDEND_DEADLINE_MS = 48 * 3_600_000;
/** A salary the payer cannot cover is retried on every run until this long after its period. */
export const SALARY_DEADLINE_MS = 24 * 3_600_000;

/** Bills paid per transaction: few enough to keep locks short, enough that round trips do not dominate. */
const PAY_CHUNK = 5_000;

type TBill = typeof contractBills.$inferSelect;

const UNIT_OF: Record<Exclude<TContractKind, 'dividend'>, TPeriodUnit> = { dailySalary: 'daily', hourlySalary: 'hourly', realtimeSalary: 'realtime' };

const KIND_LABEL: Record<TContractKind, string> = { dailySalary: 'Daily salary', hourlySalary: 'Hourly salary', realtimeSalary: 'Real-time salary', dividend: 'Dividend' };

/** The account record's remark of a contract payment: what it pays and for which period. */
const memoOf = (bill: { kind: TContractKind; period: string }) => `${KIND_LABEL[bill.kind]} ${bill.period}`;
/** The payer's "bill due" message (issue 19): once per bill, when it could not be paid. */
const billDueMessage = (b: TBill): TEventMessage => ({ userId: b.payerId ?? 0, sourceKey: `bill:${b.id}:due`, a: amountText(b.amount - b.paidAmount), b: memoOf(b) });

/** One bigint[] parameter instead of a parameter per id: a chunk's statement is parsed and planned once, quickly. */
const anyId = (ids: readonly number[]) => sql`${contractBills.id} = any(${`{${ids.join(',')}}`}::bigint[])`;



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

/** A payment decided under the account locks: its ledger key, entry kind, remark, accounts and amount. */
interface TPayment {
  key: string;
  kind: 'dividend' | 'salary';
  memo: string;
  payer: number;
  payee: number;
  due: number;
}

/** A bill of the period being settled, before it is written. */
interface TNewBill {
  contractId: number;
  base: number;
  activeMembers: number;
  rate: number;
  amount: number;
  status: 'issued' | 'notReached';
  payerId: number | null;
  payeeId: number;
  deadline: Date | null;
  carryOut: number;
}

/** Another run wrote a bill this chunk meant to pay: the chunk is rolled back and written again. */
class BillTaken extends Error {}

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

  /**
   * Per contract: the team's valid bet, net loss and active members over the period. Net loss is bets − payouts −
   * the bonuses paid to the team's wallets in the period (agent-contracts.md); only dividends use it, so only they
   * read the bonuses.
   */
  async function teamFigures(merchantId: number, ids: number[], period: TPeriodWindow, withBonuses: boolean) {
    if (ids.length === 0) return new Map<number, { validBet: number; netLoss: number; active: number }>();
    const s = period.start.toISOString();
    const e = period.end.toISOString();
    const bonuses = withBonuses
      ? sql`select a.user_id, sum(p.amount) as bonus from journal_entries j join postings p on p.entry_id = j.id join ledger_accounts a on a.id = p.account_id
            where j.merchant_id = ${merchantId} and j.kind = 'bonus' and j.created_at >= ${s}::timestamptz and j.created_at < ${e}::timestamptz
              and a.user_id is not null group by a.user_id`
      : sql`select null::bigint as user_id, 0::bigint as bonus where false`;
    const rows = rowsOf<{ id: string | number; valid_bet: string | number; net_loss: string | number; active: string | number }>(
      await db.execute(sql`
        with f as (
          select user_id, sum(valid_bet) as vb, sum(bet_amount) - sum(payout) as nl from ${settledBets(merchantId, period)} b group by user_id
        ),
        bo as (${bonuses}),
        c as (select id, downline_id from contracts where id in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::bigint))
        select c.id, coalesce(sum(f.vb), 0) as valid_bet, coalesce(sum(f.nl), 0) - coalesce(sum(bo.bonus), 0) as net_loss,
               count(f.user_id) filter (where f.vb >= ${ACTIVE_MEMBER_VALID_BET}) as active
        from c join user_paths p on p.ancestor_id = c.downline_id left join f on f.user_id = p.descendant_id left join bo on bo.user_id = p.descendant_id
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
  async function pay(billId: number): Promise<'paid' | 'insufficient' | 'skipped'> {
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
          memo: memoOf(bill),
          postings: [
            { accountId: payer, amount: -due },
            { accountId: payee.id, amount: due },
          ],
        });
        await tx.update(contractBills).set({ paidAmount: bill.amount, status: 'paid', paidAt: sql`now()` }).where(eq(contractBills.id, bill.id));
        return 'paid';
      });
    } catch (err) {
      if (err instanceof AppError && err.code === 'insufficient_balance') {
        // A refused bill stays refused (its payer frozen) until it is paid.
        await db.transaction(async (tx) => {
          const marked = await tx
            .update(contractBills)
            .set({ status: 'insufficientBalance' })
            .where(and(eq(contractBills.id, billId), inArray(contractBills.status, ['issued', 'insufficientBalance'])))
            .returning();
          await writeEventMessages(tx, 'billDue', marked.filter((b) => b.payerId).map(billDueMessage));
        });
        return 'insufficient';
      }
      throw err;
    }
  }

  /** Every wallet a set of bills touches (created where missing) and the platform's salary and dividend accounts, locked in id order. */
  async function lockAccounts(tx: TTx, merchantId: number, members: number[]) {
    await tx.execute(sql`
      insert into ledger_accounts (merchant_id, user_id, kind, wallet)
      select ${merchantId}, (u)::bigint, 'wallet', ${MAIN_WALLET} from jsonb_array_elements_text(${JSON.stringify(members)}::jsonb) as u
      on conflict (merchant_id, user_id, wallet) where user_id is not null do nothing`);
    const houses = { salary: await ledgerRepo.houseAccount(tx, merchantId, 'salary'), dividend: await ledgerRepo.houseAccount(tx, merchantId, 'dividend') };
    const accounts = rowsOf<{ id: string | number; user_id: string | number | null; balance: string | number }>(
      await tx.execute(sql`
        select id, user_id, balance from ledger_accounts
        where id in (${houses.salary}, ${houses.dividend})
           or (merchant_id = ${merchantId} and wallet = ${MAIN_WALLET} and user_id in (select (jsonb_array_elements_text(${JSON.stringify(members)}::jsonb))::bigint))
        order by id for update`),
    );
    const start = new Map(accounts.map((a) => [Number(a.id), Number(a.balance)]));
    const walletOf = new Map(accounts.filter((a) => a.user_id !== null).map((a) => [Number(a.user_id), Number(a.id)]));
    return { houses, start, walletOf };
  }

  /**
   * The journal entries, postings (running balances in the order given, as the ledger records them) and final
   * balances of payments decided under the account locks; `start` holds every touched account's balance before.
   */
  async function writePayments(tx: TTx, merchantId: number, start: Map<number, number>, pays: TPayment[]): Promise<void> {
    if (pays.length === 0) return;
    const inserted = rowsOf<{ id: string | number; key: string }>(
      await tx.execute(sql`
        insert into journal_entries (merchant_id, key, kind, memo)
        select ${merchantId}, v.k, v.kind, v.memo from jsonb_to_recordset(${JSON.stringify(pays.map((p) => ({ k: p.key, kind: p.kind, memo: p.memo })))}::jsonb) as v(k text, kind text, memo text)
        returning id, key`),
    );
    const entryOf = new Map(inserted.map((e) => [e.key, Number(e.id)]));
    const running = new Map(start);
    const postingRows: { e: number; a: number; m: number; b: number }[] = [];
    for (const p of pays) {
      const e = entryOf.get(p.key);
      if (e === undefined) throw new Error(`entry ${p.key} vanished`);
      const payerAfter = (running.get(p.payer) ?? 0) - p.due;
      running.set(p.payer, payerAfter);
      const payeeAfter = (running.get(p.payee) ?? 0) + p.due;
      running.set(p.payee, payeeAfter);
      postingRows.push({ e, a: p.payer, m: -p.due, b: payerAfter }, { e, a: p.payee, m: p.due, b: payeeAfter });
    }
    await tx.execute(sql`
      insert into postings (entry_id, account_id, amount, balance_after)
      select e, a, m, b from jsonb_to_recordset(${JSON.stringify(postingRows)}::jsonb) as v(e bigint, a bigint, m bigint, b bigint)`);
    await tx.execute(sql`
      update ledger_accounts la set balance = v.b
      from jsonb_to_recordset(${JSON.stringify([...running].filter(([id, b]) => start.get(id) !== b).map(([id, b]) => ({ id, b })))}::jsonb) as v(id bigint, b bigint)
      where la.id = v.id`);
  }

  /**
   * Pays a chunk of bills set-based: the bills locked, every account they touch locked in id order, each bill paid
   * in id order while its payer's balance covers it (the platform's house accounts always do), then the journal
   * entries, postings, balances and bill states written in a few statements. A bill whose key was already posted is
   * marked paid without moving money again.
   */
  async function payChunk(tx: TTx, merchantId: number, ids: number[]): Promise<{ paid: number; amount: number; insufficient: number }> {
    const bills = await tx
      .select()
      .from(contractBills)
      .where(and(anyId(ids), inArray(contractBills.status, ['issued', 'insufficientBalance'])))
      .orderBy(contractBills.id)
      .for('update');
    if (bills.length === 0) return { paid: 0, amount: 0, insufficient: 0 };
    // Paid in the order given (top-down), locked in id order.
    const position = new Map(ids.map((id, i) => [id, i]));
    bills.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
    const keyOf = (b: TBill) => ledgerKey(b.kind, b.contractId, b.period);
    const posted = new Set(
      rowsOf<{ key: string }>(
        // key = any(text[]): one probe of the unique index per key, whatever the planner thinks of a JSON set.
        await tx.execute(sql`select key from journal_entries where merchant_id = ${merchantId} and key = any(${textArray(bills.map(keyOf))}::text[])`),
      ).map((r) => r.key),
    );
    const members = [...new Set(bills.flatMap((b) => [b.payeeId, ...(b.payerId ? [b.payerId] : [])]))];
    const { houses, start, walletOf } = await lockAccounts(tx, merchantId, members);
    const balance = new Map(start);
    const pays: (TPayment & { billId: number })[] = [];
    const short: number[] = [];
    const already: number[] = [];
    for (const b of bills) {
      if (posted.has(keyOf(b))) {
        already.push(b.id);
        continue;
      }
      const due = b.amount - b.paidAmount;
      const payer = b.payerId ? walletOf.get(b.payerId) : b.kind === 'dividend' ? houses.dividend : houses.salary;
      const payee = walletOf.get(b.payeeId);
      if (payer === undefined || payee === undefined) throw new Error(`bill ${b.id}: an account is missing`);
      if (b.payerId && (balance.get(payer) ?? 0) < due) {
        short.push(b.id);
        continue;
      }
      balance.set(payer, (balance.get(payer) ?? 0) - due);
      balance.set(payee, (balance.get(payee) ?? 0) + due);
      pays.push({ billId: b.id, key: keyOf(b), kind: b.kind === 'dividend' ? 'dividend' : 'salary', memo: memoOf(b), payer, payee, due });
    }
    await writePayments(tx, merchantId, start, pays);
    const paidIds = [...pays.map((p) => p.billId), ...already];
    if (paidIds.length > 0) {
      await tx.update(contractBills).set({ status: 'paid', paidAmount: sql`${contractBills.amount}`, paidAt: sql`now()` }).where(anyId(paidIds));
    }
    if (short.length > 0) {
      await tx.update(contractBills).set({ status: 'insufficientBalance' }).where(anyId(short));
      // The payers' messages (issue 19), set-based, once per bill.
      const shortSet = new Set(short);
      await writeEventMessages(tx, 'billDue', bills.filter((b) => shortSet.has(b.id) && b.payerId).map(billDueMessage));
    }
    return { paid: paidIds.length, amount: pays.reduce((s, p) => s + p.due, 0), insufficient: short.length };
  }

  /**
   * Writes a chunk of the period's new bills and, in the same transaction, pays each one whose payer can pay now
   * (issue 14: no second pass selects and updates them): the accounts locked in id order first, then the bills of
   * the chunk another run wrote already read (it has committed: it held the same locks) and left as they are; a bill
   * is written `paid` with its journal entry (`<kind>:<contract>:<period>`), postings and balances in this
   * transaction, or `issued` for the pass over due bills. A payer that owes older bills still due, or that falls
   * short here, is left to that pass, which pays in the order it always did. Should another run write one of the
   * bills to pay meanwhile, the unique bill and the unique key refuse it: the chunk is rolled back and done again.
   */
  async function issueChunk(tx: TTx, merchantId: number, kind: TContractKind, period: TPeriodWindow, slice: TNewBill[], at: Date, guarded: ReadonlySet<number>) {
    const entryKind = kind === 'dividend' ? 'dividend' : 'salary';
    const candidates = slice.filter((v) => v.amount > 0 && (v.deadline === null || v.deadline > at) && (v.payerId === null || !guarded.has(v.payerId)));
    const pays: (TPayment & { contractId: number })[] = [];
    const short = new Set<number>();
    let start = new Map<number, number>();
    if (candidates.length > 0) {
      const members = [...new Set(candidates.flatMap((v) => [v.payeeId, ...(v.payerId !== null ? [v.payerId] : [])]))];
      const accounts = await lockAccounts(tx, merchantId, members);
      start = accounts.start;
      const existing = new Set(
        rowsOf<{ c: string | number }>(
          await tx.execute(sql`select contract_id as c from contract_bills where period = ${period.key} and contract_id = any(${`{${candidates.map((v) => v.contractId).join(',')}}`}::bigint[])`),
        ).map((r) => Number(r.c)),
      );
      const balance = new Map(start);
      for (const v of candidates) {
        if (existing.has(v.contractId) || (v.payerId !== null && short.has(v.payerId))) continue;
        const payer = v.payerId !== null ? accounts.walletOf.get(v.payerId) : accounts.houses[entryKind];
        const payee = accounts.walletOf.get(v.payeeId);
        if (payer === undefined || payee === undefined) throw new Error(`contract ${v.contractId}: an account is missing`);
        if (v.payerId !== null && (balance.get(payer) ?? 0) < v.amount) {
          short.add(v.payerId);
          continue;
        }
        balance.set(payer, (balance.get(payer) ?? 0) - v.amount);
        balance.set(payee, (balance.get(payee) ?? 0) + v.amount);
        pays.push({ contractId: v.contractId, key: ledgerKey(kind, v.contractId, period.key), kind: entryKind, memo: memoOf({ kind, period: period.key }), payer, payee, due: v.amount });
      }
    }
    const paying = new Set(pays.map((p) => p.contractId));
    const rows = slice.map((v) => ({
      c: v.contractId,
      base: v.base,
      act: v.activeMembers,
      rate: v.rate,
      amt: v.amount,
      st: paying.has(v.contractId) ? 'paid' : v.status,
      pa: paying.has(v.contractId) ? v.amount : 0,
      payer: v.payerId,
      payee: v.payeeId,
      dl: v.deadline ? v.deadline.toISOString() : null,
      carry: v.carryOut,
    }));
    // A bill that exists (a rerun, another process) is left as it is.
    const inserted = rowsOf<{ c: string | number; amount: string | number }>(
      await tx.execute(sql`
        insert into contract_bills (merchant_id, contract_id, kind, period, period_start, period_end, base, active_members, rate, amount, paid_amount, status, payer_id, payee_id, deadline, carry_out, paid_at)
        select ${merchantId}, v.c, ${kind}, ${period.key}, ${period.start.toISOString()}::timestamptz, ${period.end.toISOString()}::timestamptz,
               v.base, v.act, v.rate, v.amt, v.pa, v.st, v.payer, v.payee, v.dl, v.carry, case when v.st = 'paid' then now() end
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as v(c bigint, base bigint, act int, rate int, amt bigint, pa bigint, st text, payer bigint, payee bigint, dl timestamptz, carry bigint)
        on conflict (contract_id, period) do nothing
        returning contract_id as c, amount`),
    );
    if (pays.length > 0) {
      const written = new Set(inserted.map((r) => Number(r.c)));
      if (pays.some((p) => !written.has(p.contractId))) throw new BillTaken();
    }
    await writePayments(tx, merchantId, start, pays);
    return { inserted, paid: pays.length, amount: pays.reduce((t, p) => t + p.due, 0), short };
  }

  async function billPeriod(merchantId: number, kind: TContractKind, period: TPeriodWindow, list: TContractRow[], run: TSettleRun, at: Date, guarded: Set<number>) {
    const ids = list.map((c) => c.id);
    const figures = kind === 'realtimeSalary' ? null : await teamFigures(merchantId, ids, period, kind === 'dividend');
    const realtime = kind === 'realtimeSalary' ? await realtimeFigures(merchantId, ids, period) : null;
    const deadline = new Date(period.end.getTime() + (kind === 'dividend' ? DIVIDEND_DEADLINE_MS : SALARY_DEADLINE_MS));
    const values: TNewBill[] = [];
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
        contractId: c.id,
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
    // Top-down, as the pass over due bills pays: the platform's first, then each payer after the ones above it, so
    // an upline has received what it is owed before it pays its downlines.
    const payers = [...new Set(list.flatMap((c) => (c.uplineId !== null ? [c.uplineId] : [])))];
    const depth = new Map(
      payers.length === 0
        ? []
        : rowsOf<{ id: string | number; n: string | number }>(
            await db.execute(sql`select descendant_id as id, count(*) as n from user_paths where descendant_id = any(${`{${payers.join(',')}}`}::bigint[]) group by 1`),
          ).map((r) => [Number(r.id), Number(r.n)]),
    );
    const depthOf = (v: TNewBill) => (v.payerId === null ? 0 : (depth.get(v.payerId) ?? 0));
    values.sort((x, y) => depthOf(x) - depthOf(y));
    for (let i = 0; i < values.length; i += PAY_CHUNK) {
      const slice = values.slice(i, i + PAY_CHUNK);
      for (let attempt = 1; ; attempt++) {
        try {
          const got = await db.transaction((tx) => issueChunk(tx, merchantId, kind, period, slice, at, guarded));
          run.bills += got.inserted.length;
          run.notReached += got.inserted.filter((b) => Number(b.amount) === 0).length;
          run.paid += got.paid;
          run.amount += got.amount;
          for (const p of got.short) guarded.add(p);
          break;
        } catch (err) {
          if (!(err instanceof BillTaken) || attempt >= 3) throw err;
        }
      }
    }
  }

  return {
    /** Settles `kind` for the periods that ended by `at` (the previous one of each period unit in force). */
    async settle(kind: TContractKind, at: Date): Promise<TSettleRun> {
      const merchantId = await deps.merchantId();
      const timeZone = await deps.timeZone();
      const run: TSettleRun = { kind, periods: [], contracts: 0, bills: 0, paid: 0, amount: 0, notReached: 0, insufficient: 0, refused: 0 };
      const units: TPeriodUnit[] = kind === 'dividend' ? ['daily', 'weekly', 'semimonthly', 'monthly'] : [UNIT_OF[kind]];
      // Payers that owe bills still due: their new bills wait for the pass below, which pays the older ones first.
      const guarded = new Set(
        rowsOf<{ id: string | number }>(
          await db.execute(sql`
            select distinct payer_id as id from contract_bills
            where merchant_id = ${merchantId} and kind = ${kind} and status in ('issued', 'insufficientBalance') and payer_id is not null
              and (deadline is null or deadline > ${at.toISOString()}::timestamptz)`),
        ).map((r) => Number(r.id)),
      );
      for (const unit of units) {
        const period = previousPeriod(unit, at, timeZone);
        const list = await inForce(merchantId, kind, period, kind === 'dividend' ? unit : undefined);
        if (list.length === 0) continue;
        run.periods.push(period.key);
        await billPeriod(merchantId, kind, period, list, run, at, guarded);
      }
      // Pay what is still due: new bills left to this pass, and earlier ones the payer could not cover yet (until their deadline).
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
        )
        // Top-down: the platform's payments first, then each upline after the one above it, so an upline has
        // received what it is owed before it pays its downlines.
        .orderBy(sql`(select count(*) from user_paths p where p.descendant_id = ${contractBills.payerId})`, contractBills.id);
      for (let i = 0; i < due.length; i += PAY_CHUNK) {
        const got = await db.transaction((tx) => payChunk(tx, merchantId, due.slice(i, i + PAY_CHUNK).map((b) => b.id)));
        run.paid += got.paid;
        run.amount += got.amount;
        run.insufficient += got.insufficient;
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
