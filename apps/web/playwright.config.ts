import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// One server on a fresh embedded database for the whole run; tests that switch the site's status
// talk to it through the real operator CLI, so the run is serial.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'playhall-e2e-'));
const port = Number(process.env.E2E_PORT ?? 8181);
const root = path.resolve(import.meta.dirname, '../..');
/** The e2e server's Telegram bot token (a test value): e2e/third-party.spec.ts signs login data with it. */
export const E2E_TELEGRAM_BOT_TOKEN = '100200300:e2e-telegram-test-token';

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  // CI (.ci/run) gives a failed test one more try, so that one timing flake on a loaded machine does not stop a landing;
  // npm test names every test that needed it (FLAKY) next to the failures, to be fixed like one.
  retries: Number(process.env.E2E_RETRIES ?? 0),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  // One results folder per port: two runs at once (a clean clone beside a working tree) never wipe each other's.
  outputDir: path.join(os.tmpdir(), `playhall-e2e-results-${port}`),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    // Animations end at once (the portal's CSS and the house games honour prefers-reduced-motion): a marquee or a
    // spinning reel otherwise keeps software-rendered Chromium busy at a full core while a test waits. A spec that
    // checks motion itself asks for 'no-preference'.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: root,
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // Responsible gaming's clock may be moved by `ops clock advance` (issue 22; never in production).
      PLAYHALL_TEST_CLOCK: '1',
      DATABASE_URL: '',
      // Third-party login configured (its flags stay off unless a test turns them on). The Telegram
      // bot token is a test value the e2e spec signs login data with; Google's issuer is never reached.
      TELEGRAM_BOT_TOKEN: E2E_TELEGRAM_BOT_TOKEN,
      TELEGRAM_BOT_NAME: 'playhall_e2e_bot',
      OAUTH_GOOGLE_CLIENT_ID: 'e2e-client',
      OAUTH_GOOGLE_CLIENT_SECRET: 'e2e-secret',
      OAUTH_GOOGLE_ISSUER: 'http://127.0.0.1:9',
      // As behind the site's proxy: a test may stand for a visitor on another network by X-Forwarded-For (a friend
      // registering through an invitation, loyalty-missions.spec.ts); requests without it keep 127.0.0.1.
      TRUST_PROXY: '1',
      // Virtual sports rounds (issue 20) every minute, each resulted 15 s after kick-off: e2e/sportsbook.spec.ts waits for one.
      SPORTS_VIRTUAL_INTERVAL_SECONDS: '60',
      SPORTS_VIRTUAL_MATCH_SECONDS: '15',
      // Xóc đĩa and bầu cua rooms (issue 21) close betting 6 s after a round's first bet: e2e/house-vietnam.spec.ts waits for one.
      HOUSE_ROOM_BET_SECONDS: '6',
    },
  },
});
