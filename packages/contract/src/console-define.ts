import { z } from 'zod';

// The operator console's building blocks (issue 24): roles, permissions, and how a console call is defined. The calls
// themselves are in console.ts and, per area, console-<area>.ts; CONSOLE_CALLS in console.ts lists them all.

// ---------------------------------------------------------------- roles and permissions

export const CONSOLE_PERMISSIONS = [
  'dashboard.view',
  'members.view',
  'members.lock',
  'members.password',
  'members.money',
  'deposits.view',
  'deposits.review',
  'withdrawals.view',
  'withdrawals.review',
  'content.view',
  'content.edit',
  'config.view',
  'config.edit',
  'reports.view',
  'lottery.view',
  'lottery.manage',
  'agents.view',
  'agents.manage',
  'audit.view',
  'operators.manage',
] as const;
export type TConsolePermission = (typeof CONSOLE_PERMISSIONS)[number];

export const CONSOLE_ROLES = ['admin', 'finance', 'support', 'marketing', 'risk', 'auditor'] as const;
export type TConsoleRole = (typeof CONSOLE_ROLES)[number];
export const ZConsoleRole = z.enum(CONSOLE_ROLES);

const VIEW_ALL = CONSOLE_PERMISSIONS.filter((p) => p.endsWith('.view'));

/**
 * What each role may do. Admin everything; finance the money queues and wallet adjustments; support the members'
 * accounts (lock, passwords) without money; marketing the content; risk looks at everything and locks members; the
 * auditor reads everything and changes nothing. docs/decisions.md, "Operator console (issue 24)".
 */
export const ROLE_PERMISSIONS: Record<TConsoleRole, readonly TConsolePermission[]> = {
  admin: CONSOLE_PERMISSIONS,
  finance: ['dashboard.view', 'members.view', 'members.money', 'deposits.view', 'deposits.review', 'withdrawals.view', 'withdrawals.review', 'reports.view', 'agents.view'],
  support: ['dashboard.view', 'members.view', 'members.lock', 'members.password', 'deposits.view', 'withdrawals.view', 'agents.view'],
  marketing: ['dashboard.view', 'content.view', 'content.edit', 'reports.view'],
  risk: ['dashboard.view', 'members.view', 'members.lock', 'deposits.view', 'withdrawals.view', 'reports.view', 'lottery.view', 'agents.view', 'audit.view'],
  auditor: VIEW_ALL,
};

export const can = (role: TConsoleRole, permission: TConsolePermission): boolean => ROLE_PERMISSIONS[role].includes(permission);

// ---------------------------------------------------------------- call definitions

/**
 * `public`: no session (login and its second step, which carry their own short-lived ticket); `session`: any signed-in
 * operator (who am I, log out); otherwise the permission the operator's role must hold.
 */
export type TConsoleAccess = 'public' | 'session' | TConsolePermission;

export interface TConsoleCallDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly access: TConsoleAccess;
  readonly request: Req;
  readonly response: Res;
}

export const CONSOLE_API = '/console/api';

export function consoleCall<Req extends z.ZodType, Res extends z.ZodType>(input: {
  name: string;
  method?: 'GET' | 'POST';
  access: TConsoleAccess;
  request: Req;
  response: Res;
}): TConsoleCallDef<Req, Res> {
  return {
    name: input.name,
    method: input.method ?? 'POST',
    path: `${CONSOLE_API}/${input.name.replaceAll('.', '/')}`,
    access: input.access,
    request: input.request,
    response: input.response,
  };
}

export const ZEmptyRequest = z.strictObject({});
export const ZDone = z.object({ message: z.string() });
/** Why an operator changed something: required on every change that touches a member or money, kept in the audit. */
export const ZReason = z.string().trim().min(3, 'reason_required').max(500);

