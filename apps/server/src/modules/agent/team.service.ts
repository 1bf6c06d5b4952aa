import crypto from 'node:crypto';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { TContractKind, TContractTerms, TTeamMember } from '@playhall/contract/calls/agent';
import type { TBetRecord } from '@playhall/contract/calls/wallet';
import type { TGameCategory } from '@playhall/contract/categories';
import type { TRegisterFieldRule } from '@playhall/contract/calls/system';
import { isSafeDisplayName } from '@playhall/contract/names';
import { accountIssues } from '@playhall/contract/validation';
import { rowsOf, type TDb, type TTx } from '../../db/client.ts';
import { affiliateCodes, announcements, users, type TContentTexts } from '../../db/schema.ts';
import { AppError, invalidInput } from '../../lib/app-error.ts';
import { localized, type TReader } from '../../lib/content-language.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { formatLocalTimestamp } from '../../lib/time.ts';
import { gameNameFor } from '../games/catalogue.service.ts';
import { transactionType } from '../wallet/records.service.ts';
import { detailsOf } from '../wallet/record-detail.repository.ts';
import { inTeam } from './agent-access.ts';
import type { TContractsService } from './contracts.service.ts';
import { dayRangeOf } from './team-range.ts';

const n = (v: unknown): number => Number(v ?? 0);

/** The web page's register link; the code rides in the query the register form reads. */
const registerLink = (code: string) => `/?affiliateCode=${encodeURIComponent(code)}`;

/**
 * The agent centre's team pages (the overview is team-overview.service.ts): lists come from the closure
 * table (`user_paths`) joined to bets (`bet_records`) and ledger postings, so one query serves a team of any depth.
 * The team here is everyone below the agent (depth ≥ 1); every call checks that what it names is inside that team.
 */
export function createTeamService(deps: {
  db: TDb;
  merchantId: () => Promise<number>;
  timeZone: () => Promise<string>;
  /** The merchant's register rules: a downline's username and password follow them like a registration's. */
  registerRules: () => Promise<readonly TRegisterFieldRule[]>;
  contracts: TContractsService;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  const range = dayRangeOf({ timeZone: deps.timeZone, now });
  const dayOf = (column: SQL, tz: string) => sql`(${column} at time zone ${tz})::date`;

  /** Team members' ids (below the agent), as a subquery. */
  const team = (agentId: number) => sql`(select descendant_id from user_paths where ancestor_id = ${agentId} and depth > 0)`;

  /** The rows with their counts, level below `agentId` (null: each row's own, level 0: the operator's top agents). */
  async function toMembers(agentId: number | null, rows: (typeof users.$inferSelect)[]): Promise<TTeamMember[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const facts = rowsOf<{ id: string | number; level: number; upline: string | null; direct: string | number; size: string | number; balance: string | number; frozen: boolean }>(
      await db.execute(sql`
        select u.id, p.depth as level, up.username as upline,
          (select count(*) from users d where d.upline_id = u.id) as direct,
          (select count(*) from user_paths t where t.ancestor_id = u.id and t.depth > 0) as size,
          (select coalesce(sum(balance), 0) from ledger_accounts a where a.user_id = u.id and a.kind = 'wallet') as balance,
          exists (select 1 from contract_bills b where b.payer_id = u.id and b.status = 'refused') as frozen
        from users u join user_paths p on p.descendant_id = u.id and p.ancestor_id = ${agentId ?? sql`u.id`}
        left join users up on up.id = u.upline_id
        where u.id in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::bigint)`),
    );
    const byId = new Map(facts.map((f) => [Number(f.id), f]));
    return rows.map((u) => {
      const f = byId.get(u.id);
      return {
        id: u.id,
        account: u.username,
        nickname: u.nickname,
        type: u.type,
        accountType: u.accountType,
        level: f?.level ?? 1,
        uplineAccount: f?.upline ?? '',
        directCount: n(f?.direct),
        teamSize: n(f?.size),
        balance: n(f?.balance),
        status: u.status !== 'active' ? 'locked' : f?.frozen ? 'frozen' : 'active',
        registeredAt: u.createdAt.toISOString(),
        lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
      };
    });
  }

  return {
    async list(agentId: number, q: { parentId?: number; account?: string; type?: 'member' | 'agent'; page: number; pageSize: number }) {
      const where: SQL[] = [];
      if (q.account) {
        where.push(sql`${users.id} in ${team(agentId)}`, sql`lower(${users.username}) like ${`${q.account.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
      } else {
        const parent = q.parentId ?? agentId;
        if (parent !== agentId && !(await inTeam(db, agentId, parent))) throw new AppError('not_found', { parentId: parent }, 'No such member in your team');
        where.push(eq(users.uplineId, parent));
      }
      if (q.type) where.push(eq(users.type, q.type));
      const rows = await db.select().from(users).where(and(...where)).orderBy(users.username).limit(q.pageSize).offset((q.page - 1) * q.pageSize);
      const [total] = await db.select({ n: sql<string>`count(*)` }).from(users).where(and(...where));
      return { list: await toMembers(agentId, rows), total: n(total?.n), page: q.page, pageSize: q.pageSize };
    },

    /**
     * The merchant's top agents (no upline), with the counts `list` gives a team's rows: where the operator console
     * (issue 24) starts the tree it then opens with `list(parentId)` a level at a time. Their `level` is 0.
     */
    async topAgents(merchantId: number, q: { page: number; pageSize: number }) {
      const where = and(eq(users.merchantId, merchantId), eq(users.type, 'agent'), sql`${users.uplineId} is null`);
      const rows = await db.select().from(users).where(where).orderBy(users.username).limit(q.pageSize).offset((q.page - 1) * q.pageSize);
      const [total] = await db.select({ n: sql<string>`count(*)` }).from(users).where(where);
      return { list: await toMembers(null, rows), total: n(total?.n), page: q.page, pageSize: q.pageSize };
    },

    /**
     * Opens an account directly under the agent, with the contracts it proposes (awaiting the new member's consent).
     * The username and password follow the register rules, and the nickname holds nothing hidden (issue 15).
     */
    async register(agentId: number, input: { username: string; password: string; type: 'member' | 'agent'; nickname?: string; contracts?: TContractTerms[] }) {
      const merchantId = await deps.merchantId();
      const issues = accountIssues(await deps.registerRules(), input);
      if (input.nickname && !isSafeDisplayName(input.nickname)) issues.push({ path: 'nickname', message: 'name_characters' });
      if (issues.length > 0) throw invalidInput(issues);
      const kinds = new Set<TContractKind>();
      for (const c of input.contracts ?? []) {
        if (kinds.has(c.kind)) throw new AppError('validation_failed', { issues: [{ path: 'contracts', message: 'one_per_kind' }] }, 'One contract per kind');
        kinds.add(c.kind);
      }
      if ((input.contracts?.length ?? 0) > 0 && input.type !== 'agent') {
        throw new AppError('validation_failed', { issues: [{ path: 'contracts', message: 'agents_only' }] }, 'Contracts are for agents');
      }
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const [taken] = await tx.select({ id: users.id }).from(users).where(and(eq(users.merchantId, merchantId), sql`lower(${users.username}) = lower(${input.username})`));
        if (taken) throw new AppError('username_taken');
        const [agent] = await tx.select().from(users).where(eq(users.id, agentId));
        const [user] = await tx
          .insert(users)
          .values({
            merchantId,
            username: input.username,
            passwordHash,
            passwordInitial: true,
            type: input.type,
            // An agent's downline agent is a sub-agent (2); a member is 0.
            accountType: input.type === 'agent' ? 2 : 0,
            uplineId: agentId,
            nickname: input.nickname ?? input.username,
            language: agent?.language ?? 'MY',
          })
          .returning({ id: users.id, username: users.username });
        if (!user) throw new Error('user vanished');
        for (const terms of input.contracts ?? []) await deps.contracts.signIn(tx, agentId, user.id, terms);
        return { id: user.id, account: user.username };
      });
    },

    /** The team's betting record, each game named in the reader's language as the member's own record names it (issue 23). */
    async bets(agentId: number, q: { category?: string; vassalage?: string; account?: string; from?: string; to?: string; page: number; pageSize: number }, reader: TReader) {
      const r = await range(q);
      const where: SQL[] = [sql`b.user_id in ${team(agentId)}`, sql`${dayOf(sql`b.created_at`, r.tz)} between ${r.from}::date and ${r.to}::date`];
      if (q.category) where.push(sql`b.category = ${q.category}`);
      if (q.vassalage) where.push(sql`b.vassalage = ${q.vassalage}`);
      if (q.account) where.push(sql`lower(u.username) = lower(${q.account})`);
      const cond = sql.join(where, sql` and `);
      const rows = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          select b.*, u.username, g.texts as game_texts from bet_records b join users u on u.id = b.user_id
          left join games g on g.merchant_id = b.merchant_id and g.vassalage = b.vassalage and g.game_id = b.game_id and b.category <> 'LOTT'
          where ${cond}
          order by b.created_at desc, b.source_id desc limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
      );
      const [agg] = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          select count(*) as n, coalesce(sum(b.bet_amount) filter (where b.status <> 'void'), 0) as bet,
                 coalesce(sum(b.valid_bet) filter (where b.status = 'settled'), 0) as valid,
                 coalesce(sum(b.payout - b.bet_amount) filter (where b.status = 'settled'), 0) as wl
          from bet_records b join users u on u.id = b.user_id where ${cond}`),
      );
      const list: (TBetRecord & { account: string })[] = rows.map((b) => ({
        roundId: String(b.round_id),
        time: new Date(String(b.created_at)).toISOString(),
        category: String(b.category) as TGameCategory,
        vassalage: String(b.vassalage),
        gameId: String(b.game_id),
        gameName: gameNameFor({ name: String(b.game_name), texts: (b.game_texts ?? null) as TContentTexts | null }, reader),
        betAmount: n(b.bet_amount),
        validBet: b.status === 'settled' ? n(b.valid_bet) : 0,
        payout: n(b.payout),
        winLoss: b.status === 'settled' ? n(b.payout) - n(b.bet_amount) : 0,
        status: b.status as TBetRecord['status'],
        account: String(b.username),
      }));
      return { list, total: n(agg?.n), page: q.page, pageSize: q.pageSize, totals: { betAmount: n(agg?.bet), validBet: n(agg?.valid), winLoss: n(agg?.wl) } };
    },

    /** One row per team member: money, bets, and the salaries and dividends it received over the range. */
    async profitLoss(agentId: number, q: { account?: string; from?: string; to?: string; page: number; pageSize: number }) {
      const r = await range(q);
      const members = sql`(select u.id, u.username from users u where u.id in ${team(agentId)} ${q.account ? sql`and lower(u.username) = lower(${q.account})` : sql``})`;
      const inRange = (col: SQL) => sql`${dayOf(col, r.tz)} between ${r.from}::date and ${r.to}::date`;
      const rowsSql = sql`
        select m.id, m.username,
          coalesce((select sum(p.amount) from ledger_accounts a join postings p on p.account_id = a.id join journal_entries e on e.id = p.entry_id
                    where a.user_id = m.id and e.kind = 'deposit' and ${inRange(sql`p.created_at`)}), 0) as deposit,
          coalesce((select -sum(p.amount) from ledger_accounts a join postings p on p.account_id = a.id join journal_entries e on e.id = p.entry_id
                    where a.user_id = m.id and e.kind = 'withdrawal' and ${inRange(sql`p.created_at`)}), 0) as withdrawal,
          coalesce((select sum(p.amount) from ledger_accounts a join postings p on p.account_id = a.id join journal_entries e on e.id = p.entry_id
                    where a.user_id = m.id and e.kind = 'bonus' and ${inRange(sql`p.created_at`)}), 0) as bonus,
          coalesce((select sum(b.bet_amount) from bet_records b where b.user_id = m.id and b.status <> 'void' and ${inRange(sql`b.created_at`)}), 0) as bet,
          coalesce((select sum(b.valid_bet) from bet_records b where b.user_id = m.id and b.status = 'settled' and ${inRange(sql`b.created_at`)}), 0) as valid,
          coalesce((select sum(b.payout) from bet_records b where b.user_id = m.id and b.status = 'settled' and ${inRange(sql`b.created_at`)}), 0) as payout,
          coalesce((select sum(b.payout - b.bet_amount) from bet_records b where b.user_id = m.id and b.status = 'settled' and ${inRange(sql`b.created_at`)}), 0) as wl,
          coalesce((select sum(c.paid_amount) from contract_bills c where c.payee_id = m.id and c.kind <> 'dividend' and c.paid_at is not null and ${inRange(sql`c.paid_at`)}), 0) as salary,
          coalesce((select sum(c.paid_amount) from contract_bills c where c.payee_id = m.id and c.kind = 'dividend' and c.paid_at is not null and ${inRange(sql`c.paid_at`)}), 0) as dividend
        from ${members} m`;
      const all = rowsOf<Record<string, unknown>>(await db.execute(sql`select * from (${rowsSql}) x order by username`));
      const toRow = (x: Record<string, unknown>) => ({
        deposit: n(x.deposit),
        withdrawal: n(x.withdrawal),
        betAmount: n(x.bet),
        validBet: n(x.valid),
        payout: n(x.payout),
        winLoss: n(x.wl),
        bonus: n(x.bonus),
        salary: n(x.salary),
        dividend: n(x.dividend),
      });
      const rows = all.map((x) => ({ memberId: n(x.id), account: String(x.username), ...toRow(x) }));
      const totals = rows.reduce(
        (t, x) => ({
          deposit: t.deposit + x.deposit,
          withdrawal: t.withdrawal + x.withdrawal,
          betAmount: t.betAmount + x.betAmount,
          validBet: t.validBet + x.validBet,
          payout: t.payout + x.payout,
          winLoss: t.winLoss + x.winLoss,
          bonus: t.bonus + x.bonus,
          salary: t.salary + x.salary,
          dividend: t.dividend + x.dividend,
        }),
        { deposit: 0, withdrawal: 0, betAmount: 0, validBet: 0, payout: 0, winLoss: 0, bonus: 0, salary: 0, dividend: 0 },
      );
      return { list: rows.slice((q.page - 1) * q.pageSize, q.page * q.pageSize), total: rows.length, page: q.page, pageSize: q.pageSize, totals };
    },

    /** My income: what contracts paid me and what I paid my downlines, payment by payment. */
    async income(agentId: number, q: { kind?: TContractKind; from?: string; to?: string; page: number; pageSize: number }) {
      const r = await range(q);
      const cond = sql`(c.payee_id = ${agentId} or c.payer_id = ${agentId}) and c.paid_at is not null and c.paid_amount > 0
        and ${dayOf(sql`c.paid_at`, r.tz)} between ${r.from}::date and ${r.to}::date ${q.kind ? sql`and c.kind = ${q.kind}` : sql``}`;
      const rows = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          select c.id, c.paid_at, c.kind, c.period, c.paid_amount, c.payee_id, c.payer_id, pu.username as payer, pe.username as payee
          from contract_bills c left join users pu on pu.id = c.payer_id join users pe on pe.id = c.payee_id
          where ${cond} order by c.paid_at desc, c.id desc limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
      );
      const [agg] = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          select count(*) as n, coalesce(sum(c.paid_amount) filter (where c.payee_id = ${agentId}), 0) as inn,
                 coalesce(sum(c.paid_amount) filter (where c.payer_id = ${agentId}), 0) as out
          from contract_bills c where ${cond}`),
      );
      return {
        list: rows.map((x) => {
          const incoming = n(x.payee_id) === agentId;
          return {
            id: n(x.id),
            time: new Date(String(x.paid_at)).toISOString(),
            kind: x.kind as TContractKind,
            direction: incoming ? ('in' as const) : ('out' as const),
            counterparty: incoming ? (x.payer === null ? 'platform' : String(x.payer)) : String(x.payee),
            period: String(x.period),
            amount: n(x.paid_amount),
          };
        }),
        total: n(agg?.n),
        page: q.page,
        pageSize: q.pageSize,
        totals: { in: n(agg?.inn), out: n(agg?.out), net: n(agg?.inn) - n(agg?.out) },
      };
    },

    /** The main-wallet records of the team's members (transaction history, with the member's account), said in the reader's words. */
    async transactions(agentId: number, q: { account?: string; type?: string; from?: string; to?: string; page: number; pageSize: number }, reader: TReader) {
      const r = await range(q);
      const where: SQL[] = [sql`a.user_id in ${team(agentId)}`, sql`a.wallet = 'MAIN'`, sql`${dayOf(sql`p.created_at`, r.tz)} between ${r.from}::date and ${r.to}::date`];
      if (q.account) where.push(sql`lower(u.username) = lower(${q.account})`);
      if (q.type) {
        const sided = /^(memberTransfer|vendorTransfer|salary|dividend)(In|Out)$/.exec(q.type);
        if (sided) where.push(sql`e.kind = ${sided[1]} and p.amount ${sided[2] === 'In' ? sql`>= 0` : sql`< 0`}`);
        else where.push(sql`e.kind = ${q.type}`);
      }
      const cond = sql.join(where, sql` and `);
      const rows = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          select p.id, p.created_at, e.kind, p.amount, p.balance_after, e.memo, e.key, u.username
          from ledger_accounts a join postings p on p.account_id = a.id join journal_entries e on e.id = p.entry_id join users u on u.id = a.user_id
          where ${cond} order by p.id desc limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
      );
      const [agg] = rowsOf<{ n: string | number }>(
        await db.execute(sql`
          select count(*) as n from ledger_accounts a join postings p on p.account_id = a.id join journal_entries e on e.id = p.entry_id join users u on u.id = a.user_id
          where ${cond}`),
      );
      const entries = rows.map((x) => ({ kind: String(x.kind), key: String(x.key), memo: x.memo === null ? null : String(x.memo) }));
      const details = await detailsOf(db, await deps.merchantId(), entries, reader);
      return {
        list: rows.map((x, i) => ({
          id: n(x.id),
          time: new Date(String(x.created_at)).toISOString(),
          type: transactionType(String(x.kind), n(x.amount)),
          amount: n(x.amount),
          balanceAfter: n(x.balance_after),
          remark: entries[i]?.memo ?? null,
          detail: details[i] ?? null,
          reference: String(x.key),
          account: String(x.username),
        })),
        total: n(agg?.n),
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    async affiliateCodes(agentId: number) {
      const rows = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          select c.code, c.member_type, c.created_at,
            (select count(*) from users u where u.affiliate_code_id = c.id) as registrations
          from affiliate_codes c where c.agent_id = ${agentId} and c.enabled order by c.id desc`),
      );
      return {
        list: rows.map((c) => ({
          code: String(c.code),
          url: registerLink(String(c.code)),
          type: c.member_type as 'member' | 'agent',
          registrations: n(c.registrations),
          createdAt: new Date(String(c.created_at)).toISOString(),
        })),
      };
    },

    async createAffiliateCode(agentId: number, input: { type: 'member' | 'agent'; contracts?: TContractTerms[] }) {
      const merchantId = await deps.merchantId();
      for (let attempt = 0; attempt < 5; attempt++) {
        const code = Array.from(crypto.randomBytes(8), (b) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[b % 32]).join('');
        const [row] = await db
          .insert(affiliateCodes)
          .values({ merchantId, code, agentId, memberType: input.type, contracts: (input.contracts ?? []) as unknown as Record<string, unknown>[] })
          .onConflictDoNothing()
          .returning();
        if (row) return { code: row.code, url: registerLink(row.code), type: row.memberType, registrations: 0, createdAt: row.createdAt.toISOString() };
      }
      throw new Error('no free affiliate code');
    },

    /** Agency announcements: operator notices of type A, shown only in the agent centre, in the reader's language. */
    async announcements(q: { page: number; pageSize: number }, reader: TReader) {
      const merchantId = await deps.merchantId();
      const tz = await deps.timeZone();
      const at = now();
      const where = and(
        eq(announcements.merchantId, merchantId),
        eq(announcements.type, 'A'),
        sql`${announcements.startsAt} <= ${at.toISOString()}::timestamptz`,
        sql`(${announcements.endsAt} is null or ${announcements.endsAt} > ${at.toISOString()}::timestamptz)`,
      );
      const rows = await db.select().from(announcements).where(where).orderBy(desc(announcements.startsAt), desc(announcements.id)).limit(q.pageSize).offset((q.page - 1) * q.pageSize);
      const [total] = await db.select({ n: sql<string>`count(*)` }).from(announcements).where(where);
      return {
        list: rows.map((a) => ({
          id: a.id,
          ...localized(a, a.texts, ['title', 'content'], reader.language, reader.fallback),
          timestamp: formatLocalTimestamp(a.startsAt, tz),
          imageUrl: a.imageUrl,
        })),
        total: n(total?.n),
        page: q.page,
        pageSize: q.pageSize,
      };
    },
  };
}

export type TTeamService = ReturnType<typeof createTeamService>;
export type { TTx };
