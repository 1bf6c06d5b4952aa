import { and, desc, eq, sql } from 'drizzle-orm';
import { AGENT_MENU_FLAGS } from '@playhall/contract/whitelabel';
import { LANGUAGES } from '@playhall/contract/languages';
import { accountIssues, type TRuleIssue } from '@playhall/contract/validation';
import { PATTERNS } from '@playhall/contract/patterns';
import { isSafeLink } from '@playhall/contract/links';
import { ERROR_CODES, isErrorCode } from '@playhall/contract/errors';
import type { TDb, TTx } from '../../db/client.ts';
import { DEFAULT_TIME_ZONE } from '../../lib/zoned-time.ts';
import * as t from '../../db/schema.ts';
import { MAIN_WALLET } from '@playhall/contract/calls/wallet';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { sanitizeOperatorHtml } from '../../lib/sanitize.ts';
import { createAnnouncementRepository } from '../announcements/announcement.repository.ts';
import { createSiteRepository } from '../system/site.repository.ts';
import { isVendorOpen } from '../system/site-config.ts';
import { createOutboxRepository } from '../messaging/outbox.repository.ts';
import { formatMinor } from '../ledger/amount.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createLedger } from '../ledger/ledger.service.ts';
import { createDepositRepository } from '../deposit/deposit.repository.ts';
import { createDepositReview, type TReviewOutcome } from '../deposit/deposit-review.service.ts';
import { ALLOW_SANDBOX_PAYMENTS, SANDBOX_GATEWAY } from '../deposit/payment-channels.ts';
import { withdrawalConfig } from '../withdrawal/withdrawal.config.ts';
import { createWithdrawalRepository } from '../withdrawal/withdrawal.repository.ts';
import { createWithdrawalReview } from '../withdrawal/withdrawal.review.ts';
import { createLotteryOps, LotteryOpsRefusal } from '../lottery/lottery.ops.ts';
import { createContractsService } from '../agent/contracts.service.ts';
import { createSettlementService } from '../agent/settlement.service.ts';
import { ActivityOpsRefusal, createActivityOps } from '../promotions/activity.ops.ts';
import { runEnvelopeCommand } from '../envelopes/envelopes.ops.ts';
import { RainRefusal } from '../envelopes/envelopes.service.ts';
import { RaffleRefusal, runRaffleCommand } from '../raffle/raffle.ops.ts';
import { runVipCommand, VipRefusal } from '../vip/vip.ops.ts';
import { MissionRefusal, runMissionCommand } from '../missions/missions.ops.ts';
import { ReferralRefusal, runReferralCommand } from '../referral/referral.ops.ts';
import { ChatRefusal, runChatCommand } from '../chat/chat.ops.ts';
import { InboxRefusal, runInboxCommand } from '../inbox/inbox.ops.ts';
import { runSportsCommand, SportsRefusal } from '../sportsbook/sportsbook.ops.ts';
import { DomainRefusal, runDomainCommand } from '../system/domains.ops.ts';
import { runPointsCommand } from '../points/points.ops.ts';
import { PointsOpsRefusal } from '../points/points.service.ts';
import { LINK_RULE, type TOpsCommand } from './ops.command.ts';
import { moveTestClock } from '../responsible/test-clock.ts';
import { RgRefusal, runRgCommand } from '../responsible/responsible.ops.ts';
import { runTranslate, TranslateRefusal } from './translate.ops.ts';
import { runOperatorCommand } from './operator.ops.ts';
import { runUserCommand, UserRefusal } from './user.ops.ts';
import { HelpRefusal, runHelpCommand } from './help.ops.ts';

export interface TOpsResult {
  ok: boolean;
  message: string;
  data?: unknown;
}

export class OpsRefusal extends Error {}

const announcementsRepo = createAnnouncementRepository();
const outboxRepo = createOutboxRepository();
const ledgerRepo = createLedgerRepository();
const ledger = createLedger({ repo: ledgerRepo });
const depositRepo = createDepositRepository();
const depositReview = createDepositReview({ repo: depositRepo, ledgerRepo, ledger });
const withdrawalReview = createWithdrawalReview({ repo: createWithdrawalRepository(), ledgerRepo, ledger });

/** A lottery command: its refusals (no such game, wrong state, a bad result table) as an OpsRefusal. */
async function lotteryStep(work: () => Promise<{ message: string; data: unknown }>): Promise<TOpsResult> {
  try {
    const r = await work();
    return { ok: true, message: r.message, data: r.data };
  } catch (err) {
    if (err instanceof LotteryOpsRefusal) throw new OpsRefusal(err.message);
    throw err;
  }
}

/** Runs an operator step whose refusals are AppErrors (not found, wrong state) as an OpsRefusal with their message. */
/** The merchant's time zone, as the contract periods and their settlement count days. */
export async function merchantTimeZone(db: TDb, merchantId: number): Promise<string> {
  const [row] = await db.select({ tz: t.merchants.timeZone }).from(t.merchants).where(eq(t.merchants.id, merchantId));
  return row?.tz ?? DEFAULT_TIME_ZONE;
}

async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw new OpsRefusal(err.message);
    throw err;
  }
}

async function audit(
  tx: TTx,
  entry: { actor: string; action: string; target: string; before: unknown; after: unknown; reason?: string | null },
): Promise<number> {
  const [row] = await tx.insert(t.auditLog).values({
    actor: entry.actor,
    action: entry.action,
    target: entry.target,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
  }).returning({ id: t.auditLog.id });
  if (!row) throw new Error('audit insert returned nothing');
  return row.id;
}

const siteRepo = createSiteRepository();

/** A register-rule issue in English, as the operator reads it: the bounds and the pattern, or the catalogue's text. */
function issueText(issue: TRuleIssue): string {
  if (issue.message.startsWith('pattern_') && issue.params) {
    const { patternId, min, max } = issue.params;
    const bounds = max === 0 ? `at least ${min}` : min === max ? `${min}` : `${min}-${max}`;
    return `must be ${bounds} characters: ${PATTERNS[patternId]?.description ?? 'any value'} (the merchant's register rule)`;
  }
  return isErrorCode(issue.message) ? ERROR_CODES[issue.message].message : issue.message;
}
const bump = (tx: TTx, merchantId: number) => siteRepo.bumpConfigVersion(tx, merchantId);

/**
 * Runs one operator command. Every change is written with its audit row and a config-version bump in
 * one transaction, so the next page load on any process shows it and the log never misses one.
 */
export async function runOpsCommand(db: TDb, merchantId: number, actor: string, cmd: TOpsCommand): Promise<TOpsResult> {
  switch (cmd.kind) {
    case 'status.show': {
      const [state] = await db.select().from(t.systemState).where(eq(t.systemState.merchantId, merchantId));
      const rules = await db.select().from(t.regionRules).where(eq(t.regionRules.merchantId, merchantId));
      return {
        ok: true,
        message: `status ${state?.mode ?? 'normal'}${state?.maintenanceEnd ? ` until ${state.maintenanceEnd.toISOString()}` : ''}; region rules: ${rules.map((r) => `${r.rule} ${r.countryCode}`).join(', ') || 'none'}`,
        data: { state, rules },
      };
    }
    case 'status.set':
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(t.systemState).where(eq(t.systemState.merchantId, merchantId));
        const after = {
          mode: cmd.mode,
          maintenanceEnd: cmd.mode === 'maintenance' && cmd.until ? new Date(cmd.until) : null,
          updatedAt: new Date(),
        };
        await tx
          .insert(t.systemState)
          .values({ merchantId, ...after })
          .onConflictDoUpdate({ target: t.systemState.merchantId, set: after });
        await audit(tx, { actor, action: 'status.set', target: 'system_state', before: before ?? null, after });
        await bump(tx, merchantId);
        return { ok: true, message: `status is now ${cmd.mode}${after.maintenanceEnd ? ` until ${after.maintenanceEnd.toISOString()}` : ''}` };
      });
    case 'region.set':
      return db.transaction(async (tx) => {
        const where = and(eq(t.regionRules.merchantId, merchantId), eq(t.regionRules.countryCode, cmd.country));
        const [before] = await tx.select().from(t.regionRules).where(where);
        if (cmd.rule === 'remove') {
          if (!before) throw new OpsRefusal(`no region rule for ${cmd.country}`);
          await tx.delete(t.regionRules).where(where);
        } else {
          await tx
            .insert(t.regionRules)
            .values({ merchantId, countryCode: cmd.country, rule: cmd.rule })
            .onConflictDoUpdate({ target: [t.regionRules.merchantId, t.regionRules.countryCode], set: { rule: cmd.rule } });
        }
        const after = cmd.rule === 'remove' ? null : { countryCode: cmd.country, rule: cmd.rule };
        await audit(tx, { actor, action: 'region.set', target: `region:${cmd.country}`, before: before ?? null, after });
        await bump(tx, merchantId);
        return { ok: true, message: cmd.rule === 'remove' ? `removed the rule for ${cmd.country}` : `${cmd.rule} ${cmd.country}` };
      });
    case 'flag.set':
      return db.transaction(async (tx) => {
        const where = and(eq(t.moduleFlags.merchantId, merchantId), eq(t.moduleFlags.modId, cmd.modId));
        const [before] = await tx.select().from(t.moduleFlags).where(where);
        if (before) await tx.update(t.moduleFlags).set({ enabled: cmd.on }).where(where);
        else {
          const parent = Object.hasOwn(AGENT_MENU_FLAGS, cmd.modId) ? 'AGENTMENU3' : 'SITE3';
          await tx.insert(t.moduleFlags).values({ merchantId, modId: cmd.modId, parentModId: parent, enabled: cmd.on, sort: 1000 });
        }
        await audit(tx, {
          actor,
          action: 'flag.set',
          target: `flag:${cmd.modId}`,
          before: before ? { enabled: before.enabled } : null,
          after: { enabled: cmd.on },
        });
        await bump(tx, merchantId);
        return { ok: true, message: `${cmd.modId} is now ${cmd.on ? 'on' : 'off'}` };
      });
    case 'registerField.set':
      return db.transaction(async (tx) => {
        const where = and(eq(t.registerFieldRules.merchantId, merchantId), eq(t.registerFieldRules.field, cmd.field));
        const [before] = await tx.select().from(t.registerFieldRules).where(where);
        if (!before) {
          const known = await tx.select({ f: t.registerFieldRules.field }).from(t.registerFieldRules).where(eq(t.registerFieldRules.merchantId, merchantId));
          throw new OpsRefusal(`unknown register field "${cmd.field}"; known: ${known.map((k) => k.f).join(', ')}`);
        }
        if (['username', 'password', 'confirmPassword'].includes(cmd.field) && cmd.state !== 'required') {
          throw new OpsRefusal(`${cmd.field} is always required`);
        }
        const after = { enabled: cmd.state !== 'off', required: cmd.state === 'required' };
        await tx.update(t.registerFieldRules).set(after).where(where);
        await audit(tx, {
          actor,
          action: 'registerField.set',
          target: `register:${cmd.field}`,
          before: { enabled: before.enabled, required: before.required },
          after,
        });
        await bump(tx, merchantId);
        return { ok: true, message: `register field ${cmd.field} is now ${cmd.state}` };
      });
    case 'user.create': {
      // An operator's account follows the merchant's register rules like a registration (issue 15).
      const rules = await siteRepo.registerRules(db, merchantId);
      const issues = accountIssues(rules, { username: cmd.username, password: cmd.password });
      if (issues.length > 0) throw new OpsRefusal(issues.map((i) => `${i.path}: ${issueText(i)}`).join('\n'));
      const passwordHash = await hashPassword(cmd.password);
      return db.transaction(async (tx) => {
        const byName = (name: string) =>
          tx
            .select({ id: t.users.id, type: t.users.type, accountType: t.users.accountType })
            .from(t.users)
            .where(and(eq(t.users.merchantId, merchantId), sql`lower(${t.users.username}) = lower(${name})`));
        if ((await byName(cmd.username)).length > 0) throw new OpsRefusal(`username ${cmd.username} is already taken`);
        let uplineId: number | null = null;
        let accountType = cmd.type === 'agent' ? 1 : 0;
        if (cmd.upline) {
          const [upline] = await byName(cmd.upline);
          if (!upline) throw new OpsRefusal(`upline ${cmd.upline} does not exist`);
          if (upline.type !== 'agent') throw new OpsRefusal(`upline ${cmd.upline} is not an agent`);
          uplineId = upline.id;
          // A downline agent is a second-level agent (account type 2).
          if (cmd.type === 'agent') accountType = 2;
        }
        const [created] = await tx
          .insert(t.users)
          // The operator chose this password: it is an initial one, changed at the first password login.
          .values({ merchantId, username: cmd.username, passwordHash, passwordInitial: true, type: cmd.type, accountType, uplineId, nickname: cmd.username })
          .returning({ id: t.users.id });
        if (!created) throw new Error('user insert returned nothing');
        const after = { id: created.id, username: cmd.username, type: cmd.type, accountType, upline: cmd.upline };
        // The password is never written to the audit log.
        await audit(tx, { actor, action: 'user.create', target: `user:${created.id}`, before: null, after });
        return { ok: true, message: `created ${cmd.type} ${cmd.username} (id ${created.id})`, data: after };
      });
    }
    case 'user.lock':
    case 'user.unlock':
    case 'user.passwordReset':
    case 'user.forceChange':
    case 'user.note':
      // The change and its audit row in one transaction (user.ops.ts).
      try {
        return { ok: true, ...(await runUserCommand(db, merchantId, actor, cmd, (tx, entry) => audit(tx, { actor, action: cmd.kind, ...entry }))) };
      } catch (err) {
        if (err instanceof UserRefusal) throw new OpsRefusal(err.message);
        throw err;
      }
    case 'announce.add':
      // Checked here too, for callers that did not parse the command (the web renders these as links).
      for (const [name, value] of [['image', cmd.image], ['link', cmd.link]] as const) {
        if (value !== null && !isSafeLink(value)) throw new OpsRefusal(`--${name} ${LINK_RULE}`);
      }
      return db.transaction(async (tx) => {
        const created = await announcementsRepo.insert(tx, {
          merchantId,
          type: cmd.type,
          title: cmd.title,
          content: sanitizeOperatorHtml(cmd.content),
          imageUrl: cmd.image,
          linkUrl: cmd.link,
          endsAt: cmd.until ? new Date(cmd.until) : null,
          sort: -1,
        });
        await audit(tx, { actor, action: 'announce.add', target: `announcement:${created.id}`, before: null, after: created });
        await bump(tx, merchantId);
        return { ok: true, message: `announcement ${created.id} (${cmd.type}) added`, data: created };
      });
    case 'help.list':
    case 'help.add':
    case 'help.edit':
    case 'help.remove':
      // The change, its audit row and the settings-version bump in one transaction (help.ops.ts).
      try {
        return { ok: true, ...(await runHelpCommand(db, merchantId, cmd, { audit: (tx, e) => audit(tx, { actor, ...e }), bump: (tx) => bump(tx, merchantId) })) };
      } catch (err) {
        if (err instanceof HelpRefusal) throw new OpsRefusal(err.message);
        throw err;
      }
    case 'content.translate':
      try {
        return { ok: true, ...(await runTranslate(db, merchantId, cmd, { audit: (tx, e) => audit(tx, { actor, action: cmd.kind, ...e }), bump: (tx) => bump(tx, merchantId) })) };
      } catch (err) {
        if (err instanceof TranslateRefusal) throw new OpsRefusal(err.message);
        throw err;
      }
    case 'announce.list': {
      const rows = await announcementsRepo.list(db, merchantId);
      return {
        ok: true,
        message: rows.map((r) => `${r.id}\t${r.type}\t${r.title}${r.endsAt ? `\tuntil ${r.endsAt.toISOString()}` : ''}`).join('\n'),
        data: rows,
      };
    }
    case 'announce.remove':
      return db.transaction(async (tx) => {
        const removed = await announcementsRepo.remove(tx, merchantId, cmd.id);
        if (!removed) throw new OpsRefusal(`no announcement ${cmd.id}`);
        await audit(tx, { actor, action: 'announce.remove', target: `announcement:${cmd.id}`, before: removed, after: null });
        await bump(tx, merchantId);
        return { ok: true, message: `announcement ${cmd.id} removed` };
      });
    case 'sms.outbox': {
      const hits = await outboxRepo.listSms(db, merchantId, cmd.mobile, cmd.limit);
      return {
        ok: true,
        message: hits.map((r) => `${r.createdAt.toISOString()}\t${r.countryDialingCode} ${r.mobile}\t${r.message}`).join('\n') || 'no messages',
        data: hits,
      };
    }
    case 'sms.provider':
      return db.transaction(async (tx) => {
        const [before] = await tx.select({ smsFlow: t.merchants.smsFlow }).from(t.merchants).where(eq(t.merchants.id, merchantId));
        await tx.update(t.merchants).set({ smsFlow: cmd.flow }).where(eq(t.merchants.id, merchantId));
        await audit(tx, { actor, action: 'sms.provider', target: 'merchant', before: before ?? null, after: { smsFlow: cmd.flow } });
        await bump(tx, merchantId);
        return {
          ok: true,
          message:
            cmd.flow === 'sandbox'
              ? 'phone numbers are verified through the SANDBOX phone provider: no real SMS is sent, codes are in `sms outbox`; ' +
                'for demos and tests only. A production server runs it only with ALLOW_SANDBOX_PHONE=yes-no-real-sms.'
              : 'phone numbers are verified with our own SMS codes',
        };
      });
    case 'mail.outbox': {
      const rows = await outboxRepo.listMail(db, merchantId, cmd.address, cmd.limit);
      return {
        ok: true,
        message:
          rows.map((r) => `${r.createdAt.toISOString()}\t${r.address}\t${r.subject}\n${r.body.replace(/^/gm, '    ')}`).join('\n\n') || 'no messages',
        data: rows,
      };
    }
    case 'passwordMaxAge.set':
      return db.transaction(async (tx) => {
        const [before] = await tx.select({ days: t.merchants.passwordMaxAgeDays }).from(t.merchants).where(eq(t.merchants.id, merchantId));
        await tx.update(t.merchants).set({ passwordMaxAgeDays: cmd.days }).where(eq(t.merchants.id, merchantId));
        await audit(tx, { actor, action: 'passwordMaxAge.set', target: 'merchant', before: before ?? null, after: { days: cmd.days } });
        await bump(tx, merchantId);
        return { ok: true, message: cmd.days === null ? 'passwords never expire' : `passwords expire after ${cmd.days} days` };
      });
    case 'siteLanguage.set':
      return db.transaction(async (tx) => {
        const [before] = await tx.select({ language: t.merchants.defaultLanguage }).from(t.merchants).where(eq(t.merchants.id, merchantId));
        await tx.update(t.merchants).set({ defaultLanguage: cmd.language }).where(eq(t.merchants.id, merchantId));
        await audit(tx, { actor, action: 'siteLanguage.set', target: 'merchant', before: before ?? null, after: { language: cmd.language } });
        await bump(tx, merchantId);
        const name = LANGUAGES.find((l) => l.code === cmd.language)?.name ?? cmd.language;
        return { ok: true, message: `a first visit now shows ${name} (${cmd.language}); a visitor who chose a language keeps it` };
      });
    case 'siteCountry.set':
      return db.transaction(async (tx) => {
        // Members bind cards of the site country's banks only (issue 16): a country the site lists no bank of would
        // leave them none.
        const countries = (await tx.selectDistinct({ country: t.banks.countryCode }).from(t.banks).where(and(eq(t.banks.merchantId, merchantId), eq(t.banks.enabled, true)))).map((r) => r.country);
        if (!countries.includes(cmd.country)) throw new OpsRefusal(`no enabled bank of ${cmd.country} on this site; countries with banks: ${countries.sort().join(', ') || 'none'}`);
        const [before] = await tx.select({ country: t.merchants.countryCode }).from(t.merchants).where(eq(t.merchants.id, merchantId));
        await tx.update(t.merchants).set({ countryCode: cmd.country }).where(eq(t.merchants.id, merchantId));
        await audit(tx, { actor, action: 'siteCountry.set', target: 'merchant', before: before ?? null, after: { country: cmd.country } });
        await bump(tx, merchantId);
        return { ok: true, message: `members now bind cards of ${cmd.country} banks` };
      });
    case 'ledger.check': {
      const result = await ledger.check(db);
      const { accounts, entries, postings } = result.counts;
      return {
        ok: result.ok,
        message: result.ok
          ? `ledger clean: ${accounts} accounts, ${entries} entries, ${postings} postings`
          : `ledger check FAILED (${result.problems.length}):\n${result.problems.join('\n')}`,
        data: result,
      };
    }
    case 'wallet.adjust':
    case 'wallet.bonus':
      return db.transaction(async (tx) => {
        const [user] = await tx
          .select({ id: t.users.id, username: t.users.username })
          .from(t.users)
          .where(and(eq(t.users.merchantId, merchantId), sql`lower(${t.users.username}) = lower(${cmd.username})`));
        if (!user) throw new OpsRefusal(`no user ${cmd.username}`);
        const wallet = await ledgerRepo.walletAccount(tx, merchantId, user.id, MAIN_WALLET);
        const bonus = cmd.kind === 'wallet.bonus';
        const house = await ledgerRepo.houseAccount(tx, merchantId, bonus ? 'bonus' : 'adjustment');
        const detail = { user: user.username, amount: cmd.amount, balance: wallet.balance, requestId: cmd.requestId };
        // The audit row comes first: its id is the entry's key when the operator gave no request id.
        const auditId = await audit(tx, { actor, action: cmd.kind, target: `user:${user.id}`, before: { balance: wallet.balance }, after: detail, reason: cmd.reason });
        try {
          const entry = await ledger.post(tx, {
            merchantId,
            // A bonus's key names its source (`bonus:operator:…`), as bonus details show it.
            key: bonus ? `bonus:operator:${cmd.requestId ?? `audit-${auditId}`}` : cmd.requestId ? `adjust:${cmd.requestId}` : `adjust:audit:${auditId}`,
            kind: bonus ? 'bonus' : 'adjustment',
            memo: cmd.reason,
            postings: [
              { accountId: wallet.id, amount: cmd.amount },
              { accountId: house, amount: -cmd.amount },
            ],
          });
          const mine = entry.postings.find((p) => p.accountId === wallet.id);
          if (entry.replayed) {
            return { ok: true, message: `request ${cmd.requestId} was already posted as entry ${entry.entryId}; nothing moved`, data: entry };
          }
          return { ok: true, message: `entry ${entry.entryId}: ${user.username} ${cmd.amount > 0 ? '+' : ''}${formatMinor(cmd.amount)}, balance now ${formatMinor(mine?.balanceAfter ?? 0)}`, data: entry };
        } catch (err) {
          if (err instanceof AppError && err.code === 'insufficient_balance') throw new OpsRefusal(`${user.username} has only ${formatMinor(wallet.balance)}`);
          throw err;
        }
      });
    case 'walletMode.set':
      return db.transaction(async (tx) => {
        const [before] = await tx.select({ singleWallet: t.merchants.singleWallet }).from(t.merchants).where(eq(t.merchants.id, merchantId));
        const after = { singleWallet: cmd.mode === 'single' };
        await tx.update(t.merchants).set(after).where(eq(t.merchants.id, merchantId));
        await audit(tx, { actor, action: 'walletMode.set', target: 'merchant', before: before ?? null, after });
        await bump(tx, merchantId);
        return {
          ok: true,
          message: cmd.mode === 'single' ? 'vendors play from the main wallet (single wallet)' : 'each vendor has its own transfer wallet',
        };
      });
    case 'withdrawal.review': {
      const rows = await withdrawalReview.list(db, merchantId, cmd.status);
      return {
        ok: true,
        message:
          rows
            .map(({ w, username, card }) =>
              [
                w.id,
                w.createdAt.toISOString(),
                username,
                formatMinor(w.amount),
                `fee ${formatMinor(w.fee)}`,
                `${card.bankName} ${card.accountNumber} ${card.accountName}${card.branch ? ` (${card.branch})` : ''}`,
                ...(w.confirmation ? [`${w.confirmation}${w.receivedAmount === null ? '' : ` ${formatMinor(w.receivedAmount)}`}${w.proofUploadId ? ` proof ${w.proofUploadId}` : ''}`] : []),
                ...(w.remark ? [w.remark] : []),
              ].join('\t'),
            )
            .join('\n') || `no ${cmd.status} withdrawals`,
        data: rows.map(({ w, username, card }) => ({ ...w, username, card })),
      };
    }
    case 'withdrawal.proof': {
      const proof = await refusing(() => withdrawalReview.proof(db, merchantId, cmd.id));
      return { ok: true, message: `proof of withdrawal ${cmd.id}: ${proof.mime}, ${proof.bytes} bytes → ${cmd.out}`, data: { mime: proof.mime, base64: proof.base64, out: cmd.out } };
    }
    case 'withdrawal.pay':
      return refusing(() =>
        db.transaction(async (tx) => {
          const { confirmMinutes } = withdrawalConfig();
          const r = await withdrawalReview.pay(tx, merchantId, cmd.id, { actor, at: new Date(), confirmMinutes });
          await audit(tx, { actor, action: 'withdrawal.pay', target: `withdrawal:${cmd.id}`, before: r.before, after: r.after });
          return { ok: true, message: `withdrawal ${cmd.id} paid (${formatMinor(r.withdrawal.amount)}); the member may confirm until ${r.after.confirmDeadline}`, data: r.withdrawal };
        }),
      );
    case 'withdrawal.reject':
      return refusing(() =>
        db.transaction(async (tx) => {
          const r = await withdrawalReview.reject(tx, merchantId, cmd.id, { actor, reason: cmd.reason });
          await audit(tx, { actor, action: 'withdrawal.reject', target: `withdrawal:${cmd.id}`, before: r.before, after: r.after, reason: cmd.reason });
          return { ok: true, message: `withdrawal ${cmd.id} rejected; ${formatMinor(r.withdrawal.amount + r.withdrawal.fee)} back in the member's wallet`, data: r.withdrawal };
        }),
      );
    case 'withdrawal.resolve':
      return refusing(() =>
        db.transaction(async (tx) => {
          const r = await withdrawalReview.resolve(tx, merchantId, cmd.id, { actor, refund: cmd.refund, reason: cmd.reason });
          await audit(tx, { actor, action: 'withdrawal.resolve', target: `withdrawal:${cmd.id}`, before: r.before, after: r.after, reason: cmd.reason });
          return { ok: true, message: `withdrawal ${cmd.id} resolved${cmd.refund > 0 ? `; ${formatMinor(cmd.refund)} refunded to the member` : ' without a refund'}`, data: r.withdrawal };
        }),
      );
    case 'paymentChannel.list': {
      const rows = await depositRepo.allChannels(db, merchantId);
      const line = (c: (typeof rows)[number]) =>
        [
          c.id,
          c.enabled ? 'on' : 'off',
          c.type,
          c.gateway ?? '-',
          c.name,
          `${formatMinor(c.minAmount)} – ${formatMinor(c.maxAmount)}`,
          ...(c.gateway === SANDBOX_GATEWAY ? ['SANDBOX: no money moves'] : []),
        ].join('\t');
      return { ok: true, message: rows.map(line).join('\n') || 'no deposit channels', data: rows };
    }
    case 'paymentChannel.limits':
      // As enable|disable: the deposit form reads its channels on every call (not the cached site settings), so no bump.
      return db.transaction(async (tx) => {
        const before = await depositRepo.setChannelLimits(tx, merchantId, cmd.id, cmd.min, cmd.max);
        if (!before) throw new OpsRefusal(`no payment channel ${cmd.id} (see payment-channel list)`);
        const after = { minAmount: cmd.min, maxAmount: cmd.max };
        await audit(tx, { actor, action: cmd.kind, target: `depositChannel:${cmd.id}`, before: { name: before.name, minAmount: before.minAmount, maxAmount: before.maxAmount }, after });
        return { ok: true, message: `channel ${cmd.id} "${before.name}" takes deposits of ${formatMinor(cmd.min)} – ${formatMinor(cmd.max)}`, data: after };
      });
    case 'paymentChannel.set':
      return db.transaction(async (tx) => {
        const before = await depositRepo.setChannelEnabled(tx, merchantId, cmd.id, cmd.on);
        if (!before) throw new OpsRefusal(`no payment channel ${cmd.id} (see payment-channel list)`);
        await audit(tx, { actor, action: cmd.kind, target: `depositChannel:${cmd.id}`, before: { name: before.name, gateway: before.gateway, enabled: before.enabled }, after: { enabled: cmd.on } });
        const sandbox = before.gateway === SANDBOX_GATEWAY;
        const state = `channel ${cmd.id} "${before.name}" is ${cmd.on ? 'on' : 'off'}${before.enabled === cmd.on ? ' (it already was)' : ''}`;
        return {
          ok: true,
          message:
            sandbox && cmd.on
              ? `${state}. It is a SANDBOX: no money moves, and any member can credit their own wallet through it; for demos and tests only. ` +
                `A production server (NODE_ENV=production) refuses to start with it on unless ALLOW_SANDBOX_PAYMENTS=${ALLOW_SANDBOX_PAYMENTS}.`
              : state,
        };
      });
    case 'deposit.review': {
      const rows = await depositReview.list(db, merchantId);
      const lines = rows.map((r) => [r.id, r.user, formatMinor(r.amount), r.payerName ?? '', r.channel, r.createdAt, `receipt ${r.receiptUploadId ? 'yes' : 'none'}`, r.remark ?? ''].join('\t'));
      return { ok: true, message: lines.join('\n') || 'no deposits pending review', data: rows };
    }
    case 'deposit.receipt': {
      const receipt = await depositReview.receipt(db, merchantId, cmd.id);
      if (!receipt.ok) throw new OpsRefusal(receipt.message);
      return { ok: true, message: `receipt of deposit ${cmd.id}: ${receipt.mime}, ${receipt.bytes} bytes → ${cmd.out}`, data: { mime: receipt.mime, base64: receipt.base64, out: cmd.out } };
    }
    case 'deposit.approve':
    case 'deposit.reject':
      return db.transaction(async (tx) => {
        const r: TReviewOutcome =
          cmd.kind === 'deposit.approve'
            ? await depositReview.approve(tx, merchantId, cmd.id)
            : await depositReview.reject(tx, merchantId, cmd.id, cmd.reason);
        if (!r.ok) throw new OpsRefusal(r.message);
        const reason = cmd.kind === 'deposit.reject' ? cmd.reason : null;
        await audit(tx, { actor, action: cmd.kind, target: `deposit:${cmd.id}`, before: r.before, after: { status: r.after.status, amount: r.after.amount, journalEntryId: r.after.journalEntryId }, reason });
        return { ok: true, message: r.message, data: r.after };
      });
    case 'settle': {
      const settlement = createSettlementService({ db, merchantId: async () => merchantId, timeZone: () => merchantTimeZone(db, merchantId) });
      const r = await settlement.settle(cmd.contractKind, new Date(cmd.at));
      await audit(db, { actor, action: 'settle', target: `settle:${cmd.contractKind}`, before: null, after: { at: cmd.at, ...r } });
      return {
        ok: true,
        message: `${cmd.contractKind} for ${r.periods.join(', ') || 'no period with contracts in force'}: ${r.contracts} contract(s), ${r.bills} new bill(s) (${r.notReached} not reached), ${r.paid} paid ${formatMinor(r.amount)}, ${r.insufficient} short of balance${cmd.contractKind === 'dividend' ? `, ${r.refused} refused` : ''}`,
        data: r,
      };
    }
    case 'contract.platform':
    case 'contract.start': {
      const [account] = await db.select().from(t.users).where(and(eq(t.users.merchantId, merchantId), sql`lower(${t.users.username}) = lower(${cmd.username})`));
      if (!account) throw new OpsRefusal(`no account ${cmd.username}`);
      const contracts = createContractsService({ db, merchantId: async () => merchantId, timeZone: () => merchantTimeZone(db, merchantId) });
      if (cmd.kind === 'contract.start') {
        const moved = await refusing(() => contracts.moveStart(account.id, cmd.contractKind, new Date(cmd.from)));
        await audit(db, { actor, action: cmd.kind, target: `contract:${moved.after.id}`, before: { effectiveFrom: moved.before.effectiveFrom }, after: { effectiveFrom: moved.after.effectiveFrom } });
        return { ok: true, message: `${cmd.contractKind} contract ${moved.after.id} of ${account.username} (from ${moved.after.upline.account}): in force from ${moved.after.effectiveFrom} (was ${moved.before.effectiveFrom})`, data: moved.after };
      }
      const contract = await refusing(() => contracts.platformContract(account.id, cmd.terms, cmd.from ? new Date(cmd.from) : undefined));
      await audit(db, { actor, action: cmd.kind, target: `user:${account.id}`, before: null, after: contract });
      return { ok: true, message: `platform ${cmd.terms.kind} contract ${contract.id} with ${account.username}: in force from ${contract.effectiveFrom}`, data: contract };
    }
    case 'lottery.odds':
    case 'lottery.draws':
    case 'lottery.settle':
      return lotteryStep(() => createLotteryOps(db, merchantId).run(cmd));
    case 'lottery.result':
    case 'lottery.void':
    case 'lottery.source':
      return lotteryStep(async () => {
        const r = await createLotteryOps(db, merchantId).run(cmd);
        const target = cmd.kind === 'lottery.source' ? `lottery:${cmd.game}` : `lottery:${cmd.game}:${cmd.drawNo}`;
        await audit(db, { actor, action: cmd.kind, target, before: null, after: r.data, reason: cmd.kind === 'lottery.void' ? cmd.reason : null });
        return r;
      });
    case 'activity.add':
    case 'activity.edit':
    case 'activity.schedule':
    case 'activity.close':
    case 'activity.list':
    case 'activity.show':
    case 'activity.applications':
    case 'activity.image':
    case 'activity.review':
      // Each change writes its audit row in its own transaction (modules/promotions/activity.ops.ts).
      try {
        return { ok: true, ...(await createActivityOps(db, merchantId).run(cmd, actor)) };
      } catch (err) {
        if (err instanceof ActivityOpsRefusal) throw new OpsRefusal(err.message);
        throw err;
      }
    case 'raffle.show':
    case 'raffle.draw':
      try {
        const r = await runRaffleCommand(db, merchantId, cmd, new Date());
        if (cmd.kind === 'raffle.draw') await audit(db, { actor, action: cmd.kind, target: `activity:${cmd.id}`, before: null, after: r.data });
        return { ok: true, ...r };
      } catch (err) {
        if (err instanceof RaffleRefusal) throw new OpsRefusal(err.message);
        throw err;
      }
    case 'points.itemAdd':
    case 'points.itemEdit':
    case 'points.itemList':
    case 'points.review':
    case 'points.approve':
    case 'points.reject':
    case 'points.config':
    case 'points.accrue':
    case 'points.grant':
      // Each change writes its audit row (modules/points/points.ops.ts).
      try {
        return { ok: true, ...(await runPointsCommand(db, merchantId, actor, cmd)) };
      } catch (err) {
        if (err instanceof PointsOpsRefusal) throw new OpsRefusal(err.message);
        throw err;
      }
    case 'vip.level.set':
    case 'vip.level.list':
    case 'vip.level.remove':
    case 'vip.member':
    case 'vip.set':
    case 'vip.label':
    case 'vip.recompute':
    case 'vip.monthly':
    case 'vip.birthday':
    case 'vip.rebate':
      // A change writes its audit row in its own transaction, a job run after it (modules/vip/vip.ops.ts).
      try {
        return { ok: true, ...(await runVipCommand(db, merchantId, cmd, (tx, entry) => audit(tx, { actor, action: cmd.kind, ...entry }))) };
      } catch (err) {
        if (err instanceof VipRefusal) throw new OpsRefusal(err.message);
        throw err;
      }
    case 'envelope.schedule':
    case 'envelope.list':
    case 'envelope.cancel':
      // A change and its audit row in one transaction (modules/envelopes/envelopes.ops.ts).
      try {
        return await db.transaction(async (tx) => {
          const r = await runEnvelopeCommand(tx, merchantId, actor, cmd, new Date());
          if (r.audit) await audit(tx, { actor, action: cmd.kind, ...r.audit });
          return { ok: true, message: r.message, data: r.data };
        });
      } catch (err) {
        if (err instanceof RainRefusal) throw new OpsRefusal(err.message);
        throw err;
      }
    case 'mission.add':
    case 'mission.edit':
    case 'mission.list':
    case 'mission.set':
    case 'missionEvent.add':
    case 'missionEvent.list':
      // A change and its audit row in one transaction (modules/missions/missions.ops.ts).
      try {
        return await db.transaction(async (tx) => {
          const r = await runMissionCommand(tx, merchantId, cmd, new Date());
          if (r.audit) await audit(tx, { actor, action: cmd.kind, ...r.audit });
          return { ok: true, message: r.message, data: r.data };
        });
      } catch (err) {
        if (err instanceof MissionRefusal) throw new OpsRefusal(err.message);
        throw err;
      }
    case 'referral.terms':
    case 'referral.qualify':
      // The terms change with their audit row; the job runs in its own transactions, then its audit row records it.
      try {
        const timeZone = await merchantTimeZone(db, merchantId);
        const r = cmd.kind === 'referral.terms'
          ? await db.transaction(async (tx) => {
            const out = await runReferralCommand(tx as unknown as TDb, merchantId, timeZone, cmd);
            if (out.audit) await audit(tx, { actor, action: cmd.kind, ...out.audit });
            return out;
          })
          : await runReferralCommand(db, merchantId, timeZone, cmd);
        if (cmd.kind === 'referral.qualify' && r.audit) await audit(db, { actor, action: cmd.kind, ...r.audit });
        return { ok: true, message: r.message, data: r.data };
      } catch (err) {
        if (err instanceof ReferralRefusal) throw new OpsRefusal(err.message);
        throw err;
      }
    case 'message.send':
    case 'message.list':
    case 'feedback.list':
    case 'feedback.reply':
      // A send or a reply and its audit row in one transaction (modules/inbox/inbox.ops.ts).
      try {
        return { ok: true, ...(await runInboxCommand(db, merchantId, actor, cmd)) };
      } catch (err) {
        if (err instanceof InboxRefusal) throw new OpsRefusal(err.message);
        throw err;
      }
    case 'chat.room.list':
    case 'chat.room.add':
    case 'chat.room.set':
    case 'chat.history':
    case 'chat.delete':
    case 'chat.mute':
    case 'chat.unmute':
    case 'chat.ban':
    case 'chat.unban':
      // Each change with its audit row, then the frame every connected client follows (modules/chat/chat.ops.ts).
      try {
        return { ok: true, ...(await runChatCommand(db, merchantId, actor, cmd, (tx, entry) => audit(tx, { actor, action: cmd.kind, ...entry }))) };
      } catch (err) {
        if (err instanceof ChatRefusal) throw new OpsRefusal(err.message);
        throw err;
      }
    case 'domain.list':
    case 'domain.add':
    case 'domain.remove':
      // A change with its audit row and the settings-version bump in one transaction (modules/system/domains.ops.ts).
      try {
        return { ok: true, ...(await runDomainCommand(db, merchantId, cmd, (tx, entry) => audit(tx, { actor, action: cmd.kind, ...entry }))) };
      } catch (err) {
        if (err instanceof DomainRefusal) throw new OpsRefusal(err.message);
        throw err;
      }
    case 'sports.import':
    case 'sports.list':
    case 'sports.odds':
    case 'sports.suspend':
    case 'sports.resume':
    case 'sports.open':
    case 'sports.close':
    case 'sports.result':
    case 'sports.void':
    case 'sports.exposure':
      // Each change with its audit row in its transaction; a result or void with the settlement's (modules/sportsbook/sportsbook.ops.ts).
      try {
        return { ok: true, ...(await runSportsCommand(db, merchantId, actor, cmd, (tx, entry) => audit(tx, { actor, action: cmd.kind, ...entry }))) };
      } catch (err) {
        if (err instanceof SportsRefusal) throw new OpsRefusal(err.message);
        throw err;
      }
    case 'clock': {
      const moved = await moveTestClock(db, cmd.stepMs ?? 'reset');
      if (!moved.moved) return { ok: true, message: 'the clock is real (the server runs without PLAYHALL_TEST_CLOCK=1): nothing changed' };
      await db.transaction((tx) => audit(tx, { actor, action: 'clock', target: 'test_clock', before: null, after: { stepMs: cmd.stepMs, offsetMs: moved.offsetMs } }));
      return { ok: true, message: `test clock offset: ${moved.offsetMs / 3_600_000} h`, data: moved };
    }
    case 'operator.create':
    case 'operator.role':
    case 'operator.reset2fa':
    case 'operator.lock':
    case 'operator.list':
    case 'audit.verify':
      // The console's operator service: the same audit rows as the console's operators page (modules/ops/operator.ops.ts).
      return refusing(() => runOperatorCommand(db, merchantId, actor, cmd));
    case 'rg.show':
    case 'rg.limit':
    case 'rg.exclude':
      // A change writes its audit row (operator as actor) in its own transaction (modules/responsible/responsible.ops.ts).
      try {
        return { ok: true, ...(await runRgCommand(db, merchantId, actor, cmd)) };
      } catch (err) {
        if (err instanceof RgRefusal) throw new OpsRefusal(err.message);
        throw err;
      }
    case 'vendor.list': {
      const rows = await db.select().from(t.vendors).where(eq(t.vendors.merchantId, merchantId)).orderBy(t.vendors.sort, t.vendors.id);
      const line = (v: (typeof rows)[number]) =>
        [v.vassalage, v.category, v.enabled ? 'on' : 'off', v.integration, isVendorOpen(v) ? 'open' : 'under maintenance', v.displayName].join('\t');
      return { ok: true, message: rows.map(line).join('\n') || 'no vendors', data: rows };
    }
    case 'vendor.set':
      // Issue 16: the catalogue lists only what launches. On = the vendor's integration is turned on: its games are
      // listed and start; off = shown under maintenance, its games leave every list.
      return db.transaction(async (tx) => {
        const rows = await tx
          .select({ displayName: t.vendors.displayName, integration: t.vendors.integration, enabled: t.vendors.enabled })
          .from(t.vendors)
          .where(and(eq(t.vendors.merchantId, merchantId), eq(t.vendors.vassalage, cmd.code)));
        const [first] = rows;
        if (!first) throw new OpsRefusal(`no vendor ${cmd.code} (see vendor list)`);
        if (cmd.on && rows.every((r) => r.integration === 'none')) {
          throw new OpsRefusal(
            `${cmd.code} "${first.displayName}" has no game integration configured (only the house vendors' games start in this build): it stays under maintenance`,
          );
        }
        const was = rows.every((r) => r.enabled === cmd.on);
        await tx.update(t.vendors).set({ enabled: cmd.on }).where(and(eq(t.vendors.merchantId, merchantId), eq(t.vendors.vassalage, cmd.code)));
        await audit(tx, { actor, action: cmd.kind, target: `vendor:${cmd.code}`, before: { enabled: rows.some((r) => r.enabled) }, after: { enabled: cmd.on } });
        await bump(tx, merchantId);
        const state = `${cmd.code} "${first.displayName}" is ${cmd.on ? 'on' : 'off'}${was ? ' (it already was)' : ''}`;
        return {
          ok: true,
          message: cmd.on
            ? `${state}: its games are listed and start`
            : `${state}: it is shown under maintenance and its games leave every list; game pages already open play on until their launch ends`,
        };
      });
    case 'audit.list': {
      const rows = await db.select().from(t.auditLog).orderBy(desc(t.auditLog.id)).limit(cmd.limit);
      return {
        ok: true,
        message: rows
          .map((r) => `${r.createdAt.toISOString()}\t${r.actor}\t${r.action}\t${r.target}\t${JSON.stringify(r.before)} -> ${JSON.stringify(r.after)}`)
          .join('\n'),
        data: rows,
      };
    }
  }
}
