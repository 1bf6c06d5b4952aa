import { describe, expect, it } from 'vitest';
import { parseOpsCommand, UsageError } from './ops.command.ts';

describe('parseOpsCommand', () => {
  it('reads every command the README documents', () => {
    expect(parseOpsCommand(['status', 'maintenance', '--until', '2030-01-01T00:00:00Z'])).toEqual({
      kind: 'status.set', mode: 'maintenance', until: '2030-01-01T00:00:00Z',
    });
    expect(parseOpsCommand(['status', 'region-block'])).toEqual({ kind: 'status.set', mode: 'region-block', until: null });
    expect(parseOpsCommand(['status'])).toEqual({ kind: 'status.show' });
    expect(parseOpsCommand(['region', 'block', 'us'])).toEqual({ kind: 'region.set', rule: 'block', country: 'US' });
    expect(parseOpsCommand(['flag', 'freeplay3', 'off'])).toEqual({ kind: 'flag.set', modId: 'FREEPLAY3', on: false });
    expect(parseOpsCommand(['register-field', 'email', 'required'])).toEqual({ kind: 'registerField.set', field: 'email', state: 'required' });
    expect(parseOpsCommand(['user', 'create', 'alice01', '--password', 'secret1', '--type', 'agent', '--upline', 'agent01'])).toEqual({
      kind: 'user.create', username: 'alice01', password: 'secret1', type: 'agent', upline: 'agent01',
    });
    expect(parseOpsCommand(['announce', 'add', '--type', 'pl', '--title', 'Hi', '--content=<p>x</p>'])).toMatchObject({
      kind: 'announce.add', type: 'PL', title: 'Hi', content: '<p>x</p>',
    });
    expect(parseOpsCommand(['announce', 'remove', '7'])).toEqual({ kind: 'announce.remove', id: 7 });
    expect(parseOpsCommand(['audit', '--limit', '5'])).toEqual({ kind: 'audit.list', limit: 5 });
    expect(parseOpsCommand(['sms', 'outbox'])).toEqual({ kind: 'sms.outbox', mobile: null, limit: 20 });
    expect(parseOpsCommand(['sms', 'outbox', '+84912345678', '--limit', '3'])).toEqual({ kind: 'sms.outbox', mobile: '+84912345678', limit: 3 });
    expect(parseOpsCommand(['sms', 'provider', 'sandbox'])).toEqual({ kind: 'sms.provider', flow: 'sandbox' });
    expect(parseOpsCommand(['sms', 'provider', 'own'])).toEqual({ kind: 'sms.provider', flow: 'own' });
    expect(parseOpsCommand(['mail', 'outbox'])).toEqual({ kind: 'mail.outbox', address: null, limit: 20 });
    expect(parseOpsCommand(['mail', 'outbox', 'a@b.co'])).toEqual({ kind: 'mail.outbox', address: 'a@b.co', limit: 20 });
    expect(parseOpsCommand(['password-max-age', '90'])).toEqual({ kind: 'passwordMaxAge.set', days: 90 });
    expect(parseOpsCommand(['password-max-age', 'off'])).toEqual({ kind: 'passwordMaxAge.set', days: null });
    expect(parseOpsCommand(['ledger', 'check'])).toEqual({ kind: 'ledger.check' });
    expect(parseOpsCommand(['wallet', 'mode', 'transfer'])).toEqual({ kind: 'walletMode.set', mode: 'transfer' });
    expect(parseOpsCommand(['wallet', 'adjust', 'member01', '150.5', '--reason', 'goodwill'])).toEqual({
      kind: 'wallet.adjust', username: 'member01', amount: 15_050, reason: 'goodwill', requestId: null,
    });
    expect(parseOpsCommand(['wallet', 'adjust', 'member01', '-0.29', '--reason', 'fix', '--request-id', 'ticket-4711'])).toEqual({
      kind: 'wallet.adjust', username: 'member01', amount: -29, reason: 'fix', requestId: 'ticket-4711',
    });
    expect(parseOpsCommand(['wallet', 'bonus', 'member01', '88', '--reason', 'birthday'])).toEqual({
      kind: 'wallet.bonus', username: 'member01', amount: 8_800, reason: 'birthday', requestId: null,
    });
    expect(() => parseOpsCommand(['wallet', 'bonus', 'member01', '-5', '--reason', 'x'])).toThrow(/positive/);
    expect(parseOpsCommand(['lottery', 'odds'])).toEqual({ kind: 'lottery.odds', prizeMode: null });
    expect(parseOpsCommand(['lottery', 'odds', 'SEA'])).toEqual({ kind: 'lottery.odds', prizeMode: 'SEA' });
    expect(parseOpsCommand(['lottery', 'draws', 'EL1', '--limit', '5'])).toEqual({ kind: 'lottery.draws', game: 'EL1', limit: 5 });
    expect(parseOpsCommand(['lottery', 'source', 'XSMB', 'operator'])).toEqual({ kind: 'lottery.source', game: 'XSMB', source: 'operator' });
    expect(parseOpsCommand(['lottery', 'result', 'XSMB', '20261122', 'db=12345', 'G2=11111,22222'])).toEqual({
      kind: 'lottery.result', game: 'XSMB', drawNo: '20261122', prizes: { DB: ['12345'], G2: ['11111', '22222'] },
    });
    expect(parseOpsCommand(['lottery', 'void', 'EL1', '20261122-0001', '--reason', 'feed down'])).toEqual({
      kind: 'lottery.void', game: 'EL1', drawNo: '20261122-0001', reason: 'feed down',
    });
    expect(parseOpsCommand(['lottery', 'settle', 'EL1', '20261122-0001'])).toEqual({ kind: 'lottery.settle', game: 'EL1', drawNo: '20261122-0001' });
    expect(() => parseOpsCommand(['lottery', 'result', 'XSMB', '20261122', 'DB:12345'])).toThrow(/not PRIZE=number/);
    expect(() => parseOpsCommand(['lottery', 'void', 'EL1', '20261122-0001'])).toThrow(/--reason/);
    expect(() => parseOpsCommand(['lottery', 'source', 'EL1', 'moon'])).toThrow(UsageError);
    expect(parseOpsCommand(['withdrawal', 'review'])).toEqual({ kind: 'withdrawal.review', status: 'pending' });
    expect(parseOpsCommand(['withdrawal', 'review', 'disputed'])).toEqual({ kind: 'withdrawal.review', status: 'disputed' });
    expect(parseOpsCommand(['withdrawal', 'pay', '12'])).toEqual({ kind: 'withdrawal.pay', id: 12 });
    expect(parseOpsCommand(['withdrawal', 'reject', '12', '--reason', 'name mismatch'])).toEqual({ kind: 'withdrawal.reject', id: 12, reason: 'name mismatch' });
    expect(parseOpsCommand(['withdrawal', 'resolve', '12', '--refund', '200.50', '--reason', 'bank confirmed'])).toEqual({
      kind: 'withdrawal.resolve', id: 12, refund: 20_050, reason: 'bank confirmed',
    });
    expect(parseOpsCommand(['withdrawal', 'resolve', '12', '--reason', 'arrived late'])).toEqual({ kind: 'withdrawal.resolve', id: 12, refund: 0, reason: 'arrived late' });
    expect(parseOpsCommand(['withdrawal', 'proof', '12', '--out', 'proof.png'])).toEqual({ kind: 'withdrawal.proof', id: 12, out: 'proof.png' });
    expect(parseOpsCommand(['settle', 'daily-salary', '--at', '2026-06-02T00:05:00+07:00'])).toEqual({ kind: 'settle', contractKind: 'dailySalary', at: '2026-06-02T00:05:00+07:00' });
    const terms = { kind: 'hourlySalary', tiers: [{ rate: 30, minActiveMembers: 0, minValidBet: 0 }] };
    expect(parseOpsCommand(['contract', 'platform', 'agent01', '--terms', JSON.stringify(terms)])).toEqual({ kind: 'contract.platform', username: 'agent01', terms, from: null });
    expect(parseOpsCommand(['contract', 'platform', 'agent01', '--terms', JSON.stringify(terms), '--from', '2026-06-01T00:00:00+07:00'])).toEqual({
      kind: 'contract.platform', username: 'agent01', terms, from: '2026-06-01T00:00:00+07:00',
    });
    expect(parseOpsCommand(['contract', 'start', 'agent02', 'dividend', '--from', '2026-06-01T00:00:00Z'])).toEqual({
      kind: 'contract.start', username: 'agent02', contractKind: 'dividend', from: '2026-06-01T00:00:00Z',
    });
    expect(() => parseOpsCommand(['contract', 'start', 'agent02', 'bonus', '--from', '2026-06-01T00:00:00Z'])).toThrow(/needs an account, a kind/);
    expect(() => parseOpsCommand(['contract', 'start', 'agent02', 'dividend'])).toThrow(/--from/);
    expect(() => parseOpsCommand(['contract', 'start', 'agent02', 'dividend', '--from', 'yesterday'])).toThrow(UsageError);
    expect(() => parseOpsCommand(['contract', 'end', 'agent02'])).toThrow(/platform, start/);
  });

  it.each([
    [[], /Usage/],
    [['launch'], /unknown command "launch"/],
    [['status', 'closed'], /normal, maintenance or region-block/],
    [['status', 'normal', '--until', '2030-01-01T00:00:00Z'], /--until does not apply/],
    [['status', 'maintenance', '--until', 'tomorrow'], /until/],
    [['region', 'block', 'USA'], /two-letter/],
    [['flag', 'NOPE3', 'on'], /unknown module id/],
    [['flag', 'FREEPLAY3', 'yes'], /on or off/],
    [['register-field', 'email', 'maybe'], /off, optional or required/],
    [['user', 'create', 'bob'], /--password/],
    [['user', 'create', '1bob', '--password', 'secret1'], /username/],
    [['user', 'create', 'bobby1', '--password', 'x'], /at least 6/],
    [['user', 'create', 'bobby1', '--password', 'secret1', '--type', 'admin'], /type/],
    [['user', 'create', 'bobby1', '--password'], /needs a value/],
    [['announce', 'add', '--type', 'ZZ', '--title', 'x'], /type/],
    [['announce', 'remove', 'x'], /id/],
    [['status', '--force'], /unknown option --force/],
    [['sms'], /sms supports: outbox/],
    [['sms', 'provider'], /own or sandbox/],
    [['sms', 'provider', 'firebase'], /own or sandbox/],
    [['sms', 'provider', 'own', 'extra'], /unexpected argument/],
    [['sms', 'outbox', '09-12'], /mobile/],
    [['sms', 'outbox', '0912345678', 'extra'], /unexpected argument/],
    [['mail', 'inbox'], /mail supports: outbox/],
    [['mail', 'outbox', 'nobody'], /address/],
    [['password-max-age'], /days or off/],
    [['password-max-age', '0'], /days/],
    [['password-max-age', 'soon'], /days/],
    [['ledger'], /ledger supports: check/],
    [['wallet', 'mode', 'multi'], /single or transfer/],
    [['wallet', 'pay'], /wallet supports: adjust, bonus, mode/],
    [['wallet', 'adjust', 'member01', '10'], /--reason/],
    [['wallet', 'adjust', 'member01'], /username and an amount/],
    [['wallet', 'adjust', 'member01', '0', '--reason', 'x'], /zero/],
    [['wallet', 'adjust', 'member01', '1.005', '--reason', 'x'], /two decimals/],
    [['wallet', 'adjust', 'member01', 'ten', '--reason', 'x'], /not an amount/],
    [['wallet', 'adjust', 'member01', '1e30', '--reason', 'x'], /not an amount/],
    [['wallet', 'adjust', 'member01', '99999999999999', '--reason', 'x'], /too large/],
    [['wallet', 'adjust', 'member01', '5', '--reason', 'x', '--request-id', 'no spaces!'], /requestId/],
    [['withdrawal'], /withdrawal supports: review, pay, reject, resolve, proof/],
    [['withdrawal', 'proof', '12'], /--out/],
    [['withdrawal', 'review', 'lost'], /status/],
    [['withdrawal', 'pay'], /needs a withdrawal id/],
    [['withdrawal', 'pay', 'x1'], /needs a withdrawal id/],
    [['withdrawal', 'reject', '0', '--reason', 'x'], /needs a withdrawal id/],
    [['withdrawal', 'pay', '3', '--reason', 'x'], /--reason does not apply/],
    [['withdrawal', 'reject', '3'], /--reason/],
    [['withdrawal', 'resolve', '3', '--refund', '5'], /--reason/],
    [['withdrawal', 'resolve', '3', '--refund', '-5', '--reason', 'x'], /refund/],
    [['withdrawal', 'resolve', '3', '--refund', '1.005', '--reason', 'x'], /two decimals/],
  ])('refuses %j with a clear message', (argv, message) => {
    expect(() => parseOpsCommand(argv)).toThrow(UsageError);
    expect(() => parseOpsCommand(argv)).toThrow(message);
  });
});
