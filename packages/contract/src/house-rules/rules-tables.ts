import { baccaratGame } from './baccarat.ts';
import { blackjackGame } from './blackjack.ts';
import { recheckHand } from './hands.ts';
import { dragonTigerGame } from './dragon-tiger.ts';
import type { TRulesFamily } from './registry.ts';
import { rouletteGame } from './roulette.ts';
import { sicboGame } from './sicbo.ts';

/** The table engines (titles-tables.ts). */
export const TABLE_RULES: TRulesFamily = { engines: [baccaratGame, rouletteGame, sicboGame, dragonTigerGame], rechecks: { HOUSE_BLACKJACK: (round) => recheckHand(blackjackGame, round) } };
