import { sql } from 'drizzle-orm';
import { RG_COOLING_HOURS, type TRgLimitKind, type TRgPeriod, type TRgState } from '@playhall/contract/calls/responsible';
import { rowsOf, type TDb, type TTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { formatMinor } from '../ledger/amount.ts';
import type { TCounterRepository } from '../limits/counter.repository.ts';
import { settleBonuses } from '../rewards/bonus-turnover.ts';
import { rgRepository as repo, type TRgLimitRow, type TRgMemberRow } from './responsible.repository.ts';
import type { TRgClock } from './test-clock.ts';

const COOLING_MS = RG_COOLING_HOURS * 3_600_000;
const DAY_MS = 86_400_000;
/** Wrong passwords per account in 15 minutes: the same counter as a password change's old password (password.service.ts). */
const PASSWORD_FAILURES = 5;

/** Who changes a setting: the member, or an operator (ops). Every change is audited with it. */
export type TRgActor = { member: number } | { operator: string };
const actorText = (a: TRgActor) => ('member' in a ? `member:${a.member}` : a.operator);

/** The break in force ends at its own end or at the early end asked for, whichever is sooner. */
function breakEnd(m: TRgMemberRow, at: Date): Date | null {
  const ends = [m.breakUntil, m.breakEndsEarlyAt].filter((t): t is string => t !== null).map((t) => new Date(t).getTime());
  const end = ends.length > 0 ? Math.min(...ends) : null;
  return end !== null && end > at.getTime() ? new Date(end) : null;
}

function stateOf(m: TRgMemberRow, limits: TRgLimitRow[], at: Date): TRgState {
  const onBreak = breakEnd(m, at);
  return {
    limits: limits.map((l) => ({
      kind: l.kind,
      period: l.period,
      amount: l.amount,
      used: l.used,
      resetsAt: l.resetsAt,
      pending: l.pendingAt ? { amount: l.pendingAmount, effectiveAt: l.pendingAt } : null,
    })),
    reality: {
      minutes: m.realityMinutes,
      pending: m.pendingRealityAt && m.pendingReality !== null ? { minutes: m.pendingReality, effectiveAt: m.pendingRealityAt } : null,
    },
    breakUntil: onBreak ? (m.breakUntil ?? null) : null,
    breakEndsEarlyAt: onBreak ? (m.breakEndsEarlyAt ?? null) : null,
  };
}

/**
 * Responsible gaming (issue 22; docs/decisions.md, "Responsible gaming"): limits, the reality check, a break and
 * self-exclusion. Each change locks the member's rg_members row (the money paths' check locks it too), applies what
 * its cooling period has made due, and writes its audit row in the same transaction.
 */
export function createResponsibleService(deps: {
  db: TDb;
  merchantId: () => Promise<number>;
  clock: TRgClock;
  counters: Pick<TCounterRepository, 'hit' | 'giveBack' | 'clear'>;
  /** Ends every session of the member (the operator-lock path: sessions revoked in the database). */
  revokeSessions: (tx: TTx, userId: number) => Promise<unknown>;
}) {
  const { db } = deps;
  const merchantId = deps.merchantId;

  /** Runs a change on the locked, up-to-date member row; answers the state after it. */
  async function change(userId: number, work: (tx: TTx, m: TRgMemberRow, at: Date, mid: number) => Promise<void>): Promise<TRgState> {
    const mid = await merchantId();
    const at = await deps.clock();
    return db.transaction(async (tx) => {
      await repo.lockMember(tx, userId, mid, at);
      await repo.applyDue(tx, userId, at);
      await work(tx, await repo.lockMember(tx, userId, mid, at), at, mid);
      return stateOf(await repo.lockMember(tx, userId, mid, at), await repo.limits(tx, userId, mid, at), at);
    });
  }

  /** The login password, counted like a password change's old one (5 wrong in 15 minutes: rate_limited). */
  async function checkPassword(userId: number, password: string): Promise<void> {
    const [u] = rowsOf<{ password_hash: string | null }>(await db.execute(sql`select password_hash from users where id = ${userId}`));
    if (!u?.password_hash) throw new AppError('password_incorrect', null, 'Set a login password first (security centre)');
    const key = `oldpw:${userId}`;
    const now = new Date();
    if ((await deps.counters.hit(db, key, 15 * 60_000, now)).count > PASSWORD_FAILURES) {
      await deps.counters.giveBack(db, key, now);
      throw new AppError('rate_limited');
    }
    if (!(await verifyPassword(u.password_hash, password))) throw new AppError('password_incorrect');
    await deps.counters.clear(db, key);
  }

  function refuseDuringBreak(m: TRgMemberRow, at: Date): void {
    const end = breakEnd(m, at);
    if (end) throw new AppError('rg_on_break', { until: end.toISOString() });
  }

  /** A lower (or first) limit at once, replacing a pending raise; a raise or removal after the cooling period. */
  async function writeLimit(tx: TTx, userId: number, mid: number, at: Date, input: { kind: TRgLimitKind; period: TRgPeriod; amount: number | null }, actor: TRgActor) {
    const before = (await repo.limits(tx, userId, mid, at)).find((l) => l.kind === input.kind && l.period === input.period);
    const current = before?.amount ?? null;
    const atOnce = input.amount !== null && (current === null || input.amount <= current);
    if ('operator' in actor && !atOnce) {
      throw new AppError('conflict', { current }, `An operator can only lower a limit (now ${current === null ? 'none' : formatMinor(current)}); a raise is the member's own, after ${RG_COOLING_HOURS} hours`);
    }
    const next = atOnce
      ? { ...input, pendingAmount: null, pendingAt: null }
      : current === null
        ? { ...input, amount: null, pendingAmount: null, pendingAt: null } // removing no limit: nothing waits
        : { ...input, amount: current, pendingAmount: input.amount, pendingAt: new Date(at.getTime() + COOLING_MS) };
    await repo.writeLimit(tx, userId, next);
    await repo.audit(tx, { actor: actorText(actor), action: 'rg.limit', userId, before: before ?? null, after: next });
  }

  async function exclude(userId: number, months: number, actor: TRgActor): Promise<{ until: string }> {
    const mid = await merchantId();
    const at = await deps.clock();
    return db.transaction(async (tx) => {
      // The member's users row first, as a bet (seamless_call) and the bonus settlement below take it, then the
      // rg_members row as a bet's rg_refusal does: one lock order, no deadlock with a bet placed meanwhile.
      await tx.execute(sql`select id from users where id = ${userId} for update`);
      const m = await repo.lockMember(tx, userId, mid, at);
      const wanted = await repo.addMonths(tx, at, months);
      // Never shortened, by anyone: a shorter request leaves the longer exclusion.
      const until = m.excludedUntil && new Date(m.excludedUntil) > wanted ? new Date(m.excludedUntil) : wanted;
      await repo.writeMember(tx, userId, { excludedUntil: until });
      await deps.revokeSessions(tx, userId);
      // Open bonuses end as a forfeit-policy withdrawal ends them (modules/rewards/bonus-turnover.ts).
      await settleBonuses(tx, mid, [userId], at, { forfeitAll: true });
      await repo.audit(tx, { actor: actorText(actor), action: 'rg.exclude', userId, before: { excludedUntil: m.excludedUntil }, after: { excludedUntil: until.toISOString(), months } });
      return { until: until.toISOString() };
    });
  }

  return {
    async state(userId: number): Promise<TRgState> {
      return change(userId, async () => {});
    },

    setLimit(userId: number, input: { kind: TRgLimitKind; period: TRgPeriod; amount: number | null }, actor: TRgActor = { member: userId }) {
      return change(userId, async (tx, m, at, mid) => {
        if ('member' in actor) refuseDuringBreak(m, at);
        await writeLimit(tx, userId, mid, at, input, actor);
      });
    },

    setReality(userId: number, minutes: number) {
      return change(userId, async (tx, m, at) => {
        const current = m.realityMinutes;
        const sooner = minutes !== 0 && (current === 0 || minutes <= current);
        const next = sooner
          ? { realityMinutes: minutes, pendingReality: null, pendingRealityAt: null }
          : { pendingReality: minutes, pendingRealityAt: new Date(at.getTime() + COOLING_MS) };
        await repo.writeMember(tx, userId, next);
        await repo.audit(tx, { actor: `member:${userId}`, action: 'rg.reality', userId, before: { minutes: current, pending: m.pendingReality }, after: next });
      });
    },

    async takeBreak(userId: number, input: { days: number; password: string }) {
      await checkPassword(userId, input.password);
      return change(userId, async (tx, m, at) => {
        const until = new Date(at.getTime() + input.days * DAY_MS);
        const current = breakEnd(m, at);
        if (current && until < current) throw new AppError('rg_break_shorter', { until: current.toISOString() });
        await repo.writeMember(tx, userId, { breakUntil: until, breakEndsEarlyAt: null });
        await repo.audit(tx, { actor: `member:${userId}`, action: 'rg.break', userId, before: { breakUntil: m.breakUntil, breakEndsEarlyAt: m.breakEndsEarlyAt }, after: { breakUntil: until.toISOString(), days: input.days } });
      });
    },

    endBreak(userId: number) {
      return change(userId, async (tx, m, at) => {
        const current = breakEnd(m, at);
        if (!current) throw new AppError('conflict', null, 'You are not on a break');
        const early = new Date(at.getTime() + COOLING_MS);
        if (early >= current) return; // it ends sooner by itself
        await repo.writeMember(tx, userId, { breakEndsEarlyAt: early });
        await repo.audit(tx, { actor: `member:${userId}`, action: 'rg.breakEnd', userId, before: { breakEndsEarlyAt: m.breakEndsEarlyAt }, after: { breakEndsEarlyAt: early.toISOString() } });
      });
    },

    async selfExclude(userId: number, input: { months: number; password: string }) {
      await checkPassword(userId, input.password);
      return exclude(userId, input.months, { member: userId });
    },

    /** Operator-imposed exclusion (ops rg exclude), e.g. on the member's request by e-mail. */
    operatorExclude: (userId: number, months: number, operator: string) => exclude(userId, months, { operator }),

    async realityCheck(userId: number, sessionId: number) {
      const at = await deps.clock();
      const [s] = rowsOf<{ created_at: string | Date }>(await db.execute(sql`select created_at from sessions where id = ${sessionId}`));
      const since = new Date(s?.created_at ?? at);
      const state = await this.state(userId);
      const play = await repo.playSince(db, userId, since);
      return {
        since: since.toISOString(),
        minutes: Math.max(0, Math.floor((at.getTime() - since.getTime()) / 60_000)),
        bets: play.bets,
        net: play.net,
        interval: state.reality.minutes,
      };
    },

    /** Everything an operator needs to see (ops rg show). */
    async show(userId: number) {
      const mid = await merchantId();
      const at = await deps.clock();
      return db.transaction(async (tx) => {
        await repo.lockMember(tx, userId, mid, at);
        await repo.applyDue(tx, userId, at);
        const m = await repo.lockMember(tx, userId, mid, at);
        return { at: at.toISOString(), excludedUntil: m.excludedUntil && new Date(m.excludedUntil) > at ? m.excludedUntil : null, ...stateOf(m, await repo.limits(tx, userId, mid, at), at) };
      });
    },
  };
}

export type TResponsibleService = ReturnType<typeof createResponsibleService>;
