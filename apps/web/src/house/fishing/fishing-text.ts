import { sectionTexts, textFor, type TSectionKey, type TTranslator } from '../shared/text.ts';

/** The fishing page's words (house/locales, section `fishing`) and the creatures' names (`fishNames`, by fish code). */
export type TFishingKey = TSectionKey<'fishing'>;
export const fishingText = (): TTranslator<TFishingKey> => textFor('fishing');

/** A creature's name in the loaded language, by the engine's fish code (the code itself for one without a name). */
export function fishName(code: string): string {
  return sectionTexts('fishNames')[code] ?? code;
}
