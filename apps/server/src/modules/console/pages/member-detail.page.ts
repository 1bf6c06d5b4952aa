import { aliasedTable, and, desc, eq, or, sql } from 'drizzle-orm';
import { consoleMemberDetail } from '@playhall/contract/console';
import type { z } from 'zod';
import { MAIN_WALLET } from '@playhall/contract/calls/wallet';
import * as t from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { TConsoleRegistrar } from '../console-registrar.ts';
import type { TPageDeps } from './console-ops.ts';
import { phoneOf } from './member-search.page.ts';

type TDetail = z.input<typeof consoleMemberDetail.response>;

/** A card number as the console shows it: the last four digits, the rest masked. */
export function maskCardNumber(number: string): string {
  return number.length <= 4 ? number : `${'•'.repeat(number.length - 4)}${number.slice(-4)}`;
}

const counterparty = aliasedTable(t.users, 'counterparty');

/** A member's whole picture for the operator: profile, every wallet, the latest postings, bets and logins, cards, contracts, notes. */
export async function memberDetail(deps: TPageDeps, id: number): Promise<TDetail> {
  const { db } = deps;
  const [u] = await db
    .select({
      id: t.users.id,
      username: t.users.username,
      type: t.users.type,
      status: t.users.status,
      mobile: t.users.mobile,
      countryDialingCode: t.users.countryDialingCode,
      email: t.users.email,
      createdAt: t.users.createdAt,
      lastLoginAt: t.users.lastLoginAt,
      nickname: t.users.nickname,
      payeeName: t.users.payeeName,
      passwordInitial: t.users.passwordInitial,
      totpEnabledAt: t.users.totpEnabledAt,
      upline: sql<string | null>`(select x.username from users x where x.id = ${t.users.uplineId})`,
      vipLevel: t.memberVip.level,
      vipName: t.vipLevels.name,
    })
    .from(t.users)
    .leftJoin(t.memberVip, eq(t.memberVip.userId, t.users.id))
    .leftJoin(t.vipLevels, and(eq(t.vipLevels.merchantId, t.users.merchantId), eq(t.vipLevels.level, t.memberVip.level)))
    .where(and(eq(t.users.id, id), eq(t.users.merchantId, deps.merchantId)));
  if (!u) throw new AppError('not_found', { id }, `No member ${id}`);

  const [balances, ledger, bets, logins, cards, contracts, notes] = await Promise.all([
    db
      .select({ wallet: t.ledgerAccounts.wallet, balance: t.ledgerAccounts.balance })
      .from(t.ledgerAccounts)
      .where(and(eq(t.ledgerAccounts.merchantId, deps.merchantId), eq(t.ledgerAccounts.userId, id)))
      .orderBy(t.ledgerAccounts.wallet),
    db
      .select({ id: t.postings.id, at: t.postings.createdAt, kind: t.journalEntries.kind, amount: t.postings.amount, balanceAfter: t.postings.balanceAfter, memo: t.journalEntries.memo, wallet: t.ledgerAccounts.wallet })
      .from(t.postings)
      .innerJoin(t.ledgerAccounts, eq(t.ledgerAccounts.id, t.postings.accountId))
      .innerJoin(t.journalEntries, eq(t.journalEntries.id, t.postings.entryId))
      .where(and(eq(t.ledgerAccounts.merchantId, deps.merchantId), eq(t.ledgerAccounts.userId, id)))
      .orderBy(desc(t.postings.id))
      .limit(50),
    db
      .select({ category: t.betRecords.category, sourceId: t.betRecords.sourceId, at: t.betRecords.createdAt, game: t.betRecords.gameName, stake: t.betRecords.betAmount, payout: t.betRecords.payout, status: t.betRecords.status })
      .from(t.betRecords)
      .where(and(eq(t.betRecords.merchantId, deps.merchantId), eq(t.betRecords.userId, id)))
      .orderBy(desc(t.betRecords.createdAt))
      .limit(50),
    db
      .select({ at: t.loginHistory.createdAt, ip: t.loginHistory.ip, device: t.loginHistory.device })
      .from(t.loginHistory)
      .where(eq(t.loginHistory.userId, id))
      .orderBy(desc(t.loginHistory.createdAt))
      .limit(20),
    db.select().from(t.bankCards).where(eq(t.bankCards.userId, id)).orderBy(t.bankCards.id),
    db
      .select({ id: t.contracts.id, kind: t.contracts.kind, status: t.contracts.status, uplineId: t.contracts.uplineId, downlineId: t.contracts.downlineId, counterparty: counterparty.username })
      .from(t.contracts)
      // The other side: the upline when the member is the downline, else the downline; no upline is the platform.
      .leftJoin(counterparty, eq(counterparty.id, sql`case when ${t.contracts.downlineId} = ${id} then ${t.contracts.uplineId} else ${t.contracts.downlineId} end`))
      .where(and(eq(t.contracts.merchantId, deps.merchantId), or(eq(t.contracts.downlineId, id), eq(t.contracts.uplineId, id))))
      .orderBy(desc(t.contracts.id)),
    db.select().from(t.memberNotes).where(eq(t.memberNotes.userId, id)).orderBy(desc(t.memberNotes.id)),
  ]);

  const main = balances.find((b) => b.wallet === MAIN_WALLET)?.balance ?? 0;
  return {
    profile: {
      id: u.id,
      username: u.username,
      type: u.type,
      status: u.status,
      mobile: phoneOf(u.countryDialingCode, u.mobile),
      email: u.email,
      balance: main,
      createdAt: u.createdAt.toISOString(),
      lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
      nickname: u.nickname,
      upline: u.upline,
      payeeName: u.payeeName,
      vipLevel: u.vipLevel === null ? null : (u.vipName ?? String(u.vipLevel)),
      mustChangePassword: u.passwordInitial,
      twoFactor: u.totpEnabledAt !== null,
    },
    balances: balances.map((b) => ({ wallet: b.wallet, balance: b.balance })),
    ledger: ledger.map((p) => ({
      id: p.id,
      at: p.at.toISOString(),
      kind: p.kind,
      amount: p.amount,
      balanceAfter: p.balanceAfter,
      // Which wallet, when not the main one (a vendor's transfer wallet, the bonus wallet, points).
      remark: [p.wallet === MAIN_WALLET ? null : p.wallet, p.memo].filter(Boolean).join(' · '),
    })),
    bets: bets.map((b) => ({ id: `${b.category}:${b.sourceId}`, at: b.at.toISOString(), game: b.game, stake: b.stake, payout: b.payout, status: b.status })),
    // The history keeps successful logins only (refused ones are counted, not recorded: auth counters).
    logins: logins.map((l) => ({ at: l.at.toISOString(), ip: l.ip, device: l.device, ok: true })),
    bankCards: cards.map((c) => ({ id: c.id, bank: c.bankName, cardNumber: maskCardNumber(c.accountNumber), holder: c.accountName })),
    contracts: contracts.map((c) => ({ id: c.id, kind: c.kind, status: c.status, counterparty: c.counterparty ?? 'platform' })),
    notes: notes.map((n) => ({ id: n.id, at: n.createdAt.toISOString(), author: n.author, text: n.text })),
  };
}

export function registerMemberDetail(calls: TConsoleRegistrar, deps: TPageDeps): void {
  calls.serve(consoleMemberDetail, (input) => memberDetail(deps, input.id));
}
