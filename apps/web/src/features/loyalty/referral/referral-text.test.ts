import { describe, expect, it } from 'vitest';
import { invitationUrl, termLines } from './referral-text.ts';

const t = (key: string, o: Record<string, unknown> = {}) => `${key}${JSON.stringify(o)}`;

describe('invitationUrl', () => {
  it('puts the server path on the page origin', () => {
    expect(invitationUrl('/register?referralCode=AB12', 'https://play.example')).toBe('https://play.example/register?referralCode=AB12');
    expect(invitationUrl('/register?referralCode=AB12', 'http://127.0.0.1:8286')).toBe('http://127.0.0.1:8286/register?referralCode=AB12');
  });
});

describe('termLines', () => {
  it('names the deposit amount, the bet and the days', () => {
    expect(termLines({ firstDeposit: 10_000_00, validBet: 50_000_00, days: 30, reward: { form: 'cash', amount: 1 } }, t)).toEqual([
      'referral.termDeposit{"amount":"10,000.00 VND"}',
      'referral.termBet{"amount":"50,000.00 VND"}',
      'referral.termDays{"count":30}',
    ]);
  });
  it('leaves out a bet of zero and words a deposit of any size', () => {
    expect(termLines({ firstDeposit: 0, validBet: 0, days: 7, reward: { form: 'points', amount: 1 } }, t)).toEqual(['referral.termFirstDeposit{}', 'referral.termDays{"count":7}']);
  });
});
