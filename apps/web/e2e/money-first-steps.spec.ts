import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { skipNoticePopup, startInLanguage } from './fixtures.ts';
import { shootBothThemes } from './support/screenshots.ts';

// A new player's first money steps (issue 16): the Deposit button beside the header balance, a deposit through
// the sandbox gateway that comes back to a success message with the deposit's record, the withdrawal's
// prerequisites as links that open each step, the Vietnamese banks only, and records said in words. Screenshots
// of the deposit, withdraw and record pages in both themes go to SHOTS for review.
test.describe.configure({ mode: 'serial', timeout: 180_000 });
// Logins hash slowly on a shared machine.
const expect = baseExpect.configure({ timeout: 30_000 });

const SHOTS = process.env.MONEY_SHOTS_DIR ?? path.join(process.env.E2E_DATA_DIR ?? '/tmp', 'money-first-shots');
const PAYMENT_PASSWORD = '753100';
const minorOf = (text: string | null): number => Math.round(Number((text ?? '').replace(/[^0-9.-]/g, '')) * 100);
const shown = (minor: number): string => (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function demoPassword(): string {
  const file = path.join(process.env.E2E_DATA_DIR ?? '', 'demo-credentials.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { password: string }).password;
}

async function login(page: Page, username: string): Promise<void> {
  await skipNoticePopup(page);
  await startInLanguage(page, 'EN');
  await page.goto('/');
  const form = page.getByTestId('login-form');
  await form.locator('input').first().fill(username);
  await form.locator('input[type="password"]').fill(demoPassword());
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('after-login-modal')).toBeVisible({ timeout: 90_000 });
  await page.getByTestId('after-login-close').click();
  await expect(page.getByTestId('member-menu')).toContainText(username);
}

async function openCentre(page: Page, nav: string): Promise<Locator> {
  if ((await page.getByTestId('member-centre').count()) === 0) {
    await page.getByTestId('member-menu').click();
    await page.getByTestId('member-menu-securityCenter').click();
  }
  const centre = page.getByTestId('member-centre');
  await centre.getByTestId(`mc-nav-${nav}`).click();
  await expect(centre.getByTestId(`mc-page-${nav}`)).toBeVisible();
  await expect(centre.getByTestId('skeleton')).toHaveCount(0);
  return centre;
}

/** The page in dark and light theme, for review. */
const shoot = (page: Page, name: string): Promise<void> => shootBothThemes(page, SHOTS, name);

test('the Deposit button beside the balance opens the deposit page; a sandbox payment comes back to a success message and its record', async ({ page }) => {
  await login(page, 'member02');
  const amount = page.getByTestId('balance').getByTestId('balance-amount');
  await expect(amount).toHaveText(/\d\.\d{2}/);
  const before = minorOf(await amount.textContent());
  await expect(page.getByTestId('header-deposit')).toHaveText('Deposit');
  await page.getByTestId('header-deposit').click();
  let centre = page.getByTestId('member-centre');
  await expect(centre.getByTestId('mc-page-depositv2')).toBeVisible();

  await centre.locator('[data-testid^="dp-channel-"]').filter({ hasText: 'Sandbox Pay' }).click();
  await centre.getByTestId('dp-amount').fill('20000');
  await centre.getByTestId('dp-submit').click();
  await page.waitForURL(/sandbox-gateway\/pay\//);
  await page.getByRole('button', { name: /^Pay / }).click();

  // Back on the portal: the deposit page says the deposit went through and shows its record.
  await page.waitForURL((url) => url.pathname === '/' && !url.search.includes('deposit='));
  centre = page.getByTestId('member-centre');
  const outcome = centre.getByTestId('dp-outcome');
  await expect(outcome).toHaveAttribute('data-status', 'credited');
  await expect(outcome).toContainText('Deposit successful');
  await expect(outcome).toContainText('20,000.00 VND is in your balance');
  await expect(outcome.getByTestId('dp-outcome-record')).toContainText('Credited');
  const number = (await outcome.getByTestId('dp-outcome-record').locator('dd').first().textContent()) ?? '';
  expect(number).toMatch(/^\d+$/);
  // The record in the table below is the one pointed out.
  const row = centre.getByTestId('dp-table').locator('tr[data-highlight]');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Credited');
  await expect(row).toContainText('20,000.00');
  await expect(page.getByTestId('balance')).toContainText(shown(before + 2_000_000));
  await shoot(page, 'deposit-returned');
  await outcome.getByTestId('dp-outcome-close').click();
  await expect(outcome).toHaveCount(0);

  // The account record says the deposit in words, not as its ledger key; so the demo money and the welcome bonus.
  const record = await openCentre(page, 'transactionHistory');
  const remarks = record.getByTestId('th-remark');
  await expect(remarks.first()).toHaveText(`Online payment · no. ${number}`);
  await expect(record.getByTestId('th-table')).toContainText('Demo balance');
  await expect(record.getByTestId('th-table')).toContainText('Welcome bonus');
  await expect(record.getByTestId('th-table')).not.toContainText('deposit:');
  await shoot(page, 'records-in-words');
  const bonus = await openCentre(page, 'bonusDetails');
  await expect(bonus.getByTestId('bd-source').first()).toHaveText('Welcome bonus');
  await shoot(page, 'bonus-details');
});

test('a game round reads as words in the account record', async ({ page }) => {
  await login(page, 'member02');
  // One spin of Lucky Crown at the page's starting bet.
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const launch = await page.request.post('/wps/game/launchGame', {
    headers: { authorization: token ?? '' },
    data: { launchMode: 'GLS', vassalage: 'PH_SLOT', gameId: 'lucky-crown', merchantCode: 'PLAYHALL', language: 'EN' },
  });
  await page.goto(((await launch.json()) as { value: { game_url: string } }).value.game_url);
  const answer = page.waitForResponse((r) => r.url().endsWith('/wps/house/play'));
  await page.getByTestId('slot-spin').click();
  const round = ((await (await answer).json()) as { value: { roundId: string; stake: number } }).value;
  // 20 lines of 200 ₫: a spin of 4,000 ₫ (stakes.ts), never 1.00.
  expect(round.stake).toBe(400_000);
  await page.goto('/');
  const record = await openCentre(page, 'transactionHistory');
  await record.getByTestId('th-type').selectOption('bet');
  await expect(record.getByTestId('th-remark').first()).toHaveText(`Slots · Lucky Crown · round ${round.roundId.slice(0, 8)}…`);
  await expect(record.getByTestId('th-remark').first()).toHaveAttribute('title', new RegExp(round.roundId));
});

test('the withdrawal prerequisites are links that open each step; the bank list is Vietnamese', async ({ page }) => {
  await login(page, 'agent02');
  const centre = await openCentre(page, 'withdraw');
  const steps = centre.getByTestId('wd-steps');
  await expect(steps).toContainText('Before your first withdrawal');
  await expect(centre.getByTestId('wd-submit')).toBeDisabled();
  await shoot(page, 'withdraw-steps');

  // The first link puts the cursor in the transaction password form.
  await steps.getByTestId('wd-step-password-open').click();
  await expect(centre.getByTestId('pp-current')).toBeFocused();
  await centre.getByTestId('pp-current').fill(demoPassword());
  await centre.getByTestId('pp-new').fill(PAYMENT_PASSWORD);
  await centre.getByTestId('pp-confirm').fill(PAYMENT_PASSWORD);
  await centre.getByTestId('pp-submit').click();
  // "Your transaction password is saved": closed as a person would (it would hand the focus back as it closes).
  const saved = page.getByTestId('dialog');
  await expect(saved).toBeVisible();
  await saved
    .getByRole('button')
    .last()
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(saved).toHaveCount(0);
  await expect(steps.getByTestId('wd-step-password')).toHaveAttribute('data-done', 'true');
  await expect(steps.getByTestId('wd-step-password-open')).toHaveCount(0);

  // The second opens the card form, on the bank list: Vietnamese banks, no Malaysian one.
  await steps.getByTestId('wd-step-card-open').click();
  const bank = centre.getByTestId('wd-bind-bank');
  await expect(bank).toBeFocused();
  // The list arrives after the form opens (the select takes the cursor at once): wait for it, never read it early.
  await expect(bank.locator('option')).toHaveCount(16);
  const banks = await bank.locator('option').allTextContents();
  expect(banks).toContain('Vietcombank');
  expect(banks).toContain('Techcombank');
  expect(banks).not.toContain('Maybank');
  expect(banks).toHaveLength(16);
  await shoot(page, 'withdraw-bind-card');

  await centre.getByTestId('wd-bind-name').fill('Tran Van Agent');
  await centre.getByTestId('wd-bind-number').fill('0011223344');
  await centre.getByTestId('wd-bind-password').fill(PAYMENT_PASSWORD);
  await centre.getByTestId('wd-bind-submit').click();
  // Both done: the steps give way to the withdrawal form.
  await expect(centre.getByTestId('wd-steps')).toHaveCount(0);
  await expect(centre.getByTestId('wd-submit')).toBeEnabled();
  await shoot(page, 'withdraw-ready');
});
