import type { TTier } from '@playhall/contract/calls/agent';
import { describe, expect, it } from 'vitest';
import { differential, dividendAmount, realtimeSalary, salaryAmount, share, type TCarryOver } from './formulas.ts';

const salaryTiers: TTier[] = [
  { rate: 50, minActiveMembers: 1, minValidBet: 100_000 },
  { rate: 80, minActiveMembers: 3, minValidBet: 1_000_000 },
];

describe('share', () => {
  it('rounds down, the remainder staying with the payer', () => {
    expect(share(1_999, 50)).toBe(9); // 9.995
    expect(share(199, 50)).toBe(0); // 0.995
    expect(share(1_000_000, 80)).toBe(8_000);
    expect(share(123, 10_000)).toBe(123);
    expect(share(0, 10_000)).toBe(0);
  });

  it('is exact where base × rate passes 2^53', () => {
    // Number arithmetic would round the product and give …069.
    expect(share(Number.MAX_SAFE_INTEGER, 7_777)).toBe(7_004_898_860_412_068); // floor((2^53 − 1) × 7,777 / 10,000)
  });

  it('refuses what cannot be money or a rate', () => {
    expect(() => share(-1, 50)).toThrow(RangeError);
    expect(() => share(1.5, 50)).toThrow(RangeError);
    expect(() => share(100, 10_001)).toThrow(RangeError);
  });
});

describe('salaryAmount', () => {
  it('pays the applicable tier’s rate on the team valid bet, rounded down', () => {
    expect(salaryAmount(salaryTiers, { validBet: 1_234_567, activeMembers: 3 })).toEqual({
      tier: salaryTiers[1],
      rate: 80,
      base: 1_234_567,
      amount: 9_876, // 9,876.536
      status: 'issued',
    });
    expect(salaryAmount(salaryTiers, { validBet: 1_234_567, activeMembers: 2 })).toMatchObject({ rate: 50, amount: 6_172 });
  });

  it('is not reached below every tier, and pays nothing', () => {
    expect(salaryAmount(salaryTiers, { validBet: 99_999, activeMembers: 5 })).toEqual({ tier: null, rate: 0, base: 99_999, amount: 0, status: 'notReached' });
  });

  it('makes a period with no activity a notReached bill of 0, even when a tier needs nothing', () => {
    const open: TTier[] = [{ rate: 50, minActiveMembers: 0 }];
    expect(salaryAmount(open, { validBet: 0, activeMembers: 0 })).toEqual({ tier: open[0], rate: 50, base: 0, amount: 0, status: 'notReached' });
    // A share that rounds down to 0 is not issued either.
    expect(salaryAmount(open, { validBet: 199, activeMembers: 0 })).toMatchObject({ amount: 0, status: 'notReached' });
  });
});

describe('realtimeSalary', () => {
  const terms = { profitRate: 30, lossRate: 70, minBetAmount: 10_000 };

  it('pays the profit rate on a won bet, the loss rate on a lost one, nothing on a push', () => {
    expect(realtimeSalary(terms, [{ stake: 100_000, payout: 195_000 }])).toEqual({ amount: 300, counted: 1, base: 100_000 });
    expect(realtimeSalary(terms, [{ stake: 100_000, payout: 0 }])).toEqual({ amount: 700, counted: 1, base: 100_000 });
    expect(realtimeSalary(terms, [{ stake: 100_000, payout: 50_000 }])).toEqual({ amount: 700, counted: 1, base: 100_000 });
    expect(realtimeSalary(terms, [{ stake: 100_000, payout: 100_000 }])).toEqual({ amount: 0, counted: 0, base: 0 });
  });

  it('counts a bet at exactly the minimum, not one unit below', () => {
    expect(realtimeSalary(terms, [{ stake: 10_000, payout: 0 }])).toEqual({ amount: 70, counted: 1, base: 10_000 });
    expect(realtimeSalary(terms, [{ stake: 9_999, payout: 0 }])).toEqual({ amount: 0, counted: 0, base: 0 });
  });

  it('rounds each bet down before summing', () => {
    // Each 14,999 lost pays floor(104.993) = 104; rounding the sum instead would pay 314.
    const bets = [
      { stake: 14_999, payout: 0 },
      { stake: 14_999, payout: 0 },
      { stake: 14_999, payout: 0 },
      { stake: 20_000, payout: 20_000 },
      { stake: 5_000, payout: 0 },
    ];
    expect(realtimeSalary(terms, bets)).toEqual({ amount: 312, counted: 3, base: 44_997 });
    expect(realtimeSalary(terms, [])).toEqual({ amount: 0, counted: 0, base: 0 });
  });
});

describe('dividendAmount', () => {
  const tiers: TTier[] = [
    { rate: 1000, minActiveMembers: 1 },
    { rate: 2000, minActiveMembers: 1, minNetLoss: 1_000 },
  ];

  /** Runs periods in order, each taking the previous carryOut. */
  function run(carryOver: TCarryOver, netLosses: number[]): { base: number; rate: number; amount: number; carryOut: number }[] {
    let carry = 0;
    return netLosses.map((netLoss) => {
      const r = dividendAmount(tiers, { netLoss, activeMembers: 1, carry }, carryOver);
      carry = r.carryOut;
      return { base: r.base, rate: r.rate, amount: r.amount, carryOut: r.carryOut };
    });
  }

  it('none: every period stands alone', () => {
    expect(run('none', [-500, 300, 1_000])).toEqual([
      { base: -500, rate: 0, amount: 0, carryOut: 0 },
      { base: 300, rate: 1000, amount: 30, carryOut: 0 },
      { base: 1_000, rate: 2000, amount: 200, carryOut: 0 },
    ]);
  });

  it('previous: a negative period offsets the next one only', () => {
    expect(run('previous', [-500, 300, 1_000])).toEqual([
      { base: -500, rate: 0, amount: 0, carryOut: -500 },
      { base: -200, rate: 0, amount: 0, carryOut: 0 },
      { base: 1_000, rate: 2000, amount: 200, carryOut: 0 },
    ]);
    // Two negative periods in a row: only the latest carries.
    expect(run('previous', [-500, -100, 300]).map((p) => p.base)).toEqual([-500, -600, 200]);
  });

  it('permanent: losses accumulate until made up', () => {
    expect(run('permanent', [-500, 300, 1_000])).toEqual([
      { base: -500, rate: 0, amount: 0, carryOut: -500 },
      { base: -200, rate: 0, amount: 0, carryOut: -200 },
      { base: 800, rate: 1000, amount: 80, carryOut: 0 },
    ]);
    expect(run('permanent', [-500, -100, 300, 700]).map((p) => p.base)).toEqual([-500, -600, -300, 400]);
  });

  it('chooses the tier on the base after carry-over, and is notReached without one', () => {
    // 1,200 alone reaches the 2,000 tier; after a carry of −500 the base 700 does not.
    expect(dividendAmount(tiers, { netLoss: 1_200, activeMembers: 1, carry: -500 }, 'permanent')).toMatchObject({ base: 700, rate: 1000, amount: 70, status: 'issued' });
    expect(dividendAmount(tiers, { netLoss: 1_200, activeMembers: 0, carry: 0 }, 'none')).toEqual({
      tier: null,
      rate: 0,
      base: 1_200,
      amount: 0,
      status: 'notReached',
      carryOut: 0,
    });
    expect(dividendAmount(tiers, { netLoss: 0, activeMembers: 0, carry: 0 }, 'permanent')).toMatchObject({ amount: 0, status: 'notReached', carryOut: 0 });
  });

  it('refuses a positive carry', () => {
    expect(() => dividendAmount(tiers, { netLoss: 100, activeMembers: 1, carry: 1 }, 'permanent')).toThrow(RangeError);
  });
});

describe('differential', () => {
  const A = 1;
  const B = 2;
  const C = 3;

  it('pays the worked example of agent-contracts.md: platform → A 8,000, A → B 6,000, A keeps 2,000', () => {
    const links = [
      { contractId: 10, uplineId: null, downlineId: A, rate: 80 },
      { contractId: 11, uplineId: A, downlineId: B, rate: 60 },
    ];
    // C's valid bet of 1,000,000 is the base of B's team and of A's.
    const result = differential(links, new Map([[A, 1_000_000], [B, 1_000_000]]));
    expect(result.payments).toEqual([
      { contractId: 10, payerId: null, payeeId: A, rate: 80, base: 1_000_000, amount: 8_000 },
      { contractId: 11, payerId: A, payeeId: B, rate: 60, base: 1_000_000, amount: 6_000 },
    ]);
    expect(result.platformPays).toBe(8_000);
    expect(result.kept).toEqual(new Map([[A, 2_000], [B, 6_000]]));
  });

  it('pays each contract on its own downline’s team, over a tree', () => {
    // A has two downlines, B (team 600,000) and C (team 300,000); A's own bets make its team 1,000,000.
    const links = [
      { contractId: 10, uplineId: null, downlineId: A, rate: 80 },
      { contractId: 11, uplineId: A, downlineId: B, rate: 60 },
      { contractId: 12, uplineId: A, downlineId: C, rate: 70 },
    ];
    const result = differential(links, new Map([[A, 1_000_000], [B, 600_000], [C, 300_000]]));
    expect(result.payments.map((p) => p.amount)).toEqual([8_000, 3_600, 2_100]);
    expect(result.kept.get(A)).toBe(8_000 - 3_600 - 2_100);
  });

  it('rounds each payment down on its own', () => {
    const links = [
      { contractId: 10, uplineId: null, downlineId: A, rate: 77 },
      { contractId: 11, uplineId: A, downlineId: B, rate: 33 },
    ];
    const result = differential(links, new Map([[A, 12_345], [B, 12_345]]));
    expect(result.payments.map((p) => p.amount)).toEqual([95, 40]); // 95.0565, 40.7385
    expect(result.kept.get(A)).toBe(55); // not floor(44 × 12,345 / 10,000) = 54
  });

  it('refuses a member with two contracts of a kind, or a team without a base', () => {
    const twice = [
      { contractId: 10, uplineId: null, downlineId: A, rate: 80 },
      { contractId: 11, uplineId: null, downlineId: A, rate: 60 },
    ];
    expect(() => differential(twice, new Map([[A, 1]]))).toThrow(/two contracts/);
    expect(() => differential([{ contractId: 10, uplineId: null, downlineId: A, rate: 80 }], new Map())).toThrow(/no base/);
  });
});
