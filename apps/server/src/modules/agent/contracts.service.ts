import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TContract, TContractKind, TContractTerms } from '@playhall/contract/calls/agent';
import type { TDb, TTx } from '../../db/client.ts';
import { contractBills, contracts, users } from '../../db/schema.ts';
import { AppError, invalidInput } from '../../lib/app-error.ts';
import { writeEventMessage } from '../inbox/event-messages.ts';
import { autoTerminations, effectiveFrom, rateProblem, validateTerms } from '../agent-engine/index.ts';

type TRow = typeof contracts.$inferSelect;
type TTermsOf<K extends TContractKind> = Omit<Extract<TContractTerms, { kind: K }>, 'kind'>;

/** The highest rate a contract pays (basis points): its top tier, or the larger real-time rate. */
export function maxRateOf(terms: TContractTerms): number {
  if (terms.kind === 'realtimeSalary') return Math.max(terms.profitRate, terms.lossRate);
  return Math.max(...terms.tiers.map((t) => t.rate));
}

export type TContractAction<K extends TContractKind> =
  | { action: 'sign'; downlineId: number; terms: TTermsOf<K> }
  | { action: 'accept'; contractId: number; confirmAutoTerminate: boolean }
  | { action: 'reject'; contractId: number }
  | { action: 'terminate'; contractId: number };

/**
 * Contracts between an upline and a direct downline (agent-contracts.md, lifecycles): the upline signs
 * (awaiting consent), the downline accepts (valid from the next period, replacing its previous contract of
 * the kind) or rejects; either party terminates (invalid from the next period). A downline's rate never
 * exceeds what its upline holds of that kind; accepting a rate below what this member gives its own
 * downlines terminates those contracts, once confirmed. Rows are never deleted: the history stays.
 */
export function createContractsService(deps: { db: TDb; merchantId: () => Promise<number>; timeZone: () => Promise<string>; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function toContract(tx: TTx, rows: TRow[]): Promise<TContract[]> {
    const ids = [...new Set(rows.flatMap((r) => [r.downlineId, ...(r.uplineId ? [r.uplineId] : [])]))];
    const names = ids.length > 0 ? await tx.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids)) : [];
    const account = new Map(names.map((u) => [u.id, u.username]));
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      status: r.status,
      upline: { id: r.uplineId ?? 0, account: r.uplineId ? (account.get(r.uplineId) ?? '') : 'platform' },
      downline: { id: r.downlineId, account: account.get(r.downlineId) ?? '' },
      terms: r.terms as unknown as TContractTerms,
      createdAt: r.createdAt.toISOString(),
      respondedAt: r.respondedAt?.toISOString() ?? null,
      effectiveFrom: r.effectiveFrom?.toISOString() ?? null,
      endedAt: r.endedAt?.toISOString() ?? null,
      endedBy: r.endedBy,
    }));
  }

  /** The contract of a kind a member holds now or from its next period (valid, not ended). */
  async function heldBy(tx: TTx, memberId: number, kind: TContractKind): Promise<TRow | null> {
    const [row] = await tx
      .select()
      .from(contracts)
      .where(and(eq(contracts.downlineId, memberId), eq(contracts.kind, kind), eq(contracts.status, 'valid'), isNull(contracts.endedAt)))
      .orderBy(desc(contracts.id))
      .limit(1);
    return row ?? null;
  }

  /** A start at `from` must not reach into a period already billed for the member: it would be paid twice. */
  async function refuseSettledAfter(tx: TTx, memberId: number, kind: TContractKind, from: Date): Promise<void> {
    const [settled] = await tx
      .select({ period: contractBills.period })
      .from(contractBills)
      .where(and(eq(contractBills.payeeId, memberId), eq(contractBills.kind, kind), sql`${contractBills.periodEnd} > ${from.toISOString()}::timestamptz`))
      .limit(1);
    if (settled) throw new AppError('conflict', { period: settled.period }, `Period ${settled.period} after that moment is already settled for the account`);
  }

  async function one(tx: TTx, contractId: number, kind: TContractKind): Promise<TRow> {
    const [row] = await tx.select().from(contracts).where(and(eq(contracts.id, contractId), eq(contracts.kind, kind))).for('update');
    if (!row) throw new AppError('not_found', { contractId }, 'No such contract');
    return row;
  }

  async function sign<K extends TContractKind>(tx: TTx, uplineId: number, kind: K, downlineId: number, terms: TTermsOf<K>): Promise<TRow> {
    const merchantId = await deps.merchantId();
    const [downline] = await tx.select().from(users).where(eq(users.id, downlineId));
    // Contracts bind an upline and a DIRECT downline; anyone else is not found, as far as this agent can tell.
    if (!downline || downline.uplineId !== uplineId) throw new AppError('not_found', { downlineId }, 'No such direct downline');
    const full = { kind, ...terms } as unknown as TContractTerms;
    const problems = validateTerms(full);
    if (problems.length > 0) throw invalidInput(problems.map((message) => ({ path: 'terms', message })));
    const rate = maxRateOf(full);
    const own = await heldBy(tx, uplineId, kind);
    // Nothing of the kind comes to this member, so it has nothing to give: said as such, not as a rate too high.
    if (!own) throw new AppError('contract_not_held', { kind });
    const ownTerms = own.terms as unknown as TContractTerms;
    if (rateProblem(full, ownTerms)) throw new AppError('contract_rate_exceeds_upline', { terms: full, upline: ownTerms });
    const [pending] = await tx
      .select({ id: contracts.id })
      .from(contracts)
      .where(and(eq(contracts.downlineId, downlineId), eq(contracts.kind, kind), eq(contracts.status, 'awaitingConsent')));
    if (pending) throw new AppError('contract_pending', { contractId: pending.id });
    const [row] = await tx
      .insert(contracts)
      .values({ merchantId, kind, uplineId, downlineId, status: 'awaitingConsent', terms: full as unknown as Record<string, unknown>, maxRate: rate })
      .returning();
    if (!row) throw new Error('contract vanished');
    const [upline] = await tx.select({ username: users.username }).from(users).where(eq(users.id, uplineId));
    await writeEventMessage(tx, 'contractOffered', { userId: downlineId, sourceKey: `contract:${row.id}`, a: upline?.username ?? '' });
    return row;
  }

  async function accept(tx: TTx, memberId: number, kind: TContractKind, contractId: number, confirm: boolean): Promise<TRow> {
    const row = await one(tx, contractId, kind);
    if (row.downlineId !== memberId) throw new AppError('not_found', { contractId }, 'No such contract');
    if (row.status !== 'awaitingConsent') throw new AppError('conflict', { status: row.status }, 'This contract is not awaiting your consent');
    const at = now();
    const terms = row.terms as unknown as TContractTerms;
    const from = effectiveFrom(terms, at, await deps.timeZone());
    // My own downlines' contracts of this kind that the terms I accept no longer cover.
    const mine = await tx
      .select()
      .from(contracts)
      .where(
        and(
          eq(contracts.uplineId, memberId),
          eq(contracts.kind, kind),
          or(and(eq(contracts.status, 'valid'), isNull(contracts.endedAt)), eq(contracts.status, 'awaitingConsent')),
        ),
      );
    const above = autoTerminations(terms, mine.map((c) => ({ contractId: c.id, terms: c.terms as unknown as TContractTerms, row: c }))).map((c) => c.row);
    if (above.length > 0 && !confirm) {
      throw new AppError('contract_auto_terminate', { contracts: await toContract(tx, above) });
    }
    for (const c of above) {
      await tx
        .update(contracts)
        .set(c.status === 'awaitingConsent' ? { status: 'rejected', respondedAt: at, endedBy: 'system' } : { status: 'invalid', endedAt: from, endedBy: 'system' })
        .where(eq(contracts.id, c.id));
    }
    const previous = await heldBy(tx, memberId, kind);
    if (previous) await tx.update(contracts).set({ status: 'expired', endedAt: from, endedBy: 'system' }).where(eq(contracts.id, previous.id));
    const [updated] = await tx.update(contracts).set({ status: 'valid', respondedAt: at, effectiveFrom: from }).where(eq(contracts.id, row.id)).returning();
    if (!updated) throw new Error('contract vanished');
    return updated;
  }

  async function reject(tx: TTx, memberId: number, kind: TContractKind, contractId: number): Promise<TRow> {
    const row = await one(tx, contractId, kind);
    if (row.downlineId !== memberId) throw new AppError('not_found', { contractId }, 'No such contract');
    if (row.status !== 'awaitingConsent') throw new AppError('conflict', { status: row.status }, 'This contract is not awaiting your consent');
    const [updated] = await tx.update(contracts).set({ status: 'rejected', respondedAt: now() }).where(eq(contracts.id, row.id)).returning();
    if (!updated) throw new Error('contract vanished');
    return updated;
  }

  async function terminate(tx: TTx, memberId: number, kind: TContractKind, contractId: number): Promise<TRow> {
    const row = await one(tx, contractId, kind);
    const by = row.uplineId === memberId ? 'upline' : row.downlineId === memberId ? 'downline' : null;
    if (!by) throw new AppError('not_found', { contractId }, 'No such contract');
    if (row.status !== 'valid' || row.endedAt) throw new AppError('conflict', { status: row.status }, 'Only a valid contract can be terminated');
    const at = now();
    const from = effectiveFrom(row.terms as unknown as TContractTerms, at, await deps.timeZone());
    // Not yet in force (accepted this period): it simply never starts.
    const endedAt = row.effectiveFrom && row.effectiveFrom.getTime() > from.getTime() ? row.effectiveFrom : from;
    const [updated] = await tx.update(contracts).set({ status: 'invalid', endedAt, endedBy: by }).where(eq(contracts.id, row.id)).returning();
    if (!updated) throw new Error('contract vanished');
    return updated;
  }

  return {
    /** Signs inside the caller's transaction (registering a downline with its contracts). */
    async signIn(tx: TTx, uplineId: number, downlineId: number, terms: TContractTerms): Promise<void> {
      const { kind, ...rest } = terms;
      await sign(tx, uplineId, kind, downlineId, rest as never);
    },

    /** One action of the relays MCS2_processDividendReq, MCS2_processDailySalContract, …, by the member `me`. */
    async act<K extends TContractKind>(me: number, kind: K, input: TContractAction<K>): Promise<TContract> {
      return db.transaction(async (tx) => {
        // One writer per member tree branch at a time: the member's row serialises its contract changes.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, me)).for('update');
        let row: TRow;
        switch (input.action) {
          case 'sign':
            row = await sign(tx, me, kind, input.downlineId, input.terms);
            break;
          case 'accept':
            row = await accept(tx, me, kind, input.contractId, input.confirmAutoTerminate);
            break;
          case 'reject':
            row = await reject(tx, me, kind, input.contractId);
            break;
          case 'terminate':
            row = await terminate(tx, me, kind, input.contractId);
            break;
        }
        const [out] = await toContract(tx, [row]);
        if (!out) throw new Error('contract vanished');
        return out;
      });
    },

    async list(me: number, q: { role: 'upline' | 'downline'; kind?: TContractKind; status?: TContract['status']; account?: string; page: number; pageSize: number }) {
      const where: SQL[] = [q.role === 'upline' ? eq(contracts.uplineId, me) : eq(contracts.downlineId, me)];
      if (q.kind) where.push(eq(contracts.kind, q.kind));
      if (q.status) where.push(eq(contracts.status, q.status));
      if (q.account) {
        const party = q.role === 'upline' ? contracts.downlineId : contracts.uplineId;
        where.push(sql`${party} in (select id from users where lower(username) = lower(${q.account}))`);
      }
      const rows = await db.select().from(contracts).where(and(...where)).orderBy(desc(contracts.id)).limit(q.pageSize).offset((q.page - 1) * q.pageSize);
      const [n] = await db.select({ n: sql<string>`count(*)` }).from(contracts).where(and(...where));
      return { list: await toContract(db, rows), total: Number(n?.n ?? 0), page: q.page, pageSize: q.pageSize };
    },

    /** The platform's contract with a top agent (operator): valid at once, replacing the previous one. */
    /**
     * The platform's contract with a top agent (operators, `ops contract platform`): valid at once, or from `from`
     * (an earlier start agreed outside the portal), replacing the agent's previous contract of the kind from then.
     */
    async platformContract(agentId: number, terms: TContractTerms, from?: Date): Promise<TContract> {
      const merchantId = await deps.merchantId();
      return db.transaction(async (tx) => {
        const [agent] = await tx.select().from(users).where(eq(users.id, agentId)).for('update');
        if (!agent || agent.type !== 'agent' || agent.uplineId !== null) throw new AppError('not_found', { agentId }, 'The platform signs only with top agents');
        const at = now();
        const start = from ?? at;
        const previous = await heldBy(tx, agentId, terms.kind);
        if (previous?.effectiveFrom && start < previous.effectiveFrom) {
          throw new AppError('conflict', { contractId: previous.id }, `The start is before that of contract ${previous.id}, which it replaces`);
        }
        await refuseSettledAfter(tx, agentId, terms.kind, start);
        if (previous) await tx.update(contracts).set({ status: 'expired', endedAt: start, endedBy: 'system' }).where(eq(contracts.id, previous.id));
        const [row] = await tx
          .insert(contracts)
          .values({ merchantId, kind: terms.kind, uplineId: null, downlineId: agentId, status: 'valid', terms: terms as unknown as Record<string, unknown>, maxRate: maxRateOf(terms), respondedAt: at, effectiveFrom: start })
          .returning();
        if (!row) throw new Error('contract vanished');
        const [out] = await toContract(tx, [row]);
        if (!out) throw new Error('contract vanished');
        return out;
      });
    },

    /**
     * Moves the start of the contract of a kind a member holds (operators, `ops contract start`): a contract
     * agreed to run from an earlier (or later) moment than its acceptance made it. Refused when it would overlap
     * another contract of the member of that kind, or a period already settled for the member.
     */
    async moveStart(downlineId: number, kind: TContractKind, from: Date): Promise<{ before: TContract; after: TContract }> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, downlineId)).for('update');
        const held = await heldBy(tx, downlineId, kind);
        if (!held) throw new AppError('not_found', { downlineId, kind }, 'The account holds no valid contract of that kind');
        const [overlap] = await tx
          .select({ id: contracts.id })
          .from(contracts)
          .where(
            and(
              eq(contracts.downlineId, downlineId),
              eq(contracts.kind, kind),
              inArray(contracts.status, ['valid', 'expired', 'invalid']),
              sql`${contracts.id} <> ${held.id}`,
              sql`${contracts.effectiveFrom} is not null`,
              or(isNull(contracts.endedAt), sql`${contracts.endedAt} > ${from.toISOString()}::timestamptz`),
            ),
          )
          .limit(1);
        if (overlap) throw new AppError('conflict', { contractId: overlap.id }, `Contract ${overlap.id} of the account was in force after that moment`);
        await refuseSettledAfter(tx, downlineId, kind, from);
        const [row] = await tx.update(contracts).set({ effectiveFrom: from }).where(eq(contracts.id, held.id)).returning();
        if (!row) throw new Error('contract vanished');
        const [before] = await toContract(tx, [held]);
        const [after] = await toContract(tx, [row]);
        if (!before || !after) throw new Error('contract vanished');
        return { before, after };
      });
    },
  };
}

export type TContractsService = ReturnType<typeof createContractsService>;
