import { sectionTexts, textFor, type TSectionKey, type TTranslator } from '../shared/text.ts';

/** The slot page's words: house/locales, section `slot` (symbol names as `sym.<id>`, volatilities as `vol.<name>`). */
export type TSlotKey = TSectionKey<'slot'>;
export const slotText = (): TTranslator<TSlotKey> => textFor('slot');

/** A symbol's name: card ranks read as themselves. */
export function symbolName(t: ReturnType<typeof slotText>, id: string): string {
  const key = `sym.${id}`;
  return key in sectionTexts('slot') ? t(key as TSlotKey) : id;
}
