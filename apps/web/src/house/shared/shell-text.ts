import { textFor, type TSectionKey, type TTranslator } from './text.ts';

/** The words of the frame every house page shares (shell.ts) and of its error dialog (messages.ts): house/locales, section `shell`. */
export type TShellKey = TSectionKey<'shell'>;

/** The shell's translator in the loaded language. */
export const shellText = (): TTranslator<TShellKey> => textFor('shell');

/** A published RTP (a fraction) as the pages show it: "96.02 %" (locale digits, two decimals). */
export function formatRtp(rtp: number, locale = 'en-GB'): string {
  // Burmese players read Latin digits in the pages' figures (the balance, the bets), so the RTP keeps them too.
  if (locale.startsWith('my')) locale = 'en-GB';
  return `${(rtp * 100).toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} %`;
}
