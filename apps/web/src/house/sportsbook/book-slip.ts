import type { TBookMarketKind } from '@playhall/contract/sportsbook-api';
import type { TTranslate } from './book-text.ts';

/**
 * The slip's arithmetic and the names of markets and selections. The potential payout is the engine's rule
 * (apps/server/src/modules/sportsbook-engine/payout.ts, every leg won): floor(stake × Π odds / 1000^n) in BigInt,
 * capped at the maximum payout — no float, so the slip shows to the cent what the server will pay.
 * book-slip.test.ts compares it with the engine's `betPayout`.
 */

/** Minor units of a typed amount ("12", "12.5", "1,200.50"), or null when it is not a positive amount of cents. */
export function parseStake(text: string): number | null {
  const m = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/,/g, ''));
  if (!m) return null;
  const minor = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return minor > 0 && Number.isSafeInteger(minor) ? minor : null;
}

/** Combined decimal odds of the legs, thousandths, rounded down (what the slip shows). */
export function combinedOdds(odds: readonly number[]): number {
  let num = 1n;
  for (const o of odds) num *= BigInt(o);
  return Number(num / 1000n ** BigInt(Math.max(odds.length - 1, 0)));
}

export interface TSlipPayout {
  /** What the bet pays if every leg wins, capped. */
  payout: number;
  /** Before the cap. */
  uncapped: number;
  capped: boolean;
}

export function potentialPayout(stake: number, odds: readonly number[], maxPayout: number): TSlipPayout {
  let num = BigInt(stake);
  for (const o of odds) num *= BigInt(o);
  const uncapped = num / 1000n ** BigInt(odds.length);
  const capped = uncapped > BigInt(maxPayout);
  return { payout: capped ? maxPayout : Number(uncapped), uncapped: Number(uncapped), capped };
}

/** A line in quarters as players read it: −3 → "-0.75", 10 → "2.5"; handicaps signed ("+0.25"). */
export function lineText(quarters: number, signed = false): string {
  const text = String(quarters / 4);
  return signed && quarters > 0 ? `+${text}` : text;
}

const HANDICAPS: ReadonlySet<TBookMarketKind> = new Set(['asianHandicap', 'mapHandicap']);
const TOTALS: ReadonlySet<TBookMarketKind> = new Set(['overUnder', 'totalMaps']);
export const hasLine = (kind: TBookMarketKind): boolean => HANDICAPS.has(kind) || TOTALS.has(kind);

/** "Handicap", "Over/Under 2.5". */
export function marketName(kind: TBookMarketKind, line: number, t: TTranslate): string {
  return TOTALS.has(kind) ? `${t(`mk.${kind}`)} ${lineText(line)}` : t(`mk.${kind}`);
}

/** "Red Lions -0.75", "Over 2.5", "Draw", "2-1", "Any other score". A handicap line is the home side's. */
export function selectionName(kind: TBookMarketKind, line: number, selection: string, teams: { home: string; away: string }, t: TTranslate): string {
  const team = selection === 'home' ? teams.home : selection === 'away' ? teams.away : null;
  if (HANDICAPS.has(kind) && team !== null) return `${team} ${lineText(selection === 'home' ? line : -line, true)}`;
  if (team !== null) return team;
  switch (selection) {
    case 'draw':
      return t('sel.draw');
    case 'over':
      return `${t('sel.over')} ${lineText(line)}`;
    case 'under':
      return `${t('sel.under')} ${lineText(line)}`;
    case 'yes':
      return t('sel.yes');
    case 'no':
      return t('sel.no');
    case 'other':
      return t('sel.other');
    default:
      return selection;
  }
}
