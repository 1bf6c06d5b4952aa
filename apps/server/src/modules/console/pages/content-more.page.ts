import {
  consoleHelpAdd,
  consoleHelpArticles,
  consoleHelpEdit,
  consoleHelpRemove,
  consolePromotionAdd,
  consolePromotionApplications,
  consolePromotionClose,
  consolePromotionImage,
  consolePromotionReview,
  consolePromotions,
  consolePromotionSchedule,
  consolePromotionShow,
  type TConsoleHelpArticle,
  type TConsolePromotion,
  type TConsolePromotionDetail,
} from '@playhall/contract/console-content';
import { and, eq } from 'drizzle-orm';
import { activities, activityApplications } from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { THelpArticle } from '../../ops/help.ops.ts';
import { withDefaults } from '../../promotions/activity.args.ts';
import type { TActivityInput } from '../../promotions/activity-terms.ts';
import type { TActivityRow } from '../../promotions/promotions.service.ts';
import type { TConsoleRegistrar } from '../console-registrar.ts';
import { runAsOperator, type TPageDeps } from './console-ops.ts';

const helpRow = (a: THelpArticle): TConsoleHelpArticle => ({
  id: a.id,
  categoryId: a.categoryId,
  categoryTitle: a.categoryTitle,
  title: a.title,
  content: a.content,
  sort: a.sort,
});

/** An activity as the commands answer it (activity.ops.ts `plain`: times as ISO text). */
type TPlainActivity = Omit<TActivityRow, 'startsAt' | 'endsAt' | 'createdAt' | 'updatedAt'> & { startsAt: string; endsAt: string };
type TReward = { type: 'fixed'; amount: number } | { type: 'percent'; rate: number; cap: number | null } | { type: 'points'; points: number };

function promotionRow(a: TPlainActivity): TConsolePromotion {
  const r = a.reward as TReward;
  return {
    id: a.id,
    state: a.state,
    kind: a.kind,
    category: a.category,
    title: a.title,
    startsAt: a.startsAt,
    endsAt: a.endsAt,
    rewardType: r.type,
    rewardValue: r.type === 'fixed' ? r.amount : r.type === 'percent' ? r.rate : r.points,
    rewardCap: r.type === 'percent' ? r.cap : null,
    spent: a.spent,
    budget: a.budget,
  };
}

function promotionDetail(a: TPlainActivity & { participants?: { status: string; n: number }[] }): TConsolePromotionDetail {
  const minDeposit = (a.terms as { minDeposit?: unknown }).minDeposit;
  return {
    ...promotionRow(a),
    summary: a.summary,
    termsHtml: a.termsHtml,
    imageUrl: a.imageUrl,
    turnoverMultiple: a.turnoverMultiple,
    perMemberLimit: a.perMemberLimit,
    depositMin: typeof minDeposit === 'number' ? minDeposit : null,
    participants: a.participants ?? [],
  };
}

/**
 * The content area beyond announcements (issue 24): help articles through `help list|add|edit|remove`
 * (ops/help.ops.ts), promotions through `activity list|show|add|schedule|close|applications|image|review`
 * (promotions/activity.ops.ts), each run as the operator, so the HTML sanitising, the rules and the audit rows are the
 * CLI's. A new promotion takes the CLI's defaults for what the form does not ask (activity.args.ts `withDefaults`).
 * Unknown ids answer `not_found` before the command runs; a command's refusal (a state that does not allow it) is a
 * `conflict` with its words. Banners are announcements of type B: the announcements page lists and adds them.
 */
export function registerContentMorePages(calls: TConsoleRegistrar, deps: TPageDeps): void {
  const activityOf = async (id: number) => {
    const [found] = await deps.db.select({ id: activities.id }).from(activities).where(and(eq(activities.id, id), eq(activities.merchantId, deps.merchantId)));
    if (!found) throw new AppError('not_found', { id }, `No promotion ${id}`);
  };
  const applicationOf = async (id: number) => {
    const [found] = await deps.db
      .select({ id: activityApplications.id, imageIds: activityApplications.imageIds })
      .from(activityApplications)
      .innerJoin(activities, eq(activities.id, activityApplications.activityId))
      .where(and(eq(activityApplications.id, id), eq(activities.merchantId, deps.merchantId)));
    if (!found) throw new AppError('not_found', { id }, `No application ${id}`);
    return found;
  };
  const show = async (actor: string, id: number) => promotionDetail((await runAsOperator(deps, actor, { kind: 'activity.show', id })).data as TPlainActivity);

  // ---------------------------------------------------------------- help articles

  calls.serve(consoleHelpArticles, async (_input, ctx) => {
    const r = await runAsOperator(deps, ctx.actor, { kind: 'help.list' });
    return { list: (r.data as THelpArticle[]).map(helpRow) };
  });

  calls.serve(consoleHelpAdd, async (input, ctx) => {
    const r = await runAsOperator(deps, ctx.actor, { kind: 'help.add', category: input.category, title: input.title, content: input.content, sort: input.sort });
    return helpRow(r.data as THelpArticle);
  });

  calls.serve(consoleHelpEdit, async (input, ctx) => {
    const list = (await runAsOperator(deps, ctx.actor, { kind: 'help.list' })).data as THelpArticle[];
    if (!list.some((a) => a.id === input.id)) throw new AppError('not_found', { id: input.id }, `No help article ${input.id}`);
    const changes = { category: input.category, title: input.title, content: input.content, ...(input.sort === null ? {} : { sort: input.sort }) };
    const r = await runAsOperator(deps, ctx.actor, { kind: 'help.edit', id: input.id, changes });
    return helpRow(r.data as THelpArticle);
  });

  calls.serve(consoleHelpRemove, async (input, ctx) => {
    const list = (await runAsOperator(deps, ctx.actor, { kind: 'help.list' })).data as THelpArticle[];
    if (!list.some((a) => a.id === input.id)) throw new AppError('not_found', { id: input.id }, `No help article ${input.id}`);
    return { message: (await runAsOperator(deps, ctx.actor, { kind: 'help.remove', id: input.id })).message };
  });

  // ---------------------------------------------------------------- promotions

  calls.serve(consolePromotions, async (input, ctx) => {
    const rows = (await runAsOperator(deps, ctx.actor, { kind: 'activity.list' })).data as TPlainActivity[];
    const list = rows.filter((a) => input.state === 'all' || a.state === input.state).map(promotionRow);
    // Newest first: the one just made is at the top.
    return { list: list.reverse() };
  });

  calls.serve(consolePromotionShow, async (input, ctx) => {
    await activityOf(input.id);
    return show(ctx.actor, input.id);
  });

  calls.serve(consolePromotionAdd, async (input, ctx) => {
    const reward =
      input.rewardType === 'fixed'
        ? { type: 'fixed' as const, amount: input.rewardValue }
        : input.rewardType === 'percent'
          ? { type: 'percent' as const, rate: input.rewardValue, cap: input.rewardCap }
          : { type: 'points' as const, points: input.rewardValue };
    const activity = withDefaults({
      kind: input.kind,
      category: input.category,
      title: input.title,
      summary: input.summary,
      termsHtml: input.termsHtml,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      reward,
      terms: input.depositMin === null ? {} : { minDeposit: input.depositMin },
      turnoverMultiple: input.turnoverMultiple,
      perMemberLimit: input.perMemberLimit,
    }) as TActivityInput;
    const r = await runAsOperator(deps, ctx.actor, { kind: 'activity.add', activity });
    return show(ctx.actor, (r.data as TPlainActivity).id);
  });

  calls.serve(consolePromotionSchedule, async (input, ctx) => {
    await activityOf(input.id);
    return { message: (await runAsOperator(deps, ctx.actor, { kind: 'activity.schedule', id: input.id })).message };
  });

  calls.serve(consolePromotionClose, async (input, ctx) => {
    await activityOf(input.id);
    return { message: (await runAsOperator(deps, ctx.actor, { kind: 'activity.close', id: input.id })).message };
  });

  calls.serve(consolePromotionApplications, async (input, ctx) => {
    if (input.activityId !== undefined) await activityOf(input.activityId);
    const r = await runAsOperator(deps, ctx.actor, { kind: 'activity.applications', id: input.activityId ?? null });
    const rows = r.data as { id: number; activityId: number; username: string; remark: string; imageIds: string[]; createdAt: Date }[];
    const titles = new Map(((await runAsOperator(deps, ctx.actor, { kind: 'activity.list' })).data as TPlainActivity[]).map((a) => [a.id, a.title]));
    return {
      list: rows.map((a) => ({
        id: a.id,
        activityId: a.activityId,
        activityTitle: titles.get(a.activityId) ?? '',
        username: a.username,
        remark: a.remark,
        imageCount: a.imageIds.length,
        createdAt: a.createdAt.toISOString(),
      })),
    };
  });

  calls.serve(consolePromotionImage, async (input, ctx) => {
    const app = await applicationOf(input.applicationId);
    if (input.index > app.imageIds.length) throw new AppError('not_found', { id: input.applicationId }, `Application ${input.applicationId} has ${app.imageIds.length} image(s)`);
    // `out` is where the CLI writes the file; the console shows the bytes instead.
    const r = await runAsOperator(deps, ctx.actor, { kind: 'activity.image', applicationId: input.applicationId, index: input.index, out: '-' });
    const { mime, base64 } = r.data as { mime: string; base64: string };
    return { mime, base64 };
  });

  calls.serve(consolePromotionReview, async (input, ctx) => {
    await applicationOf(input.applicationId);
    const reason = input.decision === 'reject' ? input.reason : null;
    const r = await runAsOperator(deps, ctx.actor, { kind: 'activity.review', applicationId: input.applicationId, decision: input.decision, reason });
    return { message: r.message };
  });
}
