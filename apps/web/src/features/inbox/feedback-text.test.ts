import { describe, expect, it } from 'vitest';
import { feedbackProblem } from './feedback-text.ts';

describe('feedbackProblem', () => {
  it('accepts 1 to 140 characters, counted after trimming', () => {
    expect(feedbackProblem('a')).toBeNull();
    expect(feedbackProblem('x'.repeat(140))).toBeNull();
    expect(feedbackProblem(`  ${'x'.repeat(140)}\n`)).toBeNull();
  });

  it('refuses empty and 141 characters', () => {
    expect(feedbackProblem('   ')).toBe('empty');
    expect(feedbackProblem('x'.repeat(141))).toBe('long');
  });

  it('counts as the server does (an emoji is two)', () => {
    expect(feedbackProblem('😀'.repeat(70))).toBeNull();
    expect(feedbackProblem(`${'😀'.repeat(70)}x`)).toBe('long');
  });
});
