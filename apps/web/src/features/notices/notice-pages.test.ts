import { describe, expect, it } from 'vitest';
import { pageCount, pageItems, pageOfNotice, shouldShowPopup } from './notice-pages.ts';

const notices = Array.from({ length: 23 }, (_, i) => ({ id: 100 + i }));

describe('notice pages', () => {
  it('splits notices 10 per page', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(23)).toBe(3);
    expect(pageItems(notices, 1).map((n) => n.id)).toEqual([100, 101, 102, 103, 104, 105, 106, 107, 108, 109]);
    expect(pageItems(notices, 3).map((n) => n.id)).toEqual([120, 121, 122]);
    expect(pageItems(notices, 99).map((n) => n.id)).toEqual([120, 121, 122]);
    expect(pageItems(notices, 0)).toHaveLength(10);
  });

  it('opens on the page of the chosen notice', () => {
    expect(pageOfNotice(notices, 100)).toBe(1);
    expect(pageOfNotice(notices, 109)).toBe(1);
    expect(pageOfNotice(notices, 110)).toBe(2);
    expect(pageOfNotice(notices, 122)).toBe(3);
    expect(pageOfNotice(notices, 999)).toBe(1);
    expect(pageOfNotice(notices, undefined)).toBe(1);
  });

  it('shows the popup once per session', () => {
    expect(shouldShowPopup(1, null)).toBe(true);
    expect(shouldShowPopup(1, '1')).toBe(false);
    expect(shouldShowPopup(0, null)).toBe(false);
  });
});
