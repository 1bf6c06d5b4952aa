// Playwright end-to-end tests in Debian's Chromium against the built app. No browser download:
// without Chromium this fails loudly with the command that installs it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(
    `\nChromium was not found at ${chromium}. The end-to-end tests need it:\n\n` +
      '  sudo apt-get update && sudo apt-get install -y chromium fonts-noto-core fonts-noto-cjk\n\n' +
      '(or set CHROMIUM_PATH). Never `npx playwright install`: browsers come from the system packages.\n',
  );
  process.exit(1);
}
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const build = spawnSync(npx, ['vite', 'build'], { stdio: 'inherit', cwd: 'apps/web' });
if (build.status !== 0) process.exit(build.status ?? 1);
const r = spawnSync(npx, ['playwright', 'test', '--config', 'apps/web/playwright.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(r.status ?? 1);
