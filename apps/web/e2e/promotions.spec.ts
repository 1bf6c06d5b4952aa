import path from 'node:path';
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { skipNoticePopup, startInLanguage } from './fixtures.ts';
import { closeDialog, dismissDialog } from './support/dialogs.ts';
import { spinSlot } from './support/house-slot.ts';
import { closeCentre, deposit, openCentre } from './support/member-centre.ts';
import { newOperatorMember } from './support/members.ts';
import { balanceNow, minorOf, shown } from './support/money.ts';
import { ops } from './support/ops.ts';
import { shootBothThemes } from './support/screenshots.ts';

// Promotions members join (issue 17), against the real server: a reload bonus lands in the bonus wallet and turns
// into cash once house slot rounds meet its turnover; a proof activity takes a remark and two images, the operator
// approves with the CLI and the member claims; a red envelope is opened during its rain; a raffle's draw is verified
// in the browser from its revealed seed. Each member is made for this file (ops user create), so the run does not
// depend on what other specs did to the demo accounts; each logs in once and keeps its page. Screenshots of every
// screen in both themes go to SHOTS for review.
test.describe.configure({ mode: 'serial', timeout: 180_000 });
// Logins hash slowly and slot rounds animate on a shared machine.
const expect = baseExpect.configure({ timeout: 30_000 });

const SHOTS = process.env.PROMO_SHOTS_DIR ?? path.join(process.env.E2E_DATA_DIR ?? '/tmp', 'promotions-shots');
const PASSWORD = 'promo123x';
const PAYMENT_PASSWORD = '468024';
/** A 1×1 PNG: a real image the server decodes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const iso = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();
const HOUR = 3_600_000;

/** `ops activity add …` then `schedule`: the new activity's id. */
function addActivity(...args: string[]): number {
  const out = ops('activity', 'add', ...args);
  const id = Number(/activity (\d+) \(/.exec(out)?.[1]);
  if (!id) throw new Error(`no activity id in: ${out}`);
  ops('activity', 'schedule', String(id));
  return id;
}

/** A member made for this file (see newOperatorMember), logged in on its own page. */
const newMember = (browser: Browser, prefix: string) => newOperatorMember(browser, prefix, PASSWORD);
const shoot = (page: Page, name: string) => shootBothThemes(page, SHOTS, name);

async function openDetail(page: Page, id: number): Promise<void> {
  await page.goto(`/promoDetail?id=${id}`);
  await expect(page.getByTestId('promo-detail-page')).toHaveAttribute('data-id', String(id));
}

let reloadId = 0;
let proofId = 0;
let raffleId = 0;

test.beforeAll(() => {
  // Bets spend the bonus wallet on a one-wallet site (transfer-wallet sites never spend bonus): whatever ran before.
  ops('wallet', 'mode', 'single');
  // 50 % of a deposit up to 500,000 ₫ with turnover ×1: a 60,000 ₫ deposit (the smallest withdrawal is 50,000 ₫) brings
  // 30,000 ₫ of bonus, met by three spins of 10,000 ₫.
  reloadId = addActivity(
    '--kind', 'reload', '--category', 'deposit', '--title', 'E2E reload bonus', '--summary', 'Half of your deposit again, up to 500,000.',
    '--html', '<p>Deposit, join, and play <strong>the bonus once over</strong> in valid bets.</p><script>alert(1)</script>',
    '--from', iso(-HOUR), '--to', iso(24 * HOUR), '--reward', '50%', '--cap', '500000', '--turnover', '1', '--deposit-min', '100', '--per-member', '1',
  );
  proofId = addActivity(
    '--kind', 'proof', '--category', 'event', '--title', 'E2E share your win', '--summary', 'Send a screenshot of a big win.',
    '--html', '<p>One application a day; we review within 24 hours.</p>', '--from', iso(-HOUR), '--to', iso(24 * HOUR), '--reward', '50', '--claim-days', '7',
  );
});

test('a visitor sees the promotions by category and is asked to log in to take part', async ({ page }) => {
  await skipNoticePopup(page);
  await startInLanguage(page, 'EN');
  await page.goto('/promotions');
  const card = page.locator(`[data-testid="activity-card"][data-id="${reloadId}"]`);
  await expect(card).toContainText('E2E reload bonus');
  await expect(card.getByTestId('activity-reward')).toHaveText('50 % up to 500,000.00 VND, turnover ×1');
  await expect(card.getByTestId('activity-status')).toHaveText('Join');
  await page.getByTestId('promo-tab-event').click();
  await expect(page).toHaveURL(/category=event/);
  await expect(page.locator(`[data-testid="activity-card"][data-id="${proofId}"]`)).toBeVisible();
  await expect(page.locator(`[data-testid="activity-card"][data-id="${reloadId}"]`)).toHaveCount(0);
  await page.getByTestId('promo-tab-all').click();
  await shoot(page, 'promotions-visitor');
  await card.getByTestId('activity-login').click();
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await page.goto('/');
  await expect(page.getByTestId('home-promotions').getByTestId('activity-card')).toHaveCount(3);
  await page.getByTestId('home-promotions').scrollIntoViewIfNeeded();
  await shoot(page, 'home-promotions');
  // In Burmese, whose words run longest, for review.
  await startInLanguage(page, 'MY');
  await openDetail(page, reloadId);
  await shoot(page, 'promo-detail-visitor-my');
});

test.describe('a member', () => {
  let page: Page;
  let username: string;

  test.beforeAll(async ({ browser }) => {
    ({ page, username } = await newMember(browser, 'pr'));
  });
  test.afterAll(async () => {
    await page.close();
  });

  test('deposits, joins the reload bonus, meets its turnover with slot rounds and sees it become cash', async () => {
    await deposit(page, 60_000);
    await openDetail(page, reloadId);
    // The operator's script tag is gone; the terms keep their formatting.
    await expect(page.getByTestId('promo-terms').locator('strong')).toHaveText('the bonus once over');
    await expect(page.getByTestId('promo-terms').locator('script')).toHaveCount(0);
    await expect(page.getByTestId('promo-status')).toHaveText('Join');
    await expect(page.getByTestId('promo-progress-deposit')).toHaveText('60,000.00');
    await shoot(page, 'promo-detail-reload');
    await page.getByTestId('promo-action-join').click();
    await closeDialog(page, 'You have joined');
    // The deposit made before joining qualifies: the bonus is issued at once.
    await expect(page.getByTestId('promo-status')).toHaveText('Issued');

    let centre = await openCentre(page, 'rewardCenter');
    const row = centre.getByTestId('rc-table').locator('tbody tr').filter({ hasText: 'E2E reload bonus' });
    await expect(row.getByTestId('rc-amount')).toHaveText('30,000.00');
    await expect(row.getByTestId('rc-turnover-done')).toHaveText('0.00 / 30,000.00');
    await expect(row.getByTestId('rc-bonus-status')).toHaveText('In progress');
    await expect(centre.getByTestId('rc-bonus-balance')).toContainText('30,000.00');
    await expect(centre.getByTestId('rc-turnover-left')).toContainText('30,000.00');
    await shoot(page, 'reward-centre-open');
    // Bonus details lists credited bonuses; the one still in the bonus wallet shows there with its turnover left.
    centre = await openCentre(page, 'bonusDetails');
    await expect(centre.getByTestId('bd-bonus-wallet')).toContainText('30,000.00');
    await shoot(page, 'bonus-details-wallet');
    await centre.getByTestId('bd-bonus-wallet').getByRole('button').click();
    await expect(centre.getByTestId('mc-page-rewardCenter')).toBeVisible();

    // A withdrawal while the turnover is open is refused with what remains, and the dialog leads to the reward centre.
    centre = await openCentre(page, 'withdraw');
    const steps = centre.getByTestId('wd-steps');
    await steps.getByTestId('wd-step-password-open').click();
    await centre.getByTestId('pp-current').fill(PASSWORD);
    await centre.getByTestId('pp-new').fill(PAYMENT_PASSWORD);
    await centre.getByTestId('pp-confirm').fill(PAYMENT_PASSWORD);
    await centre.getByTestId('pp-submit').click();
    await dismissDialog(page);
    await steps.getByTestId('wd-step-card-open').click();
    await centre.getByTestId('wd-bind-name').fill('Nguyen Van Promo');
    await centre.getByTestId('wd-bind-number').fill('0099887766');
    await centre.getByTestId('wd-bind-password').fill(PAYMENT_PASSWORD);
    await centre.getByTestId('wd-bind-submit').click();
    await dismissDialog(page);
    await centre.getByTestId('wd-amount').fill('50000');
    await centre.getByTestId('wd-password-input').fill(PAYMENT_PASSWORD);
    await centre.getByTestId('wd-submit').click();
    const refused = page.getByTestId('dialog');
    await expect(refused).toContainText('Your bonus still needs 30,000.00 VND of valid bets before you can withdraw.');
    await shoot(page, 'withdraw-turnover-open');
    await refused.getByRole('button', { name: 'Open the reward centre' }).click();
    await expect(centre.getByTestId('mc-page-rewardCenter')).toBeVisible();
    await closeCentre(page);

    // Three spins of 10,000 ₫ meet the 30,000 ₫ of turnover; the slot answers cash and bonus together.
    const stakeable = await spinSlot(page, 3);
    centre = await openCentre(page, 'rewardCenter');
    const converted = centre.getByTestId('rc-table').locator('tbody tr').filter({ hasText: 'E2E reload bonus' });
    await expect(converted.getByTestId('rc-bonus-status')).toHaveText('Now cash');
    await expect(converted.getByTestId('rc-turnover-done')).toHaveText('30,000.00 / 30,000.00');
    await expect(centre.getByTestId('rc-bonus-balance')).toContainText('0.00');
    await expect(centre.getByTestId('rc-turnover-left')).toContainText('0.00');
    // Everything that was bonus is now in the main wallet the header shows.
    await expect(page.getByTestId('balance-amount')).toHaveText(shown(stakeable));
    await shoot(page, 'reward-centre-converted');
    await closeCentre(page);
  });

  test('opens one red envelope of each rain that is on, once', async () => {
    const scheduled = ops('envelope', 'schedule', '--title', 'E2E rain', '--from', iso(-60_000), '--to', iso(HOUR), '--pool', '1000', '--min', '1', '--max', '100', '--count', '20');
    expect(scheduled).toContain('E2E rain');
    await page.goto('/');
    // Every rain on now (the demo data may hold one besides ours) gives this member one envelope.
    const opened: number[] = [];
    const modal = page.getByTestId('envelope-modal');
    while ((await page.getByTestId('envelope-entry').count()) > 0 || opened.length === 0) {
      const before = await balanceNow(page);
      await page.getByTestId('envelope-entry').click();
      const current = modal.getByTestId('envelope-current');
      const rain = Number(await current.getAttribute('data-rain'));
      expect(opened).not.toContain(rain);
      if (opened.length === 0) await shoot(page, 'envelope-closed');
      // After the open, the rains are asked for again: the entry then knows this rain is done.
      const refreshed = page.waitForResponse((r) => r.url().endsWith('/wps/promotions/envelopes') && r.request().method() === 'GET');
      await current.getByTestId('envelope-open').click();
      const amount = current.getByTestId('envelope-amount');
      await expect(amount).toContainText('You got');
      await refreshed;
      const got = minorOf(await amount.textContent());
      expect(got).toBeGreaterThanOrEqual(100);
      await expect(page.getByTestId('balance-amount')).toHaveText(shown(before + got));
      if (opened.length === 0) await shoot(page, 'envelope-opened');
      opened.push(rain);
      await page.keyboard.press('Escape');
      await expect(modal).toHaveCount(0);
    }
    // The rain of ours was one of them; none is left to open.
    const rains = (await (await page.request.get('/wps/promotions/envelopes', { headers: { authorization: (await page.evaluate(() => sessionStorage.getItem('token'))) ?? '' } })).json()) as {
      value: { list: { id: number; title: string; state: string; opened: number | null }[] };
    };
    const ours = rains.value.list.find((r) => r.title === 'E2E rain');
    expect(opened).toContain(ours?.id);
    expect(rains.value.list.filter((r) => r.state === 'open' && r.opened === null)).toEqual([]);
  });

  test('checks in today: the calendar marks day 1 and the day amount is paid', async () => {
    const id = addActivity(
      '--kind', 'check-in', '--category', 'daily', '--title', 'E2E check-in', '--summary', 'Come back every day.',
      '--from', iso(-HOUR), '--to', iso(7 * 24 * HOUR), '--days', '10,20,30,40,50,60,100',
    );
    const tiers = addActivity(
      '--kind', 'turnover-tiers', '--category', 'daily', '--title', 'E2E turnover tiers', '--from', iso(-HOUR), '--to', iso(24 * HOUR),
      '--period', 'day', '--tiers', '10000:100,1000000:5000',
    );
    await openDetail(page, id);
    const calendar = page.getByTestId('promo-checkin');
    await expect(calendar.locator('li')).toHaveCount(7);
    await expect(calendar.locator('li').last()).toContainText('100.00');
    await expect(calendar.locator('li[data-state="next"]')).toContainText('Day 1');
    const before = await balanceNow(page);
    await page.getByTestId('promo-action-checkIn').click();
    await closeDialog(page, 'Day 1 signed: 10.00 VND added.');
    await expect(page.getByTestId('promo-status')).toHaveText('Signed');
    await expect(page.getByTestId('promo-streak')).toHaveText('1 day in a row');
    await expect(calendar.locator('li[data-state="done"]')).toHaveCount(1);
    await expect(page.getByTestId('promo-action-checkIn')).toHaveCount(0);
    await expect(page.getByTestId('balance-amount')).toHaveText(shown(before + 1_000));
    await calendar.scrollIntoViewIfNeeded();
    await shoot(page, 'check-in-signed');

    await openDetail(page, tiers);
    await expect(page.getByTestId('promo-tiers').locator('tbody tr')).toHaveCount(2);
    await page.getByTestId('promo-tiers').scrollIntoViewIfNeeded();
    await shoot(page, 'turnover-tiers');
  });

  test('wins a raffle, claims the prize and verifies the draw in the browser', async () => {
    raffleId = addActivity(
      '--kind', 'raffle', '--category', 'event', '--title', 'E2E raffle', '--summary', 'A ticket for every 5,000 of valid bets.',
      '--from', iso(-HOUR), '--to', iso(HOUR), '--ticket', '5000', '--prizes', 'Gold=500;Silver=100',
    );
    await openDetail(page, raffleId);
    await expect(page.getByTestId('raffle-seed-hash')).toHaveText(/^[0-9a-f]{64}$/);
    const commit = await page.getByTestId('raffle-seed-hash').textContent();
    await page.getByTestId('promo-action-join').click();
    await closeDialog(page, 'You have joined');
    // One spin of 10,000 ₫ after joining: two tickets of 5,000 ₫.
    await spinSlot(page, 1);
    // The period ends now; the operator draws without waiting for the grace of late settlements.
    ops('activity', 'edit', String(raffleId), '--to', iso(1_000));
    await expect(() => ops('raffle', 'draw', String(raffleId))).toPass({ intervals: [500, 1_000, 2_000] });

    await openDetail(page, raffleId);
    const raffle = page.getByTestId('raffle-section');
    await expect(raffle.getByTestId('raffle-seed')).toHaveText(/^[0-9a-f]{64}$/);
    await expect(raffle.getByTestId('raffle-seed-hash')).toHaveText(commit ?? '');
    await expect(raffle.getByTestId('raffle-total')).toHaveText('2');
    // The member holds every ticket, so both prizes are theirs.
    await expect(raffle.getByTestId('raffle-winners').locator('tbody tr')).toHaveCount(2);
    await expect(raffle.getByTestId('raffle-winners')).toContainText(username);
    const before = await balanceNow(page);
    await raffle.getByTestId('raffle-claim').click();
    await closeDialog(page, 'You won');
    await expect(page.getByTestId('balance-amount')).toHaveText(shown(before + 60_000));
    await expect(raffle.getByTestId('raffle-claim')).toHaveCount(0);

    await raffle.getByTestId('raffle-verify').click();
    await expect(raffle.getByTestId('raffle-verdict')).toHaveAttribute('data-ok', 'true');
    await expect(raffle.getByTestId('raffle-verdict')).toContainText('the seed matches its published hash');
    await shoot(page, 'raffle-verified');
  });
});

/** The application of `username` waiting for review on the proof activity, from the operator's list. */
function waitingApplication(username: string): string {
  const line = ops('activity', 'review', String(proofId))
    .split('\n')
    .find((l) => l.includes(username));
  const id = line?.split('\t')[0] ?? '';
  expect(id).toMatch(/^\d+$/);
  return id;
}

test('a second member applies to the proof activity; rejected with a reason, applies again with a remark and two images, is approved by the operator and claims', async ({ browser }) => {
  const { page, username } = await newMember(browser, 'pf');
  await openDetail(page, proofId);
  await expect(page.getByTestId('promo-status')).toHaveText('Join');
  const form = page.getByTestId('apply-form');
  // The browser checks the images before sending: a GIF named .png is not taken.
  await form.getByTestId('apply-images').setInputFiles([{ name: 'fake.png', mimeType: 'image/png', buffer: GIF }]);
  await expect(form.getByTestId('apply-problem')).toHaveText('fake.png is not a PNG or JPEG image.');
  await expect(form.getByTestId('apply-thumb')).toHaveCount(0);
  await form.getByTestId('apply-images').setInputFiles([{ name: 'first.png', mimeType: 'image/png', buffer: PNG }]);
  await form.getByTestId('apply-remark').fill('My win from last night');
  await form.getByTestId('apply-submit').click();
  await closeDialog(page, 'Your application has been sent');
  await expect(page.getByTestId('promo-status')).toHaveText('Applying');
  await expect(page.getByTestId('apply-form')).toHaveCount(0);

  // Rejected: the member reads the reason and may apply again while the activity is on.
  ops('activity', 'review', waitingApplication(username), 'reject', '--reason', 'The screenshot does not show the amount won.');
  await openDetail(page, proofId);
  await expect(page.getByTestId('promo-status')).toHaveText('Rejected');
  await expect(page.getByTestId('promo-application-status')).toHaveText('Rejected');
  await expect(page.getByTestId('promo-application-reason')).toHaveText('Reason: The screenshot does not show the amount won.');
  await page.getByTestId('promo-application').scrollIntoViewIfNeeded();
  await shoot(page, 'proof-rejected');
  const empty = await openCentre(page, 'rewardCenter');
  await expect(empty.getByTestId('rc-empty')).toBeVisible();
  await shoot(page, 'reward-centre-empty');
  await closeCentre(page);

  await form.getByTestId('apply-images').setInputFiles([
    { name: 'win-1.png', mimeType: 'image/png', buffer: PNG },
    { name: 'win-2.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(form.getByTestId('apply-thumb')).toHaveCount(2);
  await expect(form.getByTestId('apply-problem')).toHaveCount(0);
  const remark = 'Won 2,000,000 on Lucky Crown tonight, amount circled on both screenshots!';
  await form.getByTestId('apply-remark').fill(remark);
  await expect(form.getByTestId('apply-counter')).toHaveText(`${remark.length}/140`);
  await form.getByTestId('apply-submit').scrollIntoViewIfNeeded();
  await shoot(page, 'proof-form');
  await form.getByTestId('apply-submit').click();
  await closeDialog(page, 'Your application has been sent');
  await expect(page.getByTestId('promo-status')).toHaveText('Applying');
  await expect(page.getByTestId('promo-application-status')).toHaveText('Under review');
  await expect(page.getByTestId('promo-application')).toContainText('2 images');

  // The operator approves it: the reward waits for the member's claim.
  ops('activity', 'review', waitingApplication(username), 'approve');
  await openDetail(page, proofId);
  await expect(page.getByTestId('promo-status')).toHaveText('Claim');
  await expect(page.getByTestId('promo-application-status')).toHaveText('Approved');
  await shoot(page, 'proof-approved');
  const before = await balanceNow(page);
  await page.getByTestId('promo-action-claim').click();
  await closeDialog(page, '50.00 VND has been added');
  await expect(page.getByTestId('promo-status')).toHaveText('Claimed');
  await expect(page.getByTestId('balance-amount')).toHaveText(shown(before + 5_000));
  const centre = await openCentre(page, 'rewardCenter');
  const row = centre.getByTestId('rc-table').locator('tbody tr').filter({ hasText: 'E2E share your win' });
  await expect(row.getByTestId('rc-status')).toHaveText('Claimed');
  await page.close();
});
