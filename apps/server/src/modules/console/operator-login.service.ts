import { ROLE_PERMISSIONS, type TOperatorMe } from '@playhall/contract/console';
import type { TDb, TTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { randomText, randomToken, sha256Hex } from '../../lib/secrets.ts';
import { matchTotp, newTotpSecret, otpauthUrl } from '../../lib/totp.ts';
import type { TAuditRepository } from '../audit/audit.repository.ts';
import type { TCounterRepository } from '../limits/counter.repository.ts';
import { qrPng } from '../member/two-factor.service.ts';
import type { TOperatorRepository, TOperatorRow } from './operator.repository.ts';
import type { TOperatorSessionService } from './operator-session.service.ts';

/** Password failures per username, and per client address, in a window of 15 minutes. */
export const CONSOLE_LOGIN_FAILURES_PER_USER = 5;
export const CONSOLE_LOGIN_FAILURES_PER_IP = 20;
/** Wrong authenticator or recovery codes per operator in the same window. */
export const CONSOLE_CODE_FAILURES = 5;
const WINDOW_MS = 15 * 60 * 1000;
const TICKET_MS = 5 * 60 * 1000;
const RECOVERY_CODES = 10;
/** Lower case and digits without look-alikes (0/o, 1/l/i), as the contract's ZRecoveryCode reads them. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export interface TSignedIn {
  token: string;
  me: TOperatorMe;
}

const recoveryHash = (code: string) => sha256Hex(code.trim().toLowerCase().replace('-', ''));

/**
 * Operator sign-in (issue 24): the password (step one) hands out a five-minute ticket for step two — a TOTP code, a
 * recovery code, or enrolling an authenticator when the operator has none (TOTP is mandatory). Only step two opens a
 * session. Guesses are counted in the database (auth_counters), so the limits hold across processes: a hit is taken
 * before the secret is checked and given back when the secret was right (counter.repository.ts).
 */
export function createOperatorLoginService(deps: {
  db: TDb;
  merchantId: number;
  /** The name authenticator apps show for these codes. */
  issuer: () => Promise<string>;
  repo: Pick<TOperatorRepository, 'byUsername' | 'byId' | 'update' | 'useTotpStep' | 'insertTicket' | 'liveTicket' | 'useTicket' | 'replaceRecoveryCodes' | 'useRecoveryCode'>;
  counters: Pick<TCounterRepository, 'hit' | 'giveBack' | 'clear'>;
  audit: Pick<TAuditRepository, 'append'>;
  sessions: Pick<TOperatorSessionService, 'create'>;
  now?: () => Date;
}) {
  const { db, repo, counters } = deps;
  const now = deps.now ?? (() => new Date());

  /** The operator a live ticket of this purpose names, still active; `session_expired` sends the operator back to step one. */
  async function ticketHolder(ticket: string, purpose: 'totp' | 'enrol'): Promise<{ ticketId: number; operator: TOperatorRow }> {
    const row = await repo.liveTicket(db, sha256Hex(ticket), now());
    if (!row || row.purpose !== purpose) throw new AppError('session_expired', null, 'This sign-in has expired, please sign in again');
    const operator = await repo.byId(db, deps.merchantId, row.operatorId);
    if (!operator) throw new AppError('session_expired');
    if (operator.status !== 'active') throw new AppError('account_locked');
    return { ticketId: row.id, operator };
  }

  /** Counts one guess of a code for this operator; refuses once the window's guesses are spent. */
  async function codeGuess(operatorId: number, check: () => Promise<boolean>): Promise<void> {
    const key = `console-code:${operatorId}`;
    const at = now();
    if ((await counters.hit(db, key, WINDOW_MS, at)).count > CONSOLE_CODE_FAILURES) {
      await counters.giveBack(db, key, at);
      throw new AppError('rate_limited');
    }
    if (!(await check())) throw new AppError('sms_invalid_code');
    await counters.clear(db, key);
  }

  /** Uses the ticket up and opens the session, in the transaction of whatever step two changed. */
  async function signIn(tx: TTx, ticketId: number, o: TOperatorRow, ip: string): Promise<TSignedIn> {
    if (!(await repo.useTicket(tx, ticketId, now()))) throw new AppError('session_expired');
    await repo.update(tx, o.id, { lastLoginAt: now() });
    const { token, idleUntil } = await deps.sessions.create(tx, o.id, ip);
    return { token, me: { username: o.username, role: o.role, permissions: [...ROLE_PERMISSIONS[o.role]], idleUntil: idleUntil.toISOString() } };
  }

  return {
    async login(username: string, password: string, ip: string): Promise<{ next: 'totp' | 'enrol'; ticket: string }> {
      const name = username.trim().toLowerCase();
      const userKey = `console-login:${deps.merchantId}:${name}`;
      const ipKey = `console-login-ip:${ip}`;
      const at = now();
      const [byUser, byIp] = [await counters.hit(db, userKey, WINDOW_MS, at), await counters.hit(db, ipKey, WINDOW_MS, at)];
      if (byUser.count > CONSOLE_LOGIN_FAILURES_PER_USER || byIp.count > CONSOLE_LOGIN_FAILURES_PER_IP) {
        await counters.giveBack(db, userKey, at);
        await counters.giveBack(db, ipKey, at);
        throw new AppError('rate_limited');
      }
      const o = await repo.byUsername(db, deps.merchantId, name);
      // Verified against a decoy hash when there is no such operator: a miss costs what a wrong password costs.
      if (!(await verifyPassword(o?.passwordHash ?? null, password)) || !o) throw new AppError('bad_credentials');
      await counters.clear(db, userKey);
      await counters.giveBack(db, ipKey, at);
      // Told only to whoever knows the password.
      if (o.status !== 'active') throw new AppError('account_locked');
      const ticket = randomToken(32);
      const next = o.totpEnabledAt ? 'totp' : 'enrol';
      await repo.insertTicket(db, { operatorId: o.id, ticketHash: sha256Hex(ticket), purpose: next, expiresAt: new Date(at.getTime() + TICKET_MS) });
      return { next, ticket };
    },

    /** A fresh secret for the authenticator (kept on the operator until the first code proves it). */
    async enrolStart(ticket: string): Promise<{ secret: string; otpauthUrl: string; qrPng: string }> {
      const { operator } = await ticketHolder(ticket, 'enrol');
      if (operator.totpEnabledAt) throw new AppError('conflict', null, 'Two-factor login is already set up');
      const secret = newTotpSecret();
      await repo.update(db, operator.id, { totpSecret: secret, totpLastStep: null });
      const url = otpauthUrl(await deps.issuer(), operator.username, secret);
      return { secret, otpauthUrl: url, qrPng: qrPng(url).toString('base64') };
    },

    /** The first code enrols the authenticator; the answer carries the recovery codes, shown this once. */
    async enrolFinish(ticket: string, code: string, ip: string): Promise<TSignedIn & { recoveryCodes: string[] }> {
      const { ticketId, operator: o } = await ticketHolder(ticket, 'enrol');
      if (o.totpEnabledAt) throw new AppError('conflict', null, 'Two-factor login is already set up');
      const secret = o.totpSecret;
      if (!secret) throw new AppError('conflict', null, 'Start the enrolment first');
      await codeGuess(o.id, async () => {
        const step = matchTotp(secret, code, now());
        return step !== null && (await repo.useTotpStep(db, o.id, step));
      });
      const recoveryCodes = Array.from({ length: RECOVERY_CODES }, () => `${randomText(RECOVERY_ALPHABET, 5)}-${randomText(RECOVERY_ALPHABET, 5)}`);
      return db.transaction(async (tx) => {
        const at = now();
        await repo.update(tx, o.id, { totpEnabledAt: at });
        await repo.replaceRecoveryCodes(tx, o.id, recoveryCodes.map(recoveryHash));
        await deps.audit.append(tx, {
          actor: `operator:${o.username}`,
          action: 'operator.enrol2fa',
          target: `operator:${o.username}`,
          before: { twoFactor: false },
          after: { twoFactor: true, recoveryCodes: RECOVERY_CODES },
        });
        return { ...(await signIn(tx, ticketId, o, ip)), recoveryCodes };
      });
    },

    /** Step two: a code from the authenticator (each time step once), or a recovery code (each once). */
    async verify(ticket: string, proof: { code: string } | { recoveryCode: string }, ip: string): Promise<TSignedIn> {
      const { ticketId, operator: o } = await ticketHolder(ticket, 'totp');
      if ('code' in proof) {
        const secret = o.totpSecret;
        await codeGuess(o.id, async () => {
          const step = secret ? matchTotp(secret, proof.code, now()) : null;
          return step !== null && (await repo.useTotpStep(db, o.id, step));
        });
        return db.transaction((tx) => signIn(tx, ticketId, o, ip));
      }
      // Outside the sign-in's transaction: a wrong code's count must not roll back with its refusal.
      let left: number | null = null;
      await codeGuess(o.id, async () => (left = await repo.useRecoveryCode(db, o.id, recoveryHash(proof.recoveryCode), now())) !== null);
      return db.transaction(async (tx) => {
        await deps.audit.append(tx, {
          actor: `operator:${o.username}`,
          action: 'operator.recoveryCode',
          target: `operator:${o.username}`,
          before: null,
          after: { recoveryCodesLeft: left },
        });
        return signIn(tx, ticketId, o, ip);
      });
    },
  };
}

export type TOperatorLoginService = ReturnType<typeof createOperatorLoginService>;
