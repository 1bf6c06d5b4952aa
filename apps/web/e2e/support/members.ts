import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { skipNoticePopup, startInLanguage } from '../fixtures.ts';
import { closeDialog } from './dialogs.ts';
import { expect } from './expect.ts';
import { ops } from './ops.ts';

/** A username no earlier run took: the prefix, then time and chance, 12 characters at most. */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`.slice(0, 12);
}

/**
 * A member made for one spec, so that it does not depend on what other specs did to the demo accounts: created by
 * the operator (ops user create) with an initial password, which the first login changes to `password` as the site
 * asks, then logged in on its own page, which the spec keeps.
 */
export async function newOperatorMember(browser: Browser, prefix: string, password: string): Promise<{ page: Page; username: string }> {
  const username = uniqueName(prefix);
  ops('user', 'create', username, '--password', 'start123x');
  const page = await browser.newPage();
  await skipNoticePopup(page);
  await startInLanguage(page, 'EN');
  await page.goto('/');
  const form = page.getByTestId('login-form');
  await form.getByPlaceholder('Username').fill(username);
  await form.getByPlaceholder('Password').fill('start123x');
  await page.getByTestId('login-submit').click();
  const forced = page.getByTestId('forced-password-modal');
  await expect(forced).toBeVisible({ timeout: 90_000 });
  await forced.getByTestId('cp-oldPassword').fill('start123x');
  await forced.getByTestId('cp-newPassword').fill(password);
  await forced.getByTestId('cp-confirmNewPassword').fill(password);
  await forced.getByTestId('cp-submit').click();
  await closeDialog(page);
  const login = page.getByTestId('login-modal');
  await login.getByTestId('login-username').fill(username);
  await login.getByTestId('login-password').fill(password);
  await login.getByTestId('login-modal-submit').click();
  await expect(page.getByTestId('after-login-modal')).toBeVisible({ timeout: 90_000 });
  await page.getByTestId('after-login-close').click();
  await expect(page.getByTestId('member-menu')).toContainText(username);
  return { page, username };
}

/** The demo accounts' password, which the server wrote to the e2e data directory when it seeded them. */
export function demoPassword(): string {
  const file = path.join(process.env.E2E_DATA_DIR ?? '', 'demo-credentials.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { password: string }).password;
}

/** A demo member logged in from the top bar's form, in English, the after-login modal closed. */
export async function loginDemoMember(page: Page, username: string): Promise<void> {
  await skipNoticePopup(page);
  await startInLanguage(page, 'EN');
  await page.goto('/');
  const form = page.getByTestId('login-form');
  await form.getByPlaceholder('Username').fill(username);
  await form.getByPlaceholder('Password').fill(demoPassword());
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('after-login-modal')).toBeVisible({ timeout: 90_000 });
  await page.getByTestId('after-login-close').click();
  await expect(page.getByTestId('member-menu')).toContainText(username);
}
