import { baccaratGame } from './baccarat.ts';
import type { TRulesFamily } from './registry.ts';

/** The table engines (titles-tables.ts). */
export const TABLE_RULES: TRulesFamily = { engines: [baccaratGame], rechecks: {} };
