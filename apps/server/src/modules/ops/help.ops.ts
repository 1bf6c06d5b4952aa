import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDb, TTx } from '../../db/client.ts';
import { helpArticles } from '../../db/schema.ts';
import { sanitizeOperatorHtml } from '../../lib/sanitize.ts';

/**
 * `npm run ops -- help add|edit|remove|list` (issue 24): the members' help centre (system.helpCenter, read from the
 * cached site settings), shared by the CLI and the console's help page. An article belongs to a category named by its
 * title: an existing category of that title (any case) is reused, a new title makes a new category. The HTML is
 * sanitised on save (sanitizeOperatorHtml, as announcements and activity terms); each change writes its audit row
 * (before, after) and bumps the settings version in one transaction, so members see it on their next call.
 */

const ZTitle = z.string().trim().min(1, 'the title is empty').max(200);
const ZCategory = z.string().trim().min(1, 'the category is empty').max(100);
const ZContent = z.string().trim().min(1, 'the content is empty').max(50_000);
const ZSort = z.number().int().min(-1_000_000).max(1_000_000);
const ZArticleId = z.number().int().positive('a help article id');

export const HELP_COMMANDS = [
  z.strictObject({ kind: z.literal('help.list') }),
  z.strictObject({ kind: z.literal('help.add'), category: ZCategory, title: ZTitle, content: ZContent, sort: ZSort.nullable() }),
  z.strictObject({
    kind: z.literal('help.edit'),
    id: ZArticleId,
    changes: z.strictObject({ category: ZCategory, title: ZTitle, content: ZContent, sort: ZSort }).partial(),
  }),
  z.strictObject({ kind: z.literal('help.remove'), id: ZArticleId }),
] as const;
export type THelpCommand = z.infer<(typeof HELP_COMMANDS)[number]>;

export const HELP_USAGE = `  help list                                  the help centre's articles: id, category, sort, title
  help add --category <title> --title <t> --content <html> [--sort <n>]
                                             a new article (HTML sanitised); a new category title makes a category
  help edit <id> [--category <title>] [--title <t>] [--content <html>] [--sort <n>]
  help remove <id>`;

export const HELP_OPTIONS = new Set(['category', 'title', 'content', 'sort']);
/** The sub-commands; `help` alone (or any other word) still prints the usage. */
export const HELP_SUBCOMMANDS = new Set(['list', 'add', 'edit', 'remove']);

export class HelpArgsError extends Error {}
export class HelpRefusal extends Error {}

function sortOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^-?[0-9]{1,7}$/.test(text)) throw new HelpArgsError(`--sort must be a whole number, not "${text}"`);
  return Number(text);
}

/** `help …` (after the word help) to a command (validated by ops.command.ts's union). */
export function helpArgs(positional: readonly string[], options: ReadonlyMap<string, string>): unknown {
  const [sub = '', id, extra] = positional;
  const only = (allowed: string[]) => {
    for (const name of options.keys()) if (!allowed.includes(name)) throw new HelpArgsError(`--${name} does not apply to "help ${sub}"`);
  };
  switch (sub) {
    case 'list':
      only([]);
      if (id !== undefined) throw new HelpArgsError(`unexpected argument "${id}"`);
      return { kind: 'help.list' };
    case 'add':
      only([...HELP_OPTIONS]);
      if (id !== undefined) throw new HelpArgsError(`unexpected argument "${id}"`);
      if (!options.get('category') || !options.get('title') || !options.get('content')) throw new HelpArgsError('help add needs --category, --title and --content');
      return { kind: 'help.add', category: options.get('category'), title: options.get('title'), content: options.get('content'), sort: sortOf(options.get('sort')) ?? null };
    case 'edit': {
      only([...HELP_OPTIONS]);
      if (!id) throw new HelpArgsError('help edit needs an article id');
      if (extra !== undefined) throw new HelpArgsError(`unexpected argument "${extra}"`);
      if (options.size === 0) throw new HelpArgsError('help edit needs at least one of --category, --title, --content, --sort');
      const changes: Record<string, unknown> = {};
      for (const name of ['category', 'title', 'content'] as const) if (options.has(name)) changes[name] = options.get(name);
      if (options.has('sort')) changes.sort = sortOf(options.get('sort'));
      return { kind: 'help.edit', id: Number(id), changes };
    }
    case 'remove':
      only([]);
      if (!id) throw new HelpArgsError('help remove needs an article id');
      if (extra !== undefined) throw new HelpArgsError(`unexpected argument "${extra}"`);
      return { kind: 'help.remove', id: Number(id) };
    default:
      throw new HelpArgsError('help supports: list, add, edit, remove');
  }
}

type TAudit = (tx: TTx, entry: { action: string; target: string; before: unknown; after: unknown }) => Promise<unknown>;
export type THelpArticle = typeof helpArticles.$inferSelect;

/** The category of that title (any case), else a new one numbered after the others. */
async function categoryFor(tx: TTx, merchantId: number, title: string): Promise<{ categoryId: number; categoryTitle: string }> {
  const [same] = await tx
    .select({ categoryId: helpArticles.categoryId, categoryTitle: helpArticles.categoryTitle })
    .from(helpArticles)
    .where(and(eq(helpArticles.merchantId, merchantId), sql`lower(${helpArticles.categoryTitle}) = lower(${title})`))
    .limit(1);
  if (same) return same;
  const [top] = await tx
    .select({ max: sql<number>`coalesce(max(${helpArticles.categoryId}), 0)::int` })
    .from(helpArticles)
    .where(eq(helpArticles.merchantId, merchantId));
  return { categoryId: Number(top?.max ?? 0) + 1, categoryTitle: title };
}

/** Runs a help command; each change, its audit row and the settings-version bump in one transaction. */
export async function runHelpCommand(
  db: TDb,
  merchantId: number,
  cmd: THelpCommand,
  deps: { audit: TAudit; bump: (tx: TTx) => Promise<unknown> },
): Promise<{ message: string; data: unknown }> {
  const lockedArticle = async (tx: TTx, id: number) => {
    const [a] = await tx.select().from(helpArticles).where(and(eq(helpArticles.id, id), eq(helpArticles.merchantId, merchantId))).for('update');
    if (!a) throw new HelpRefusal(`no help article ${id} (see help list)`);
    return a;
  };
  switch (cmd.kind) {
    case 'help.list': {
      const rows = await db
        .select()
        .from(helpArticles)
        .where(eq(helpArticles.merchantId, merchantId))
        .orderBy(asc(helpArticles.categoryId), asc(helpArticles.sort), asc(helpArticles.id));
      return { message: rows.map((r) => [r.id, r.categoryTitle, r.sort, r.title].join('\t')).join('\n') || 'no help articles', data: rows };
    }
    case 'help.add':
      return db.transaction(async (tx) => {
        const category = await categoryFor(tx, merchantId, cmd.category);
        const [top] = await tx
          .select({ max: sql<number>`coalesce(max(${helpArticles.sort}), 0)::int` })
          .from(helpArticles)
          .where(and(eq(helpArticles.merchantId, merchantId), eq(helpArticles.categoryId, category.categoryId)));
        const sort = cmd.sort ?? Number(top?.max ?? 0) + 1;
        const [created] = await tx
          .insert(helpArticles)
          .values({ merchantId, ...category, title: cmd.title, content: sanitizeOperatorHtml(cmd.content), sort })
          .returning();
        if (!created) throw new Error('help article insert returned nothing');
        await deps.audit(tx, { action: cmd.kind, target: `help:${created.id}`, before: null, after: created });
        await deps.bump(tx);
        return { message: `help article ${created.id} added under ${created.categoryTitle}`, data: created };
      });
    case 'help.edit':
      return db.transaction(async (tx) => {
        const before = await lockedArticle(tx, cmd.id);
        const { category, title, content, sort } = cmd.changes;
        const moved = category !== undefined && category !== before.categoryTitle ? await categoryFor(tx, merchantId, category) : null;
        const [after] = await tx
          .update(helpArticles)
          .set({
            ...(moved ?? {}),
            ...(title === undefined ? {} : { title }),
            ...(content === undefined ? {} : { content: sanitizeOperatorHtml(content) }),
            ...(sort === undefined ? {} : { sort }),
          })
          .where(eq(helpArticles.id, before.id))
          .returning();
        if (!after) throw new Error('help article update returned nothing');
        await deps.audit(tx, { action: cmd.kind, target: `help:${after.id}`, before, after });
        await deps.bump(tx);
        return { message: `help article ${after.id} changed`, data: after };
      });
    case 'help.remove':
      return db.transaction(async (tx) => {
        const before = await lockedArticle(tx, cmd.id);
        await tx.delete(helpArticles).where(eq(helpArticles.id, before.id));
        await deps.audit(tx, { action: cmd.kind, target: `help:${before.id}`, before, after: null });
        await deps.bump(tx);
        return { message: `help article ${before.id} removed`, data: before };
      });
  }
}
