import { describe, expect, it } from 'vitest';
import { TransitionError } from './machine.ts';
import { testRandom } from '../lottery-engine/test-support.ts';
import {
  addTurnover,
  bonusClosing,
  bonusTransition,
  DEFAULT_TURNOVER_WEIGHTS,
  maxStakeWithBonus,
  remainingTurnover,
  splitStake,
  splitWin,
  turnoverContribution,
  turnoverProgress,
  turnoverRequirement,
  withdrawalCheck,
  type TBonus,
} from './turnover.ts';

describe('turnoverRequirement', () => {
  it('is bonus × multiple, or (deposit + bonus) × multiple', () => {
    expect(turnoverRequirement({ multiple: 10, base: 'bonus' }, 50_000, 200_000)).toBe(500_000);
    expect(turnoverRequirement({ multiple: 10, base: 'depositPlusBonus' }, 50_000, 200_000)).toBe(2_500_000);
    expect(turnoverRequirement({ multiple: 0, base: 'bonus' }, 50_000)).toBe(0);
    expect(() => turnoverRequirement({ multiple: 1.5, base: 'bonus' }, 50_000)).toThrow(RangeError);
  });
});

describe('turnover progress', () => {
  it('counts settled valid bets by category weight, rounding each bet down', () => {
    const w = DEFAULT_TURNOVER_WEIGHTS;
    expect(turnoverContribution(w, { category: 'RNG', validBet: 10_000, settled: true })).toBe(10_000);
    expect(turnoverContribution(w, { category: 'LOTT', validBet: 10_001, settled: true })).toBe(5_000);
    expect(turnoverContribution(w, { category: 'LIVE', validBet: 10_000, settled: true })).toBe(2_000);
    expect(turnoverContribution(w, { category: 'RNG', validBet: 10_000, settled: false })).toBe(0);
  });

  it('counts nothing of a category the activity does not allow', () => {
    const slotsOnly = { RNG: 10_000 };
    expect(
      turnoverProgress(slotsOnly, [
        { category: 'RNG', validBet: 7_000, settled: true },
        { category: 'SPORTS', validBet: 90_000, settled: true },
        { category: 'RNG', validBet: 3_000, settled: true },
        { category: 'RNG', validBet: 50_000, settled: false },
      ]),
    ).toBe(10_000);
  });
});

describe('splitStake and splitWin', () => {
  it('takes cash first, then bonus', () => {
    expect(splitStake({ cash: 30_000, bonus: 50_000 }, 10_000)).toEqual({ fromCash: 10_000, fromBonus: 0 });
    expect(splitStake({ cash: 30_000, bonus: 50_000 }, 30_000)).toEqual({ fromCash: 30_000, fromBonus: 0 });
    expect(splitStake({ cash: 30_000, bonus: 50_000 }, 40_000)).toEqual({ fromCash: 30_000, fromBonus: 10_000 });
    expect(splitStake({ cash: 0, bonus: 50_000 }, 50_000)).toEqual({ fromCash: 0, fromBonus: 50_000 });
    expect(splitStake({ cash: 30_000, bonus: 50_000 }, 80_001)).toBeNull();
  });

  it('credits a win in the proportion of its stake, the rounding to cash', () => {
    expect(splitWin({ fromCash: 7_000, fromBonus: 3_000 }, 20_000)).toEqual({ toCash: 14_000, toBonus: 6_000 });
    expect(splitWin({ fromCash: 2, fromBonus: 1 }, 100)).toEqual({ toCash: 67, toBonus: 33 });
    expect(splitWin({ fromCash: 10, fromBonus: 0 }, 100)).toEqual({ toCash: 100, toBonus: 0 });
    expect(splitWin({ fromCash: 0, fromBonus: 0 }, 0)).toEqual({ toCash: 0, toBonus: 0 });
  });

  it('never takes more than either balance holds, nor loses a unit of a win (1,000 random cases)', () => {
    const random = testRandom('0123456789abcdef0123456789abcdef');
    for (let i = 0; i < 1_000; i += 1) {
      const balances = { cash: random.int(100_000), bonus: random.int(100_000) };
      const stake = random.int(200_001);
      const split = splitStake(balances, stake);
      if (stake > balances.cash + balances.bonus) {
        expect(split).toBeNull();
        continue;
      }
      if (!split) throw new Error('covered stake refused');
      expect(split.fromCash + split.fromBonus).toBe(stake);
      expect(split.fromCash).toBeLessThanOrEqual(balances.cash);
      expect(split.fromBonus).toBeLessThanOrEqual(balances.bonus);
      expect(split.fromBonus === 0 || split.fromCash === balances.cash).toBe(true);
      const win = random.int(1_000_000);
      const credit = splitWin(split, win);
      expect(credit.toCash + credit.toBonus).toBe(win);
      expect(Math.min(credit.toCash, credit.toBonus)).toBeGreaterThanOrEqual(0);
    }
  });

  it('caps a stake while a bonus is open at 10 % of it by default', () => {
    expect(maxStakeWithBonus(50_000)).toBe(5_000);
    expect(maxStakeWithBonus(50_000, 2_000)).toBe(10_000);
  });
});

describe('the bonus', () => {
  const expiresAt = new Date('2026-12-01T00:00:00Z');
  const before = new Date('2026-11-20T00:00:00Z');
  const bonus: TBonus = { status: 'open', balance: 50_000, requirement: 500_000, progress: 0, expiresAt };

  it('converts its balance to cash once progress reaches the requirement, exactly', () => {
    const almost = addTurnover(bonus, 499_999);
    expect(remainingTurnover(almost)).toBe(1);
    expect(bonusClosing(almost, before)).toBeNull();
    const met = addTurnover(almost, 1);
    expect(remainingTurnover(met)).toBe(0);
    expect(bonusClosing(met, before)).toEqual({ event: 'turnoverMet', status: 'converted', amount: 50_000, to: 'cash' });
    expect(bonusClosing({ ...bonus, requirement: 0 }, before)).toMatchObject({ event: 'turnoverMet', status: 'converted' });
  });

  it('forfeits its balance, winnings included, to the house on expiry', () => {
    const played = { ...addTurnover(bonus, 100_000), balance: 72_000 };
    expect(bonusClosing(played, expiresAt)).toEqual({ event: 'expire', status: 'forfeited', amount: 72_000, to: 'house' });
    expect(bonusClosing({ ...played, progress: 500_000 }, expiresAt)).toMatchObject({ event: 'turnoverMet' });
  });

  it('moves no more once closed', () => {
    const converted: TBonus = { ...bonus, status: 'converted' };
    expect(bonusClosing(converted, expiresAt)).toBeNull();
    expect(addTurnover(converted, 10)).toBe(converted);
    expect(remainingTurnover(converted)).toBe(0);
    expect(() => bonusTransition('converted', 'expire')).toThrow(TransitionError);
    expect(() => bonusTransition('forfeited', 'turnoverMet')).toThrow(/forfeited cannot take the event turnoverMet/);
  });
});

describe('withdrawalCheck', () => {
  const expiresAt = new Date('2026-12-01T00:00:00Z');
  const open: TBonus = { status: 'open', balance: 50_000, requirement: 500_000, progress: 120_000, expiresAt };
  const other: TBonus = { status: 'open', balance: 8_000, requirement: 80_000, progress: 0, expiresAt };

  it('allows a withdrawal when no turnover is open', () => {
    expect(withdrawalCheck([], 'refuse')).toEqual({ ok: true, forfeits: [] });
    expect(withdrawalCheck([{ ...open, status: 'converted' }, { ...open, progress: 500_000 }], 'refuse')).toEqual({ ok: true, forfeits: [] });
  });

  it('refuses one with open turnover, showing what remains over all bonuses', () => {
    expect(withdrawalCheck([open, other], 'refuse')).toEqual({ ok: false, reason: 'turnover_open', remainingTurnover: 460_000 });
  });

  it('forfeits each open bonus first where the operator chose so', () => {
    expect(withdrawalCheck([open, { ...other, status: 'forfeited' }], 'forfeit')).toEqual({
      ok: true,
      forfeits: [{ event: 'forfeit', status: 'forfeited', amount: 50_000, to: 'house' }],
    });
  });
});
