import { describe, expect, it } from 'vitest';
import type { TGameCategory } from '@playhall/contract/categories';
import type { TVendorLane } from '@playhall/contract/calls/system';
import { navDropdown, navLanes } from './nav-dropdown.ts';

function lane(category: TGameCategory, n: number): TVendorLane {
  return {
    gameCategory: category,
    title: category,
    vendors: Array.from({ length: n }, (_, i) => ({
      vassalage: `V${i}`,
      accountTypeId: i,
      accountTypeName: category,
      displayName: `Vendor ${i}`,
      smallIcon: `img/vendors/V${i}.svg`,
      isHot: i === 0 ? 1 : 0,
      gameType: category,
      maintenance: 0,
    })),
  };
}

describe('navDropdown', () => {
  it('centres up to 8 vendors and shows no More', () => {
    for (const n of [1, 8]) {
      const d = navDropdown(lane('LIVE', n));
      expect(d.cards).toHaveLength(n);
      expect(d.centred).toBe(true);
      expect(d.hasMore).toBe(false);
    }
  });

  it('switches to the left-aligned grid above 8', () => {
    const d = navDropdown(lane('FISH', 9));
    expect(d.centred).toBe(false);
    expect(d.hasMore).toBe(false);
  });

  it('shows at most 15 cards and More at 15 or more vendors', () => {
    expect(navDropdown(lane('SPORTS', 14)).hasMore).toBe(false);
    const at15 = navDropdown(lane('SPORTS', 15));
    expect(at15.cards).toHaveLength(15);
    expect(at15.hasMore).toBe(true);
    const at18 = navDropdown(lane('RNG', 18));
    expect(at18.cards).toHaveLength(15);
    expect(at18.cards.at(-1)?.vassalage).toBe('V14');
    expect(at18.hasMore).toBe(true);
    expect(at18.moreHref).toBe('/rng');
  });

  it('links More to the category route, LOTT to /elott', () => {
    expect(navDropdown(lane('LOTT', 20)).moreHref).toBe('/elott');
  });
});

describe('navLanes', () => {
  it('drops categories without vendors', () => {
    expect(navLanes([lane('LIVE', 2), lane('PVP', 0)]).map((l) => l.gameCategory)).toEqual(['LIVE']);
  });
});
