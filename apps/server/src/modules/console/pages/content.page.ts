import { consoleAnnouncementAdd, consoleAnnouncementRemove, consoleAnnouncements, ZConsoleAnnouncementType } from '@playhall/contract/console';
import { isSafeLink } from '@playhall/contract/links';
import { and, eq } from 'drizzle-orm';
import { announcements } from '../../../db/schema.ts';
import { AppError, invalidInput, type TIssue } from '../../../lib/app-error.ts';
import type { TConsoleRegistrar } from '../console-registrar.ts';
import { runAsOperator, type TPageDeps } from './console-ops.ts';

type TAnnouncement = typeof announcements.$inferSelect;

const row = (a: TAnnouncement) => ({
  id: a.id,
  type: ZConsoleAnnouncementType.parse(a.type),
  title: a.title,
  content: a.content,
  imageUrl: a.imageUrl,
  linkUrl: a.linkUrl,
  endsAt: a.endsAt?.toISOString() ?? null,
});

/**
 * Announcements through the CLI's `announce list|add|remove`: the HTML is sanitised on save there, and the answer is
 * the stored row, so the console previews exactly what members will see. Agency notices (type A) belong to the agent
 * centre and are not in the console's list.
 */
export function registerContentPages(calls: TConsoleRegistrar, deps: TPageDeps): void {
  calls.serve(consoleAnnouncements, async (_input, ctx) => {
    const r = await runAsOperator(deps, ctx.actor, { kind: 'announce.list' });
    const rows = (r.data as TAnnouncement[]).filter((a) => ZConsoleAnnouncementType.safeParse(a.type).success);
    return { list: rows.map(row) };
  });

  calls.serve(consoleAnnouncementAdd, async (input, ctx) => {
    const image = input.imageUrl || null;
    const link = input.linkUrl || null;
    // The ops command refuses these too, but as one line of text; the form shows them beside their fields.
    const issues: TIssue[] = [];
    if (image !== null && !isSafeLink(image)) issues.push({ path: 'imageUrl', message: 'invalid_link' });
    if (link !== null && !isSafeLink(link)) issues.push({ path: 'linkUrl', message: 'invalid_link' });
    if (issues.length > 0) throw invalidInput(issues);
    const r = await runAsOperator(deps, ctx.actor, { kind: 'announce.add', type: input.type, title: input.title, content: input.content, image, link, until: input.endsAt });
    return row(r.data as TAnnouncement);
  });

  calls.serve(consoleAnnouncementRemove, async (input, ctx) => {
    const [found] = await deps.db.select({ id: announcements.id }).from(announcements).where(and(eq(announcements.id, input.id), eq(announcements.merchantId, deps.merchantId)));
    if (!found) throw new AppError('not_found', { id: input.id }, `No announcement ${input.id}`);
    return { message: (await runAsOperator(deps, ctx.actor, { kind: 'announce.remove', id: input.id })).message };
  });
}
