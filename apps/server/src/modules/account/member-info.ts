import { CURRENCY, TRIAL_ACCOUNT_TYPE } from '@playhall/contract/constants';
import type { TMemberInfo } from '@playhall/contract/calls/auth';
import { DEFAULT_LANGUAGE, ZLanguageCode, type TLanguageCode } from '@playhall/contract/languages';
import type { TContentTexts } from '../../db/schema.ts';
import { localized, type TReader } from '../../lib/content-language.ts';
import type { TUserRow } from './account.repository.ts';
import { NO_AGENT_FLAGS, type TAgentFlags } from '../agent/agent-flags.ts';

/** 0912345678 → 09****5678: enough for the member to recognise the number, not to read it. */
export function maskMobile(mobile: string | null): string | null {
  if (!mobile) return null;
  // Short numbers show less, so at least half stays hidden.
  const [head, tail] = mobile.length >= 8 ? [2, 4] : [0, Math.floor(mobile.length / 2)];
  return `${mobile.slice(0, head)}${'*'.repeat(mobile.length - head - tail)}${tail ? mobile.slice(-tail) : ''}`;
}

/** alice@mail.com → a***@mail.com */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** The customer-service identity of an account (session storage `customerId`, spec §3). */
export function customerIdOf(merchantCode: string, userId: number): string {
  return `${merchantCode}-${userId}`;
}

/** The columns of an account that member info shows. */
export type TMemberInfoUser = Pick<
  TUserRow,
  | 'id' | 'username' | 'nickname' | 'type' | 'accountType' | 'uplineId' | 'mobile' | 'countryDialingCode' | 'email' | 'payeeName'
  | 'passwordHash' | 'paymentPasswordHash' | 'totpEnabledAt' | 'language' | 'createdAt' | 'lastLoginAt'
>;

/** The member's VIP level, its name (with its other languages) and the operator's labels (issue 18). */
export interface TMemberVipInfo {
  level: number;
  name: string | null;
  texts: TContentTexts;
  labels: string[];
}

const NO_VIP: TMemberVipInfo = { level: 0, name: null, texts: {}, labels: [] };

/** The level's name as the reader reads it (content-language.ts); VIP<n> when the level has no row. */
function vipNameOf(vip: TMemberVipInfo, reader: TReader | undefined): string {
  if (vip.name === null) return `VIP${vip.level}`;
  return reader ? localized({ name: vip.name }, vip.texts, ['name'], reader.language, reader.fallback).name : vip.name;
}

/**
 * Member info (spec §3) of an account row, with its agent flags (issue 7) and VIP level (issue 18): `clubLabel` is the
 * level's name (in the reader's language), none at level 0; `memberLabel` the operator's labels, numbered from 1 in
 * the order given.
 */
export function memberInfoOf(
  user: TMemberInfoUser,
  uplineAccount: string | null,
  merchantCode: string,
  flags: TAgentFlags = NO_AGENT_FLAGS,
  vip: TMemberVipInfo = NO_VIP,
  reader?: TReader,
): TMemberInfo {
  const language: TLanguageCode = ZLanguageCode.safeParse(user.language).data ?? DEFAULT_LANGUAGE;
  return {
    id: user.id,
    account: user.username,
    nickname: user.nickname || user.username,
    type: user.type,
    accountType: user.accountType,
    // A member or agent with an upline may send money up (transferUpline page); a guest never.
    toUpline: user.uplineId !== null && user.accountType !== TRIAL_ACCOUNT_TYPE,
    uplineAccount,
    clubLabel: vip.level > 0 ? { labelName: vipNameOf(vip, reader) } : null,
    memberLabel: vip.labels.map((labelName, i) => ({ id: i + 1, labelName })),
    merchantCode,
    customerId: customerIdOf(merchantCode, user.id),
    currency: CURRENCY,
    language,
    mobileNum: maskMobile(user.mobile),
    countryDialingCode: user.countryDialingCode,
    email: maskEmail(user.email),
    payeeName: user.payeeName,
    hasPassword: user.passwordHash !== null,
    hasPaymentPassword: user.paymentPasswordHash !== null,
    twoFactorEnabled: user.totpEnabledAt !== null,
    frozen: flags.frozen,
    enableCt: flags.enableCt,
    salary: flags.salary,
    hourSalary: flags.hourSalary,
    vipLevel: vip.level,
    registeredAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  };
}
