import { LOYALTY_CATEGORIES, type TLoyaltyCategory } from '@playhall/contract/calls/loyalty';

/**
 * The VIP ladder as data, without the database (issue 18; /work/shared/domain/loyalty.md): the default ladder, the
 * rules a ladder keeps, the rebate-rate text the operator types and the level a member's figures reach.
 * Money in minor units (VND × 100), rates in basis points (10,000 = 100 %).
 */

export interface TVipLevelRow {
  level: number;
  name: string;
  validBetRequired: number;
  depositRequired: number;
  keepValidBet: number;
  upgradeBonus: number;
  monthlyBonus: number;
  birthdayBonus: number;
  bonusTurnoverMultiple: number;
  rebateRates: Partial<Record<TLoyaltyCategory, number>>;
  withdrawalsPerDay: number;
  withdrawalLimitPerDay: number;
}

/** A whole number of VND in minor units. */
const vnd = (major: number) => major * 100;
const M = 1_000_000;
const B = 1_000_000_000;

/** Cumulative valid bet per level (loyalty.md): 0, 10M, 50M, 200M, 500M, 1B, 3B, 10B, 30B, 100B, 300B ₫. */
const THRESHOLDS = [0, 10 * M, 50 * M, 200 * M, 500 * M, B, 3 * B, 10 * B, 30 * B, 100 * B, 300 * B];
const UPGRADE = [0, 100_000, 400_000, 1_500_000, 3 * M, 5 * M, 20 * M, 60 * M, 200 * M, 600 * M, 2 * B];
const MONTHLY = [0, 50_000, 100_000, 300_000, 600_000, M, 3 * M, 8 * M, 20 * M, 50 * M, 150 * M];
const BIRTHDAY = [0, 100_000, 200_000, 500_000, M, 2 * M, 5 * M, 10 * M, 30 * M, 80 * M, 200 * M];
/** Slots and fishing 0.4 %–1.2 %, live casino, sports, e-sports and PvP 0.3 %–0.8 %; lottery none. */
const SLOT_BP = [0, 40, 50, 60, 70, 80, 90, 100, 110, 115, 120];
const TABLE_BP = [0, 30, 35, 40, 45, 50, 55, 60, 70, 75, 80];
const WITHDRAWALS = [0, 5, 6, 8, 10, 10, 15, 20, 20, 30, 50];
const DAILY_LIMIT = [100 * M, 200 * M, 300 * M, 500 * M, B, 2 * B, 3 * B, 5 * B, 10 * B, 20 * B, 50 * B];

/** VIP0–VIP10: the keep requirement is 10 % of the level's threshold; bonuses carry a turnover of 1×. */
export const DEFAULT_LADDER: TVipLevelRow[] = THRESHOLDS.map((threshold, level) => ({
  level,
  name: `VIP${level}`,
  validBetRequired: vnd(threshold),
  depositRequired: 0,
  keepValidBet: vnd(threshold / 10),
  upgradeBonus: vnd(UPGRADE[level] ?? 0),
  monthlyBonus: vnd(MONTHLY[level] ?? 0),
  birthdayBonus: vnd(BIRTHDAY[level] ?? 0),
  bonusTurnoverMultiple: level === 0 ? 0 : 1,
  rebateRates:
    level === 0
      ? {}
      : { RNG: SLOT_BP[level] ?? 0, FISH: SLOT_BP[level] ?? 0, LIVE: TABLE_BP[level] ?? 0, SPORTS: TABLE_BP[level] ?? 0, ESPORTS: TABLE_BP[level] ?? 0, PVP: TABLE_BP[level] ?? 0 },
  withdrawalsPerDay: WITHDRAWALS[level] ?? 0,
  withdrawalLimitPerDay: vnd(DAILY_LIMIT[level] ?? 0),
}));

/**
 * The level a member's figures reach: the highest whose cumulative thresholds are met. After a downgrade (level below
 * the top level once held) the cumulative figures still meet the levels given up, so a level up to the top one is
 * regained only when this month's valid bet also meets its keep requirement; a level above the top needs only the
 * thresholds.
 */
export function levelReached(ladder: readonly TVipLevelRow[], validBet: number, deposit: number, held: { top: number; monthValidBet: number } = { top: 0, monthValidBet: 0 }): number {
  let reached = 0;
  for (const l of ladder) {
    if (l.validBetRequired > validBet || l.depositRequired > deposit || l.level <= reached) continue;
    if (l.level > held.top || l.keepValidBet <= held.monthValidBet) reached = l.level;
  }
  return reached;
}

/**
 * What is wrong with a ladder ([] = fine): levels from 0 without gaps, level 0 open to everyone, each level asking
 * more valid bet than the one below (and no less deposit), rates 0–100 % of a known category.
 */
export function ladderProblems(ladder: readonly TVipLevelRow[]): string[] {
  const problems: string[] = [];
  const sorted = [...ladder].sort((a, b) => a.level - b.level);
  sorted.forEach((l, i) => {
    if (l.level !== i) problems.push(`levels must run from 0 without gaps: VIP level ${i} is missing`);
  });
  const base = sorted[0];
  if (base && base.level === 0 && (base.validBetRequired !== 0 || base.depositRequired !== 0)) problems.push('level 0 is every member\'s: its valid bet and deposit requirements must be 0');
  for (let i = 1; i < sorted.length; i++) {
    const below = sorted[i - 1];
    const l = sorted[i];
    if (!below || !l) continue;
    if (l.validBetRequired <= below.validBetRequired) {
      problems.push(`the ladder must rise: level ${l.level} asks a valid bet of ${l.validBetRequired / 100}, not more than level ${below.level}'s ${below.validBetRequired / 100}`);
    }
    if (l.depositRequired < below.depositRequired) {
      problems.push(`the ladder must rise: level ${l.level} asks a deposit of ${l.depositRequired / 100}, less than level ${below.level}'s ${below.depositRequired / 100}`);
    }
  }
  for (const l of sorted) {
    for (const [category, bp] of Object.entries(l.rebateRates)) {
      if (!(LOYALTY_CATEGORIES as readonly string[]).includes(category)) problems.push(`level ${l.level}: unknown category ${category}`);
      if (!Number.isInteger(bp) || bp < 0 || bp > 10_000) problems.push(`level ${l.level}: the ${category} rate must be 0–100 %`);
    }
  }
  return problems;
}

/**
 * `RNG=0.8%,LIVE=0.5%` (percent with up to two decimals, the % optional) to basis points; `none` or an empty text is
 * no rebate. A category twice, an unknown one or a rate above 100 % is refused with the reason.
 */
export function parseRebateRates(text: string): { ok: true; rates: Partial<Record<TLoyaltyCategory, number>> } | { ok: false; reason: string } {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.toLowerCase() === 'none') return { ok: true, rates: {} };
  const rates: Partial<Record<TLoyaltyCategory, number>> = {};
  for (const part of trimmed.split(',')) {
    const m = /^\s*([A-Za-z]+)\s*=\s*(\d{1,3})(?:\.(\d{1,2}))?\s*%?\s*$/.exec(part);
    if (!m) return { ok: false, reason: `"${part.trim()}" is not CATEGORY=rate%, e.g. RNG=0.8%` };
    const category = (m[1] ?? '').toUpperCase();
    if (!(LOYALTY_CATEGORIES as readonly string[]).includes(category)) return { ok: false, reason: `unknown category ${category} (known: ${LOYALTY_CATEGORIES.join(', ')})` };
    if (category in rates) return { ok: false, reason: `${category} is given twice` };
    const bp = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
    if (bp > 10_000) return { ok: false, reason: `${category}: a rate is 0–100 %` };
    rates[category as TLoyaltyCategory] = bp;
  }
  return { ok: true, rates };
}

/** Basis points as the operator typed them: 80 → "0.8%". */
export function formatRate(bp: number): string {
  const whole = Math.floor(bp / 100);
  const frac = bp % 100;
  return frac === 0 ? `${whole}%` : `${whole}.${String(frac).padStart(2, '0').replace(/0$/, '')}%`;
}

/** Money as the operator types it, 0 allowed (thresholds may exceed the ledger's posting limit): "10000000" or "0.5". */
export function parseMoney(text: string): { ok: true; minor: number } | { ok: false; reason: string } {
  const m = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return { ok: false, reason: `"${text}" is not an amount: digits with up to two decimals, e.g. 10000000 or 0.50` };
  return { ok: true, minor: Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) };
}
