import { describe, expect, it } from 'vitest';
import { ledgerKey } from '../agent-engine/index.ts';
import { detailOf, detailRef, roundKey, type TDetailNames } from './record-detail.ts';

const names: TDetailNames = {
  rounds: new Map([[roundKey('PH_SLOT', 'r-8f2a91c0'), { category: 'RNG', game: 'Lucky Crown' }]]),
  vendors: new Map([['PH_SLOT', 'Playhall Slots']]),
  lotteryGames: new Map([['EL5', 'Fast lottery 5 min']]),
};
const detail = (kind: string, key: string, memo: string | null) => detailOf(detailRef({ kind, key, memo }), names);

describe('record details', () => {
  it('name a game round by its category, game and vendor; a rollback says so; an unknown round keeps the vendor', () => {
    expect(detail('bet', 'vendor:PH_SLOT:r-8f2a91c0:debit', 'PH_SLOT r-8f2a91c0')).toEqual({ kind: 'game', category: 'RNG', vendor: 'Playhall Slots', game: 'Lucky Crown', round: 'r-8f2a91c0', rollback: false });
    expect(detail('betRefund', 'vendor:PH_SLOT:x', 'PH_SLOT r-8f2a91c0 rollback')).toMatchObject({ kind: 'game', rollback: true });
    expect(detail('payout', 'vendor:PG:77', 'PG 991')).toEqual({ kind: 'game', category: null, vendor: 'PG', game: null, round: '991', rollback: false });
  });

  it('name a lottery draw, a contract payment, a deposit and the platform’s own entries', () => {
    expect(detail('bet', 'lottery-stake:7:req:0', 'Lottery EL5 20261125-0042')).toEqual({ kind: 'lottery', game: 'Fast lottery 5 min', drawNo: '20261125-0042', voided: false });
    expect(detail('betRefund', 'lottery-void:9:3', 'Lottery XSMB 20261125 voided')).toEqual({ kind: 'lottery', game: 'XSMB', drawNo: '20261125', voided: true });
    expect(detail('salary', ledgerKey('dailySalary', 12, '2026-11-22'), 'Daily salary 2026-11-22')).toEqual({ kind: 'contract', contractKind: 'dailySalary', period: '2026-11-22' });
    expect(detail('dividend', ledgerKey('dividend', 3, '2026-11-H1'), 'Dividend 2026-11-H1')).toEqual({ kind: 'contract', contractKind: 'dividend', period: '2026-11-H1' });
    expect(detail('deposit', 'deposit:41', 'Online deposit SBX-123')).toEqual({ kind: 'deposit', channel: 'online', depositId: 41 });
    expect(detail('deposit', 'deposit:42', 'Bank deposit')).toEqual({ kind: 'deposit', channel: 'bank', depositId: 42 });
    expect(detail('adjustment', 'seed:demo:member01', 'Demo balance')).toEqual({ kind: 'system', code: 'demoBalance' });
    expect(detail('bonus', 'bonus:welcome:member01', 'Welcome bonus')).toEqual({ kind: 'system', code: 'welcomeBonus' });
    expect(detail('adjustment', 'freeplay:5', 'Free-play demo balance')).toEqual({ kind: 'system', code: 'freePlay' });
    expect(detail('vendorTransfer', 'member:5:abc', 'Recall all')).toEqual({ kind: 'system', code: 'recallAll' });
  });

  it('leave someone’s own words alone: a transfer remark, an operator’s reason, a withdrawal to a card', () => {
    expect(detail('memberTransfer', 'member:5:abc', 'for dinner')).toBeNull();
    expect(detail('adjustment', 'adjust:audit:7', 'goodwill')).toBeNull();
    expect(detail('withdrawal', 'member:5:w1', 'Vietcombank ****6789')).toBeNull();
    // A memo that does not read as a round is not taken for one.
    expect(detail('bet', 'vendor:PH_SLOT:x', null)).toBeNull();
  });
});
