// `node scripts/locale-check.mjs [--house] [code…]`: each locale's coverage of en.json and its problems by the rules of
// scripts/locale-rules.mjs (VERBOSE=N lists up to N of each): the portal's files, then the house game pages' (with
// --house, those alone). Without codes, every language of the portal. Exit 1 on any problem.
import { HOUSE_LOCALES_DIR, LOCALES_DIR, localeRules } from './locale-rules.mjs';

const args = process.argv.slice(2);
const houseOnly = args.includes('--house');
const codesAsked = args.filter((a) => !a.startsWith('--')).map((c) => c.toLowerCase());
const folders = houseOnly ? [['house pages', HOUSE_LOCALES_DIR]] : [['portal', LOCALES_DIR], ['house pages', HOUSE_LOCALES_DIR]];
// Every language of the portal (its folder holds one file per language of the list; a unit test keeps it so).
const allCodes = localeRules(LOCALES_DIR).localeCodes();
let ok = true;
for (const [name, dir] of folders) {
  const rules = localeRules(dir);
  const en = rules.readLocale('en');
  console.log(`${name} (${Object.keys(en).length} strings):`);
  for (const code of codesAsked.length ? codesAsked : allCodes) {
    let result;
    try {
      result = rules.checkLocale(code, en);
    } catch {
      ok = false;
      console.log(`${code.padEnd(3)}     0 %  no file`);
      continue;
    }
    const { total, translated, problems } = result;
    const count = Object.values(problems).reduce((n, list) => n + list.length, 0);
    ok &&= count === 0;
    const pct = Math.floor((1000 * translated) / total) / 10;
    const detail = Object.entries(problems).filter(([, list]) => list.length).map(([rule, list]) => `${rule} ${list.length}`).join(', ');
    console.log(`${code.padEnd(3)} ${String(pct).padStart(5)} %  ${translated}/${total}${detail ? `  ${detail}` : ''}`);
    if (process.env.VERBOSE) for (const [rule, list] of Object.entries(problems)) for (const item of list.slice(0, Number(process.env.VERBOSE) || 50)) console.log(`  ${rule}: ${item}`);
  }
}
process.exit(ok ? 0 : 1);
