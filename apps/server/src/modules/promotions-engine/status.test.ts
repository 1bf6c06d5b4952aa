import { describe, expect, it } from 'vitest';
import { TransitionError } from './machine.ts';
import {
  ACTIVITY_EVENTS,
  ACTIVITY_STATUSES,
  cardStatus,
  nextStatus,
  transition,
  type TActivityEvent,
  type TActivityStatus,
  type TParticipation,
} from './status.ts';

/** The table of status.ts written out once more, so a change to it is a change to this test too. */
const ALLOWED: [TActivityStatus, TActivityEvent, TActivityStatus][] = [
  ['comingSoon', 'open', 'join'],
  ['comingSoon', 'close', 'closed'],
  ['join', 'join', 'inProcess'],
  ['join', 'apply', 'applying'],
  ['join', 'checkIn', 'signed'],
  ['join', 'close', 'closed'],
  ['applying', 'approve', 'claim'],
  ['applying', 'reject', 'rejected'],
  ['rejected', 'apply', 'applying'],
  ['inProcess', 'qualify', 'claim'],
  ['inProcess', 'issue', 'issued'],
  ['inProcess', 'close', 'closed'],
  ['signed', 'newDay', 'join'],
  ['signed', 'close', 'closed'],
  ['claim', 'claim', 'claimed'],
  ['issued', 'join', 'inProcess'],
  ['claimed', 'apply', 'applying'],
  ['claim', 'expire', 'closed'],
];

describe('transition', () => {
  it('has the spec §4 statuses, claim included', () => {
    expect([...ACTIVITY_STATUSES].sort()).toEqual(
      ['applying', 'claim', 'claimed', 'closed', 'comingSoon', 'inProcess', 'issued', 'join', 'rejected', 'signed'],
    );
  });

  it.each(ALLOWED)('%s --%s--> %s', (from, event, to) => {
    expect(transition(from, event)).toBe(to);
  });

  it('refuses every other pair with a typed error naming the status and the event', () => {
    const allowed = new Set(ALLOWED.map(([from, event]) => `${from}:${event}`));
    let refused = 0;
    for (const from of ACTIVITY_STATUSES) {
      for (const event of ACTIVITY_EVENTS) {
        if (allowed.has(`${from}:${event}`)) continue;
        refused += 1;
        expect(nextStatus(from, event)).toBeNull();
        let error: unknown;
        try {
          transition(from, event);
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(TransitionError);
        expect(error).toMatchObject({ code: 'activity_transition_refused', from, event });
      }
    }
    expect(refused).toBe(ACTIVITY_STATUSES.length * ACTIVITY_EVENTS.length - ALLOWED.length);
  });

  it('pays a claim once: a second claim, or a claim of an issued reward, is refused', () => {
    const claimed = transition(transition('applying', 'approve'), 'claim');
    expect(claimed).toBe('claimed');
    expect(() => transition(claimed, 'claim')).toThrow(TransitionError);
    expect(() => transition('issued', 'claim')).toThrow(/issued cannot take the event claim/);
  });

  it('refuses to apply to a closed activity, or to join one not started', () => {
    expect(() => transition('closed', 'apply')).toThrow(TransitionError);
    expect(() => transition('comingSoon', 'join')).toThrow(TransitionError);
    expect(() => transition('applying', 'apply')).toThrow(TransitionError);
  });

  it('closes none of the final statuses, so they stay on the card', () => {
    for (const status of ['rejected', 'issued', 'claimed', 'closed', 'applying', 'claim'] as const) expect(nextStatus(status, 'close')).toBeNull();
  });
});

describe('cardStatus', () => {
  const schedule = { startsAt: new Date('2026-11-01T00:00:00Z'), endsAt: new Date('2026-12-01T00:00:00Z') };
  const during = new Date('2026-11-10T12:00:00Z');
  const after = new Date('2026-12-01T00:00:00Z');
  const card = (participation: TParticipation | null, now = during, today = '2026-11-10', closed = false) =>
    cardStatus({ ...schedule, closed }, participation, now, today);

  it('shows the schedule alone to a member who has not taken part', () => {
    expect(card(null, new Date('2026-10-31T23:59:59Z'))).toBe('comingSoon');
    expect(card(null, schedule.startsAt)).toBe('join');
    expect(card(null)).toBe('join');
    expect(card(null, after)).toBe('closed');
    expect(card(null, during, '2026-11-10', true)).toBe('closed');
  });

  it('shows the stored status while the period runs', () => {
    for (const status of ['applying', 'inProcess', 'rejected', 'claim', 'issued', 'claimed'] as const) expect(card({ status })).toBe(status);
  });

  it('shows signed on the day of the check-in only', () => {
    expect(card({ status: 'signed', signedDay: '2026-11-10' })).toBe('signed');
    expect(card({ status: 'signed', signedDay: '2026-11-09' })).toBe('join');
    expect(card({ status: 'signed', signedDay: '2026-11-10' }, after, '2026-12-01')).toBe('closed');
  });

  it('closes what the period end closes and keeps the rest', () => {
    expect(card({ status: 'inProcess' }, after)).toBe('closed');
    expect(card({ status: 'join' }, after)).toBe('closed');
    expect(card({ status: 'applying' }, after)).toBe('applying');
    expect(card({ status: 'rejected' }, after)).toBe('rejected');
    expect(card({ status: 'issued' }, after)).toBe('issued');
    expect(card({ status: 'claimed' }, after)).toBe('claimed');
    expect(card({ status: 'inProcess' }, during, '2026-11-10', true)).toBe('closed');
  });

  it('keeps a reward to claim after the period, until its claim window ends', () => {
    const claimUntil = new Date('2026-12-08T00:00:00Z');
    expect(card({ status: 'claim', claimUntil }, after)).toBe('claim');
    expect(card({ status: 'claim' }, after)).toBe('claim');
    expect(card({ status: 'claim', claimUntil }, claimUntil)).toBe('closed');
    expect(card({ status: 'claimed', claimUntil }, claimUntil)).toBe('claimed');
  });
});
