import { expect, test, type Page } from '@playwright/test';
import { skipNoticePopup, startInLanguage } from './fixtures.ts';
import { closeDialog } from './support/dialogs.ts';
import { ops } from './support/ops.ts';
import { shootBothThemes } from './support/screenshots.ts';

// Provider-based SMS (issue 22) through the sandbox phone provider: the browser has the provider send
// and confirm the code and registers / logs in with the provider's signed token. The register captcha
// is an image only a person can read, so it is off here; both switches go back at the end.
test.describe.configure({ mode: 'serial' });

const SHOTS = 'test-results/phone-provider';
const mobile = `9${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** The newest code the sandbox provider "sent" to +84<mobile> (it writes to the SMS outbox). */
function smsCode(): string {
  const out = ops('sms', 'outbox', `+84${mobile}`, '--limit', '1');
  const code = /\b(\d{6})\b/.exec(out.split('\t').slice(2).join('\t'))?.[1];
  if (!code) throw new Error(`no SMS code for ${mobile}: ${out}`);
  return code;
}

async function sendCode(page: Page, scope: ReturnType<Page['getByTestId']>): Promise<void> {
  await scope.getByTestId('send-sms').click();
  await expect(scope.getByTestId('send-sms')).toBeDisabled();
  // The provider flow's countdown is one minute (spec §4), not 60 s × the code's 3 minutes.
  // The countdown starts once the provider answered, so the code is in the outbox by now.
  await expect(scope.getByTestId('send-sms')).toContainText(/Resend in (60|59|58)\b/);
}

test.beforeAll(() => {
  ops('register-field', 'captcha', 'off');
  expect(ops('sms', 'provider', 'sandbox')).toContain('SANDBOX');
});
test.afterAll(() => {
  ops('sms', 'provider', 'own');
  ops('register-field', 'captcha', 'required');
});

test('register by mobile and log in by SMS through the sandbox phone provider; a wrong code gets the spec message', async ({ page }) => {
  await skipNoticePopup(page);
  await startInLanguage(page, 'EN');
  await page.goto('/');
  await expect(page.locator('[data-layout]')).toBeVisible();

  await page.getByTestId('register-button').click();
  const form = page.getByTestId('register-form');
  await page.getByTestId('register-tab-mobile').click();
  await form.getByTestId('register-mobileNum').fill(`0${mobile}`);
  await sendCode(page, form);
  const code = smsCode();
  await form.getByTestId('register-verificationCode').fill(code === '000000' ? '111111' : '000000');
  await form.getByTestId('register-age').check();
  await form.getByTestId('register-submit').click();
  await expect(page.getByTestId('dialog')).toContainText('Invalid verification code');
  await shootBothThemes(page, SHOTS, 'wrong-code');
  await closeDialog(page, 'Invalid verification code');

  await form.getByTestId('register-verificationCode').fill(code);
  await form.getByTestId('register-submit').click();
  await expect(page.getByTestId('member-menu')).toBeVisible();
  await expect(page.getByTestId('register-modal')).toHaveCount(0);

  await page.getByTestId('member-menu').click();
  await page.getByTestId('sign-out').click();
  await page.getByTestId('dialog').getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('login-form')).toBeVisible();

  // The top bar's Log in with nothing typed opens the login modal.
  await page.getByTestId('login-submit').click();
  const login = page.getByTestId('login-modal');
  await login.getByTestId('login-tab-sms').click();
  await login.getByTestId('login-mobile').fill(mobile);
  await sendCode(page, login);
  await login.getByTestId('login-sms-code').fill(smsCode());
  await shootBothThemes(page, SHOTS, 'sms-login');
  await login.getByTestId('login-modal-submit').click();
  await expect(page.getByTestId('after-login-modal')).toBeVisible();
});
