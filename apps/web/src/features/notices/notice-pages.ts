import { NOTICES_PER_PAGE } from '@playhall/contract/constants';

export function pageCount(total: number, perPage: number = NOTICES_PER_PAGE): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** Items of page `page` (from 1). */
export function pageItems<T>(items: readonly T[], page: number, perPage: number = NOTICES_PER_PAGE): T[] {
  const p = Math.min(Math.max(1, page), pageCount(items.length, perPage));
  return items.slice((p - 1) * perPage, p * perPage);
}

/** The page holding the notice with this id, so the modal opens where the chosen notice is (spec §2). */
export function pageOfNotice(items: readonly { id: number }[], id: number | undefined, perPage: number = NOTICES_PER_PAGE): number {
  const index = id === undefined ? -1 : items.findIndex((n) => n.id === id);
  return index < 0 ? 1 : Math.floor(index / perPage) + 1;
}

/** Popup notices show once per session: closing them sets `publicityClose`. */
export function shouldShowPopup(popupCount: number, publicityClose: string | null): boolean {
  return popupCount > 0 && publicityClose !== '1';
}
