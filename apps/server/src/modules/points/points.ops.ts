import { and, asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { LOYALTY_CATEGORIES } from '@playhall/contract/calls/loyalty';
import { isSafeLink } from '@playhall/contract/links';
import type { TDb, TTx } from '../../db/client.ts';
import { auditLog, pointExchanges, pointItems, users } from '../../db/schema.ts';
import { sanitizeOperatorHtml } from '../../lib/sanitize.ts';
import { AppError } from '../../lib/app-error.ts';
import { formatMinor, parseMajorAmount } from '../ledger/amount.ts';
import { accruePoints } from './points.accrual.ts';
import { readPointsConfig, writePointsConfig, type TPointsConfig } from './points.config.ts';
import { decideExchange, grantPoints, PointsOpsRefusal } from './points.service.ts';

/**
 * `npm run ops -- points …` as data (ops.command.ts puts these in its union and hands `points` argv here), and what
 * each does. Amounts are read in major units (parseMajorAmount); every change writes its audit row in its own
 * transaction.
 */

const ZId = (what: string) => z.number().int().positive(`${what} id`);
const ZItemFields = z.strictObject({
  name: z.string().trim().min(1).max(100),
  kind: z.enum(['cash', 'bonus', 'goods']),
  pointsRequired: z.number().int().positive('--points: a positive whole number').max(1_000_000_000),
  value: z.number().int().min(0).max(10_000_000_000_000),
  turnoverMultiple: z.number().int().min(0).max(100),
  amountRequired: z.number().int().min(0).max(10_000_000_000_000),
  amountKind: z.enum(['deposit', 'validBet']),
  stock: z.number().int().min(0).max(1_000_000_000).nullable(),
  units: z.string().trim().min(1).max(20),
  pointsRatio: z.number().int().positive().max(1_000_000_000),
  descriptionHtml: z.string().max(20_000),
  imageUrl: z.string().max(500).refine((v) => v === '' || isSafeLink(v), 'an http(s) address or a path on this site such as /img/mall/1.svg'),
  status: z.enum(['on', 'off']),
  sort: z.number().int().min(-100_000).max(100_000),
});
type TItemFields = z.infer<typeof ZItemFields>;

export const POINTS_COMMANDS = [
  z.strictObject({ kind: z.literal('points.itemAdd'), item: ZItemFields }),
  z.strictObject({ kind: z.literal('points.itemEdit'), id: ZId('an item'), changes: ZItemFields.partial() }),
  z.strictObject({ kind: z.literal('points.itemList') }),
  z.strictObject({ kind: z.literal('points.review'), status: z.enum(['applying', 'approved', 'rejected']) }),
  z.strictObject({ kind: z.literal('points.approve'), id: ZId('an exchange') }),
  z.strictObject({ kind: z.literal('points.reject'), id: ZId('an exchange'), reason: z.string().trim().min(1, '--reason is required').max(200) }),
  z.strictObject({
    kind: z.literal('points.config'),
    /** Minor units of valid bet per point per category; null removes the category (earns nothing). */
    rates: z.partialRecord(z.enum(LOYALTY_CATEGORIES), z.number().int().positive().nullable()).nullable(),
    convert: z.union([z.literal('off'), z.strictObject({ points: z.number().int().positive(), amount: z.number().int().positive() })]).nullable(),
    minConvert: z.number().int().min(0).max(1_000_000_000).nullable(),
    rules: z.string().max(20_000).nullable(),
  }),
  z.strictObject({ kind: z.literal('points.accrue'), at: z.iso.datetime({ offset: true }).nullable() }),
  z.strictObject({
    kind: z.literal('points.grant'),
    username: z.string().min(1).max(32),
    points: z.number().int().refine((n) => n !== 0, 'points cannot be zero').refine((n) => Math.abs(n) <= 1_000_000_000, 'at most 1,000,000,000'),
    reason: z.string().trim().min(1, '--reason is required').max(200),
  }),
] as const;
export type TPointsCommand = z.infer<(typeof POINTS_COMMANDS)[number]>;

export const POINTS_USAGE = `  points item list                           the points mall's items: id, status, kind, points, value, stock, name
  points item add --name <t> --kind cash|bonus|goods --points <n> [item options]
      item options: --value <amount> (per unit, cash and bonus) --turnover <multiple> (bonus)
                   --amount-required <amount> --amount-kind deposit|valid-bet (over the last 30 days)
                   --stock <n>|none --units <t> --ratio <points per currency unit, shown> --html <description,
                   sanitised> --image <url or /img/...> --sort <n> --status on|off
  points item edit <id> [item options, --name, --kind, --points]
  points item on|off <id>                    offer the item again, or take it out of the mall (shown offline)
  points item image <id> <url>               the item's picture
  points review [--status applying|approved|rejected]
                                             exchanges (default: goods waiting to be shipped), with the address
  points approve <exchangeId>                goods shipped: the exchange is approved
  points reject <exchangeId> --reason <t>    refuse it: the points go back to the member, the stock to the item
  points config [--rate RNG=10000,LIVE=20000,…|CAT=off] [--convert <points>:<amount>|off] [--min-convert <points>]
                [--rules <html>]              earn rates (valid bet per point), converting points to cash, rules text
  points accrue [--at ISO]                   pay the points of bets settled so far (or before --at), the open
                                             15-minute window included; later bets in a window are topped up
  points grant <username> <points> --reason <t>
                                             add (negative: take) points through the points ledger`;

export const POINTS_OPTIONS = new Set([
  'name', 'kind', 'points', 'value', 'turnover', 'amount-required', 'amount-kind', 'stock', 'units', 'ratio', 'html', 'image', 'sort',
  'status', 'reason', 'rate', 'convert', 'min-convert', 'rules', 'at',
]);

export class PointsArgsError extends Error {}

function amountOf(name: string, text: string): number {
  const amount = parseMajorAmount(text);
  if (!amount.ok) throw new PointsArgsError(`--${name}: ${amount.reason}`);
  return amount.minor;
}

function whole(name: string, text: string, signed = false): number {
  if (!(signed ? /^-?[0-9]{1,10}$/ : /^[0-9]{1,10}$/).test(text)) throw new PointsArgsError(`${name} must be a whole number, not "${text}"`);
  return Number(text);
}

const ITEM_OPTIONS = ['name', 'kind', 'points', 'value', 'turnover', 'amount-required', 'amount-kind', 'stock', 'units', 'ratio', 'html', 'image', 'sort', 'status'];

function itemFields(o: ReadonlyMap<string, string>): Partial<TItemFields> {
  const f: Record<string, unknown> = {};
  const get = (n: string) => o.get(n);
  if (get('name') !== undefined) f.name = get('name');
  if (get('kind') !== undefined) f.kind = get('kind');
  if (get('points') !== undefined) f.pointsRequired = whole('--points', get('points') ?? '');
  if (get('value') !== undefined) f.value = amountOf('value', get('value') ?? '');
  if (get('turnover') !== undefined) f.turnoverMultiple = whole('--turnover', get('turnover') ?? '');
  if (get('amount-required') !== undefined) f.amountRequired = amountOf('amount-required', get('amount-required') ?? '');
  if (get('amount-kind') !== undefined) {
    const k = get('amount-kind');
    if (k !== 'deposit' && k !== 'valid-bet') throw new PointsArgsError('--amount-kind must be deposit or valid-bet');
    f.amountKind = k === 'deposit' ? 'deposit' : 'validBet';
  }
  if (get('stock') !== undefined) f.stock = get('stock') === 'none' ? null : whole('--stock', get('stock') ?? '');
  if (get('units') !== undefined) f.units = get('units');
  if (get('ratio') !== undefined) f.pointsRatio = whole('--ratio', get('ratio') ?? '');
  if (get('html') !== undefined) f.descriptionHtml = get('html');
  if (get('image') !== undefined) f.imageUrl = get('image');
  if (get('sort') !== undefined) f.sort = whole('--sort', get('sort') ?? '', true);
  if (get('status') !== undefined) f.status = get('status');
  return f as Partial<TItemFields>;
}

/** argv after `points` to a raw command (ZOpsCommand validates it). */
export function pointsArgs(positional: readonly string[], options: ReadonlyMap<string, string>): unknown {
  const [verb, a, b, c] = positional;
  const only = (allowed: string[], count: number) => {
    for (const name of options.keys()) if (!allowed.includes(name)) throw new PointsArgsError(`--${name} does not apply to "points ${verb}${verb === 'item' ? ` ${a ?? ''}` : ''}"`);
    if (positional.length > count) throw new PointsArgsError(`unexpected argument "${positional[count]}"`);
  };
  const id = (text: string | undefined, what: string) => {
    if (!/^[1-9][0-9]{0,15}$/.test(text ?? '')) throw new PointsArgsError(`points ${verb} needs ${what} id`);
    return Number(text);
  };
  switch (verb) {
    case 'item':
      switch (a) {
        case 'list':
          only([], 2);
          return { kind: 'points.itemList' };
        case 'add': {
          only(ITEM_OPTIONS, 2);
          for (const required of ['name', 'kind', 'points']) if (!options.has(required)) throw new PointsArgsError(`points item add needs --${required}`);
          const f = itemFields(options);
          return {
            kind: 'points.itemAdd',
            item: { value: 0, turnoverMultiple: 0, amountRequired: 0, amountKind: 'deposit', stock: null, units: 'piece', pointsRatio: 1, descriptionHtml: '', imageUrl: '', status: 'on', sort: 0, ...f },
          };
        }
        case 'edit': {
          only(ITEM_OPTIONS, 3);
          const changes = itemFields(options);
          if (Object.keys(changes).length === 0) throw new PointsArgsError('points item edit needs at least one option to change');
          return { kind: 'points.itemEdit', id: id(b, 'an item'), changes };
        }
        case 'on':
        case 'off':
          only([], 3);
          return { kind: 'points.itemEdit', id: id(b, 'an item'), changes: { status: a } };
        case 'image':
          only([], 4);
          if (!c) throw new PointsArgsError('points item image needs an item id and an image address');
          return { kind: 'points.itemEdit', id: id(b, 'an item'), changes: { imageUrl: c } };
        default:
          throw new PointsArgsError('points item supports: list, add, edit, on, off, image');
      }
    case 'review':
      only(['status'], 1);
      return { kind: 'points.review', status: options.get('status') ?? 'applying' };
    case 'approve':
      only([], 2);
      return { kind: 'points.approve', id: id(a, 'an exchange') };
    case 'reject':
      only(['reason'], 2);
      if (!options.get('reason')) throw new PointsArgsError('points reject needs --reason (the member sees it)');
      return { kind: 'points.reject', id: id(a, 'an exchange'), reason: options.get('reason') };
    case 'config': {
      only(['rate', 'convert', 'min-convert', 'rules'], 1);
      let rates: Record<string, number | null> | null = null;
      if (options.has('rate')) {
        rates = {};
        for (const pair of (options.get('rate') ?? '').split(',').filter((p) => p.trim())) {
          const [cat, value] = pair.split('=').map((s) => s.trim());
          if (!cat || value === undefined) throw new PointsArgsError(`--rate takes CATEGORY=<valid bet per point> pairs, not "${pair}"`);
          rates[cat.toUpperCase()] = value === 'off' ? null : amountOf('rate', value);
        }
      }
      let convert: unknown = null;
      const cv = options.get('convert');
      if (cv !== undefined) {
        if (cv === 'off') convert = 'off';
        else {
          const [p, amount] = cv.split(':');
          if (p === undefined || amount === undefined) throw new PointsArgsError('--convert takes <points>:<amount> (e.g. 1000:10000) or off');
          convert = { points: whole('--convert points', p.trim()), amount: amountOf('convert', amount.trim()) };
        }
      }
      const min = options.get('min-convert');
      return { kind: 'points.config', rates, convert, minConvert: min === undefined ? null : whole('--min-convert', min), rules: options.get('rules') ?? null };
    }
    case 'accrue':
      only(['at'], 1);
      return { kind: 'points.accrue', at: options.get('at') ?? null };
    case 'grant':
      only(['reason'], 3);
      if (!a || b === undefined) throw new PointsArgsError('points grant needs a username and the points, e.g. points grant member01 500 --reason "goodwill"');
      if (!options.get('reason')) throw new PointsArgsError('points grant needs --reason');
      return { kind: 'points.grant', username: a, points: whole('points', b, true), reason: options.get('reason') };
    default:
      throw new PointsArgsError('points supports: item, review, approve, reject, config, accrue, grant');
  }
}

/** What the item's kind allows: goods have no value, only bonus items a turnover, cash and bonus items a value. */
function itemProblem(i: TItemFields): string | null {
  if (i.kind === 'goods' && (i.value !== 0 || i.turnoverMultiple !== 0)) return 'a goods item has no --value or --turnover (it is shipped)';
  if (i.kind !== 'goods' && i.value <= 0) return `a ${i.kind} item needs --value (the amount credited per unit)`;
  if (i.kind === 'cash' && i.turnoverMultiple !== 0) return 'a cash item has no turnover (make it a bonus item)';
  return null;
}

async function audit(tx: TTx, actor: string, action: string, target: string, before: unknown, after: unknown, reason: string | null = null) {
  await tx.insert(auditLog).values({ actor, action, target, before: before ?? null, after: after ?? null, reason });
}

function itemLine(i: typeof pointItems.$inferSelect): string {
  const value = i.kind === 'goods' ? '' : ` ${formatMinor(i.value)}${i.kind === 'bonus' ? ` x${i.turnoverMultiple}` : ''}`;
  const req = i.amountRequired > 0 ? ` needs ${formatMinor(i.amountRequired)} ${i.amountKind} in 30 days` : '';
  return `${i.id}\t${i.status}\t${i.kind}${value}\t${i.pointsRequired} pts\tstock ${i.stock ?? '∞'}\t${i.name}${req}`;
}

/** Runs a points command; PointsOpsRefusal is the operator's mistake (no such item or exchange, a wrong state). */
export async function runPointsCommand(db: TDb, merchantId: number, actor: string, cmd: TPointsCommand, now = new Date()): Promise<{ message: string; data?: unknown }> {
  switch (cmd.kind) {
    case 'points.itemList': {
      const rows = await db.select().from(pointItems).where(eq(pointItems.merchantId, merchantId)).orderBy(asc(pointItems.sort), asc(pointItems.id));
      return { message: rows.map(itemLine).join('\n') || 'no items in the points mall', data: rows };
    }
    case 'points.itemAdd': {
      const problem = itemProblem(cmd.item);
      if (problem) throw new PointsOpsRefusal(problem);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(pointItems)
          .values({ ...cmd.item, merchantId, descriptionHtml: sanitizeOperatorHtml(cmd.item.descriptionHtml) })
          .returning();
        if (!row) throw new Error('item insert returned nothing');
        await audit(tx, actor, cmd.kind, `pointItem:${row.id}`, null, row);
        return { message: `item ${row.id} added: ${itemLine(row)}`, data: row };
      });
    }
    case 'points.itemEdit':
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(pointItems).where(and(eq(pointItems.id, cmd.id), eq(pointItems.merchantId, merchantId))).for('update');
        if (!before) throw new PointsOpsRefusal(`no item ${cmd.id} (see points item list)`);
        const { name, kind, pointsRequired, value, turnoverMultiple, amountRequired, amountKind, stock, units, pointsRatio, descriptionHtml, imageUrl, status, sort } = before;
        const merged = { name, kind, pointsRequired, value, turnoverMultiple, amountRequired, amountKind, stock, units, pointsRatio, descriptionHtml, imageUrl, status, sort, ...cmd.changes };
        const problem = itemProblem(merged);
        if (problem) throw new PointsOpsRefusal(problem);
        const changes = { ...cmd.changes, ...(cmd.changes.descriptionHtml === undefined ? {} : { descriptionHtml: sanitizeOperatorHtml(cmd.changes.descriptionHtml) }) };
        const [after] = await tx.update(pointItems).set({ ...changes, updatedAt: now }).where(eq(pointItems.id, cmd.id)).returning();
        if (!after) throw new Error(`item ${cmd.id} vanished`);
        await audit(tx, actor, cmd.kind, `pointItem:${cmd.id}`, before, after);
        return { message: `item ${cmd.id}: ${itemLine(after)}`, data: after };
      });
    case 'points.review': {
      const rows = await db
        .select({ exchange: pointExchanges, username: users.username })
        .from(pointExchanges)
        .innerJoin(users, eq(users.id, pointExchanges.userId))
        .where(and(eq(pointExchanges.merchantId, merchantId), eq(pointExchanges.status, cmd.status)))
        .orderBy(cmd.status === 'applying' ? asc(pointExchanges.id) : desc(pointExchanges.id))
        .limit(500);
      const line = (r: (typeof rows)[number]) =>
        [r.exchange.id, r.exchange.createdAt.toISOString(), r.username, `${r.exchange.itemName} × ${r.exchange.quantity}`, `${r.exchange.points} pts`, r.exchange.kind, r.exchange.address ?? '', r.exchange.remark ?? ''].join('\t');
      return { message: rows.map(line).join('\n') || `no ${cmd.status} exchanges`, data: rows.map((r) => ({ ...r.exchange, username: r.username })) };
    }
    case 'points.approve':
    case 'points.reject': {
      const decided = await decideExchange(db, merchantId, cmd.id, cmd.kind === 'points.approve' ? { approve: true } : { approve: false, reason: cmd.reason }, actor, now, (tx, before, after) =>
        audit(tx, actor, cmd.kind, `pointExchange:${cmd.id}`, before, after, cmd.kind === 'points.reject' ? cmd.reason : null),
      );
      const e = decided.after;
      return {
        message: cmd.kind === 'points.approve' ? `exchange ${e.id} approved: ${e.itemName} × ${e.quantity}` : `exchange ${e.id} rejected: ${e.points} points back to the member, stock restored`,
        data: e,
      };
    }
    case 'points.config':
      return db.transaction(async (tx) => {
        const before = await readPointsConfig(tx, merchantId);
        const after: TPointsConfig = { ...before, earnRates: { ...before.earnRates } };
        if (cmd.rates) {
          for (const [cat, rate] of Object.entries(cmd.rates) as [keyof TPointsConfig['earnRates'], number | null][]) {
            if (rate === null) delete after.earnRates[cat];
            else after.earnRates[cat] = rate;
          }
        }
        if (cmd.convert === 'off') after.convertEnabled = false;
        else if (cmd.convert) Object.assign(after, { convertEnabled: true, convertPoints: cmd.convert.points, convertAmount: cmd.convert.amount });
        if (cmd.minConvert !== null) after.minConvertPoints = cmd.minConvert;
        if (cmd.rules !== null) after.rulesHtml = sanitizeOperatorHtml(cmd.rules);
        await writePointsConfig(tx, merchantId, after, now);
        await audit(tx, actor, cmd.kind, `merchant:${merchantId}`, before, after);
        const rates = Object.entries(after.earnRates).map(([c, r]) => `${c} ${formatMinor(r)}`).join(', ') || 'none';
        const convert = after.convertEnabled ? `${after.convertPoints} points → ${formatMinor(after.convertAmount)}, at least ${after.minConvertPoints} points` : 'off';
        return { message: `points: valid bet per point ${rates}; converting ${convert}`, data: after };
      });
    case 'points.accrue': {
      // Without --at: every bet settled so far, the open window included. A moment to come is refused: the windows
      // before it would be taken as final (closed and lagged) while bets can still settle in them.
      if (cmd.at && new Date(cmd.at).getTime() > now.getTime()) throw new PointsOpsRefusal('--at cannot be in the future');
      const r = await accruePoints(db, merchantId, cmd.at ? new Date(cmd.at) : now);
      await db.transaction((tx) => audit(tx, actor, cmd.kind, `merchant:${merchantId}`, null, r));
      return { message: `points accrued over ${r.windows} window(s), bets settled before ${r.upTo}: ${r.paid} new entries, ${r.points} points${r.kept > 0 ? ` (${r.kept} member-window(s) paid above their bets after a void: kept)` : ''}`, data: r };
    }
    case 'points.grant':
      return db.transaction(async (tx) => {
        const [user] = await tx.select({ id: users.id }).from(users).where(and(eq(users.merchantId, merchantId), eq(users.username, cmd.username)));
        if (!user) throw new PointsOpsRefusal(`no account ${cmd.username}`);
        const [row] = await tx.insert(auditLog).values({ actor, action: cmd.kind, target: `user:${user.id}`, before: null, after: { points: cmd.points }, reason: cmd.reason }).returning({ id: auditLog.id });
        if (!row) throw new Error('audit insert returned nothing');
        try {
          const balance = await grantPoints(tx, { merchantId, userId: user.id }, cmd.points, `points:grant:audit:${row.id}`, cmd.reason);
          return { message: `${cmd.username}: ${cmd.points > 0 ? '+' : ''}${cmd.points} points, now ${balance}`, data: { balance } };
        } catch (err) {
          if (err instanceof AppError) throw new PointsOpsRefusal(`${cmd.username} has fewer points than that`);
          throw err;
        }
      });
  }
}
