import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { skipNoticePopup, startInLanguage } from './fixtures.ts';
import { ops } from './support/ops.ts';
import { shootBothThemes } from './support/screenshots.ts';

// The agent centre (issue 7) against the real server: opening and closing it, who sees it, registering
// a downline agent, offering it a daily-salary contract, the downline accepting it, and after
// `ops settle daily-salary` both seeing the payment in my income and the account record. Screenshots of
// every page in both themes go to SHOTS for review.
test.describe.configure({ mode: 'serial', timeout: 240_000 });
// The machine running these is shared and logins hash slowly: generous waits.
const expect = baseExpect.configure({ timeout: 30_000 });

const SHOTS = process.env.AGENT_SHOTS_DIR ?? path.join(process.env.E2E_DATA_DIR ?? '/tmp', 'agent-shots');
// One downline per run: username rule 1 (a letter, then letters and digits), 6–12 characters.
const RUN = Date.now().toString(36).slice(-8);
const DOWNLINE = `ag${RUN}`;
// Its own downline agent, for the auto-termination warning.
const DOWNLINE2 = `ab${RUN}`;
// The demo data gives agent01 a platform contract of every kind (seed-data.ts, DEMO_PLATFORM_CONTRACTS): its daily
// salary pays 0.80 % of the team's valid bet from no minimum up; agent01 offers its downline 0.50 %.
const PLATFORM_RATE = 80;
const OFFER_RATE = '0.5';
const OFFER_BP = 50;
const PAYMENT_PASSWORD = '246810';
// The contracts of this run pay from two days back (operators may date a contract's start back: `ops contract
// start`), so that today's bets are paid by a settlement of today.
const TWO_DAYS_AGO = new Date(Date.now() - 2 * 86_400_000).toISOString();
const TZ = 'Asia/Ho_Chi_Minh';
/** 00:05 of the merchant's next local day after `at`: when the daily job settles the day of `at`. */
const nextMidnight = (at: Date) => `${new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date(at.getTime() + 86_400_000))}T00:05:00+07:00`;
const money = (minor: number) =>
  `${String(Math.floor(Math.abs(minor) / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;
/** The downline's password after its forced change at first login. */
const changed = (password: string) => `${password}x`;

function demoPassword(): string {
  const file = path.join(process.env.E2E_DATA_DIR ?? '', 'demo-credentials.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { password: string }).password;
}

async function login(page: Page, username: string, password = demoPassword(), language = 'EN'): Promise<void> {
  await skipNoticePopup(page);
  await startInLanguage(page, language);
  await page.goto('/');
  const form = page.getByTestId('login-form');
  // By position, whatever the language: username, then password.
  await form.locator('input').first().fill(username);
  await form.locator('input[type="password"]').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('after-login-modal')).toBeVisible({ timeout: 90_000 });
  await page.getByTestId('after-login-close').click();
  await expect(page.getByTestId('member-menu')).toContainText(username);
}

/**
 * The first login of an account an agent opened: its password was set for it, so the forced
 * change-password modal comes first (spec §4); the change ends the session, then log in again.
 */
async function firstLogin(page: Page, username: string, password: string, newPassword: string): Promise<void> {
  await skipNoticePopup(page);
  await startInLanguage(page, 'EN');
  await page.goto('/');
  const form = page.getByTestId('login-form');
  await form.getByPlaceholder('Username').fill(username);
  await form.getByPlaceholder('Password').fill(password);
  await page.getByTestId('login-submit').click();
  const modal = page.getByTestId('forced-password-modal');
  await expect(modal).toBeVisible({ timeout: 90_000 });
  await modal.getByTestId('cp-oldPassword').fill(password);
  await modal.getByTestId('cp-newPassword').fill(newPassword);
  await modal.getByTestId('cp-confirmNewPassword').fill(newPassword);
  await modal.getByTestId('cp-submit').click();
  // "Password changed", with the way back to the login (the hash is slow on a busy machine).
  const changed = page.getByTestId('dialog');
  await expect(changed).toBeVisible({ timeout: 90_000 });
  await changed.getByRole('button').last().click();
  const again = page.getByTestId('login-modal');
  await expect(again).toBeVisible({ timeout: 60_000 });
  await again.getByTestId('login-username').fill(username);
  await again.getByTestId('login-password').fill(newPassword);
  await again.getByTestId('login-modal-submit').click();
  await expect(page.getByTestId('after-login-modal')).toBeVisible({ timeout: 90_000 });
  await page.getByTestId('after-login-close').click();
  await expect(page.getByTestId('member-menu')).toContainText(username);
}

/** Close every generic dialog (a failed call's message, a success notice that has not closed itself yet). */
async function closeDialogs(page: Page): Promise<void> {
  const dialogs = page.getByTestId('dialog');
  for (let i = 0; i < 5 && (await dialogs.count()) > 0; i++) {
    await dialogs
      .last()
      .getByRole('button')
      .last()
      .click({ timeout: 3_000 })
      .catch(() => undefined);
    await page.waitForTimeout(200);
  }
  await expect(dialogs).toHaveCount(0);
}

async function openMemberCentre(page: Page, nav: string): Promise<Locator> {
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

async function openAgentCentre(page: Page): Promise<Locator> {
  await page.getByTestId('member-menu').click();
  // The Agent entry, whatever the language (members see no such entry).
  await page.getByTestId('member-menu-agentCentre').click();
  const centre = page.getByTestId('agent-centre');
  await expect(centre).toBeVisible();
  return centre;
}

/** Go to a page of the open agent centre and wait for its data (or its failure) to arrive. */
async function goTo(page: Page, centre: Locator, name: string): Promise<Locator> {
  await closeDialogs(page);
  await centre.getByTestId(`ac-nav-${name}`).click();
  const body = centre.getByTestId(`ac-page-${name}`);
  await expect(body).toBeVisible();
  await expect(body.getByTestId('skeleton')).toHaveCount(0);
  return body;
}

/** The logged-in account spins the house slot at the page's starting bet (4,000 ₫) `spins` times; the stakes the server took. */
async function spinSlot(page: Page, spins: number): Promise<number> {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const launch = await page.request.post('/wps/game/launchGame', {
    headers: { authorization: token ?? '' },
    data: { launchMode: 'GLS', vassalage: 'PH_SLOT', gameId: 'lucky-crown', merchantCode: 'PLAYHALL', language: 'EN' },
  });
  await page.goto(((await launch.json()) as { value: { game_url: string } }).value.game_url);
  let stakes = 0;
  for (let i = 0; i < spins; i++) {
    const answer = page.waitForResponse((r) => r.url().endsWith('/wps/house/play'));
    await expect(page.getByTestId('slot-spin')).toBeEnabled();
    await page.getByTestId('slot-spin').click();
    const round = (await (await answer).json()) as { success: boolean; value: { stake: number } };
    expect(round.success).toBe(true);
    stakes += round.value.stake;
  }
  await expect(page.getByTestId('slot-spin')).toBeEnabled();
  await page.goto('/');
  return stakes;
}

/** The page in dark and light theme, for review. */
const shoot = (page: Page, name: string): Promise<void> => shootBothThemes(page, SHOTS, name);

/** The marked cell (team-row, contract-row) of an account, and the table row holding it. */
const cellSelector = (testId: string, account: string) => `[data-testid="${testId}"][data-account="${account}"]`;
const cellOf = (scope: Locator, testId: string, account: string): Locator => scope.locator(cellSelector(testId, account));
// A `has` locator is relative to the row it filters, so it starts from the page.
const rowOf = (scope: Locator, testId: string, account: string): Locator => scope.locator('tr').filter({ has: scope.page().locator(cellSelector(testId, account)) });

test.describe('fresh demo data', () => {
  test("agent01's first offer goes through: its own terms are shown beside the offer", async ({ page }) => {
    await login(page, 'agent01');
    const centre = await openAgentCentre(page);
    const team = await goTo(page, centre, 'agentTeamManagement');
    await expect(team.getByTestId('team-no-contracts')).toHaveCount(0);
    await rowOf(team, 'team-row', 'agent02').getByTestId('team-offer').click();
    const offer = page.getByTestId('offer-dialog');
    // It opens on the first kind agent01 holds, the daily salary, and names agent01's own ladder.
    await expect(offer.getByTestId('offer-kind-dailySalary')).toHaveAttribute('aria-selected', 'true');
    await expect(offer.getByTestId('offer-own-terms')).toContainText('0.80%');
    await expect(offer.getByTestId('offer-not-held')).toHaveCount(0);
    await offer.getByTestId('offer-terms-rate-0').fill(OFFER_RATE);
    await shoot(page, 'first-offer');
    await offer.getByTestId('offer-submit').click();
    await expect(offer).toHaveCount(0);
    await expect(page.getByTestId('dialog').last()).toContainText('agent02 will see the offer');
    await closeDialogs(page);
    const contracts = await goTo(page, centre, 'agentContracts');
    await contracts.getByTestId('contracts-tab-upline').click();
    await expect(cellOf(contracts, 'contract-row', 'agent02').first()).toHaveAttribute('data-status', 'awaitingConsent');
  });

  test('agent02 holds no contract: the page says so, and it has no offer to make', async ({ page }) => {
    await login(page, 'agent02');
    const centre = await openAgentCentre(page);
    const team = await goTo(page, centre, 'agentTeamManagement');
    await expect(team.getByTestId('team-no-contracts')).toContainText('You hold no contract yourself');
    await shoot(page, 'team-no-contracts');
  });
});

test.describe('agent centre', () => {
  test.beforeAll(() => {
    // agent01's contracts with the platform come with the demo data. The daily salary is dated back two days (so
    // today's bets are paid by a settlement of today), the dividend becomes a monthly one from now, the hourly
    // salary another from next month. All three show their entries in the agent centre.
    ops('contract', 'start', 'agent01', 'daily-salary', '--from', TWO_DAYS_AGO);
    ops('contract', 'platform', 'agent01', '--terms', JSON.stringify({ kind: 'dividend', period: 'monthly', tiers: [{ rate: 2_500, minActiveMembers: 0, minNetLoss: 0 }] }));
    ops('contract', 'platform', 'agent01', '--terms', JSON.stringify({ kind: 'hourlySalary', tiers: [{ rate: 20, minActiveMembers: 0, minValidBet: 0 }] }), '--from', new Date(Date.now() + 31 * 86_400_000).toISOString());
  });

  test('agent01 opens the agent centre on the team overview; the close button closes it', async ({ page }) => {
    await login(page, 'agent01');
    const centre = await openAgentCentre(page);
    await expect(centre.getByTestId('ac-page-agentTeamOverview')).toBeVisible();
    for (const entry of ['agentAnnouncement', 'agentTeamOverview', 'agentRegister', 'agentTeamManagement', 'agentTeamBetting', 'agentProfitLoss', 'agentIncome', 'agentDownlineTransactions']) {
      await expect(centre.getByTestId(`ac-nav-${entry}`)).toBeVisible();
    }
    await expect(centre.getByTestId('ac-nav-agentTeamOverview')).toHaveAttribute('aria-current', 'page');
    const overview = centre.getByTestId('ac-page-agentTeamOverview');
    await expect(overview.getByTestId('overview-kpis')).toBeVisible();
    await expect(overview.getByTestId('kpi-teamSize')).toContainText(/\d/);
    await expect(overview.getByTestId('chart-deposits')).toBeVisible();
    await shoot(page, 'team-overview');

    await closeDialogs(page);
    await centre.getByTestId('ac-close').click();
    await expect(page.getByTestId('agent-centre')).toHaveCount(0);
  });

  test('a member has no Agent entry in the member menu', async ({ page }) => {
    await login(page, 'member01');
    await page.getByTestId('member-menu').click();
    await expect(page.getByRole('menuitem', { name: 'Members' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Agent' })).toHaveCount(0);
  });

  test('agent01 registers a downline agent without a contract', async ({ page }) => {
    await login(page, 'agent01');
    const centre = await openAgentCentre(page);
    const body = await goTo(page, centre, 'agentRegister');
    await body.getByTestId('register-username').fill(DOWNLINE);
    await body.getByTestId('register-nickname').fill('E2E downline');
    await body.getByTestId('register-password').fill(demoPassword());
    await body.getByTestId('register-confirm').fill(demoPassword());
    await body.getByTestId('register-type').selectOption('agent');
    await shoot(page, 'register');
    await body.getByTestId('register-submit').click();
    await expect(page.getByTestId('dialog').last()).toContainText(`${DOWNLINE} is now in your team`);
    await closeDialogs(page);
    await expect(body.getByTestId('register-username')).toHaveValue('');

    // An invitation code with its register link.
    const codes = body.getByTestId('affiliate-section');
    const before = await codes.getByTestId('affiliate-copy').count();
    await codes.getByTestId('affiliate-type').selectOption('agent');
    await codes.getByTestId('affiliate-create').click();
    await expect(codes.getByTestId('affiliate-copy')).toHaveCount(before + 1);
    await expect(codes.getByTestId('affiliate-table')).toContainText('Agent');
    await codes.scrollIntoViewIfNeeded();
    await shoot(page, 'affiliate-codes');

    const team = await goTo(page, centre, 'agentTeamManagement');
    await expect(rowOf(team, 'team-row', DOWNLINE)).toBeVisible();
    await expect(cellOf(team, 'team-row', DOWNLINE)).toHaveAttribute('data-type', 'agent');
  });

  test('agent01 offers the downline a daily-salary contract', async ({ page }) => {
    await login(page, 'agent01');
    const centre = await openAgentCentre(page);
    const team = await goTo(page, centre, 'agentTeamManagement');
    await team.getByTestId('team-search').fill(DOWNLINE);
    await team.getByTestId('team-search-submit').click();
    const row = rowOf(team, 'team-row', DOWNLINE);
    await expect(row).toBeVisible();
    await shoot(page, 'team-management');

    await row.getByTestId('team-offer').click();
    const offer = page.getByTestId('offer-dialog');
    await expect(offer).toBeVisible();
    await offer.getByTestId('offer-kind-dailySalary').click();
    await offer.getByTestId('offer-terms-rate-0').fill(OFFER_RATE);
    await offer.getByTestId('offer-terms-members-0').fill('0');
    await offer.getByTestId('offer-terms-threshold-0').fill('0');
    await shoot(page, 'offer-contract');
    await offer.getByTestId('offer-submit').click();
    await expect(offer).toHaveCount(0);
    await closeDialogs(page);

    const contracts = await goTo(page, centre, 'agentContracts');
    await contracts.getByTestId('contracts-tab-upline').click();
    const given = cellOf(contracts, 'contract-row', DOWNLINE);
    await expect(given.first()).toHaveAttribute('data-status', 'awaitingConsent');
    await expect(given.first()).toHaveAttribute('data-kind', 'dailySalary');
    await shoot(page, 'contracts-given');
  });

  test('the downline logs in and accepts the contract', async ({ page }) => {
    await firstLogin(page, DOWNLINE, demoPassword(), changed(demoPassword()));
    const centre = await openAgentCentre(page);
    const contracts = await goTo(page, centre, 'agentContracts');
    // Received contracts are the page's first tab.
    const received = cellOf(contracts, 'contract-row', 'agent01');
    await expect(received.first()).toHaveAttribute('data-status', 'awaitingConsent');
    await shoot(page, 'contracts-received');
    await rowOf(contracts, 'contract-row', 'agent01').first().getByTestId('contract-accept').click();
    // A new agent gives no downline contracts, so no auto-termination warning; confirm it if one shows.
    const warning = page.getByTestId('auto-terminate-dialog');
    if (await warning.isVisible().catch(() => false)) await warning.getByTestId('contract-confirm-terminate').click();
    await expect(received.first()).toHaveAttribute('data-status', 'valid');
    await closeDialogs(page);
    await expect(rowOf(contracts, 'contract-row', 'agent01').first().getByTestId('contract-terminate')).toBeVisible();
  });

  test('after ops settle daily-salary, agent01 and the downline see the payment in my income and the account record', async ({ page }) => {
    // The contract agent01 gave was accepted today, so it pays from tomorrow; the operator dates it back.
    expect(ops('contract', 'start', DOWNLINE, 'daily-salary', '--from', TWO_DAYS_AGO)).toMatch(/in force from/);
    ops('wallet', 'adjust', DOWNLINE, '50000', '--reason', 'e2e: stake for the salary test');

    // The downline spins the house slot: its team's valid bet of the day.
    await login(page, DOWNLINE, changed(demoPassword()));
    const started = new Date();
    const stakes = await spinSlot(page, 3);

    // The operator settles the day, as the job does after midnight (and again for the next day should the spins
    // have crossed midnight: a rerun of a settled day pays nothing more).
    const settled = ops('settle', 'daily-salary', '--at', nextMidnight(started));
    expect(settled).toMatch(/paid/);
    if (nextMidnight(new Date()) !== nextMidnight(started)) ops('settle', 'daily-salary', '--at', nextMidnight(new Date()));
    const salary = Math.floor((stakes * OFFER_BP) / 10_000);
    expect(salary).toBeGreaterThan(0);

    // The downline: my income shows the salary from agent01, its daily wages the paid bill, the account record
    // the money in.
    let centre = await openAgentCentre(page);
    let income = await goTo(page, centre, 'agentIncome');
    const fromUpline = income.getByTestId('income-table').locator('tbody tr').filter({ hasText: 'agent01' });
    await expect(fromUpline).toHaveCount(1);
    await expect(fromUpline).toContainText(`+${money(salary)}`);
    await shoot(page, 'income-downline');
    const wages = await goTo(page, centre, 'agentDailyWages');
    await expect(wages.getByTestId('bill-row').first()).toHaveAttribute('data-status', 'paid');
    await shoot(page, 'daily-wages-downline');
    await closeDialogs(page);
    await centre.getByTestId('ac-close').click();
    let record = await openMemberCentre(page, 'transactionHistory');
    await record.getByTestId('th-type').selectOption('salaryIn');
    await expect(record.getByTestId('th-table').locator('tbody tr')).toHaveCount(1);
    await expect(record.getByTestId('th-table').locator('tbody tr').first()).toContainText(`+${money(salary)}`);
    await shoot(page, 'account-record-downline');

    // agent01: the platform's payment in, the downline's salary out, in my income and the account record.
    await page.context().clearCookies();
    await page.evaluate(() => window.sessionStorage.clear());
    await login(page, 'agent01');
    centre = await openAgentCentre(page);
    income = await goTo(page, centre, 'agentIncome');
    // The seeded hourly and real-time salaries may pay agent01 too while the run goes on: the daily salary alone.
    await income.getByTestId('income-kind').selectOption('dailySalary');
    const rows = income.getByTestId('income-table').locator('tbody tr');
    await expect(rows.filter({ hasText: DOWNLINE })).toContainText(`-${money(salary)}`);
    const fromPlatform = rows.filter({ hasText: 'Platform' });
    await expect(fromPlatform).toHaveCount(1);
    // The platform paid at least 0.80 % of what the downline bet (agent01's team played more today).
    const platformPaid = Number((await fromPlatform.locator('td').last().textContent())?.replace(/[^\d]/g, ''));
    expect(platformPaid).toBeGreaterThanOrEqual(Math.floor((stakes * PLATFORM_RATE) / 10_000));
    await shoot(page, 'income-agent01');
    await closeDialogs(page);
    await centre.getByTestId('ac-close').click();
    record = await openMemberCentre(page, 'transactionHistory');
    await record.getByTestId('th-type').selectOption('salaryOut');
    await expect(record.getByTestId('th-table').locator('tbody tr').first()).toContainText(`-${money(salary)}`);
    await record.getByTestId('th-type').selectOption('salaryIn');
    await expect(record.getByTestId('th-table').locator('tbody tr').filter({ hasText: `+${money(platformPaid)}` }).first()).toBeVisible();
  });

  test("the downline registers its own agent with a daily-salary offer, which that agent accepts", async ({ page }) => {
    await login(page, DOWNLINE, changed(demoPassword()));
    const centre = await openAgentCentre(page);
    const body = await goTo(page, centre, 'agentRegister');
    await body.getByTestId('register-username').fill(DOWNLINE2);
    await body.getByTestId('register-password').fill(demoPassword());
    await body.getByTestId('register-confirm').fill(demoPassword());
    await body.getByTestId('register-type').selectOption('agent');
    await body.getByTestId('register-offer-dailySalary').check();
    // The editor names the agent's own rate (0.50 % from agent01) as the ceiling.
    await expect(body.getByTestId('register-terms-dailySalary')).toContainText('0.50%');
    await body.getByTestId('register-terms-dailySalary-rate-0').fill('0.4');
    await body.getByTestId('register-submit').click();
    await expect(page.getByTestId('dialog').last()).toContainText(`${DOWNLINE2} is now in your team`);
    await closeDialogs(page);

    // The downline holds a daily salary only: an hourly salary is not its to offer, and the dialog says so.
    const team = await goTo(page, centre, 'agentTeamManagement');
    await rowOf(team, 'team-row', DOWNLINE2).getByTestId('team-offer').click();
    const offer = page.getByTestId('offer-dialog');
    await offer.getByTestId('offer-kind-hourlySalary').click();
    await expect(offer.getByTestId('offer-not-held')).toContainText('you hold no contract of this kind yourself');
    await expect(offer.getByTestId('offer-submit')).toBeDisabled();
    await shoot(page, 'offer-not-held');
    await offer.getByRole('button', { name: 'Cancel' }).click();
    await expect(offer).toHaveCount(0);

    await page.context().clearCookies();
    await page.evaluate(() => window.sessionStorage.clear());
    await firstLogin(page, DOWNLINE2, demoPassword(), changed(demoPassword()));
    const own = await openAgentCentre(page);
    const contracts = await goTo(page, own, 'agentContracts');
    await rowOf(contracts, 'contract-row', DOWNLINE).getByTestId('contract-accept').click();
    await expect(cellOf(contracts, 'contract-row', DOWNLINE)).toHaveAttribute('data-status', 'valid');
  });

  test('a salary the downline could not cover stays a bill, which it pays from daily wages with its payment password', async ({ page }) => {
    // DOWNLINE pays DOWNLINE2 0.40 % from its own wallet: dated back, DOWNLINE2 bets today, DOWNLINE is emptied.
    ops('contract', 'start', DOWNLINE2, 'daily-salary', '--from', TWO_DAYS_AGO);
    ops('wallet', 'adjust', DOWNLINE2, '20000', '--reason', 'e2e: stake for the bill test');
    await login(page, DOWNLINE2, changed(demoPassword()));
    const started = new Date();
    const stakes = await spinSlot(page, 2);
    let balance = 0;
    try {
      ops('wallet', 'adjust', DOWNLINE, '-100000000', '--reason', 'e2e: find the balance');
    } catch (err) {
      // Refused: "<account> has only 5,003.00".
      balance = Math.round(Number(/has only ([\d,.]+)/.exec(String((err as { stderr?: string }).stderr ?? err))?.[1]?.replace(/,/g, '')) * 100);
    }
    expect(balance).toBeGreaterThan(0);
    ops('wallet', 'adjust', DOWNLINE, `-${money(balance).replace(/,/g, '')}`, '--reason', 'e2e: DOWNLINE spends its wallet');
    expect(ops('settle', 'daily-salary', '--at', nextMidnight(started))).toMatch(/1 short of balance/);
    const salary = Math.floor((stakes * 40) / 10_000);
    ops('wallet', 'adjust', DOWNLINE, money(balance).replace(/,/g, ''), '--reason', 'e2e: the money is back');

    // DOWNLINE sets its payment password, then pays the bill from daily wages.
    await page.context().clearCookies();
    await page.evaluate(() => window.sessionStorage.clear());
    await login(page, DOWNLINE, changed(demoPassword()));
    const wallet = await openMemberCentre(page, 'transferUpline');
    await wallet.getByTestId('pp-current').fill(changed(demoPassword()));
    await wallet.getByTestId('pp-new').fill(PAYMENT_PASSWORD);
    await wallet.getByTestId('pp-confirm').fill(PAYMENT_PASSWORD);
    await wallet.getByTestId('pp-submit').click();
    await closeDialogs(page);
    await expect(wallet.getByTestId('mt-need-password')).toHaveCount(0);
    await wallet.getByRole('button', { name: 'Close' }).first().click();
    const centre = await openAgentCentre(page);
    const wages = await goTo(page, centre, 'agentDailyWages');
    await wages.getByTestId('bills-tab-payer').click();
    const owed = wages.locator('tr').filter({ has: page.locator('[data-testid="bill-row"][data-status="insufficientBalance"]') });
    await expect(owed).toHaveCount(1);
    await expect(owed).toContainText(DOWNLINE2);
    await shoot(page, 'bill-owed');
    await owed.getByTestId('bill-pay').click();
    const dialog = page.getByTestId('pay-bill-dialog');
    await expect(dialog).toContainText(money(salary));
    await dialog.getByTestId('bill-pay-password').fill(PAYMENT_PASSWORD);
    await shoot(page, 'bill-pay-dialog');
    await dialog.getByTestId('bill-pay-submit').click();
    await expect(dialog).toHaveCount(0);
    await closeDialogs(page);
    await expect(wages.locator('[data-testid="bill-row"][data-status="paid"]')).toHaveCount(1);
    const income = await goTo(page, centre, 'agentIncome');
    await expect(income.getByTestId('income-table').locator('tbody tr').filter({ hasText: DOWNLINE2 })).toContainText(`-${money(salary)}`);
  });

  test('accepting lower terms than it gives its downline shows the auto-termination warning, then ends that contract', async ({ page }) => {
    // agent01 offers DOWNLINE 0.30 %, below the 0.40 % DOWNLINE gives DOWNLINE2.
    await login(page, 'agent01');
    let centre = await openAgentCentre(page);
    const team = await goTo(page, centre, 'agentTeamManagement');
    await rowOf(team, 'team-row', DOWNLINE).getByTestId('team-offer').click();
    const offer = page.getByTestId('offer-dialog');
    await offer.getByTestId('offer-kind-dailySalary').click();
    await offer.getByTestId('offer-terms-rate-0').fill('0.3');
    await offer.getByTestId('offer-submit').click();
    await expect(offer).toHaveCount(0);

    await page.context().clearCookies();
    await page.evaluate(() => window.sessionStorage.clear());
    await login(page, DOWNLINE, changed(demoPassword()));
    centre = await openAgentCentre(page);
    const contracts = await goTo(page, centre, 'agentContracts');
    const waiting = contracts.locator(`[data-testid="contract-row"][data-account="agent01"][data-status="awaitingConsent"]`);
    await expect(waiting).toHaveCount(1);
    await contracts.locator('tr').filter({ has: page.locator('[data-testid="contract-row"][data-account="agent01"][data-status="awaitingConsent"]') }).getByTestId('contract-accept').click();
    const warning = page.getByTestId('auto-terminate-dialog');
    await expect(warning).toBeVisible();
    await expect(warning.getByTestId('auto-terminate-list')).toContainText(DOWNLINE2);
    await shoot(page, 'auto-terminate-warning');
    await warning.getByTestId('contract-confirm-terminate').click();
    await expect(warning).toHaveCount(0);
    await expect(waiting).toHaveCount(0);
    await closeDialogs(page);

    // The contract given to DOWNLINE2 was terminated by the system.
    await contracts.getByTestId('contracts-tab-upline').click();
    await expect(cellOf(contracts, 'contract-row', DOWNLINE2).first()).not.toHaveAttribute('data-status', 'valid');
    await shoot(page, 'contracts-after-auto-terminate');
  });

  test('every page of the agent centre, in both themes', async ({ page }) => {
    // agent01 takes part in contracts of all three flagged kinds (member info's enableCt, salary, hourSalary).
    await login(page, 'agent01');
    const centre = await openAgentCentre(page);
    const entries = await centre.locator('[data-testid^="ac-nav-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('ac-nav-'.length)));
    expect(entries).toEqual(expect.arrayContaining(['agentTeamOverview', 'agentDividend', 'agentDailyWages', 'agentHourlySalary']));
    for (const entry of entries) {
      const body = await goTo(page, centre, entry);
      // Each page ends in data, its empty state or a failure with Retry (the dialog said why).
      await expect(body.locator('[data-testid$="-empty"], [data-testid$="-table"], [data-testid="overview-kpis"], [data-testid="register-form"], [data-testid="load-failed"]').first()).toBeVisible();
      await shoot(page, `page-${entry}`);
    }
  });

  test('the longest languages (VI, MY) fit the agent centre', async ({ page }) => {
    for (const language of ['VI', 'MY']) {
      await page.context().clearCookies();
      await login(page, 'agent01', demoPassword(), language);
      const centre = await openAgentCentre(page);
      await expect(centre.getByTestId('overview-kpis')).toBeVisible();
      await shoot(page, `lang-${language}-overview`);
      for (const entry of ['agentTeamManagement', 'agentContracts', 'agentRegister']) {
        await goTo(page, centre, entry);
        await shoot(page, `lang-${language}-${entry}`);
      }
      await page.evaluate(() => window.sessionStorage.clear());
    }
  });
});
