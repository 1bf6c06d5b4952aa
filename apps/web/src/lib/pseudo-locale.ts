/**
 * The pseudo-locale of `npm run dev` (issue 23): with `?pseudo` in the address (kept in sessionStorage), every text
 * that comes through i18next is shown accented, padded by a third and in ⟦brackets⟧ — so a text a page shows
 * plain was never translated (written into the code, or taken from the server untranslated), a clipped bracket
 * shows a box too narrow for longer languages, and a broken accent shows a font without the letters.
 * Never part of a production build (i18n.ts loads it only when import.meta.env.DEV).
 */
const ACCENTED: Record<string, string> = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'í', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ', n: 'ñ', o: 'ö', p: 'þ', q: 'ǫ', r: 'ŕ',
  s: 'š', t: 'ŧ', u: 'ü', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Á', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Í', J: 'Ĵ', K: 'Ķ', L: 'Ļ', M: 'Ṁ', N: 'Ñ', O: 'Ö', P: 'Þ', Q: 'Ǫ', R: 'Ŕ',
  S: 'Š', T: 'Ŧ', U: 'Ü', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};

/** A text as the pseudo-locale shows it; digits, punctuation and anything already not ASCII stay as they are. */
export function pseudoText(text: string): string {
  if (text === '') return text;
  const accented = [...text].map((ch) => ACCENTED[ch] ?? ch).join('');
  const padding = '·'.repeat(Math.ceil(text.length / 3));
  return `⟦${accented}${padding}⟧`;
}

/** Whether this dev session asked for the pseudo-locale (`?pseudo`, remembered for the tab). */
export function pseudoRequested(): boolean {
  try {
    if (new URLSearchParams(window.location.search).has('pseudo')) window.sessionStorage.setItem('pseudo', '1');
    return window.sessionStorage.getItem('pseudo') === '1';
  } catch {
    return false;
  }
}
