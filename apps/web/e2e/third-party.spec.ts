import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { E2E_TELEGRAM_BOT_TOKEN } from '../playwright.config.ts';
import { skipNoticePopup, startInLanguage } from './fixtures.ts';
import { ops } from './support/ops.ts';

// Third-party login (issue 3) in the browser: the buttons follow the flags, and /oauth/callback
// completes a Telegram login with data signed by the e2e server's bot token. Google and Facebook
// need a provider; the server tests drive them against a local OpenID provider.
test.describe.configure({ mode: 'serial' });

const FLAGS = ['GOOGLELOGIN3', 'TELEGRAMLOGIN3'];

/** Telegram's login data as its sign-in page returns it: `#tgAuthResult=<base64url JSON>`. */
function telegramFragment(fields: Record<string, string | number>, token = E2E_TELEGRAM_BOT_TOKEN): string {
  const check = Object.keys(fields).sort().map((k) => `${k}=${String(fields[k])}`).join('\n');
  const hash = crypto.createHmac('sha256', crypto.createHash('sha256').update(token).digest()).update(check).digest('hex');
  return `#tgAuthResult=${Buffer.from(JSON.stringify({ ...fields, hash })).toString('base64url')}`;
}

async function start(page: Page): Promise<void> {
  await skipNoticePopup(page);
  await startInLanguage(page, 'EN');
}

test.afterAll(() => {
  for (const flag of FLAGS) ops('flag', flag, 'off');
});

test('the login modal offers third-party login only for the flags that are on', async ({ page }) => {
  await start(page);
  await page.goto('/login');
  await expect(page.getByTestId('login-modal-form')).toBeVisible();
  await expect(page.getByTestId('third-party-login')).toHaveCount(0);

  for (const flag of FLAGS) ops('flag', flag, 'on');
  await page.goto('/login');
  const block = page.getByTestId('third-party-login');
  await expect(block).toBeVisible();
  await expect(block.getByTestId('third-party-google')).toBeVisible();
  await expect(block.getByTestId('third-party-telegram')).toBeVisible();
  // Facebook's flag is off (and the e2e server has no Facebook settings).
  await expect(block.getByTestId('third-party-facebook')).toHaveCount(0);

  // Telegram's button leaves for Telegram's sign-in page of our bot, returning to /oauth/callback.
  let telegramUrl = '';
  await page.route('https://oauth.telegram.org/**', (route) => {
    telegramUrl = route.request().url();
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<p>telegram</p>' });
  });
  await block.getByTestId('third-party-telegram').click();
  await expect.poll(() => telegramUrl).toContain('bot_id=100200300');
  expect(new URL(telegramUrl).searchParams.get('return_to')).toMatch(/\/oauth\/callback$/);
  expect(telegramUrl).not.toContain('e2e-telegram-test-token');
});

test('a Telegram callback logs in; a forged one is refused', async ({ page }) => {
  await start(page);
  const id = 700000 + Math.floor(Math.random() * 100000);
  const fields = { id, first_name: 'Tess', username: `tess${id}`, auth_date: Math.floor(Date.now() / 1000) - 2 };

  await page.goto(`/oauth/callback${telegramFragment(fields, '1:another-bot-token')}`);
  await expect(page.getByTestId('dialog')).toContainText('did not succeed');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('member-menu')).toHaveCount(0);

  await page.goto(`/oauth/callback${telegramFragment(fields)}`);
  await expect(page.getByTestId('after-login-modal')).toBeVisible();
  await expect(page.getByTestId('member-menu')).toBeVisible();
  // The provider's answer leaves the address bar; the member lands on /.
  await expect(page).toHaveURL(/\/$/);

  // Changing the language while logged in is kept on the server (member.updateLanguage).
  await page.getByTestId('after-login-close').click();
  await page.getByTestId('language-selector').click();
  await page.getByTestId('language-option-CN').click();
  const token = await page.evaluate(() => window.sessionStorage.getItem('token'));
  await expect
    .poll(async () => {
      const res = await page.request.get('/wps/member/info', { headers: { authorization: token ?? '' } });
      return ((await res.json()) as { value?: { language?: string } }).value?.language;
    })
    .toBe('CN');
});

test('/oauth/callback without an answer explains itself and closes to /', async ({ page }) => {
  await start(page);
  await page.goto('/oauth/callback');
  await expect(page.getByTestId('oauthCallback-modal')).toContainText('nothing to complete');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/$/);
});
