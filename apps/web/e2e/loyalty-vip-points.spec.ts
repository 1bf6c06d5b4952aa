import path from 'node:path';
import { expect as baseExpect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { skipNoticePopup, startInLanguage } from './fixtures.ts';
import { closeDialog as closeDialogBy, dismissDialog } from './support/dialogs.ts';
import { spinSlot } from './support/house-slot.ts';
import { closeCentre, openCentre } from './support/member-centre.ts';
import { newOperatorMember } from './support/members.ts';
import { balanceNow, shown } from './support/money.ts';
import { ops } from './support/ops.ts';
import { shootBothThemes } from './support/screenshots.ts';

// VIP and the points mall (issue 18), against the real server. A member made for this file plays house slot rounds
// until the VIP recomputation raises its level and pays the upgrade bonus once (a second recomputation pays nothing);
// the points accrual pays points for the same bets, shown in points details; the member redeems a cash item with the
// payment password (the wallet rises), a goods item the operator approves (redeem history follows it), and converts
// points to cash. The operator sets a small ladder and catalogue with the CLI so that three spins are enough.
// Screenshots of every screen in both themes go to SHOTS for review.
test.describe.configure({ mode: 'serial', timeout: 180_000 });
// Logins hash slowly and slot rounds animate on a shared machine.
const expect = baseExpect.configure({ timeout: 30_000 });

const SHOTS = process.env.LOYALTY_SHOTS_DIR ?? path.join(process.env.E2E_DATA_DIR ?? '/tmp', 'loyalty-shots');
const PASSWORD = 'vip123xyz';
const PAYMENT_PASSWORD = '246813';

/** `ops points item add …`: the new item's id. */
function addItem(...args: string[]): number {
  const out = ops('points', 'item', 'add', ...args);
  const id = Number(/item (\d+) added/.exec(out)?.[1]);
  if (!id) throw new Error(`no item id in: ${out}`);
  return id;
}

/** Closes a notice by its first button, Close: the last button of the redeem notice opens redeem history. */
const closeDialog = (page: Page) => closeDialogBy(page, undefined, 'first');
/** A member made for this file (see newOperatorMember), logged in on its own page. */
const newMember = (browser: Browser, prefix: string) => newOperatorMember(browser, prefix, PASSWORD);
const shoot = (page: Page, name: string) => shootBothThemes(page, SHOTS, name);

/** The points the mall's header shows. */
async function pointsNow(page: Page): Promise<number> {
  const balance = page.getByTestId('pm-balance');
  await expect(balance).toHaveText(/^[\d,]+$/);
  return Number((await balance.textContent())?.replace(/,/g, ''));
}

function itemCard(page: Page, id: number): Locator {
  return page.locator(`[data-testid="pm-item"][data-id="${id}"]`);
}

const CASH_ITEM = 'E2E cash voucher';
const GOODS_ITEM = 'E2E travel mug';
let cashId = 0;
let goodsId = 0;
let depositOnlyId = 0;

test.beforeAll(() => {
  // Bets are paid from the main wallet (whatever mode an earlier file left).
  ops('wallet', 'mode', 'single');
  // A small first step: 20,000 ₫ of valid bet (three 10,000 ₫ spins) reaches VIP 1, whose upgrade bonus is 5,000 ₫ of cash.
  ops('vip', 'level', 'set', '1', '--name', 'Silver', '--bet', '20000', '--deposit', '0', '--keep', '10000', '--upgrade', '5000', '--monthly', '2000', '--birthday', '8000', '--turnover', '0', '--rebate', 'RNG=0.5%,LIVE=0.3%', '--withdrawals', '5', '--withdrawal-limit', '50000000');
  // One point per 100 ₫ of valid bet on slots: three spins earn 300 points. 10 points convert to 1,000 ₫.
  ops('points', 'config', '--rate', 'RNG=100,LIVE=200,FISH=100,PVP=100,SPORTS=200,ESPORTS=200,LOTT=200', '--convert', '10:1000', '--min-convert', '20');
  cashId = addItem('--name', CASH_ITEM, '--kind', 'cash', '--points', '100', '--value', '1000', '--stock', '5', '--units', 'voucher', '--ratio', '10');
  goodsId = addItem('--name', GOODS_ITEM, '--kind', 'goods', '--points', '50', '--stock', '3', '--units', 'piece', '--ratio', '1');
  depositOnlyId = addItem(
    '--name', 'E2E depositors only', '--kind', 'cash', '--points', '10', '--value', '500', '--amount-required', '1000000', '--amount-kind', 'deposit', '--stock', 'none', '--units', 'voucher', '--ratio', '2',
  );
});

test('a visitor sees the VIP levels and the points mall, and is asked to log in', async ({ page }) => {
  await skipNoticePopup(page);
  await startInLanguage(page, 'EN');
  await page.goto('/vip');
  const table = page.getByTestId('vip-levels');
  await expect(table.getByTestId('vip-level-1')).toContainText('VIP 1');
  const silver = table.locator('tbody tr').filter({ has: page.getByTestId('vip-level-1') });
  await expect(silver).toContainText('20,000.00');
  await expect(silver).toContainText('5,000.00');
  await expect(silver).toContainText('0.5%');
  await expect(page.getByTestId('vip-card')).toHaveCount(0);
  await expect(page.getByTestId('vip-visitor-prompt')).toBeVisible();
  await shoot(page, 'vip-visitor');
  await page.getByTestId('vip-login').click();
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByTestId('nav-point-mall').click();
  await expect(page).toHaveURL(/\/pointMall$/);
  await expect(itemCard(page, cashId).getByTestId('pm-item-points')).toHaveText('100');
  await expect(itemCard(page, cashId).getByTestId('pm-item-stock')).toHaveText('5 left in stock');
  await expect(itemCard(page, depositOnlyId).getByTestId('pm-item-requirement')).toHaveText('Requires deposits of 1,000,000.00 VND in the last 30 days');
  await expect(page.getByTestId('pm-earn-RNG')).toHaveText('Slots1 point / 100.00 VND');
  // /pointMall has the header and the footer, no side bar (spec §2).
  await expect(page.getByTestId('layout-footer')).toBeVisible();
  await shoot(page, 'point-mall-visitor');
  await itemCard(page, cashId).getByTestId('pm-item-redeem').click();
  await expect(page.getByTestId('login-modal')).toBeVisible();
});

test.describe('a member', () => {
  let page: Page;
  let username: string;

  test.beforeAll(async ({ browser }) => {
    ({ page, username } = await newMember(browser, 'vp'));
    ops('wallet', 'adjust', username, '100000', '--reason', 'e2e loyalty stake');
  });
  test.afterAll(async () => {
    await page.close();
  });

  test('plays until the VIP recomputation raises its level, and is paid the upgrade bonus once', async () => {
    await page.goto('/vip');
    const card = page.getByTestId('vip-card');
    await expect(card).toHaveAttribute('data-level', '0');
    await expect(card.getByTestId('vip-next-bet')).toContainText('0.00 / 20,000.00');
    await shoot(page, 'vip-member-level0');

    await spinSlot(page, 3);
    const before = await balanceNow(page);
    expect(ops('vip', 'recompute')).toMatch(/[1-9]\d* upgrade bonus/);
    await page.goto('/vip');
    await expect(card).toHaveAttribute('data-level', '1');
    await expect(card.getByTestId('vip-card-name')).toHaveText('Silver');
    await expect(page.getByTestId('vip-levels').locator('tbody tr[data-highlight]')).toContainText('VIP 1');
    await expect(card.getByTestId('vip-keep')).toContainText('/ 10,000.00');
    await shoot(page, 'vip-member-level1');
    // The upgrade bonus is cash: the header's balance has it, the reward centre lists it once.
    await page.getByTestId('balance-amount').click();
    await expect(page.getByTestId('balance-amount')).toHaveText(shown(before + 500_000));

    // A second recomputation finds nothing to raise and pays nothing more.
    expect(ops('vip', 'recompute')).toMatch(/0 upgrade bonus/);
    await page.reload();
    expect(await balanceNow(page)).toBe(before + 500_000);
    const centre = await openCentre(page, 'rewardCenter');
    await expect(centre.getByTestId('rc-table').locator('tbody tr').filter({ hasText: 'VIP · Cash' })).toHaveCount(1);
    await closeCentre(page);

    // The member menu shows the level and leads to /vip.
    await page.getByTestId('member-menu').click();
    await expect(page.getByTestId('member-menu-vip-level')).toContainText('VIP 1');
    await page.getByTestId('member-menu-vip').click();
    await expect(page).toHaveURL(/\/vip$/);
  });

  test('confirms its birthday once, at 21 or older', async () => {
    await page.goto('/vip');
    const form = page.getByTestId('vip-birthday-form');
    const young = new Date();
    young.setFullYear(young.getFullYear() - 18);
    await form.getByTestId('vip-birthday-date').fill(young.toISOString().slice(0, 10));
    await form.getByTestId('vip-birthday-age').check();
    await form.getByTestId('vip-birthday-submit').click();
    await expect(form).toContainText('You must be 21 or older to confirm your birthday');
    await form.getByTestId('vip-birthday-date').fill('1990-04-12');
    await form.getByTestId('vip-birthday-submit').click();
    await dismissDialog(page);
    await expect(page.getByTestId('vip-birthday-confirmed')).toContainText('1990-04-12');
    await expect(page.getByTestId('vip-birthday-form')).toHaveCount(0);
  });

  test('earns points for its bets and sees them in points details', async () => {
    // The accrual pays what is due, the window still open included (later bets in it are topped up): the operator's
    // run pays the spins' points at once, without waiting for the clock. (The server's own run every 5 minutes may
    // have paid some of them already, as a first payment and a top-up.)
    ops('points', 'accrue');
    await page.goto('/pointMall');
    await page.reload();
    await expect.poll(() => pointsNow(page)).toBe(300);
    await shoot(page, 'point-mall-member');
    await page.getByTestId('pm-open-details').click();
    const centre = page.getByTestId('member-centre');
    await expect(centre.getByTestId('mc-page-pointsDetails')).toBeVisible();
    const row = centre.getByTestId('pd-table').locator('tbody tr').first();
    await expect(row.getByTestId('pd-changed')).toHaveText(/^\+[123]00$/);
    await expect(row.getByTestId('pd-remark')).toContainText('Points for bets');
    await expect(centre.getByTestId('pd-balance')).toHaveText('300');
    await shoot(page, 'points-details');
    await closeCentre(page);
  });

  test('redeems a cash item with the payment password: the wallet rises and the points fall', async () => {
    // The payment password, set once in the withdrawal page's first step.
    const centre = await openCentre(page, 'withdraw');
    await centre.getByTestId('wd-steps').getByTestId('wd-step-password-open').click();
    await centre.getByTestId('pp-current').fill(PASSWORD);
    await centre.getByTestId('pp-new').fill(PAYMENT_PASSWORD);
    await centre.getByTestId('pp-confirm').fill(PAYMENT_PASSWORD);
    await centre.getByTestId('pp-submit').click();
    await dismissDialog(page);
    await closeCentre(page);

    await page.goto('/pointMall');
    const before = await balanceNow(page);
    // An item whose requirement is not met is refused with the figures: what it asks, what the member has done.
    await itemCard(page, depositOnlyId).getByTestId('pm-item-redeem').click();
    let dialog = page.getByTestId('pm-redeem-dialog');
    await dialog.getByTestId('pm-redeem-password').fill(PAYMENT_PASSWORD);
    await dialog.getByTestId('pm-redeem-submit').click();
    await expect(page.getByTestId('dialog')).toContainText('Deposit in the last 30 days: 1,000,000.00 VND required, 0.00 VND done.');
    await shoot(page, 'point-mall-requirement');
    await closeDialog(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await itemCard(page, cashId).getByTestId('pm-item-redeem').click();
    dialog = page.getByTestId('pm-redeem-dialog');
    await dialog.getByTestId('pm-redeem-quantity').fill('2');
    await expect(dialog.getByTestId('pm-redeem-total')).toHaveText('200');
    // A wrong payment password changes nothing and says how many tries are left.
    await dialog.getByTestId('pm-redeem-password').fill('999999');
    await dialog.getByTestId('pm-redeem-submit').click();
    await expect(page.getByTestId('dialog')).toContainText(/attempts? left/);
    await closeDialog(page);
    await dialog.getByTestId('pm-redeem-quantity').fill('1');
    await dialog.getByTestId('pm-redeem-password').fill(PAYMENT_PASSWORD);
    await shoot(page, 'point-mall-redeem-dialog');
    await dialog.getByTestId('pm-redeem-submit').click();
    await expect(page.getByTestId('dialog')).toContainText(`${CASH_ITEM} is yours: 100 points paid, 200 points left.`);
    await closeDialog(page);
    expect(await pointsNow(page)).toBe(200);
    await expect(page.getByTestId('balance-amount')).toHaveText(shown(before + 100_000));
    await expect(itemCard(page, cashId).getByTestId('pm-item-stock')).toHaveText('4 left in stock');
  });

  test('redeems a goods item, which the operator approves; redeem history follows it', async () => {
    await page.goto('/pointMall');
    await itemCard(page, goodsId).getByTestId('pm-item-redeem').click();
    const dialog = page.getByTestId('pm-redeem-dialog');
    await dialog.getByTestId('pm-redeem-password').fill(PAYMENT_PASSWORD);
    await dialog.getByTestId('pm-redeem-submit').click();
    await expect(dialog.getByText('Please enter the delivery address')).toBeVisible();
    await dialog.getByTestId('pm-redeem-address').fill('12 Lê Lợi, Quận 1, TP. Hồ Chí Minh');
    await dialog.getByTestId('pm-redeem-submit').click();
    await expect(page.getByTestId('dialog')).toContainText(`Your exchange of ${GOODS_ITEM} is in process`);
    // The success dialog leads to the redeem history.
    await page.getByTestId('dialog').getByRole('button', { name: 'Redeem history' }).click();
    const centre = page.getByTestId('member-centre');
    await expect(centre.getByTestId('mc-page-redeemHistory')).toBeVisible();
    const row = centre.getByTestId('rh-table').locator('tbody tr').filter({ hasText: GOODS_ITEM });
    await expect(row.getByTestId('rh-status')).toHaveText('In process');
    await expect(row.getByTestId('rh-cancel')).toBeVisible();
    await expect(centre.getByTestId('rh-table').locator('tbody tr').filter({ hasText: CASH_ITEM }).getByTestId('rh-status')).toHaveText('Approved');
    await shoot(page, 'redeem-history-applying');

    const waiting = ops('points', 'review');
    const exchangeId = /^(\d+)\t.*\t/m.exec(waiting.split('\n').find((l) => l.includes(username) && l.includes(GOODS_ITEM)) ?? '')?.[1];
    expect(exchangeId).toBeTruthy();
    expect(ops('points', 'approve', String(exchangeId))).toContain(`exchange ${exchangeId} approved`);
    await centre.getByTestId('rh-refresh').click();
    await expect(row.getByTestId('rh-status')).toHaveText('Approved');
    await expect(row.getByTestId('rh-cancel')).toHaveCount(0);
    await centre.getByTestId('rh-filter-approved').click();
    await expect(centre.getByTestId('rh-table').locator('tbody tr')).toHaveCount(2);
    await shoot(page, 'redeem-history-approved');
    await closeCentre(page);
  });

  test('converts points to cash at the configured rate', async () => {
    await page.goto('/pointMall');
    expect(await pointsNow(page)).toBe(150);
    const before = await balanceNow(page);
    const panel = page.getByTestId('pm-convert');
    await expect(panel.getByTestId('pm-convert-rate')).toHaveText('10 points = 1,000.00 VND');
    // Below the minimum is refused in the form; a fraction is not a whole number of points.
    await panel.getByTestId('pm-convert-points').fill('10');
    await panel.getByTestId('pm-convert-password').fill(PAYMENT_PASSWORD);
    await panel.getByTestId('pm-convert-submit').click();
    await expect(panel).toContainText('At least 20 points per conversion');
    await panel.getByTestId('pm-convert-points').fill('2.5');
    await panel.getByTestId('pm-convert-submit').click();
    await expect(panel).toContainText('Enter a whole number of points');
    await panel.getByTestId('pm-convert-points').fill('50');
    await expect(panel).toContainText('You receive 5,000.00 VND');
    await shoot(page, 'point-mall-convert');
    await panel.getByTestId('pm-convert-submit').click();
    await expect(page.getByTestId('dialog')).toContainText('50 points converted: 5,000.00 VND added to your wallet, 100 points left.');
    await closeDialog(page);
    expect(await pointsNow(page)).toBe(100);
    await expect(page.getByTestId('balance-amount')).toHaveText(shown(before + 500_000));

    const centre = await openCentre(page, 'pointsDetails');
    const changes = centre.getByTestId('pd-table').getByTestId('pd-changed');
    // The spins' 300 points: one entry, or a first payment and a top-up if the server's own run came between spins.
    await expect
      .poll(async () => {
        const [a, b, c, ...accrued] = await changes.allTextContents();
        return [a, b, c, accrued.reduce((sum, x) => sum + Number(x), 0)];
      })
      .toEqual(['-50', '-50', '-100', 300]);
    await shoot(page, 'points-details-all');
    await closeCentre(page);
  });

  test('reads the points mall in Burmese', async () => {
    await startInLanguage(page, 'MY');
    await page.goto('/pointMall');
    await expect(page.getByTestId('pm-balance')).toHaveText('100');
    await shoot(page, 'point-mall-my');
    await page.goto('/vip');
    await expect(page.getByTestId('vip-card')).toBeVisible();
    await shoot(page, 'vip-my');
    await startInLanguage(page, 'EN');
  });
});
