import { describe, expect, it } from 'vitest';
import { missionFigure, progressPercent, progressText, sortMissions, timeLeft } from './mission-text.ts';

describe('mission figures', () => {
  it('shows money kinds with two decimals and counts as whole numbers', () => {
    expect(missionFigure('deposit', 123_456)).toBe('1,234.56');
    expect(missionFigure('validBet', 500_000_00)).toBe('500,000.00');
    expect(missionFigure('betCount', 1200)).toBe('1,200');
    expect(missionFigure('loginStreak', 3)).toBe('3');
  });

  it('caps progress at the target and is full once done', () => {
    expect(progressText({ kind: 'deposit', progress: 150_000, target: 100_000 })).toBe('1,000.00 / 1,000.00');
    expect(progressText({ kind: 'distinctGames', progress: 2, target: 5 })).toBe('2 / 5');
    expect(progressPercent({ progress: 2, target: 5, status: 'inProgress' })).toBe(40);
    expect(progressPercent({ progress: 9, target: 5, status: 'inProgress' })).toBe(100);
    expect(progressPercent({ progress: 0, target: 5, status: 'claimed' })).toBe(100);
  });
});

describe('timeLeft', () => {
  const now = Date.parse('2026-11-26T10:00:00Z');
  it('splits whole days from the clock', () => {
    expect(timeLeft('2026-11-28T13:04:05Z', now)).toEqual({ days: 2, clock: '03:04:05', over: false });
    expect(timeLeft('2026-11-26T10:00:09Z', now)).toEqual({ days: 0, clock: '00:00:09', over: false });
  });
  it('never goes below zero', () => {
    expect(timeLeft('2026-11-26T09:00:00Z', now)).toEqual({ days: 0, clock: '00:00:00', over: true });
  });
});

describe('sortMissions', () => {
  it('puts claimable first, claimed last, daily before weekly, nearest unfinished first', () => {
    const m = (id: number, status: 'inProgress' | 'claimable' | 'claimed', period: 'daily' | 'weekly', progress = 0) => ({ id, status, period, progress, target: 10 });
    const sorted = sortMissions([m(1, 'claimed', 'daily'), m(2, 'inProgress', 'weekly', 9), m(3, 'inProgress', 'daily', 1), m(4, 'inProgress', 'daily', 5), m(5, 'claimable', 'weekly')]);
    expect(sorted.map((x) => x.id)).toEqual([5, 4, 3, 2, 1]);
  });
});
