import path from 'node:path';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { skipNoticePopup, startInLanguage } from './fixtures.ts';
import { closeDialog, dismissDialog } from './support/dialogs.ts';
import { closeCentre, deposit, openCentre } from './support/member-centre.ts';
import { newOperatorMember } from './support/members.ts';
import { ops } from './support/ops.ts';
import { shootBothThemes } from './support/screenshots.ts';

// Responsible gaming (issue 22), against the real server. One member made for this file sets a daily deposit limit
// and is refused a deposit above it; raises the limit, which waits for the cooling period (the server's test clock is
// moved 25 h with `ops clock advance`) and then lets the deposit through; a second browser, whose clock Playwright
// moves, gets the reality check; self-exclusion in the first logs the second out at once and log-in is refused.
// Screenshots of the page and the dialogs in both themes go to SHOTS for review.
test.describe.configure({ mode: 'serial', timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const SHOTS = process.env.RG_SHOTS_DIR ?? path.join(process.env.E2E_DATA_DIR ?? '/tmp', 'responsible-shots');
const PASSWORD = 'rg123xyz';
const shoot = (page: Page, name: string) => shootBothThemes(page, SHOTS, name);

let first: Page;
let second: Page;
let username = '';

test.beforeAll(async ({ browser }) => {
  ({ page: first, username } = await newOperatorMember(browser, 'rg', PASSWORD));
});

test.afterAll(async () => {
  // The clock is shared with every later spec of the run.
  ops('clock', 'reset');
  await first?.context().close();
  await second?.context().close();
});

/** Asks for a deposit of `major` on the sandbox channel; the page answers with a dialog (a refusal). */
async function askDeposit(page: Page, major: number): Promise<void> {
  await page.getByTestId('header-deposit').click();
  const centre = page.getByTestId('member-centre');
  await centre.locator('[data-testid^="dp-channel-"]').filter({ hasText: 'Sandbox Pay' }).click();
  await centre.getByTestId('dp-amount').fill(String(major));
  await centre.getByTestId('dp-submit').click();
}

async function setDailyDeposit(page: Page, major: number): Promise<void> {
  const centre = await openCentre(page, 'responsibleGaming');
  await centre.getByTestId('rg-limit-deposit-day-edit').click();
  await centre.getByTestId('rg-limit-input').fill(String(major));
  await centre.getByTestId('rg-limit-save').click();
}

test('a daily deposit limit refuses a larger deposit; a raise waits 24 hours, then lets it through', async () => {
  const centre = await openCentre(first, 'responsibleGaming');
  await expect(centre.getByTestId('rg-limit-deposit-day-amount')).toHaveText('No limit');
  await shoot(first, 'page-empty');

  // A first limit applies at once.
  await setDailyDeposit(first, 50_000);
  await dismissDialog(first);
  await expect(centre.getByTestId('rg-limit-deposit-day-amount')).toContainText('50,000.00');
  await closeCentre(first);

  await askDeposit(first, 60_000);
  const refusal = first.getByTestId('dialog');
  await expect(refusal).toContainText('deposit limit for the day: 50,000.00 VND, of which 0.00 VND is used');
  await expect(refusal).toContainText('The limit resets');
  await shoot(first, 'dialog-deposit-limit');
  await closeDialog(first, undefined, 'first');
  await closeCentre(first);

  // A raise is pending: the old limit still holds.
  await setDailyDeposit(first, 100_000);
  await closeDialog(first, /applies .* after the cooling period/);
  await expect(centre.getByTestId('rg-limit-deposit-day-pending')).toContainText('Raise to 100,000.00 VND applies');
  await expect(centre.getByTestId('rg-limit-deposit-day-amount')).toContainText('50,000.00');
  await shoot(first, 'page-pending-raise');
  await closeCentre(first);
  await askDeposit(first, 60_000);
  await closeDialog(first, 'deposit limit for the day: 50,000.00 VND', 'first');
  await closeCentre(first);

  // 25 hours on, the raise has applied and the deposit goes through the gateway.
  ops('clock', 'advance', '25h');
  await openCentre(first, 'responsibleGaming');
  await expect(centre.getByTestId('rg-limit-deposit-day-amount')).toContainText('100,000.00');
  await expect(centre.getByTestId('rg-limit-deposit-day-pending')).toHaveCount(0);
  await closeCentre(first);
  await deposit(first, 60_000);
  const after = await openCentre(first, 'responsibleGaming');
  await expect(after.getByTestId('rg-limit-deposit-day-used')).toContainText('60,000.00');
  await shoot(first, 'page-used');
  await closeCentre(first);
  ops('clock', 'reset');
});

test('the reality check appears after the chosen minutes, with the record one click away', async ({ browser }) => {
  // A second browser of the same member, whose clock the test moves; it logs in on its own (a session of its own).
  second = await (await browser.newContext()).newPage();
  await second.clock.install();
  await skipNoticePopup(second);
  await startInLanguage(second, 'EN');
  await second.goto('/');
  const form = second.getByTestId('login-form');
  await form.getByPlaceholder('Username').fill(username);
  await form.getByPlaceholder('Password').fill(PASSWORD);
  await second.getByTestId('login-submit').click();
  await expect(second.getByTestId('after-login-modal')).toBeVisible({ timeout: 60_000 });
  await second.getByTestId('after-login-close').click();

  const centre = await openCentre(second, 'responsibleGaming');
  await centre.getByTestId('rg-reality-minutes').selectOption('15');
  await centre.getByTestId('rg-reality-save').click();
  await dismissDialog(second);
  await expect(centre.getByTestId('rg-reality-current')).toContainText('Every 15 minutes');
  await closeCentre(second);

  await second.clock.fastForward('14:00');
  await expect(second.getByTestId('dialog')).toHaveCount(0);
  await second.clock.fastForward('01:30');
  const check = second.getByTestId('dialog');
  await expect(check).toContainText('Reality check');
  await expect(check).toContainText('You have been logged in for');
  await expect(check).toContainText('Your result since then');
  await expect(check.getByRole('button', { name: 'Continue playing' })).toBeVisible();
  await expect(check.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await shoot(second, 'dialog-reality-check');
  await check.getByRole('button', { name: 'View betting record' }).click();
  await expect(second.getByTestId('mc-page-personalHistoryCopy')).toBeVisible();
  await closeCentre(second);
});

test('self-exclusion logs the other tab out at once, and log-in is refused until it ends', async () => {
  await first.bringToFront();
  const centre = await openCentre(first, 'responsibleGaming');
  await centre.getByTestId('rg-exclusion-months').selectOption('6');
  await centre.getByTestId('rg-exclusion-start').click();
  const dialog = first.getByTestId('rg-exclusion-dialog');
  await expect(dialog).toContainText('You are logged out at once, on every device and in every tab.');
  await dialog.getByTestId('rg-exclusion-password').fill(PASSWORD);
  await expect(dialog.getByTestId('rg-exclusion-confirm')).toBeDisabled();
  await dialog.getByTestId('rg-exclusion-understood').check();
  await shoot(first, 'dialog-self-exclusion');
  await dialog.getByTestId('rg-exclusion-confirm').click();

  await expect(first.getByTestId('dialog')).toContainText('Your account is self-excluded until');
  await expect(first.getByTestId('member-menu')).toHaveCount(0);
  await shoot(first, 'dialog-self-excluded');

  // The other browser (another device: no storage shared) hears it on its socket: logged out at once, and told why.
  await expect(second.getByTestId('member-menu')).toHaveCount(0);
  await expect(second.getByTestId('dialog')).toContainText('Your account is self-excluded until');
  await closeDialog(second);
  expect(await second.evaluate(() => window.sessionStorage.getItem('token'))).toBeNull();

  const form = second.getByTestId('login-form');
  await form.getByPlaceholder('Username').fill(username);
  await form.getByPlaceholder('Password').fill(PASSWORD);
  await second.getByTestId('login-submit').click();
  await expect(second.getByTestId('dialog')).toContainText('Your account is self-excluded until');
  await expect(second.getByTestId('member-menu')).toHaveCount(0);
});
