import type { TGameVendor, TVendorLane } from '@playhall/contract/calls/system';
import { CATEGORY_ROUTE } from '@playhall/contract/categories';
import { NAV_DROPDOWN_CENTERED_MAX, NAV_DROPDOWN_MAX_VENDORS } from '@playhall/contract/constants';

export interface TNavDropdown {
  cards: TGameVendor[];
  /** 'More' links to the category page when the lane has 15 or more vendors (spec §2). */
  hasMore: boolean;
  moreHref: string;
  /** Up to 8 cards are centred; above 8 the panel is a left-aligned grid (spec §2, §9). */
  centred: boolean;
}

export function navDropdown(lane: TVendorLane): TNavDropdown {
  const cards = lane.vendors.slice(0, NAV_DROPDOWN_MAX_VENDORS);
  return {
    cards,
    hasMore: lane.vendors.length >= NAV_DROPDOWN_MAX_VENDORS,
    moreHref: CATEGORY_ROUTE[lane.gameCategory],
    centred: cards.length <= NAV_DROPDOWN_CENTERED_MAX,
  };
}

/** Navigation shows a category only when it has vendors (spec §2). */
export function navLanes(lanes: readonly TVendorLane[]): TVendorLane[] {
  return lanes.filter((l) => l.vendors.length > 0);
}
