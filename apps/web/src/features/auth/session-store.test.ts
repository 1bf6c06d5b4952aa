// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { TLoginValue } from '@playhall/contract/calls/auth';
import { canUseAgentCentre, isTrialAccount, useSessionStore } from './session-store.ts';

const user = {
  id: 7,
  account: 'player7',
  nickname: 'P7',
  type: 'agent',
  accountType: 41,
  toUpline: true,
  uplineAccount: null,
  clubLabel: null,
  memberLabel: [{ id: 1, labelName: 'Gold' }],
  merchantCode: 'PH',
  customerId: 'C-7',
  currency: 'VND',
  language: 'EN',
  mobileNum: null,
  countryDialingCode: null,
  email: null,
  payeeName: null,
  hasPassword: true,
  hasPaymentPassword: false,
  twoFactorEnabled: false,
  frozen: false,
  enableCt: true,
  salary: false,
  hourSalary: false,
  vipLevel: 0,
  registeredAt: '2024-01-01T00:00:00.000Z',
  lastLoginAt: null,
} satisfies TLoginValue['user'];

describe('session store', () => {
  it('stores the token and member keys under the spec names and clears all but the merchant on sign-out', () => {
    sessionStorage.clear();
    sessionStorage.setItem('merchant', 'Playhall');
    sessionStorage.setItem('merchantCode', 'PH');
    sessionStorage.setItem('publicityClose', '1');
    useSessionStore.getState().signIn({ token: 'tok', firstTimeLogin: false, passwordExpired: false, user });
    expect(sessionStorage.getItem('token')).toBe('tok');
    expect(sessionStorage.getItem('account')).toBe('player7');
    expect(sessionStorage.getItem('isAgent')).toBe('41');
    expect(sessionStorage.getItem('customerId')).toBe('C-7');
    expect(JSON.parse(sessionStorage.getItem('memberLabel') ?? '[]')).toEqual([{ id: 1, labelName: 'Gold' }]);
    expect(useSessionStore.getState().token).toBe('tok');

    useSessionStore.getState().signOut();
    expect(useSessionStore.getState().token).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('publicityClose')).toBeNull();
    expect(sessionStorage.getItem('merchant')).toBe('Playhall');
    expect(sessionStorage.getItem('merchantCode')).toBe('PH');
  });

  it('knows agents and trial accounts', () => {
    expect([1, 2, 41, 42].every(canUseAgentCentre)).toBe(true);
    expect(canUseAgentCentre(0)).toBe(false);
    expect(canUseAgentCentre(null)).toBe(false);
    expect(isTrialAccount(4)).toBe(true);
    expect(isTrialAccount(0)).toBe(false);
  });
});
