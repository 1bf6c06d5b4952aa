import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { skipNoticePopup, startInLanguage } from './fixtures.ts';
import { ops } from './support/ops.ts';
import { shootBothThemes, shot } from './support/screenshots.ts';

// Money pages of the member centre (issue 4) against the real server: header balance, transfer
// wallets, account record with CSV, payment password and member transfers, deposit through the
// sandbox gateway, withdrawal with the member's confirmation. Screenshots of every page in both
// themes go to SHOTS for review.
test.describe.configure({ mode: 'serial', timeout: 180_000 });
// The machine running these is shared: money moves get more time than the default 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });

const SHOTS = process.env.MONEY_SHOTS_DIR ?? path.join(process.env.E2E_DATA_DIR ?? '/tmp', 'money-shots');
const PAYMENT_PASSWORD = '432100';

/**
 * Amounts as the page shows them. Other specs play games with the demo accounts before this one runs, so a
 * test reads the balance it starts from and checks what moved, never a fixed figure.
 */
const minorOf = (text: string | null): number => Math.round(Number((text ?? '').replace(/[^0-9.-]/g, '')) * 100);
const shown = (minor: number): string => (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
// The smallest valid PNG (1 × 1, transparent): a receipt or proof image.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

function demoPassword(): string {
  const file = path.join(process.env.E2E_DATA_DIR ?? '', 'demo-credentials.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { password: string }).password;
}

async function login(page: Page, username: string): Promise<void> {
  await skipNoticePopup(page);
  await startInLanguage(page, 'EN');
  await page.goto('/');
  const form = page.getByTestId('login-form');
  await form.getByPlaceholder('Username').fill(username);
  await form.getByPlaceholder('Password').fill(demoPassword());
  await page.getByTestId('login-submit').click();
  // The password hash is made to be slow; on a busy machine a login takes a while.
  await expect(page.getByTestId('after-login-modal')).toBeVisible({ timeout: 90_000 });
  await page.getByTestId('after-login-close').click();
  await expect(page.getByTestId('member-menu')).toContainText(username);
}

async function openCentre(page: Page, nav: string): Promise<Locator> {
  if ((await page.getByTestId('member-centre').count()) === 0) {
    await page.getByTestId('member-menu').click();
    // The Members entry, whatever the language.
    await page.getByTestId('member-menu-securityCenter').click();
  }
  const centre = page.getByTestId('member-centre');
  await centre.getByTestId(`mc-nav-${nav}`).click();
  await expect(centre.getByTestId(`mc-page-${nav}`)).toBeVisible();
  await expect(centre.getByTestId('skeleton')).toHaveCount(0);
  return centre;
}

/** Close the last generic dialog; a success notice may close itself first (auto-close), which is as good. */
async function closeDialog(page: Page): Promise<void> {
  const dialog = page.getByTestId('dialog').last();
  await expect(dialog).toBeVisible();
  await dialog
    .getByRole('button')
    .last()
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(page.getByTestId('dialog')).toHaveCount(0);
}

/** The member centre in dark and light theme, for review. */
const shoot = (page: Page, name: string): Promise<void> => shootBothThemes(page, SHOTS, name);

const money = (text: string | null) => Number((text ?? '').replace(/[^0-9.-]/g, ''));

test.describe('money pages', () => {
  test.beforeAll(() => {
    ops('wallet', 'mode', 'transfer');
  });
  // The specs after this one play from the main wallet, as the demo site does.
  test.afterAll(() => {
    ops('wallet', 'mode', 'single');
  });

  test('header balance: two decimals with separators and VND, hidden as ***, refreshed on click with a placeholder', async ({ page }) => {
    await login(page, 'member02');
    const balance = page.getByTestId('balance');
    await expect(balance.getByTestId('balance-amount')).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2}/);
    await expect(balance).toContainText('VND');
    const start = minorOf(await balance.getByTestId('balance-amount').textContent());

    await balance.getByRole('button', { name: 'Hide balance' }).click();
    await expect(balance).toContainText('***');
    await expect(balance).not.toContainText(shown(start));
    await balance.getByRole('button', { name: 'Show balance' }).click();

    ops('wallet', 'adjust', 'member02', '1234.5', '--reason', 'e2e refresh');
    // Hold the balance answer to see the placeholder, then let it through.
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/wps/v2/wallets/balance', async (route) => {
      await held;
      await route.continue();
    });
    await balance.getByTestId('balance-amount').click();
    await expect(balance).toContainText('Updating…');
    release();
    await expect(balance).toContainText(shown(start + 123_450));
    await shot(page, path.join(SHOTS, 'header-balance.png'), { clip: { x: 800, y: 0, width: 640, height: 40 } });
  });

  test('transfer wallets: in to a vendor wallet, out again, recall all; the total stays', async ({ page }) => {
    await login(page, 'member01');
    const centre = await openCentre(page, 'transferFund');
    await expect(centre.getByTestId('tf-total')).toHaveText(/\d\.\d{2}/);
    const total = minorOf(await centre.getByTestId('tf-total').textContent());
    const main = minorOf(await centre.getByTestId('tf-main').textContent());
    // The first vendor wallet that is open (the house vendor; the others are under maintenance).
    const card = centre.locator('[data-testid^="tf-wallet-"]').filter({ has: page.locator('button:not([disabled])[data-testid^="tf-in-"]') }).first();
    const code = ((await card.getAttribute('data-testid')) ?? '').replace('tf-wallet-', '');
    expect(code).not.toBe('');

    await card.getByTestId(`tf-in-${code}`).click();
    await centre.getByTestId('tf-amount').fill('300');
    await centre.getByTestId('tf-submit').click();
    await closeDialog(page);
    await expect(centre.getByTestId(`tf-balance-${code}`)).toHaveText('300.00');
    await expect(centre.getByTestId('tf-main')).toContainText(shown(main - 30_000));
    await expect(centre.getByTestId('tf-total')).toContainText(shown(total));

    await card.getByTestId(`tf-out-${code}`).click();
    await expect(centre.getByTestId('tf-amount')).toHaveValue('300.00');
    await centre.getByTestId('tf-amount').fill('120.5');
    await centre.getByTestId('tf-submit').click();
    await closeDialog(page);
    await expect(centre.getByTestId(`tf-balance-${code}`)).toHaveText('179.50');
    await expect(centre.getByTestId('tf-main')).toContainText(shown(main - 30_000 + 12_050));

    // More than the wallet holds is refused before anything is sent.
    await centre.getByTestId('tf-amount').fill('5000000');
    await centre.getByTestId('tf-submit').click();
    await expect(centre.getByText('Insufficient balance')).toBeVisible();
    await shoot(page, 'transfer-fund');

    await centre.getByTestId('tf-amount').fill('');
    await centre.getByTestId('tf-recall-all').click();
    await expect(centre.getByTestId(`tf-balance-${code}`)).toHaveText('0.00');
    await expect(centre.getByTestId('tf-main')).toContainText(shown(main));
    await expect(page.getByTestId('balance')).toContainText(shown(total));
  });

  test('account record: type and day filters, pages, CSV export', async ({ page }) => {
    await login(page, 'member01');
    const centre = await openCentre(page, 'transactionHistory');
    const table = centre.getByTestId('th-table');
    await expect(table).toBeVisible();
    // Newest first: recall all, the transfer out, the transfer in, then the seeded demo money.
    const rows = table.locator('tbody tr');
    await expect(rows.nth(0)).toContainText('From game wallet');
    await expect(rows.nth(0)).toContainText('+179.50');
    await expect(rows.nth(1)).toContainText('+120.50');
    await expect(rows.nth(2)).toContainText('To game wallet');
    await expect(rows.nth(2)).toContainText('-300.00');
    const all = await rows.count();
    await shoot(page, 'transaction-history');

    await centre.getByTestId('th-type').selectOption('vendorTransferOut');
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table.locator('tbody tr').first()).toContainText('-300.00');

    const download = page.waitForEvent('download');
    await centre.getByTestId('th-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const csv = fs.readFileSync(await file.path(), 'utf8');
    const lines = csv.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('-300.00');

    // A day range with nothing in it: the empty state.
    await centre.getByTestId('th-type').selectOption('');
    await centre.getByTestId('th-range-from').fill('2020-01-01');
    await centre.getByTestId('th-range-to').fill('2020-01-31');
    await expect(centre.getByTestId('th-empty')).toBeVisible();
    await centre.getByTestId('th-range-today').click();
    await expect(table.locator('tbody tr')).toHaveCount(all);
  });

  test('personal loss and bonus details show their empty state without data', async ({ page }) => {
    await login(page, 'member03');
    let centre = await openCentre(page, 'personalProfit');
    await expect(centre.getByTestId('pp-empty').or(centre.getByTestId('pp-totals'))).toBeVisible();
    await shoot(page, 'personal-profit');
    centre = await openCentre(page, 'bonusDetails');
    await expect(centre.getByTestId('bd-empty').or(centre.getByTestId('bd-table'))).toBeVisible();
    await shoot(page, 'bonus-details');
  });

  test('agent: set the payment password, transfer to a direct downline; both records show it', async ({ page }) => {
    await login(page, 'agent01');
    const amount = page.getByTestId('balance').getByTestId('balance-amount');
    await expect(amount).toHaveText(/\d\.\d{2}/);
    const before = minorOf(await amount.textContent());
    let centre = await openCentre(page, 'transferUpline');
    await expect(centre.getByTestId('mt-need-password')).toBeVisible();
    await shoot(page, 'transfer-need-password');
    await centre.getByTestId('pp-current').fill(demoPassword());
    await centre.getByTestId('pp-new').fill(PAYMENT_PASSWORD);
    await centre.getByTestId('pp-confirm').fill(PAYMENT_PASSWORD);
    await centre.getByTestId('pp-submit').click();
    await closeDialog(page);
    await expect(centre.getByTestId('mt-form-downline')).toBeVisible();

    await centre.getByTestId('mt-account').fill('member02');
    await centre.getByTestId('mt-amount').fill('25');
    await centre.getByTestId('mt-password').fill('wrong-one');
    await centre.getByTestId('mt-submit').click();
    await expect(page.getByTestId('dialog')).toContainText('Incorrect transaction password');
    await expect(page.getByTestId('dialog')).toContainText('4 attempts left');
    await closeDialog(page);

    await centre.getByTestId('mt-password').fill(PAYMENT_PASSWORD);
    await centre.getByTestId('mt-submit').click();
    await expect(page.getByTestId('dialog')).toContainText('25.00 VND was sent to member02');
    await closeDialog(page);
    await shoot(page, 'transfer-downline');
    await expect(page.getByTestId('balance')).toContainText(shown(before - 2_500));

    centre = await openCentre(page, 'transactionHistory');
    await expect(centre.getByTestId('th-table').locator('tbody tr').first()).toContainText('Transfer sent');
    await expect(centre.getByTestId('th-table').locator('tbody tr').first()).toContainText('-25.00');
  });

  test('deposit: a bank transfer with a receipt approved by the operator, an online payment on the sandbox gateway', async ({ page }) => {
    await login(page, 'member01');
    const amount = page.getByTestId('balance').getByTestId('balance-amount');
    await expect(amount).toHaveText(/\d\.\d{2}/);
    const before = minorOf(await amount.textContent());
    let centre = await openCentre(page, 'depositv2');
    const channels = centre.locator('[data-testid^="dp-channel-"]');
    await expect(channels).toHaveCount(2);
    await shoot(page, 'deposit-bank');

    // Bank: below the minimum is refused in the form; then a receipt and the operator's approval.
    await channels.filter({ hasText: 'Bank transfer' }).click();
    await expect(centre.getByTestId('dp-bank')).toContainText('Vietcombank');
    await centre.getByTestId('dp-amount').fill('10');
    await centre.getByTestId('dp-submit').click();
    await expect(centre.getByText('Between 50,000.00 and')).toBeVisible();
    await centre.getByTestId('dp-amount').fill('60000');
    await centre.getByTestId('dp-payer').fill('Demo Member');
    await centre.getByTestId('dp-receipt').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
    await centre.getByTestId('dp-submit').click();
    await expect(page.getByTestId('dialog')).toContainText('60,000.00 VND is waiting for review');
    await closeDialog(page);
    await expect(centre.getByTestId('dp-table')).toContainText('Under review');
    const review = ops('deposit', 'review');
    const id = /^\s*(\d+)\b/m.exec(review)?.[1];
    expect(id, review).toBeTruthy();
    ops('deposit', 'approve', id ?? '');
    // The header balance sits under the centre: close it, refresh by a click, open the deposit page again.
    await page.keyboard.press('Escape');
    await page.getByTestId('balance').getByTestId('balance-amount').click();
    await expect(page.getByTestId('balance')).toContainText(shown(before + 6_000_000));
    centre = await openCentre(page, 'depositv2');
    await expect(centre.getByTestId('dp-table')).toContainText('Credited');

    // Online: the gateway's hosted page, paid, then back on the portal with the balance credited.
    await channels.filter({ hasText: 'Sandbox Pay' }).click();
    await centre.getByTestId('dp-amount').fill('20000');
    await shoot(page, 'deposit-online');
    await centre.getByTestId('dp-submit').click();
    await page.waitForURL(/sandbox-gateway\/pay\//);
    await expect(page.getByText('20,000.00').first()).toBeVisible();
    await shot(page, path.join(SHOTS, 'gateway-hosted-page.png'));
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.pathname === '/' && !url.search.includes('deposit='));
    centre = page.getByTestId('member-centre');
    await expect(centre.getByTestId('mc-page-depositv2')).toBeVisible();
    // The page itself says what became of the deposit (issue 16), no dialog over it.
    await expect(centre.getByTestId('dp-outcome')).toHaveAttribute('data-status', 'credited');
    await expect(page.getByTestId('balance')).toContainText(shown(before + 8_000_000), { timeout: 20_000 });
    await expect(centre.getByTestId('dp-table')).toContainText('Credited');
    await shoot(page, 'deposit-records');
  });

  test('withdraw: bind a card, withdraw, the operator pays, the member confirms partly received with proof', async ({ page }) => {
    await login(page, 'member01');
    const amount = page.getByTestId('balance').getByTestId('balance-amount');
    await expect(amount).toHaveText(/\d\.\d{2}/);
    const before = minorOf(await amount.textContent());
    const centre = await openCentre(page, 'withdraw');
    await expect(centre.getByTestId('wd-no-cards')).toBeVisible();
    await expect(centre.getByTestId('wd-submit')).toBeDisabled();
    await shoot(page, 'withdraw-empty');

    await centre.getByTestId('pp-current').fill(demoPassword());
    await centre.getByTestId('pp-new').fill(PAYMENT_PASSWORD);
    await centre.getByTestId('pp-confirm').fill(PAYMENT_PASSWORD);
    await centre.getByTestId('pp-submit').click();
    await closeDialog(page);
    await expect(centre.getByTestId('pp-current')).toHaveAttribute('autocomplete', 'new-password');

    await centre.getByTestId('wd-bind-open').click();
    await centre.getByTestId('wd-bind-name').fill('Demo Member');
    await centre.getByTestId('wd-bind-number').fill('0123456789');
    await centre.getByTestId('wd-bind-password').fill(PAYMENT_PASSWORD);
    await centre.getByTestId('wd-bind-submit').click();
    await closeDialog(page);
    await expect(centre.locator('[data-testid^="wd-card-"]').first()).toContainText('6789');

    await centre.getByTestId('wd-amount').fill('50000');
    await centre.getByTestId('wd-password-input').fill(PAYMENT_PASSWORD);
    await centre.getByTestId('wd-submit').click();
    await expect(page.getByTestId('dialog')).toContainText('50,000.00 VND');
    await closeDialog(page);
    await expect(page.getByTestId('balance')).toContainText(shown(before - 5_000_000));
    const row = centre.getByTestId('wd-table').locator('tbody tr').first();
    await expect(row).toContainText('Awaiting payment');

    const pending = ops('withdrawal', 'review', 'pending');
    const id = /^\s*(\d+)\b/m.exec(pending)?.[1];
    expect(id, pending).toBeTruthy();
    ops('withdrawal', 'pay', id ?? '');
    await centre.getByTestId('wd-records-refresh').click();
    await expect(row).toContainText('Paid, please confirm');
    await shoot(page, 'withdraw-records');

    await centre.getByTestId(`wd-confirm-open-${id}`).click();
    const confirm = page.getByTestId('wd-confirm');
    await expect(confirm).toBeVisible();
    await confirm.getByTestId('wd-confirm-forcedReceived').click();
    await expect(confirm).toContainText('the deposit is not refunded');
    await confirm.getByTestId('wd-confirm-partlyReceived').click();
    await confirm.getByTestId('wd-confirm-amount').fill('60000');
    await confirm.getByTestId('wd-confirm-submit').click();
    await expect(confirm).toContainText('Less than 50,000.00 VND');
    await confirm.getByTestId('wd-confirm-amount').fill('30000');
    await confirm.getByTestId('wd-confirm-proof').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG });
    await shot(page, path.join(SHOTS, 'withdraw-confirm-dark.png'));
    await confirm.getByTestId('wd-confirm-submit').click();
    await expect(page.getByTestId('dialog')).toContainText('customer service will review the difference');
    await closeDialog(page);
    await expect(row).toContainText('Partly received');

    const record = await openCentre(page, 'transactionHistory');
    await expect(record.getByTestId('th-table').locator('tbody tr').first()).toContainText('Withdrawal');
    await expect(record.getByTestId('th-table')).toContainText('Deposit');
  });

  test('long languages: the pages in MY and VI keep their text in its boxes', async ({ page }) => {
    await login(page, 'member02');
    for (const [lang, withdraw] of [
      ['MY', 'ငွေထုတ်'],
      ['VI', 'Rút tiền'],
    ] as const) {
      // Runs after login()'s EN script on the reload, so this language wins.
      await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
      await page.reload();
      await expect(page.getByTestId('member-menu')).toBeVisible();
      for (const nav of ['withdraw', 'transactionHistory']) {
        const centre = await openCentre(page, nav);
        await expect(centre.getByTestId('mc-nav-withdraw')).toHaveText(withdraw);
        await shot(page, path.join(SHOTS, `${nav}-${lang.toLowerCase()}.png`));
      }
    }
  });

  test('member: transferUpline shows for a member with an upline', async ({ page }) => {
    await login(page, 'member02');
    const centre = await openCentre(page, 'transferUpline');
    await expect(centre.getByTestId('mt-need-password')).toBeVisible();
    expect(money(await page.getByTestId('balance').textContent())).toBeGreaterThan(0);
  });
});
