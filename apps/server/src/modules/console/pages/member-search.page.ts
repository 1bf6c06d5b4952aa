import { sql, type SQL } from 'drizzle-orm';
import { consoleMembersSearch, type TConsoleMemberRow } from '@playhall/contract/console';
import type { z } from 'zod';
import { MAIN_WALLET } from '@playhall/contract/calls/wallet';
import { rowsOf } from '../../../db/client.ts';
import type { TConsoleRegistrar } from '../console-registrar.ts';
import type { TPageDeps } from './console-ops.ts';

type TSearch = z.output<typeof consoleMembersSearch.request>;

/** The text as a LIKE pattern matching it anywhere: its own %, _ and \ taken literally. */
const anywhere = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The condition of one search field over `users u`. Substrings, case-insensitive: an operator types part of a name,
 * an address or a card number. IP: any login from an address starting with the text, or the registration address.
 * Mobile: the national number or with its dialing code. docs/decisions.md, "Operator console (issue 24)".
 */
function matches(field: Exclude<TSearch['field'], 'any'>, q: string): SQL {
  const like = anywhere(q);
  const prefix = `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  switch (field) {
    case 'username':
      return sql`u.username ilike ${like}`;
    case 'email':
      return sql`u.email ilike ${like}`;
    case 'mobile': {
      const digits = q.replace(/[^0-9]/g, '');
      if (digits === '') return sql`false`;
      return sql`(u.mobile like ${anywhere(digits)} or coalesce(u.country_dialing_code, '') || u.mobile like ${anywhere(digits)})`;
    }
    case 'ip':
      return sql`(u.register_ip like ${prefix} or exists (select 1 from login_history h where h.user_id = u.id and h.ip like ${prefix}))`;
    case 'bankCard': {
      const digits = q.replace(/[\s-]/g, '');
      return sql`exists (select 1 from bank_cards c where c.user_id = u.id and c.account_number like ${anywhere(digits)})`;
    }
  }
}

/**
 * The fields an `any` search looks in: a mobile, card or address only when the text could be one. Otherwise the digits
 * of a username ("ab71436x") would find every member whose mobile holds 71436.
 */
function fieldsFor(q: string): Exclude<TSearch['field'], 'any'>[] {
  const fields: Exclude<TSearch['field'], 'any'>[] = ['username', 'email'];
  if (/^[+\d\s()-]+$/.test(q)) fields.push('mobile', 'bankCard');
  if (/^[\d.:a-f]+$/i.test(q) && /[.:]/.test(q)) fields.push('ip');
  return fields;
}

interface TRow {
  id: string | number;
  username: string;
  type: 'member' | 'agent';
  status: 'active' | 'locked' | 'closed';
  mobile: string | null;
  country_dialing_code: string | null;
  email: string | null;
  balance: string | number | null;
  created_at: Date | string;
  last_login_at: Date | string | null;
  total: string | number;
}

const iso = (v: Date | string) => new Date(v).toISOString();

/** A member's mobile as the console shows it: with its dialing code when one is stored. */
export function phoneOf(dialingCode: string | null, mobile: string | null): string | null {
  if (mobile === null) return null;
  return dialingCode ? `+${dialingCode.replace(/^\+/, '')} ${mobile}` : mobile;
}

/** One page of the merchant's accounts matching the search, newest first, with their main wallet's balance. */
export async function searchMembers(deps: TPageDeps, input: TSearch) {
  const q = input.q.trim();
  const where = q === '' ? sql`true` : input.field === 'any' ? sql.join(fieldsFor(q).map((f) => sql`(${matches(f, q)})`), sql` or `) : matches(input.field, q);
  const rows = rowsOf<TRow>(
    await deps.db.execute(sql`
      select u.id, u.username, u.type, u.status, u.mobile, u.country_dialing_code, u.email, u.created_at, u.last_login_at,
             (select a.balance from ledger_accounts a where a.merchant_id = u.merchant_id and a.user_id = u.id and a.wallet = ${MAIN_WALLET}) as balance,
             count(*) over () as total
      from users u
      where u.merchant_id = ${deps.merchantId} and (${where})
      order by u.id desc
      limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`),
  );
  const list: TConsoleMemberRow[] = rows.map((r) => ({
    id: Number(r.id),
    username: r.username,
    type: r.type,
    status: r.status,
    mobile: phoneOf(r.country_dialing_code, r.mobile),
    email: r.email,
    balance: Number(r.balance ?? 0),
    createdAt: iso(r.created_at),
    lastLoginAt: r.last_login_at === null ? null : iso(r.last_login_at),
  }));
  // A page past the end has no rows to carry the total: count it apart.
  const total = rows[0] ? Number(rows[0].total) : input.page === 1 ? 0 : await countMembers(deps, where);
  return { list, total, page: input.page, pageSize: input.pageSize };
}

async function countMembers(deps: TPageDeps, where: SQL): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(await deps.db.execute(sql`select count(*) as n from users u where u.merchant_id = ${deps.merchantId} and (${where})`));
  return Number(row?.n ?? 0);
}

export function registerMemberSearch(calls: TConsoleRegistrar, deps: TPageDeps): void {
  calls.serve(consoleMembersSearch, (input) => searchMembers(deps, input));
}
