import { describe, expect, it } from 'vitest';
import type { TChatMessage } from '@playhall/contract/calls/inbox';
import { mergeMessages, missedSince, newClientId, removeMessages, writeState } from './chat-messages.ts';

const msg = (id: number, mine = false): TChatMessage => ({
  id,
  roomId: 1,
  author: 'mem***01',
  vipLevel: 2,
  text: `m${id}`,
  createdAt: '2026-11-26T07:00:00.000Z',
  mine,
});

describe('mergeMessages', () => {
  it('keeps id order and each message once, whatever order history, pushes and catch-up come in', () => {
    const merged = mergeMessages([msg(3), msg(5)], [msg(4), msg(5), msg(1)]);
    expect(merged.map((m) => m.id)).toEqual([1, 3, 4, 5]);
  });

  it('keeps a message mine once a source said so (the send answer and a push of the same message)', () => {
    expect(mergeMessages([msg(7, true)], [msg(7, false)])[0]?.mine).toBe(true);
  });
});

describe('removeMessages', () => {
  it('drops the deleted ids only', () => {
    expect(removeMessages([msg(1), msg(2), msg(3)], [2, 9]).map((m) => m.id)).toEqual([1, 3]);
  });
});

describe('missedSince', () => {
  it('asks for what came after the last message seen when the rejoin history starts later', () => {
    expect(missedSince([msg(1), msg(2)], [msg(10), msg(11)])).toBe(2);
    expect(missedSince([msg(1), msg(2)], [msg(2), msg(3)])).toBeNull();
    expect(missedSince([], [msg(10)])).toBeNull();
  });
});

describe('newClientId', () => {
  it('is what chat.send accepts and new each time', () => {
    const a = newClientId();
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newClientId()).not.toBe(a);
  });
});

describe('writeState', () => {
  const now = Date.parse('2026-11-26T07:00:00Z');
  it('lets a visitor read only, and tells a muted member until when', () => {
    expect(writeState(null, now)).toEqual({ kind: 'visitor' });
    expect(writeState({ canWrite: false, mutedUntil: '2026-11-26T07:10:00Z', banned: false }, now)).toEqual({
      kind: 'muted',
      until: '2026-11-26T07:10:00Z',
    });
    expect(writeState({ canWrite: false, mutedUntil: null, banned: true }, now)).toEqual({ kind: 'banned' });
  });

  it('opens the input again once the mute has passed', () => {
    expect(writeState({ canWrite: false, mutedUntil: '2026-11-26T06:59:00Z', banned: false }, now)).toEqual({ kind: 'open' });
    expect(writeState({ canWrite: true, mutedUntil: null, banned: false }, now)).toEqual({ kind: 'open' });
  });
});
