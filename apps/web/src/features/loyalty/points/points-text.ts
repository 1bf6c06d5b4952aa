import type { TRedeemItem } from '@playhall/contract/calls/points';
import { formatMoney, ltr } from '../../../lib/format.ts';

type TRequirementKey = `pointMall.requires.${TRedeemItem['amountKind']}`;
type TTranslate = (key: TRequirementKey, options?: Record<string, unknown>) => string;

/** Redeeming takes at most this many units at once (the contract's bound). */
export const MAX_REDEEM_QUANTITY = 100;

/** Points as whole numbers with thousands separators; `signed` puts + before a gain. */
export function formatPoints(points: number, signed = false): string {
  const text = String(Math.abs(Math.trunc(points))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return ltr(`${points < 0 ? '-' : signed && points > 0 ? '+' : ''}${text}`);
}

/**
 * How many units the member may ask for: bounded by the stock, by the points held and by the contract's 100.
 * 0 means the item cannot be redeemed now (off, sold out or not enough points).
 */
export function maxRedeemQuantity(item: Pick<TRedeemItem, 'status' | 'quantity' | 'pointsRequired'>, balance: number): number {
  if (item.status !== 'available') return 0;
  const byPoints = item.pointsRequired > 0 ? Math.floor(balance / item.pointsRequired) : MAX_REDEEM_QUANTITY;
  return Math.max(0, Math.min(MAX_REDEEM_QUANTITY, item.quantity ?? MAX_REDEEM_QUANTITY, byPoints));
}

/** A whole positive number typed by the member, or null (no decimals, no signs, no separators but commas). */
export function parseWholeNumber(text: string): number | null {
  const clean = text.trim().replace(/,/g, '');
  if (!/^\d{1,10}$/.test(clean)) return null;
  const n = Number(clean);
  return n > 0 ? n : null;
}

/** Minor units a conversion credits: whole points at the configured rate, rounded down. */
export function convertedAmount(points: number, rate: { points: number; amount: number }): number {
  return Math.floor((points * rate.amount) / rate.points);
}

/** What the item asks beyond points — a deposit or valid bet in the last 30 days — or null. `t` is i18next's. */
export function requirementText(item: Pick<TRedeemItem, 'amountRequired' | 'amountKind'>, t: TTranslate): string | null {
  if (item.amountRequired <= 0) return null;
  return t(`pointMall.requires.${item.amountKind}`, { amount: formatMoney(item.amountRequired, true) });
}
