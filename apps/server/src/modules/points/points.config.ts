import { eq } from 'drizzle-orm';
import { LOYALTY_CATEGORIES, type TLoyaltyCategory } from '@playhall/contract/calls/loyalty';
import type { TTx } from '../../db/client.ts';
import { pointConfigs } from '../../db/schema.ts';

/** ₫ in minor units. */
const VND = (dong: number) => dong * 100;

/**
 * Points settings when the operator has set none (loyalty.md): 1 point per 10,000 ₫ of valid bet on slots and fishing,
 * per 20,000 ₫ on live casino, sports, e-sports, cards and lottery; converting off.
 */
export const DEFAULT_EARN_RATES: Record<TLoyaltyCategory, number> = {
  RNG: VND(10_000),
  FISH: VND(10_000),
  LIVE: VND(20_000),
  SPORTS: VND(20_000),
  ESPORTS: VND(20_000),
  PVP: VND(20_000),
  LOTT: VND(20_000),
};

export interface TPointsConfig {
  /** Valid bet (minor units) per point, per category; a category left out earns nothing. */
  earnRates: Partial<Record<TLoyaltyCategory, number>>;
  convertEnabled: boolean;
  convertPoints: number;
  convertAmount: number;
  minConvertPoints: number;
  rulesHtml: string;
}

export const DEFAULT_POINTS_CONFIG: TPointsConfig = {
  earnRates: DEFAULT_EARN_RATES,
  convertEnabled: false,
  convertPoints: 1_000,
  convertAmount: VND(10_000),
  minConvertPoints: 1_000,
  rulesHtml: '',
};

/** Only the known categories with a positive whole rate (a stored row is the operator's, checked when written). */
function cleanRates(raw: Record<string, number>): Partial<Record<TLoyaltyCategory, number>> {
  const out: Partial<Record<TLoyaltyCategory, number>> = {};
  for (const c of LOYALTY_CATEGORIES) {
    const r = raw[c];
    if (typeof r === 'number' && Number.isSafeInteger(r) && r > 0) out[c] = r;
  }
  return out;
}

export async function readPointsConfig(db: TTx, merchantId: number): Promise<TPointsConfig> {
  const [row] = await db.select().from(pointConfigs).where(eq(pointConfigs.merchantId, merchantId));
  if (!row) return DEFAULT_POINTS_CONFIG;
  return {
    earnRates: cleanRates(row.earnRates),
    convertEnabled: row.convertEnabled,
    convertPoints: row.convertPoints,
    convertAmount: row.convertAmount,
    minConvertPoints: row.minConvertPoints,
    rulesHtml: row.rulesHtml,
  };
}

/** Writes the whole config (the caller merged the operator's changes into what was read). */
export async function writePointsConfig(db: TTx, merchantId: number, c: TPointsConfig, now = new Date()): Promise<void> {
  const values = {
    earnRates: c.earnRates as Record<string, number>,
    convertEnabled: c.convertEnabled,
    convertPoints: c.convertPoints,
    convertAmount: c.convertAmount,
    minConvertPoints: c.minConvertPoints,
    rulesHtml: c.rulesHtml,
    updatedAt: now,
  };
  await db.insert(pointConfigs).values({ merchantId, ...values }).onConflictDoUpdate({ target: pointConfigs.merchantId, set: values });
}
