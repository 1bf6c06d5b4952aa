import type { TLotteryBetType } from '@playhall/contract/calls/games';
import type { lotteryGames, TLotteryBetTypeSetting } from '../../db/schema.ts';
import { BET_RULES, DEFAULT_LIMITS, defaultOdds, provinceGames, VN_SCHEDULE, type TPrizeMode, type TStructure } from '../lottery-engine/index.ts';

type TGameRow = Omit<typeof lotteryGames.$inferInsert, 'merchantId'>;

/** The bet types a structure offers under a prize mode, with that mode's odds (lô trượt priced per structure) and the default limits. */
export function betTypesFor(structure: TStructure, prizeMode: TPrizeMode): Record<string, TLotteryBetTypeSetting> {
  const out: Record<string, TLotteryBetTypeSetting> = {};
  for (const [code, oddsX1000] of Object.entries(defaultOdds(prizeMode, structure)) as [TLotteryBetType, number][]) {
    if (!BET_RULES[code].structures.includes(structure)) continue;
    out[code] = { oddsX1000, ...DEFAULT_LIMITS[code] };
  }
  return out;
}

const WEEK = [0, 1, 2, 3, 4, 5, 6];
/** Betting on a regional draw closes 15 minutes before it; fast draws 5 seconds before (lottery.md defaults). */
const REGIONAL_CLOSE = 15 * 60;
const FAST_CLOSE = 5;

/**
 * The lottery games a new site starts with: Miền Bắc, one game per southern and central province (each on
 * its weekdays), fast e-lotteries every 1, 3 and 5 minutes, and a Thai-style SEA lottery (daily and every
 * 5 minutes). All draw from the house by default; an operator switches an official draw to entered results
 * with `ops lottery source <game> operator`.
 */
export function defaultLotteryGames(): TGameRow[] {
  const rows: TGameRow[] = [];
  const add = (r: Omit<TGameRow, 'sort' | 'betTypes'> & { structure: TStructure; prizeMode: TPrizeMode }) =>
    rows.push({ ...r, sort: rows.length, betTypes: betTypesFor(r.structure, r.prizeMode) });
  for (const seconds of [60, 180, 300] as const) {
    add({
      gameCode: `EL${seconds / 60}`,
      vassalage: 'PH_ELOTT',
      name: `Fast lottery ${seconds / 60} min`,
      kind: 'fast',
      region: 'north',
      province: null,
      structure: 'north',
      prizeMode: 'Elott',
      schedule: { kind: 'interval', seconds, closeSeconds: FAST_CLOSE },
    });
  }
  add({
    gameCode: 'XSMB',
    vassalage: 'TCG_LOTTO_VN',
    name: 'Miền Bắc',
    kind: 'regional',
    region: 'north',
    province: null,
    structure: 'north',
    prizeMode: 'Lott',
    schedule: { kind: 'daily', time: VN_SCHEDULE.north.time, weekdays: WEEK, closeSeconds: REGIONAL_CLOSE },
  });
  for (const p of provinceGames()) {
    add({
      gameCode: p.gameCode,
      vassalage: 'TCG_LOTTO_VN',
      name: p.name,
      kind: 'regional',
      region: p.region,
      province: p.province,
      structure: 'southCentral',
      prizeMode: 'Lott',
      schedule: { ...p.schedule },
    });
  }
  add({
    gameCode: 'SEA5',
    vassalage: 'TCG_SEA',
    name: 'SEA lottery 5 min',
    kind: 'sea',
    region: null,
    province: null,
    structure: 'sea',
    prizeMode: 'SEA',
    schedule: { kind: 'interval', seconds: 300, closeSeconds: FAST_CLOSE },
  });
  add({
    gameCode: 'SEA',
    vassalage: 'TCG_SEA',
    name: 'SEA lottery',
    kind: 'sea',
    region: null,
    province: null,
    structure: 'sea',
    prizeMode: 'SEA',
    schedule: { kind: 'daily', time: '15:30', weekdays: WEEK, closeSeconds: REGIONAL_CLOSE },
  });
  return rows;
}
