import { describe, expect, it } from 'vitest';
import { login, register } from './auth.ts';
import { launchGame, placeBets } from './games.ts';
import { processDailySalary } from './agent.ts';
import { confirmWithdrawal, walletTransfer } from './wallet.ts';

const requestId = '0b8e8a8e-4f5c-4c1e-9d55-2f6f0a4f2b1a';

describe('request schemas of the call files', () => {
  it('login: by username or by SMS code, never a mix', () => {
    expect(login.request.safeParse({ type: 'username', username: ' demo ', password: 'x' }).data).toMatchObject({
      username: 'demo',
    });
    expect(
      login.request.safeParse({ type: 'sms', mobileNum: '912345678', countryDialingCode: '+84', verificationCode: '123456' })
        .success,
    ).toBe(true);
    expect(login.request.safeParse({ type: 'sms', username: 'demo', password: 'x' }).success).toBe(false);
    expect(login.request.safeParse({ type: 'username', username: '', password: 'x' }).success).toBe(false);
  });

  it('register: fills the fixed fields and refuses a confirmation that differs', () => {
    const parsed = register.request.parse({ username: 'player1', password: 'a1b2c3', confirmPassword: 'a1b2c3' });
    expect(parsed).toMatchObject({ login: true, registerMethod: 'WEB' });
    const mismatch = register.request.safeParse({ username: 'player1', password: 'a1b2c3', confirmPassword: 'zzz' });
    expect(mismatch.error?.issues[0]).toMatchObject({ path: ['confirmPassword'], message: 'password_mismatch' });
  });

  it('launch: the spec constants are filled in, gameId or roomId exactly one', () => {
    const base = { launchMode: 'GLS', vassalage: 'HOUSE', merchantCode: 'PH', language: 'EN' };
    expect(launchGame.request.parse({ ...base, gameId: 'slot-1' })).toMatchObject({
      accountType: 1,
      confirmTrans: 0,
      clientType: 3,
      platform: 'html5-desktop',
    });
    expect(launchGame.request.safeParse({ ...base, roomId: 'r1' }).success).toBe(true);
    expect(launchGame.request.safeParse(base).success).toBe(false);
    expect(launchGame.request.safeParse({ ...base, gameId: 'g', roomId: 'r' }).success).toBe(false);
    expect(launchGame.request.safeParse({ ...base, gameId: 'g', token: 'leak' }).success).toBe(false);
    expect(
      launchGame.request.safeParse({ ...base, launchMode: 'LOTT', lottoPrizeMode: 'Elott', lottoView: 'lobby' }).success,
    ).toBe(true);
  });

  it('money moves in whole minor units with a request id', () => {
    const transfer = { action: 'transfer', requestId, from: 'MAIN', to: 'HOUSE', amount: 10_000 };
    expect(walletTransfer.request.safeParse(transfer).success).toBe(true);
    for (const amount of [0, -5, 10.5, '100', 2 ** 60]) {
      expect(walletTransfer.request.safeParse({ ...transfer, amount }).success, String(amount)).toBe(false);
    }
    expect(walletTransfer.request.safeParse({ ...transfer, requestId: undefined }).success).toBe(false);
  });

  it('withdrawal confirmation: partly received needs the amount and a proof image', () => {
    expect(confirmWithdrawal.request.safeParse({ result: 'received', withdrawalId: 7 }).success).toBe(true);
    expect(confirmWithdrawal.request.safeParse({ result: 'partlyReceived', withdrawalId: 7 }).success).toBe(false);
    expect(
      confirmWithdrawal.request.safeParse({
        result: 'partlyReceived',
        withdrawalId: 7,
        receivedAmount: 5_000,
        proof: { mime: 'image/png', data: 'iVBORw0KGgo=' },
      }).success,
    ).toBe(true);
  });

  it('lottery bets: numbers are digit strings, stakes positive, slips bounded', () => {
    const slip = {
      requestId,
      gameCode: 'VN_FAST_1',
      drawNo: '20250101-0001',
      bets: [{ betType: 'lo2', numbers: ['12', '34'], stake: 1_000 }],
      totalAmount: 54_000,
    };
    expect(placeBets.request.safeParse(slip).success).toBe(true);
    expect(placeBets.request.safeParse({ ...slip, bets: [{ ...slip.bets[0], numbers: ['1a'] }] }).success).toBe(false);
    expect(placeBets.request.safeParse({ ...slip, bets: [{ ...slip.bets[0], betType: 'nope' }] }).success).toBe(false);
    expect(placeBets.request.safeParse({ ...slip, bets: [] }).success).toBe(false);
  });

  it('contract actions: sign carries the kind’s terms, accept defaults to no auto-termination', () => {
    const tiers = [{ rate: 60, minActiveMembers: 1, minValidBet: 100_000 }];
    expect(processDailySalary.request.safeParse({ action: 'sign', downlineId: 2, terms: { tiers } }).success).toBe(true);
    expect(
      processDailySalary.request.safeParse({ action: 'sign', downlineId: 2, terms: { tiers: [{ ...tiers[0], rate: 10_001 }] } })
        .success,
    ).toBe(false);
    expect(processDailySalary.request.parse({ action: 'accept', contractId: 5 })).toEqual({
      action: 'accept',
      contractId: 5,
      confirmAutoTerminate: false,
    });
  });
});
