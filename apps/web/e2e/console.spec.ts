import path from 'node:path';
import { test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { closeDialog, dismissDialog } from './support/dialogs.ts';
import { expect } from './support/expect.ts';
import { closeCentre, openCentre } from './support/member-centre.ts';
import { newOperatorMember, uniqueName } from './support/members.ts';
import { balanceNow, shown } from './support/money.ts';
import { ops } from './support/ops.ts';
import { shootBothThemes } from './support/screenshots.ts';
import { totpNow } from './support/totp.ts';

// The operator console (issue 24), its Must-show in Chromium against the built console and the real server: the
// first admin (made by the CLI) enrols two-factor sign-in with a code computed here from the key the page shows,
// sees its recovery codes once and creates a finance and a support operator; finance approves a member's bank
// deposit (the member's balance moves) and pays its withdrawal (the member's record says paid), and has neither the
// content menu nor the content page or API (403); support locks the member, whose open portal tab is logged out
// without a reload and whose token is refused; the audit log holds every one of those actions with actor, before and
// after, and its chain verifies; bad input on the console's forms shows per field and saves nothing. Each operator
// and the member have their own browser context. Screenshots of every console page in both themes go to SHOTS.
//
// "Logged out on every process": the lock revokes the member's sessions in the database, which every process reads
// on every call (and each process's socket poll closes the member's sockets). The e2e run has one server process;
// a second one is out of scope here (the server's own session tests cover the database side).
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const SHOTS = path.join(process.env.E2E_DATA_DIR ?? '/tmp', 'console-shots');
const shoot = (page: Page, name: string): Promise<void> => shootBothThemes(page, SHOTS, name, { fullPage: true });

const ADMIN = uniqueName('adm');
const FINANCE = uniqueName('fin');
const SUPPORT = uniqueName('sup');
const ADMIN_PASSWORD = 'admin-pass-e2e-1';
const FINANCE_PASSWORD = 'finance-pass-e2e-2';
const SUPPORT_PASSWORD = 'support-pass-e2e-3';
const MEMBER_PASSWORD = 'memb1234x';
const PAYMENT_PASSWORD = '246800';
// The smallest valid PNG (1 × 1, transparent): the deposit's receipt.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const contexts: BrowserContext[] = [];
let admin: Page;
let member: { page: Page; username: string };
let depositId = '';
let withdrawalId = '';
let memberId = '';

/** A console page in a context of its own, at the login. */
async function consolePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/console');
  await expect(page).toHaveURL(/\/console\/login$/);
  return page;
}

/**
 * The first sign-in of a new operator: password, then the enrolment (the key for manual entry read from the page, the
 * first code computed as an authenticator would), the ten recovery codes shown once, then the dashboard.
 */
async function firstSignIn(browser: Browser, username: string, password: string, shots = false): Promise<Page> {
  const page = await consolePage(browser);
  if (shots) await shoot(page, 'login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  const secret = page.getByTestId('enrol-secret');
  // The password is checked with argon2id: slow on a shared machine.
  await expect(secret).toHaveText(/^[A-Z2-7]{16,}$/, { timeout: 90_000 });
  if (shots) await shoot(page, 'login-enrol');
  await page.getByTestId('enrol-code').fill(totpNow((await secret.textContent()) ?? ''));
  await page.getByTestId('enrol-submit').click();
  const codes = page.getByTestId('recovery-codes').locator('li');
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[a-z0-9]{5}-?[a-z0-9]{5}$/);
  if (shots) await shoot(page, 'login-recovery-codes');
  await page.getByTestId('recovery-done').click();
  await expect(page.getByTestId('operator-name')).toHaveText(username);
  await expect(page).toHaveURL(/\/console\/?$/);
  await expect(page.getByTestId('figures-today')).toBeVisible();
  // Shown once: the dashboard, even after a reload, never shows them again.
  await expect(page.getByTestId('recovery-codes')).toHaveCount(0);
  return page;
}

/** A console POST from the operator's own page (its cookie), answered status and envelope. */
async function consolePost(page: Page, url: string, body: unknown): Promise<{ status: number; code: string; issues: { path: string }[] }> {
  return page.evaluate(
    async ({ u, b }) => {
      const res = await fetch(u, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) });
      const json = (await res.json()) as { code: string; value?: { issues?: { path: unknown }[] } };
      const issues = (json.value?.issues ?? []).map((i) => ({ path: Array.isArray(i.path) ? i.path.join('.') : String(i.path) }));
      return { status: res.status, code: json.code, issues };
    },
    { u: url, b: body },
  );
}

/** The row of a console table that names this member. */
const rowOf = (table: Locator, text: string): Locator => table.locator('tbody tr').filter({ hasText: text });

/** An audit row's cell: 2 actor, 3 action, 4 target, 5 reason, 6 before, 7 after. */
const cell = (row: Locator, index: number): Locator => row.locator('td').nth(index);

/** Filters the audit log by actor and action and answers the rows shown. */
async function auditRows(page: Page, actor: string, action = ''): Promise<Locator> {
  await page.getByTestId('audit-actor').fill(actor);
  await page.getByTestId('audit-action').fill(action);
  await page.getByTestId('audit-filter').click();
  const table = page.getByTestId('audit-table');
  // Every row shown is this actor's: the filter has been applied.
  await expect(table.locator('tbody tr').first().locator('td').nth(2)).toHaveText(actor);
  return table.locator('tbody tr');
}

test.afterAll(async () => {
  for (const context of contexts) await context.close();
  await member?.page.context().close();
});

test('the member has a bank deposit awaiting review and a withdrawal pending', async ({ browser }) => {
  test.slow();
  member = await newOperatorMember(browser, 'cm', MEMBER_PASSWORD);
  const page = member.page;
  ops('wallet', 'adjust', member.username, '100000', '--reason', 'e2e console: money to withdraw');

  // Withdrawal: payment password, a bound card, then 50,000 pending payment.
  let centre = await openCentre(page, 'withdraw');
  await centre.getByTestId('pp-current').fill(MEMBER_PASSWORD);
  await centre.getByTestId('pp-new').fill(PAYMENT_PASSWORD);
  await centre.getByTestId('pp-confirm').fill(PAYMENT_PASSWORD);
  await centre.getByTestId('pp-submit').click();
  await dismissDialog(page);
  await centre.getByTestId('wd-bind-open').click();
  await centre.getByTestId('wd-bind-name').fill('Console Member');
  await centre.getByTestId('wd-bind-number').fill(`9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`);
  await centre.getByTestId('wd-bind-password').fill(PAYMENT_PASSWORD);
  await centre.getByTestId('wd-bind-submit').click();
  await dismissDialog(page);
  await expect(centre.getByTestId('wd-submit')).toBeEnabled();
  await centre.getByTestId('wd-amount').fill('50000');
  await centre.getByTestId('wd-password-input').fill(PAYMENT_PASSWORD);
  await centre.getByTestId('wd-submit').click();
  await expect(page.getByTestId('dialog')).toContainText('50,000.00 VND');
  await dismissDialog(page);
  await expect(centre.getByTestId('wd-table').locator('tbody tr').first()).toContainText('Awaiting payment');

  // Deposit: a bank transfer of 60,000 with its receipt, waiting for review.
  centre = await openCentre(page, 'depositv2');
  await centre.locator('[data-testid^="dp-channel-"]').filter({ hasText: 'Bank transfer' }).click();
  await centre.getByTestId('dp-amount').fill('60000');
  await centre.getByTestId('dp-payer').fill('Console Member');
  await centre.getByTestId('dp-receipt').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await centre.getByTestId('dp-submit').click();
  await expect(page.getByTestId('dialog')).toContainText('60,000.00 VND is waiting for review');
  await dismissDialog(page);
  await expect(centre.getByTestId('dp-table')).toContainText('Under review');
  await closeCentre(page);
  await expect(page.getByTestId('balance-amount')).toHaveText(shown(5_000_000));
});

test('the first admin, made by the CLI, enrols two-factor sign-in and creates a finance and a support operator', async ({ browser }) => {
  test.slow();
  expect(ops('operator', 'create', ADMIN, '--role', 'admin', '--password', ADMIN_PASSWORD)).toContain(ADMIN);
  admin = await firstSignIn(browser, ADMIN, ADMIN_PASSWORD, true);
  await expect(admin.getByTestId('operator-role-label')).toHaveText('admin');
  await shoot(admin, 'dashboard');

  await admin.getByTestId('nav-operators').click();
  const table = admin.getByTestId('operators-table');
  await expect(rowOf(table, ADMIN)).toHaveCount(1);
  for (const [username, password, role] of [
    [FINANCE, FINANCE_PASSWORD, 'finance'],
    [SUPPORT, SUPPORT_PASSWORD, 'support'],
  ] as const) {
    await admin.getByTestId('operator-create').click();
    const dialog = admin.getByTestId('operator-create-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('operator-username').fill(username);
    await dialog.getByTestId('operator-password').fill(password);
    await dialog.getByTestId('operator-role').selectOption(role);
    await dialog.getByTestId('operator-submit').click();
    await expect(dialog).toHaveCount(0);
    const row = rowOf(table, username);
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('operator-role-change')).toHaveValue(role);
    await expect(row).toContainText('Not set up');
  }
  await shoot(admin, 'operators');
  await admin.getByTestId('nav-content').click();
  await expect(admin.getByRole('heading', { name: 'Announcements' })).toBeVisible();
  await expect(admin.getByTestId('loading')).toHaveCount(0);
  await shoot(admin, 'announcements');
});

test('finance approves the deposit and pays the withdrawal; it has no content menu, page or API', async ({ browser }) => {
  test.slow();
  const page = await firstSignIn(browser, FINANCE, FINANCE_PASSWORD);
  await expect(page.getByTestId('operator-role-label')).toHaveText('finance');
  await expect(page.getByTestId('nav-deposits')).toBeVisible();
  await expect(page.getByTestId('nav-content')).toHaveCount(0);
  await expect(page.getByTestId('nav-operators')).toHaveCount(0);
  await expect(page.getByTestId('nav-audit')).toHaveCount(0);

  // The deposit: approved, the member's balance (its own page) grows by 60,000.
  const before = await balanceNow(member.page);
  await page.getByTestId('nav-deposits').click();
  const deposits = page.getByTestId('deposits-table');
  const deposit = rowOf(deposits, member.username);
  await expect(deposit).toHaveCount(1);
  await expect(deposit).toContainText('60,000.00');
  depositId = (await deposit.getByTestId('deposit-row').textContent()) ?? '';
  expect(depositId).toMatch(/^\d+$/);
  await shoot(page, 'deposits');
  // A click waits as long as the test may: the button is checked first, for a plain failure if the row has none.
  await expect(deposit.getByTestId('deposit-approve')).toBeVisible();
  await deposit.getByTestId('deposit-approve').click();
  const dialog = page.getByTestId('reason-dialog');
  await expect(dialog).toContainText(`Approve deposit #${depositId}`);
  await expect(dialog).toContainText(member.username);
  await shoot(page, 'deposit-approve-dialog');
  await dialog.getByTestId('confirm').click();
  await expect(dialog).toHaveCount(0);
  await expect(deposit).toHaveCount(0);
  await page.getByTestId('deposit-status').selectOption('all');
  await expect(rowOf(deposits, member.username)).toContainText('credited');

  await member.page.getByTestId('balance-amount').click();
  await expect(member.page.getByTestId('balance-amount')).toHaveText(shown(before + 6_000_000));

  // The withdrawal: paid; the member's own record says so.
  await page.getByTestId('nav-withdrawals').click();
  const withdrawals = page.getByTestId('withdrawals-table');
  const withdrawal = rowOf(withdrawals, member.username);
  await expect(withdrawal).toHaveCount(1);
  await expect(withdrawal).toContainText('50,000.00');
  withdrawalId = (await withdrawal.getByTestId('withdrawal-row').textContent()) ?? '';
  expect(withdrawalId).toMatch(/^\d+$/);
  await shoot(page, 'withdrawals');
  await expect(withdrawal.getByTestId('withdrawal-pay')).toBeVisible();
  await withdrawal.getByTestId('withdrawal-pay').click();
  await expect(dialog).toContainText(`Pay withdrawal #${withdrawalId}`);
  await dialog.getByTestId('confirm').click();
  await expect(dialog).toHaveCount(0);
  await expect(withdrawal).toHaveCount(0);
  await page.getByTestId('withdrawal-status').selectOption('paid');
  await expect(rowOf(withdrawals, member.username)).toContainText('paid');

  const centre = await openCentre(member.page, 'withdraw');
  await centre.getByTestId('wd-records-refresh').click();
  await expect(centre.getByTestId('wd-table').locator('tbody tr').first()).toContainText('Paid, please confirm');
  await closeCentre(member.page);

  // Content: no menu entry, the page (typed in) says no access, and the API answers 403.
  for (const url of ['/console/content/announcements', '/console/content']) {
    await page.goto(url);
    await expect(page.getByTestId('forbidden')).toBeVisible();
    await expect(page.getByTestId('operator-name')).toHaveText(FINANCE);
    await expect(page.getByTestId('nav-content')).toHaveCount(0);
  }
  await shoot(page, 'forbidden');
  const api = await page.evaluate(async () => {
    const res = await fetch('/console/api/content/announcements');
    return { status: res.status, code: ((await res.json()) as { code: string }).code };
  });
  expect(api).toEqual({ status: 403, code: 'forbidden' });
  expect(await consolePost(page, '/console/api/content/announcements/add', { type: 'notice', title: 'x', content: 'x' })).toMatchObject({ status: 403, code: 'forbidden' });
});

test('support locks the member: its open portal tab is logged out without a reload, its token refused', async ({ browser }) => {
  test.slow();
  const page = await firstSignIn(browser, SUPPORT, SUPPORT_PASSWORD);
  await expect(page.getByTestId('operator-role-label')).toHaveText('support');
  await page.getByTestId('nav-members').click();
  await page.getByTestId('member-search').fill(member.username);
  await page.getByTestId('member-search-submit').click();
  const found = page.getByTestId('member-row').filter({ hasText: member.username });
  await expect(found).toHaveCount(1);
  await expect(page.getByTestId('member-row')).toHaveCount(1);
  await shoot(page, 'members');
  await found.click();
  await expect(page.getByTestId('member-profile')).toContainText('active');
  memberId = /\/console\/members\/(\d+)$/.exec(page.url())?.[1] ?? '';
  expect(memberId).not.toBe('');
  await expect(page.getByTestId('member-balances')).toContainText('110,000.00');
  await shoot(page, 'member-detail');

  // The member's tab: its token now, and a mark that a reload would wipe.
  const token = await member.page.evaluate(() => window.sessionStorage.getItem('token') ?? '');
  expect(token).not.toBe('');
  await member.page.evaluate(() => Object.assign(window, { __consoleE2eNoReload: true }));

  // Without a reason: refused under the field, in the page and by the server; nothing changes.
  await expect(page.getByTestId('member-lock')).toHaveText('Lock');
  await page.getByTestId('member-lock').click();
  const dialog = page.getByTestId('reason-dialog');
  await expect(dialog).toContainText(`Lock ${member.username}`);
  await dialog.getByTestId('confirm').click();
  const reason = dialog.getByTestId('reason');
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(reason).toHaveAccessibleDescription('Give a reason of at least 3 characters.');
  await shoot(page, 'member-lock-no-reason');
  const refused = await consolePost(page, '/console/api/members/lock', { id: Number(memberId), locked: true, reason: '' });
  expect(refused.status).toBe(400);
  expect(refused.issues.map((i) => i.path)).toContain('reason');
  await expect(member.page.getByTestId('member-menu')).toContainText(member.username);

  await reason.fill('e2e: account shared with another player');
  await dialog.getByTestId('confirm').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('member-profile')).toContainText('locked');
  await expect(page.getByTestId('member-lock')).toHaveText('Unlock');

  // The member's page ends its session by itself: no click, no reload.
  await closeDialog(member.page, 'Your session has expired');
  await expect(member.page.getByTestId('login-form')).toBeVisible();
  await expect(member.page.getByTestId('member-menu')).toHaveCount(0);
  expect(await member.page.evaluate(() => (window as unknown as { __consoleE2eNoReload?: boolean }).__consoleE2eNoReload)).toBe(true);
  const old = await member.page.request.get('/wps/v2/wallets/balance', { headers: { authorization: token } });
  expect(old.status()).toBe(401);
  expect(((await old.json()) as { code: string }).code).toBe('session_expired');
});

test('the audit log holds every action with its actor, before and after; the chain verifies', async () => {
  const page = admin;
  await page.getByTestId('nav-audit').click();
  await expect(page.getByTestId('audit-table')).toBeVisible();

  const created = await auditRows(page, `operator:${ADMIN}`, 'operator.create');
  await expect(created).toHaveCount(2);
  for (const [username, role] of [
    [FINANCE, 'finance'],
    [SUPPORT, 'support'],
  ]) {
    const row = created.filter({ hasText: `operator:${username}` });
    await expect(cell(row, 3)).toHaveText('operator.create');
    await expect(cell(row, 6)).toHaveText('—');
    await expect(cell(row, 7)).toContainText(`"role": "${role}"`);
    await expect(cell(row, 7)).toContainText(`"username": "${username}"`);
  }

  const finance = await auditRows(page, `operator:${FINANCE}`);
  const approved = finance.filter({ hasText: `deposit:${depositId}` });
  await expect(cell(approved, 3)).toHaveText('deposit.approve');
  await expect(cell(approved, 6)).toContainText('"status": "pendingReview"');
  await expect(cell(approved, 7)).toContainText('"status": "credited"');
  await expect(cell(approved, 7)).toContainText('"amount": 6000000');
  const paid = finance.filter({ hasText: `withdrawal:${withdrawalId}` });
  await expect(cell(paid, 3)).toHaveText('withdrawal.pay');
  await expect(cell(paid, 6)).toContainText('"status": "pending"');
  await expect(cell(paid, 7)).toContainText('"status": "paid"');
  await shoot(page, 'audit');

  const support = await auditRows(page, `operator:${SUPPORT}`, 'user.lock');
  await expect(support).toHaveCount(1);
  await expect(cell(support, 4)).toHaveText(`user:${memberId}`);
  await expect(cell(support, 5)).toHaveText('e2e: account shared with another player');
  await expect(cell(support, 6)).toContainText('"status": "active"');
  await expect(cell(support, 7)).toContainText('"status": "locked"');

  await page.getByTestId('audit-verify').click();
  const verdict = page.getByTestId('audit-verify-result');
  await expect(verdict).toHaveAttribute('data-ok', 'true');
  await expect(verdict).toContainText('The chain is intact');
  await shoot(page, 'audit-verified');
});

test('bad input on the operator form: an error under each field, nothing saved, in the page and on the server', async () => {
  const page = admin;
  await page.getByTestId('nav-operators').click();
  const rows = page.getByTestId('operators-table').getByTestId('operator-row');
  await expect(rows.filter({ hasText: SUPPORT })).toHaveCount(1);
  const count = await rows.count();
  const bad = uniqueName('bad');

  await page.getByTestId('operator-create').click();
  const dialog = page.getByTestId('operator-create-dialog');
  await dialog.getByTestId('operator-username').fill(`Bad Name ${bad}`);
  await dialog.getByTestId('operator-password').fill('short');
  await dialog.getByTestId('operator-role').selectOption('finance');
  await dialog.getByTestId('operator-submit').click();
  await expect(dialog.getByTestId('operator-username')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByTestId('operator-username')).toHaveAccessibleDescription('Lower-case letters, digits, dot, dash or underscore, starting with a letter.');
  await expect(dialog.getByTestId('operator-password')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByTestId('operator-password')).toHaveAccessibleDescription('At least 12 characters.');
  await expect(dialog.getByTestId('operator-role')).not.toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'operator-create-errors');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(rows).toHaveCount(count);

  // The server refuses the same on its own, per field, and keeps nothing.
  const refused = await consolePost(page, '/console/api/operators/create', { username: bad, password: 'short', role: 'nobody' });
  expect(refused.status).toBe(400);
  expect(refused.issues.map((i) => i.path).sort()).toEqual(['password', 'role']);
  await page.reload();
  await expect(rows.filter({ hasText: SUPPORT })).toHaveCount(1);
  await expect(rows).toHaveCount(count);
  expect(ops('operator', 'list')).not.toContain(bad);
});
