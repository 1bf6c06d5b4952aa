import type { TDb } from '../../db/client.ts';
import type { TContentTexts } from '../../db/schema.ts';
import { runStatement, statement } from '../../db/prepared.ts';
import type { TAgentFlags } from '../agent/agent-flags.ts';
import { LIVE_SESSION_WHERE } from '../auth/session.repository.ts';
import { textArray } from '../vip/vip.store.ts';
import type { TMemberInfoUser, TMemberVipInfo } from './member-info.ts';

/**
 * Everything member info shows, in one prepared statement: the account, its upline's name and the agent
 * flags (agent-flags.ts says what each means). Member info is read on every page load, so it is one round
 * trip with no query building (issue 14). Secrets leave the database only as "is set".
 */
const COLUMNS = `u.id::text as id, u.username, u.nickname, u.type, u.account_type, u.upline_id::text as upline_id, u.mobile,
  u.country_dialing_code, u.email, u.payee_name, u.password_hash is not null as has_password,
  u.payment_password_hash is not null as has_payment_password, u.totp_enabled_at, u.language, u.created_at,
  u.last_login_at, up.username as upline_account,
  coalesce(mv.level, 0) as vip_level, vl.name as vip_name, vl.texts as vip_texts, coalesce(mv.labels, '{}'::text[]) as vip_labels,
  exists (select 1 from contract_bills b where b.payer_id = u.id and b.status = 'refused') as frozen,
  exists (select 1 from contracts c where c.kind = 'dividend' and c.status in ('valid', 'expired', 'invalid') and (c.downline_id = u.id or c.upline_id = u.id)) as dividend,
  exists (select 1 from contracts c where c.kind = 'dailySalary' and c.status in ('valid', 'expired', 'invalid') and (c.downline_id = u.id or c.upline_id = u.id)) as daily,
  exists (select 1 from contracts c where c.kind = 'hourlySalary' and c.status in ('valid', 'expired', 'invalid') and (c.downline_id = u.id or c.upline_id = u.id)) as hourly`;

/** The VIP level and labels (issue 18): member_vip and vip_levels by their primary keys, no round trip of their own. */
const VIP_JOIN = 'left join member_vip mv on mv.user_id = u.id left join vip_levels vl on vl.merchant_id = mv.merchant_id and vl.level = mv.level';

const MEMBER_INFO = statement('member_info', `select ${COLUMNS} from users u left join users up on up.id = u.upline_id ${VIP_JOIN} where u.id = $1`);

/**
 * Member info of a session token: the live-session check of session.repository.ts and the answer in the same
 * statement, so the call every page makes is one round trip.
 */
const MEMBER_INFO_BY_TOKEN = statement(
  'member_info_by_token',
  `select ${COLUMNS}
   from sessions s join users u on u.id = s.user_id left join users up on up.id = u.upline_id ${VIP_JOIN}
   where ${LIVE_SESSION_WHERE}`,
);

interface TRow {
  id: string;
  username: string;
  nickname: string;
  type: 'member' | 'agent';
  account_type: number;
  upline_id: string | null;
  mobile: string | null;
  country_dialing_code: string | null;
  email: string | null;
  payee_name: string | null;
  has_password: boolean;
  has_payment_password: boolean;
  totp_enabled_at: Date | null;
  language: string;
  created_at: Date;
  last_login_at: Date | null;
  upline_account: string | null;
  frozen: boolean;
  dividend: boolean;
  daily: boolean;
  hourly: boolean;
  vip_level: number;
  vip_name: string | null;
  vip_texts: TContentTexts | null;
  vip_labels: string[] | string;
}

export type TMemberInfoRow = { user: TMemberInfoUser; uplineAccount: string | null; flags: TAgentFlags; vip: TMemberVipInfo };

function fromRow(r: TRow): TMemberInfoRow {
  return {
    user: {
      id: Number(r.id),
      username: r.username,
      nickname: r.nickname,
      type: r.type,
      accountType: r.account_type,
      uplineId: r.upline_id === null ? null : Number(r.upline_id),
      mobile: r.mobile,
      countryDialingCode: r.country_dialing_code,
      email: r.email,
      payeeName: r.payee_name,
      // memberInfoOf only asks whether they are set.
      passwordHash: r.has_password ? 'set' : null,
      paymentPasswordHash: r.has_payment_password ? 'set' : null,
      totpEnabledAt: r.totp_enabled_at,
      language: r.language,
      createdAt: r.created_at,
      lastLoginAt: r.last_login_at,
    },
    uplineAccount: r.upline_account,
    flags: { frozen: r.frozen, enableCt: r.dividend, salary: r.daily, hourSalary: r.hourly },
    vip: { level: Number(r.vip_level), name: r.vip_name, texts: r.vip_texts ?? {}, labels: textArray(r.vip_labels) },
  };
}

export async function memberInfoRow(db: TDb, userId: number): Promise<TMemberInfoRow | null> {
  const [r] = await runStatement<TRow>(db, MEMBER_INFO, [userId]);
  return r ? fromRow(r) : null;
}

/** Null when the token opens no live session of an active account. */
export async function memberInfoOfSession(db: TDb, tokenHash: string, now: Date): Promise<TMemberInfoRow | null> {
  const [r] = await runStatement<TRow>(db, MEMBER_INFO_BY_TOKEN, [tokenHash, now]);
  return r ? fromRow(r) : null;
}
