import { and, eq, type SQL } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { sanitizedFields, withTranslation } from '../../lib/content-language.ts';

/**
 * `npm run ops -- translate <kind> <which> --lang XX …` (issue 23): what the operator wrote in one language for one
 * piece of operator content, into its `texts` (lib/content-language.ts serves it). Only the fields given change; the
 * others keep falling back to the site language, then to the base text.
 */

export const TRANSLATABLE = ['announcement', 'help', 'activity', 'mall', 'vip', 'game'] as const;
export type TTranslatable = (typeof TRANSLATABLE)[number];

type TById = typeof t.announcements | typeof t.helpArticles | typeof t.activities | typeof t.pointItems;
/** One row of the merchant's, as SQL, and its handle as audited; null when `which` is not written as the kind names one. */
type TFind = (merchantId: number, which: string) => { where: SQL | undefined; handle: string } | null;

const byId =
  (table: TById): TFind =>
  (merchantId, which) =>
    /^[1-9][0-9]{0,15}$/.test(which) ? { where: and(eq(table.merchantId, merchantId), eq(table.id, Number(which))), handle: which } : null;

/** Each kind: its table, the fields it carries in another language, how the operator names one, its audit target. */
const KINDS = {
  announcement: { table: t.announcements, fields: ['title', 'content'], find: byId(t.announcements), names: 'an announcement id (announce list)', audit: 'announcement' },
  help: { table: t.helpArticles, fields: ['title', 'content', 'categoryTitle'], find: byId(t.helpArticles), names: 'a help article id', audit: 'help' },
  activity: { table: t.activities, fields: ['title', 'summary', 'termsHtml'], find: byId(t.activities), names: 'an activity id (activity list)', audit: 'activity' },
  mall: { table: t.pointItems, fields: ['name', 'descriptionHtml'], find: byId(t.pointItems), names: 'a points-mall item id', audit: 'mall' },
  vip: {
    table: t.vipLevels,
    fields: ['name'],
    find: ((merchantId, which) =>
      /^[0-9]{1,3}$/.test(which) ? { where: and(eq(t.vipLevels.merchantId, merchantId), eq(t.vipLevels.level, Number(which))), handle: String(Number(which)) } : null) satisfies TFind,
    names: 'a VIP level (vip level list), e.g. 3',
    audit: 'vip_level',
  },
  game: {
    table: t.games,
    fields: ['name'],
    find: ((merchantId, which) => {
      // Vendor codes are upper case (vendor list); a game id is kept as written.
      const m = /^([A-Za-z0-9_]{1,32})\/([A-Za-z0-9_.-]{1,64})$/.exec(which);
      if (!m?.[1] || !m[2]) return null;
      const vassalage = m[1].toUpperCase();
      return { where: and(eq(t.games.merchantId, merchantId), eq(t.games.vassalage, vassalage), eq(t.games.gameId, m[2])), handle: `${vassalage}/${m[2]}` };
    }) satisfies TFind,
    names: '<vendor>/<gameId>, e.g. PH_SLOT/lucky-crown',
    audit: 'game',
  },
} as const;

const misnamed = (what: TTranslatable, which: string) => `translate ${what} needs ${KINDS[what].names}, not "${which}"`;

/** Why `which` names no row of the kind (it is not an id, a level or vendor/gameId as the kind wants), or null. */
export function translationTargetProblem(what: TTranslatable, which: string): string | null {
  return KINDS[what].find(0, which) ? null : misnamed(what, which);
}

export class TranslateRefusal extends Error {}

type TAudit = (tx: TTx, entry: { target: string; before: unknown; after: unknown }) => Promise<unknown>;

/**
 * Writes one language's fields of one row, with its audit row and `bump` (the config version, so every process's
 * cached copy goes) in one transaction. HTML fields (content, *Html) are sanitised as their base text is. Refuses,
 * changing nothing, a field the kind does not carry, a row not named as the kind names one, or one that does not exist.
 */
export async function runTranslate(
  db: TDb,
  merchantId: number,
  cmd: { what: TTranslatable; target: string; language: string; fields: Partial<Record<string, string>> },
  deps: { audit: TAudit; bump: (tx: TTx) => Promise<void> },
): Promise<{ message: string }> {
  const kind = KINDS[cmd.what];
  const allowed: readonly string[] = kind.fields;
  const wrong = Object.keys(cmd.fields).filter((f) => !allowed.includes(f));
  if (wrong.length > 0) throw new TranslateRefusal(`${cmd.what} texts are ${allowed.join(', ')}; not ${wrong.join(', ')}`);
  const found = kind.find(merchantId, cmd.target);
  if (!found) throw new TranslateRefusal(misnamed(cmd.what, cmd.target));
  const fields = sanitizedFields(cmd.fields as Record<string, string>);
  const table = kind.table;
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ texts: table.texts }).from(table).where(found.where).for('update');
    if (!row) throw new TranslateRefusal(`no ${cmd.what} ${found.handle}`);
    const texts = withTranslation(row.texts, cmd.language, fields);
    await tx.update(table).set({ texts }).where(found.where);
    await deps.audit(tx, { target: `${kind.audit}:${found.handle}`, before: { [cmd.language]: row.texts[cmd.language] ?? null }, after: { [cmd.language]: texts[cmd.language] } });
    await deps.bump(tx);
    return { message: `${cmd.what} ${found.handle} in ${cmd.language}: ${Object.keys(fields).join(', ')}` };
  });
}
