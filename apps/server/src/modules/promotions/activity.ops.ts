import { and, asc, eq, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { activities, activityApplications, activityParticipations, auditLog, uploads, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { sanitizeOperatorHtml } from '../../lib/sanitize.ts';
import { isSafeLink } from '@playhall/contract/links';
import { formatMinor } from '../ledger/amount.ts';
import { ensureRaffleSeed } from '../raffle/raffle.service.ts';
import { activityProblems, ZActivityInput, type TActivityInput } from './activity-terms.ts';
import { derivedReward, type TActivityCommand } from './activity.args.ts';
import { grantActivityReward, step, type TActivityRow } from './promotions.service.ts';

/** A refusal of an activity command, in words for the operator (ops.service turns it into an OpsRefusal). */
export class ActivityOpsRefusal extends Error {}

const DAY_MS = 86_400_000;

async function audit(tx: TTx, actor: string, action: string, target: string, before: unknown, after: unknown, reason: string | null = null) {
  await tx.insert(auditLog).values({ actor, action, target, before: before ?? null, after: after ?? null, reason });
}

function rewardText(a: Pick<TActivityRow, 'reward' | 'turnoverMultiple'>): string {
  const r = a.reward as { type: string; amount?: number; rate?: number; cap?: number | null; points?: number };
  const base = r.type === 'fixed' ? formatMinor(r.amount ?? 0) : r.type === 'percent' ? `${(r.rate ?? 0) / 100}%${r.cap ? ` up to ${formatMinor(r.cap)}` : ''}` : `${r.points ?? 0} points`;
  return `${base}${a.turnoverMultiple > 0 ? `, turnover x${a.turnoverMultiple}` : ''}`;
}

function line(a: TActivityRow): string {
  return [a.id, a.state, a.kind, a.category, `${a.startsAt.toISOString()} – ${a.endsAt.toISOString()}`, rewardText(a), `spent ${formatMinor(a.spent)}${a.budget === null ? '' : ` / ${formatMinor(a.budget)}`}`, a.title].join('\t');
}

/**
 * The operator's activity commands (`npm run ops -- activity …`): each change and its audit row in one transaction.
 * Terms HTML is sanitised here, on write (the detail call sanitises again on render).
 */
export function createActivityOps(db: TDb, merchantId: number) {
  /** The input checked whole: each field, then the rules across fields; the agent named resolved to its id. */
  async function checked(tx: TTx, input: unknown): Promise<TActivityInput> {
    const parsed = ZActivityInput.safeParse(input);
    if (!parsed.success) throw new ActivityOpsRefusal(parsed.error.issues.map((i) => `${i.path.join('.') || 'activity'}: ${i.message}`).join('\n'));
    const a = parsed.data;
    const problems = activityProblems(a);
    if (a.imageUrl !== null && !isSafeLink(a.imageUrl)) problems.push('--image must be a path of this site (img/promos/…) or an http(s) address');
    if (problems.length > 0) throw new ActivityOpsRefusal(problems.join('\n'));
    if (a.eligibility.agent) {
      const [agent] = await tx
        .select({ id: users.id, type: users.type, username: users.username })
        .from(users)
        .where(and(eq(users.merchantId, merchantId), sql`lower(${users.username}) = lower(${a.eligibility.agent.username})`));
      if (!agent || agent.type !== 'agent') throw new ActivityOpsRefusal(`--agent: ${a.eligibility.agent.username} is not an agent of this site`);
      a.eligibility.agent = { id: agent.id, username: agent.username };
    }
    return { ...a, termsHtml: sanitizeOperatorHtml(a.termsHtml) };
  }

  async function row(tx: TTx, id: number, lock = false): Promise<TActivityRow> {
    const q = tx.select().from(activities).where(and(eq(activities.id, id), eq(activities.merchantId, merchantId)));
    const [a] = lock ? await q.for('update') : await q;
    if (!a) throw new ActivityOpsRefusal(`no activity ${id} (see activity list)`);
    return a;
  }

  const values = (a: TActivityInput) => ({ ...a, startsAt: new Date(a.startsAt), endsAt: new Date(a.endsAt) });
  const plain = (a: TActivityRow) => ({ ...a, startsAt: a.startsAt.toISOString(), endsAt: a.endsAt.toISOString(), createdAt: a.createdAt.toISOString(), updatedAt: a.updatedAt.toISOString() });

  return {
    async run(cmd: TActivityCommand, actor: string, now = new Date()): Promise<{ message: string; data: unknown }> {
      switch (cmd.kind) {
        case 'activity.list': {
          const rows = await db.select().from(activities).where(eq(activities.merchantId, merchantId)).orderBy(asc(activities.id));
          return { message: rows.map(line).join('\n') || 'no activities', data: rows.map(plain) };
        }
        case 'activity.show': {
          const a = await row(db, cmd.id);
          const counts = await db
            .select({ status: activityParticipations.status, n: sql<number>`count(*)::int` })
            .from(activityParticipations)
            .where(eq(activityParticipations.activityId, a.id))
            .groupBy(activityParticipations.status);
          const members = counts.map((c) => `${c.status} ${c.n}`).join(', ') || 'none';
          return {
            message: `${line(a)}\neligibility ${JSON.stringify(a.eligibility)}\nterms ${JSON.stringify(a.terms)}\nper member ${a.perMemberLimit ?? 'no limit'}, withdrawal ${a.withdrawalPolicy}, bonus days ${a.bonusDays}, claim days ${a.claimDays}\nmembers: ${members}`,
            data: { ...plain(a), participants: counts },
          };
        }
        case 'activity.add':
          return db.transaction(async (tx) => {
            const a = await checked(tx, cmd.activity);
            const [created] = await tx.insert(activities).values({ merchantId, ...values(a) }).returning();
            if (!created) throw new Error('activity insert returned nothing');
            // A raffle's seed is committed (its hash shown) from the moment it exists.
            if (created.kind === 'raffle') await ensureRaffleSeed(tx, created.id);
            await audit(tx, actor, cmd.kind, `activity:${created.id}`, null, plain(created));
            return { message: `activity ${created.id} (${created.kind}) added as a draft: activity schedule ${created.id} publishes it`, data: plain(created) };
          });
        case 'activity.edit':
          return db.transaction(async (tx) => {
            const before = await row(tx, cmd.id, true);
            const merged = { ...plain(before), ...cmd.changes };
            if (cmd.changes.terms) merged.terms = { ...before.terms, ...cmd.changes.terms };
            merged.reward = derivedReward(before.kind, merged.terms) ?? merged.reward;
            const a = await checked(tx, {
              kind: before.kind, category: merged.category, title: merged.title, summary: merged.summary, termsHtml: merged.termsHtml, imageUrl: merged.imageUrl,
              startsAt: merged.startsAt, endsAt: merged.endsAt, eligibility: merged.eligibility, reward: merged.reward, terms: merged.terms,
              turnoverMultiple: merged.turnoverMultiple, turnoverBase: merged.turnoverBase, withdrawalPolicy: merged.withdrawalPolicy, bonusDays: merged.bonusDays,
              claimDays: merged.claimDays, perMemberLimit: merged.perMemberLimit, budget: merged.budget,
            });
            if (a.budget !== null && a.budget < before.spent) throw new ActivityOpsRefusal(`--budget: ${formatMinor(before.spent)} is already spent`);
            const [after] = await tx.update(activities).set({ ...values(a), updatedAt: now }).where(eq(activities.id, before.id)).returning();
            if (!after) throw new Error('activity update returned nothing');
            await audit(tx, actor, cmd.kind, `activity:${after.id}`, plain(before), plain(after));
            return { message: `activity ${after.id} changed`, data: plain(after) };
          });
        case 'activity.schedule':
          return db.transaction(async (tx) => {
            const a = await row(tx, cmd.id, true);
            if (a.state !== 'draft') throw new ActivityOpsRefusal(`activity ${a.id} is ${a.state}: only a draft is scheduled`);
            if (a.endsAt.getTime() <= now.getTime()) throw new ActivityOpsRefusal(`activity ${a.id} ended at ${a.endsAt.toISOString()}: change --to first`);
            if (a.kind === 'raffle') await ensureRaffleSeed(tx, a.id);
            await tx.update(activities).set({ state: 'published', updatedAt: now }).where(eq(activities.id, a.id));
            await audit(tx, actor, cmd.kind, `activity:${a.id}`, { state: a.state }, { state: 'published' });
            const when = a.startsAt.getTime() > now.getTime() ? `shown as coming soon, open from ${a.startsAt.toISOString()}` : 'open now';
            return { message: `activity ${a.id} published: ${when} until ${a.endsAt.toISOString()}`, data: { id: a.id, state: 'published' } };
          });
        case 'activity.close':
          return db.transaction(async (tx) => {
            const a = await row(tx, cmd.id, true);
            if (a.state === 'closed') throw new ActivityOpsRefusal(`activity ${a.id} is already closed`);
            await tx.update(activities).set({ state: 'closed', updatedAt: now }).where(eq(activities.id, a.id));
            await audit(tx, actor, cmd.kind, `activity:${a.id}`, { state: a.state }, { state: 'closed' });
            return { message: `activity ${a.id} closed; applications waiting can still be reviewed`, data: { id: a.id, state: 'closed' } };
          });
        case 'activity.applications': {
          const rows = await db
            .select({ app: activityApplications, username: users.username, title: activities.title })
            .from(activityApplications)
            .innerJoin(activities, eq(activities.id, activityApplications.activityId))
            .innerJoin(users, eq(users.id, activityApplications.userId))
            .where(and(eq(activities.merchantId, merchantId), eq(activityApplications.status, 'applying'), cmd.id === null ? undefined : eq(activities.id, cmd.id)))
            .orderBy(asc(activityApplications.id));
          return {
            message:
              rows.map((r) => [r.app.id, r.app.createdAt.toISOString(), r.username, `activity ${r.app.activityId} ${r.title}`, `${r.app.imageIds.length} image(s)`, r.app.remark].join('\t')).join('\n') ||
              'no applications waiting for review',
            data: rows.map((r) => ({ ...r.app, username: r.username })),
          };
        }
        case 'activity.image': {
          const [app] = await db
            .select({ imageIds: activityApplications.imageIds })
            .from(activityApplications)
            .innerJoin(activities, eq(activities.id, activityApplications.activityId))
            .where(and(eq(activityApplications.id, cmd.applicationId), eq(activities.merchantId, merchantId)));
          if (!app) throw new ActivityOpsRefusal(`no application ${cmd.applicationId} (see activity review)`);
          const imageId = app.imageIds[cmd.index - 1];
          const [upload] = imageId ? await db.select().from(uploads).where(and(eq(uploads.id, imageId), eq(uploads.purpose, 'activityProof'))) : [];
          if (!upload) throw new ActivityOpsRefusal(`application ${cmd.applicationId} has ${app.imageIds.length} image(s), not an image ${cmd.index}`);
          const bytes = Buffer.from(upload.data, 'base64').length;
          return { message: `image ${cmd.index} of application ${cmd.applicationId}: ${upload.mime}, ${bytes} bytes → ${cmd.out}`, data: { mime: upload.mime, base64: upload.data, out: cmd.out } };
        }
        case 'activity.review':
          return db.transaction(async (tx) => {
            const [app] = await tx.select().from(activityApplications).where(eq(activityApplications.id, cmd.applicationId)).for('update');
            const a = app ? await row(tx, app.activityId, true) : null;
            if (!app || !a) throw new ActivityOpsRefusal(`no application ${cmd.applicationId} (see activity review)`);
            if (app.status !== 'applying') throw new ActivityOpsRefusal(`application ${app.id} was already ${app.status}`);
            const [p] = await tx
              .select()
              .from(activityParticipations)
              .where(and(eq(activityParticipations.activityId, a.id), eq(activityParticipations.userId, app.userId)))
              .for('update');
            if (!p) throw new Error(`application ${app.id} has no participation`);
            const refuse = (err: unknown): never => {
              if (err instanceof AppError) throw new ActivityOpsRefusal(`application ${app.id}: ${err.message}`);
              throw err;
            };
            if (cmd.decision === 'reject') {
              const status = (() => {
                try {
                  return step(p.status, 'reject');
                } catch (err) {
                  return refuse(err);
                }
              })();
              await tx.update(activityApplications).set({ status: 'rejected', reason: cmd.reason, reviewedBy: actor, reviewedAt: now }).where(eq(activityApplications.id, app.id));
              await tx.update(activityParticipations).set({ status, updatedAt: now }).where(eq(activityParticipations.id, p.id));
              await audit(tx, actor, cmd.kind, `activityApplication:${app.id}`, { status: app.status }, { status: 'rejected' }, cmd.reason);
              return { message: `application ${app.id} rejected; the member sees: ${cmd.reason ?? ''}`, data: { id: app.id, status: 'rejected' } };
            }
            let status: typeof p.status;
            try {
              status = step(p.status, 'approve');
            } catch (err) {
              return refuse(err);
            }
            const rule = a.reward as { type: 'fixed'; amount: number } | { type: 'points'; points: number };
            const reward = rule.type === 'points' ? { unit: 'points' as const, amount: rule.points } : { unit: 'money' as const, amount: rule.amount };
            const claimBy = new Date(now.getTime() + a.claimDays * DAY_MS);
            const outcome = await grantActivityReward(tx, a, p, { key: `activity:${a.id}:application:${app.id}`, reward, claimBy }, now);
            if (!outcome.ok) {
              throw new ActivityOpsRefusal(
                outcome.reason === 'budget_exhausted'
                  ? `activity ${a.id}: its budget cannot cover ${formatMinor(reward.amount)} (spent ${formatMinor(a.spent)} of ${formatMinor(a.budget ?? 0)}); reject it or raise --budget`
                  : `application ${app.id}: the member reached the activity's limit of ${a.perMemberLimit}; reject it`,
              );
            }
            await tx.update(activityApplications).set({ status: 'approved', reason: cmd.reason, reviewedBy: actor, reviewedAt: now }).where(eq(activityApplications.id, app.id));
            await tx
              .update(activityParticipations)
              .set({ status, state: { ...p.state, rewardId: outcome.rewardId, claimUntil: claimBy.toISOString() }, updatedAt: now })
              .where(eq(activityParticipations.id, p.id));
            await audit(tx, actor, cmd.kind, `activityApplication:${app.id}`, { status: app.status }, { status: 'approved', rewardId: outcome.rewardId, amount: outcome.amount }, cmd.reason);
            return {
              message: `application ${app.id} approved: reward ${outcome.rewardId} (${rule.type === 'points' ? `${reward.amount} points` : formatMinor(reward.amount)}) waits for the member's claim until ${claimBy.toISOString()}`,
              data: { id: app.id, status: 'approved', rewardId: outcome.rewardId },
            };
          });
      }
    },
  };
}
