import { create } from 'zustand';
import type { TLoginValue, TMemberInfo } from '@playhall/contract/calls/auth';
import { AGENT_ACCOUNT_TYPES, TRIAL_ACCOUNT_TYPE } from '@playhall/contract/constants';
import { onUnauthorized } from '../../lib/api-client.ts';
import { sessionStore, type TSessionKey } from '../../lib/storage.ts';

/** The session keys (spec §3) that member info fills; `isAgent` holds the account type. */
export function sessionKeysOf(member: TMemberInfo): Partial<Record<TSessionKey, string>> {
  return {
    account: member.account,
    isAgent: String(member.accountType),
    customerId: member.customerId,
    memberLabel: JSON.stringify(member.memberLabel),
  };
}

/** The agent centre is for account types 1, 2, 41 and 42 (spec §6). */
export function canUseAgentCentre(accountType: number | null): boolean {
  return accountType !== null && (AGENT_ACCOUNT_TYPES as readonly number[]).includes(accountType);
}

/** Account type 4 (free play) is refused the member centre and login-gated actions (spec §6). */
export function isTrialAccount(accountType: number | null): boolean {
  return accountType === TRIAL_ACCOUNT_TYPE;
}

function storedAccountType(): number | null {
  const raw = sessionStore.get('isAgent');
  const n = raw === null ? NaN : Number(raw);
  return Number.isInteger(n) ? n : null;
}

interface TSessionState {
  /** Logged in means a token exists in session storage (spec §4). */
  token: string | null;
  account: string | null;
  accountType: number | null;
  member: TMemberInfo | null;
  /** The last login failure asked for a captcha: show it from now on (spec §4). */
  captchaRequired: boolean;
  signIn: (value: TLoginValue) => void;
  setMember: (member: TMemberInfo) => void;
  setCaptchaRequired: (required: boolean) => void;
  /** Clear the session storage except merchant and merchantCode (spec §4 logout). */
  signOut: () => void;
}

export const useSessionStore = create<TSessionState>((set) => ({
  token: sessionStore.get('token'),
  account: sessionStore.get('account'),
  accountType: storedAccountType(),
  member: null,
  captchaRequired: false,
  signIn(value) {
    sessionStore.set('token', value.token);
    for (const [key, v] of Object.entries(sessionKeysOf(value.user))) sessionStore.set(key as TSessionKey, v);
    set({ token: value.token, account: value.user.account, accountType: value.user.accountType, member: value.user, captchaRequired: false });
  },
  setMember(member) {
    for (const [key, v] of Object.entries(sessionKeysOf(member))) sessionStore.set(key as TSessionKey, v);
    set({ account: member.account, accountType: member.accountType, member });
  },
  setCaptchaRequired: (captchaRequired) => set({ captchaRequired }),
  signOut() {
    sessionStore.clearSession();
    set({ token: null, account: null, accountType: null, member: null });
  },
}));

// A 401 on a call that carried the token means the server ended the session.
onUnauthorized(() => useSessionStore.getState().signOut());
