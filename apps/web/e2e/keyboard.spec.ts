import { expect as baseExpect, test } from '@playwright/test';
import { skipNoticePopup, startInLanguage } from './fixtures.ts';
import { KeyboardVisitor } from './support/keyboard.ts';
import { uniqueName } from './support/members.ts';
import { balanceNow } from './support/money.ts';
import { ops } from './support/ops.ts';

// Issue 23, accessibility: a visitor registers, signs out and in again, deposits through the sandbox gateway and
// places a lottery bet with the keyboard alone (support/keyboard.ts: Tab, Shift+Tab, arrows, Enter, Space; locators
// only check where the focus is). On the way every focused element shows its focus, the modals keep the focus
// inside and give it back to their opener when they close. The register captcha is an image only a person can
// read: switched off, as accounts.spec.ts does.
test.describe.configure({ mode: 'serial', timeout: 180_000 });
// Logins hash slowly on a shared machine.
const expect = baseExpect.configure({ timeout: 30_000 });

const PASSWORD = 'keys123x';

test.beforeAll(() => {
  ops('register-field', 'captcha', 'off');
});
test.afterAll(() => {
  ops('register-field', 'captcha', 'required');
});

test('register, log in, deposit and bet on the lottery with the keyboard alone', async ({ page }) => {
  const kb = new KeyboardVisitor(page);
  const username = uniqueName('k');
  await skipNoticePopup(page);
  await startInLanguage(page, 'EN');
  await page.goto('/');
  const loginForm = page.getByTestId('login-form');
  await expect(loginForm).toBeVisible();
  const memberMenu = page.getByTestId('member-menu');

  await test.step('register in the modal', async () => {
    const opener = page.getByTestId('register-button');
    await kb.tabTo(opener);
    await kb.press('Enter');
    const modal = page.getByTestId('register-modal');
    const form = modal.getByTestId('register-form');
    await expect(form).toBeVisible();
    await kb.expectFocusWithin(modal);
    // Escape closes it and gives the focus back to the button; Enter opens it again.
    await kb.press('Escape');
    await expect(modal).toHaveCount(0);
    await kb.expectFocused(opener);
    await kb.press('Enter');
    await expect(form).toBeVisible();

    const fields = {
      username,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      payeeName: 'Key Board',
      mobileNum: `9${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      email: `${username}@example.com`,
      affiliateCode: 'DEMO01',
    };
    for (const [field, value] of Object.entries(fields)) {
      const input = form.getByTestId(`register-${field}`);
      await kb.tabTo(input);
      await kb.type(value);
      await expect(input).toHaveValue(value);
    }
    const age = form.getByTestId('register-age');
    await kb.tabTo(age);
    await kb.press('Space');
    await expect(age).toBeChecked();
    await kb.expectWrapsAround(modal);

    await kb.tabTo(form.getByTestId('register-submit'));
    await kb.press('Enter');
    await expect(modal).toHaveCount(0);
    await expect(memberMenu).toContainText(username);
    // The register button left with the visitor: the focus lands on the member menu in its place.
    await kb.expectFocused(memberMenu);
  });

  await test.step('sign out from the member menu', async () => {
    await kb.press('Enter');
    await kb.expectFocused(page.getByTestId('member-menu-vip'));
    await kb.press('End');
    await kb.expectFocused(page.getByTestId('sign-out'));
    await kb.press('Enter');
    const confirm = page.getByTestId('dialog');
    await expect(confirm).toContainText('Sign out');
    await kb.expectFocused(confirm.getByRole('button', { name: 'Sign out' }));
    await kb.expectTrapped(confirm);
    await kb.press('Enter');
    await expect(loginForm).toBeVisible();
    await kb.expectFocused(loginForm.getByPlaceholder('Username'));
  });

  await test.step('log in from the top bar', async () => {
    await kb.type(username);
    await kb.tabTo(loginForm.getByPlaceholder('Password'));
    await kb.type(PASSWORD);
    await kb.press('Enter');
    const welcome = page.getByTestId('after-login-modal');
    await expect(welcome).toBeVisible({ timeout: 90_000 });
    await kb.expectTrapped(welcome);
    await kb.tabTo(welcome.getByTestId('after-login-close'));
    await kb.press('Enter');
    await expect(welcome).toHaveCount(0);
    await expect(memberMenu).toContainText(username);
    await kb.expectFocused(memberMenu);
  });

  await test.step('deposit through the sandbox gateway', async () => {
    const before = await balanceNow(page);
    const deposit = page.getByTestId('header-deposit');
    await kb.tabTo(deposit);
    await kb.press('Enter');
    let centre = page.getByTestId('member-centre');
    await expect(centre.getByTestId('mc-page-depositv2')).toBeVisible();
    await kb.expectFocusWithin(centre);
    await kb.press('Escape');
    await expect(centre).toHaveCount(0);
    await kb.expectFocused(deposit);
    await kb.press('Enter');
    await expect(centre.getByTestId('dp-form')).toBeVisible();
    await expect(centre.getByTestId('skeleton')).toHaveCount(0);
    await kb.expectWrapsAround(centre);

    const sandbox = centre.locator('[data-testid^="dp-channel-"]').filter({ hasText: 'Sandbox Pay' });
    await kb.tabTo(sandbox);
    await kb.press('Enter');
    await expect(sandbox).toHaveAttribute('aria-pressed', 'true');
    const amount = centre.getByTestId('dp-amount');
    await kb.tabTo(amount);
    await kb.type('20000');
    await kb.tabTo(centre.getByTestId('dp-submit'));
    await kb.press('Enter');

    // The gateway's own page: its Pay button, by Tab from the top.
    await page.waitForURL(/sandbox-gateway\/pay\//);
    await kb.tabTo(page.getByRole('button', { name: /^Pay / }));
    await kb.press('Enter');

    // Back on the portal, the deposit page says it was credited; closing that hands the focus to the channels.
    await page.waitForURL((url) => url.pathname === '/' && !url.search.includes('deposit='));
    centre = page.getByTestId('member-centre');
    const outcome = centre.getByTestId('dp-outcome');
    await expect(outcome).toHaveAttribute('data-status', 'credited');
    await kb.expectFocusWithin(centre);
    await kb.tabTo(outcome.getByTestId('dp-outcome-close'));
    await kb.press('Enter');
    await expect(outcome).toHaveCount(0);
    await kb.expectFocused(centre.locator('[data-testid^="dp-channel-"][aria-pressed="true"]'));
    await expect.poll(() => balanceNow(page)).toBeGreaterThanOrEqual(before + 2_000_000);
    await kb.press('Escape');
    await expect(centre).toHaveCount(0);
  });

  await test.step('bet đề on the 1-minute e-lottery', async () => {
    // From the header's Lottery link to the e-lottery lobby; the link keeps the focus once it has taken the visitor there.
    const lotteryLink = page.getByTestId('nav-LOTT').locator(':scope > a');
    await kb.tabTo(lotteryLink);
    await kb.press('Enter');
    await expect(page).toHaveURL(/\/elott$/);
    await kb.expectFocused(lotteryLink);
    // Past the rest of the navigation (its menus open on focus) by the skip link, back at the top of the page.
    const skip = page.getByTestId('skip-to-content');
    await kb.tabTo(skip);
    await expect(skip).toBeInViewport();
    await kb.press('Enter');
    await kb.expectFocused(page.locator('main'));
    const bet = page.getByTestId('lotto-game-EL1').getByTestId('lotto-bet');
    await kb.tabTo(bet);
    await kb.press('Enter');
    await expect(page).toHaveURL(/lottoGameCode=EL1/);
    // The lobby left with its Bet link: the betting view starts the focus at the game's title.
    const betting = page.getByTestId('lotto-betting');
    await kb.expectFocused(betting.getByRole('heading', { level: 1 }));
    const before = await balanceNow(page);

    // Enough of the minute left to pick, add and place before betting closes.
    const countdown = page.getByTestId('lotto-countdown');
    await expect
      .poll(async () => Number((await countdown.getAttribute('data-seconds')) ?? -1), { timeout: 90_000, intervals: [500] })
      .toBeGreaterThanOrEqual(20);

    // The bet types are one tab list (arrows move and choose); the board of 00–99 is one Tab stop (arrows move).
    await kb.tabTo(betting.getByRole('tab', { selected: true }));
    const de = page.getByTestId('lotto-bettype-de');
    await kb.arrowTo(de, 'ArrowRight');
    await expect(de).toHaveAttribute('aria-selected', 'true');
    await kb.tabTo(page.getByTestId('lotto-num-00'));
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowRight', 'ArrowRight', 'ArrowRight']) await kb.press(key);
    const number = page.getByTestId('lotto-num-33');
    await kb.expectFocused(number);
    await kb.press('Space');
    await expect(number).toHaveAttribute('aria-pressed', 'true');
    // The stake starts at the smallest, 1,000 ₫.
    await kb.tabTo(page.getByTestId('lotto-stake'));
    await expect(page.getByTestId('lotto-stake')).toHaveValue(/^1,?000(\.00)?$/);
    await kb.tabTo(page.getByTestId('lotto-add'));
    await kb.press('Enter');

    // Added, the focus goes on to Place bets; placed, to the confirmation.
    await expect(page.getByTestId('lotto-slip-bet')).toHaveCount(1);
    await expect(page.getByTestId('lotto-slip-total')).toContainText('1,000.00');
    const place = page.getByTestId('lotto-place');
    await kb.expectFocused(place);
    const answer = page.waitForResponse((r) => r.url().includes('/lotto/lgw/bets') && r.request().method() === 'POST');
    await kb.press('Enter');
    const placed = (await (await answer).json()) as { success: boolean; value: { tickets: { drawNo: string }[] } };
    expect(placed.success).toBe(true);
    await kb.expectFocused(page.getByTestId('lotto-placed'));
    await expect.poll(() => balanceNow(page)).toBe(before - 100_000);
    const drawNo = placed.value.tickets[0]?.drawNo ?? '';
    await expect(page.locator(`[data-testid="lotto-ticket"][data-draw="${drawNo}"]`)).toHaveCount(1);
  });

  // Every element the focus passed showed it.
  expect(kb.unringed, 'focused elements without a visible focus indicator').toEqual([]);
});
