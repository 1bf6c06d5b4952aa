import type { TConsoleRole } from '@playhall/contract/console';
import type { TDb, TTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { TAuditRepository } from '../audit/audit.repository.ts';
import type { TOperatorRepository, TOperatorRow } from './operator.repository.ts';
import type { TOperatorSessionService } from './operator-session.service.ts';

/** An operator as the console's list and the CLI show it. */
export interface TOperatorView {
  id: number;
  username: string;
  role: TConsoleRole;
  status: 'active' | 'locked';
  twoFactor: boolean;
  lastLoginAt: string | null;
  createdAt: string;
}

export type TOperatorChange = { role: TConsoleRole } | { locked: boolean } | { resetTwoFactor: true };

export const operatorView = (o: TOperatorRow): TOperatorView => ({
  id: o.id,
  username: o.username,
  role: o.role,
  status: o.status,
  twoFactor: o.totpEnabledAt !== null,
  lastLoginAt: o.lastLoginAt?.toISOString() ?? null,
  createdAt: o.createdAt.toISOString(),
});

/** What the audit keeps of an operator: never the password hash, the TOTP secret or the recovery codes. */
const audited = (o: Pick<TOperatorRow, 'role' | 'status' | 'totpEnabledAt'>) => ({ role: o.role, status: o.status, twoFactor: o.totpEnabledAt !== null });

/**
 * Managing operators: one service for the console (operators.*) and the CLI (`ops operator …`), so both write the same
 * audit rows. Each change locks the operator's row, writes its audit row (actor, before, after) in its transaction,
 * and ends the operator's sessions when it changes what they may do (role, lock, two-factor reset).
 */
export function createOperatorService(deps: {
  db: TDb;
  merchantId: number;
  repo: Pick<TOperatorRepository, 'byUsername' | 'byId' | 'list' | 'insert' | 'update' | 'replaceRecoveryCodes'>;
  audit: Pick<TAuditRepository, 'append'>;
  sessions: Pick<TOperatorSessionService, 'revokeAllOf'>;
}) {
  const { db, merchantId, repo } = deps;

  /** The last active admin is never demoted or locked: someone must be able to manage the others. */
  async function keepAnAdmin(tx: TTx, o: TOperatorRow): Promise<void> {
    if (o.role !== 'admin' || o.status !== 'active') return;
    const others = (await repo.list(tx, merchantId)).filter((x) => x.id !== o.id && x.role === 'admin' && x.status === 'active');
    if (others.length === 0) throw new AppError('conflict', null, `${o.username} is the only active admin: make another admin first`);
  }

  async function apply(tx: TTx, o: TOperatorRow, change: TOperatorChange): Promise<{ action: string; after: TOperatorRow }> {
    if ('role' in change) {
      if (change.role !== 'admin') await keepAnAdmin(tx, o);
      await repo.update(tx, o.id, { role: change.role });
      return { action: 'operator.role', after: { ...o, role: change.role } };
    }
    if ('locked' in change) {
      if (change.locked) await keepAnAdmin(tx, o);
      const status = change.locked ? 'locked' : 'active';
      await repo.update(tx, o.id, { status });
      return { action: change.locked ? 'operator.lock' : 'operator.unlock', after: { ...o, status } };
    }
    // The next login enrols a new authenticator (the old secret and every recovery code are gone).
    await repo.update(tx, o.id, { totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    await repo.replaceRecoveryCodes(tx, o.id, []);
    return { action: 'operator.reset2fa', after: { ...o, totpEnabledAt: null } };
  }

  return {
    async list(): Promise<TOperatorView[]> {
      return (await repo.list(db, merchantId)).map(operatorView);
    },
    /** The operator of this username, or 404 `not_found` naming it. */
    async find(username: string): Promise<TOperatorView> {
      const o = await repo.byUsername(db, merchantId, username);
      if (!o) throw new AppError('not_found', null, `No operator "${username.toLowerCase()}"`);
      return operatorView(o);
    },
    /** A new operator; it enrols its authenticator at its first login. The username is kept lower-cased. */
    async create(actor: string, input: { username: string; password: string; role: TConsoleRole }): Promise<TOperatorView> {
      const username = input.username.toLowerCase();
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const o = await repo.insert(tx, { merchantId, username, passwordHash, role: input.role });
        if (!o) throw new AppError('username_taken', null, `The operator "${username}" already exists`);
        await deps.audit.append(tx, { actor, action: 'operator.create', target: `operator:${username}`, before: null, after: { username, ...audited(o) } });
        return operatorView(o);
      });
    },
    /** A role, a lock or a two-factor reset; a change to what it already is writes nothing. */
    async change(actor: string, id: number, change: TOperatorChange): Promise<{ operator: TOperatorView; changed: boolean }> {
      return db.transaction(async (tx) => {
        const o = await repo.byId(tx, merchantId, id, true);
        if (!o) throw new AppError('not_found', null, `No operator #${id}`);
        const { action, after } = await apply(tx, o, change);
        const before = audited(o);
        const now = audited(after);
        const changed = 'resetTwoFactor' in change ? o.totpSecret !== null || o.totpEnabledAt !== null : JSON.stringify(before) !== JSON.stringify(now);
        if (!changed) return { operator: operatorView(o), changed };
        await deps.audit.append(tx, { actor, action, target: `operator:${o.username}`, before, after: now });
        if (action !== 'operator.unlock') await deps.sessions.revokeAllOf(tx, o.id);
        return { operator: operatorView(after), changed };
      });
    },
  };
}

export type TOperatorService = ReturnType<typeof createOperatorService>;
