// `node scripts/locale-check.mjs [code…]`: each locale's coverage of en.json and its problems by the rules of
// scripts/locale-rules.mjs (VERBOSE=N lists up to N of each). Without codes, every locale. Exit 1 on any problem.
import { checkLocale, localeCodes, readLocale } from './locale-rules.mjs';

const en = readLocale('en');
const codes = process.argv.length > 2 ? process.argv.slice(2).map((c) => c.toLowerCase()) : localeCodes();
let ok = true;
for (const code of codes) {
  const { total, translated, problems } = checkLocale(code, en);
  const count = Object.values(problems).reduce((n, list) => n + list.length, 0);
  ok &&= count === 0;
  const pct = Math.floor((1000 * translated) / total) / 10;
  const detail = Object.entries(problems).filter(([, list]) => list.length).map(([rule, list]) => `${rule} ${list.length}`).join(', ');
  console.log(`${code.padEnd(3)} ${String(pct).padStart(5)} %  ${translated}/${total}${detail ? `  ${detail}` : ''}`);
  if (process.env.VERBOSE) for (const [rule, list] of Object.entries(problems)) for (const item of list.slice(0, Number(process.env.VERBOSE) || 50)) console.log(`  ${rule}: ${item}`);
}
process.exit(ok ? 0 : 1);
