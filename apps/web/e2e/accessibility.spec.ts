import AxeBuilder from '@axe-core/playwright';
import { test as baseTest, type Page } from '@playwright/test';
import { MEMBER_CENTRE_PAGES } from '../src/features/auth/member-centre-pages.ts';
import { LAYOUT_PARTS, ROUTES, type TRouteEntry } from '../src/app/route-table.ts';
import { skipNoticePopup, startInLanguage } from './fixtures.ts';
import { expect } from './support/expect.ts';
import { openCentre } from './support/member-centre.ts';
import { loginDemoMember } from './support/members.ts';
import { setThemeNow, type TTheme } from './support/screenshots.ts';

// Issue 23: axe-core over every route (logged out and in), every modal and both themes, with the WCAG 2.0/2.1/2.2 A
// and AA rules. Serious and critical violations fail the test; the list of what was scanned is printed either way.
// Nothing is excluded: the portal shows no third-party content of its own accord.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/**
 * A theme changes colours only (the same DOM, the same names, roles and sizes): the first theme of a page is scanned
 * with every rule, the second with the rules that read colours, which halves the time of the spec.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
type TSession = 'logged out' | 'member01' | 'agent01';

const test = baseTest.extend<{ audit: Audit }>({
  audit: async ({ page }, use, info) => {
    const audit = new Audit(page);
    await use(audit);
    // The list of scans belongs in npm test's output (issue 23).
    // eslint-disable-next-line no-console
    console.log(`\n${info.title}: ${audit.lines.length} scans\n${audit.lines.join('\n')}`);
    expect(audit.problems, `serious or critical accessibility violations:\n${audit.problems.join('\n')}\n`).toEqual([]);
  },
});
test.describe.configure({ timeout: 300_000 });

class Audit {
  readonly lines: string[] = [];
  readonly problems: string[] = [];
  constructor(private readonly page: Page) {}

  /** Scans the page as it stands in one theme (every rule, or only the colour rules). */
  async scan(what: string, theme: TTheme, session: TSession, colourOnly = false): Promise<void> {
    await setTheme(this.page, theme);
    const builder = new AxeBuilder({ page: this.page });
    const { violations } = await (colourOnly ? builder.withRules(COLOUR_RULES) : builder.withTags(TAGS)).analyze();
    const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    this.lines.push(`  ${what} · ${theme}${colourOnly ? ' (colours)' : ''} · ${session} · ${bad.length === 0 ? 'no violations' : bad.map((v) => `${v.id} (${v.nodes.length})`).join(', ')}`);
    for (const v of bad) {
      const targets = v.nodes.slice(0, 3).map((n) => n.target.join(' > '));
      this.problems.push(`${v.impact} ${v.id} on ${what} (${theme}, ${session}): ${targets.join(' | ')} — ${v.helpUrl}`);
    }
  }

  /** Scans the page in both themes (every rule in dark, the colour rules in light), ending in dark. */
  async scanBoth(what: string, session: TSession): Promise<void> {
    await this.scan(what, 'dark', session);
    await this.scan(what, 'light', session, true);
    await setTheme(this.page, 'dark');
  }
}

/** The theme applied at once (transitions off while it changes), once no animation of the page (a modal fading in) runs. */
async function setTheme(page: Page, theme: TTheme): Promise<void> {
  await setThemeNow(page, theme, true);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
}

/** Waits for a route's frame and content: its layout's parts drawn, its modal open, no skeleton or spinner left. */
async function settle(page: Page, route?: TRouteEntry, session: TSession = 'logged out'): Promise<void> {
  if (route) {
    const parts = LAYOUT_PARTS[route.layout];
    await expect(page.locator(`[data-layout="${route.layout}"]`)).toBeVisible();
    if (parts.footer) await expect(page.getByTestId('footer-provider').first()).toBeVisible();
    if (parts.sidebar) await expect(page.getByTestId('layout-sidebar')).toBeVisible();
    // Logged in, /login and /register show the home page alone.
    if (route.modal === 'login' && session === 'logged out') await expect(page.getByTestId('login-modal')).toBeVisible();
    if (route.modal === 'register' && session === 'logged out') await expect(page.getByTestId('register-modal')).toBeVisible();
  }
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
  await expect(page.getByTestId('skeleton')).toHaveCount(0);
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
}

/**
 * Every route in turn. The first is loaded; the others are reached as the portal's own links reach them (the router
 * follows a history entry), which scans the same pages without loading and compiling the app 30 times over.
 */
async function scanRoutes(page: Page, audit: Audit, session: TSession): Promise<void> {
  await page.goto(ROUTES[0]!.path);
  for (const route of ROUTES) {
    await page.evaluate((to) => {
      if (window.location.pathname === to) return;
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, route.path);
    // Logged in, a route that opens a visitor's modal (login, register, the OAuth callback) goes home at once: the URL
    // may already be / when it is read.
    const goesHome = session !== 'logged out' && route.modal !== undefined;
    await expect(page).toHaveURL((url) => url.pathname === route.path || (goesHome && url.pathname === '/'));
    await settle(page, route, session);
    await audit.scanBoth(route.path, session);
  }
}

test('every route, logged out, in both themes', async ({ page, audit }) => {
  await skipNoticePopup(page);
  await startInLanguage(page, 'EN');
  await scanRoutes(page, audit, 'logged out');
});

test('every route, logged in as a member, in both themes', async ({ page, audit }) => {
  await loginDemoMember(page, 'member01');
  await scanRoutes(page, audit, 'member01');
});

test('the modals of a visitor: login, register, forgot password, notice popup, language list, error dialog', async ({ page, audit }) => {
  await startInLanguage(page, 'EN');
  // The notice popup opens by itself on a first visit.
  await page.goto('/');
  const popup = page.getByTestId('notice-popup');
  await expect(popup).toBeVisible();
  await settle(page);
  await audit.scanBoth('notice popup', 'logged out');
  await popup.getByRole('button').last().click();
  await expect(popup).toHaveCount(0);

  await page.getByTestId('language-selector').click();
  await expect(page.getByTestId('language-option-EN')).toBeVisible();
  await audit.scanBoth('language list', 'logged out');
  await page.getByTestId('language-more').click();
  await audit.scanBoth('language list, all languages', 'logged out');
  await page.keyboard.press('Escape');

  await page.goto('/login');
  await settle(page);
  const login = page.getByTestId('login-modal');
  await expect(login).toBeVisible();
  await audit.scanBoth('login modal', 'logged out');

  // Forgot password opens from the top bar's form.
  await page.goto('/');
  await settle(page);
  await page.getByTestId('forgot-link').click();
  await expect(page.getByTestId('forgot-modal')).toBeVisible();
  await audit.scanBoth('forgot password, by e-mail', 'logged out');
  await page.getByTestId('forgot-tab-mobile').click();
  await expect(page.getByTestId('forgot-mobile-form')).toBeVisible();
  await audit.scanBoth('forgot password, by mobile', 'logged out');

  await page.goto('/register');
  await settle(page);
  await expect(page.getByTestId('register-modal')).toBeVisible();
  await audit.scanBoth('register modal', 'logged out');

  // A wrong password: the error dialog.
  await page.goto('/');
  await settle(page);
  const form = page.getByTestId('login-form');
  // An account that does not exist: no demo account collects failed attempts.
  await form.getByPlaceholder('Username').fill('nosuchuser1');
  await form.getByPlaceholder('Password').fill('not-the-password-1');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('dialog')).toBeVisible({ timeout: 60_000 });
  await audit.scanBoth('error dialog (wrong login)', 'logged out');
});

// The member centre's pages in three tests of a few pages each: 34 scans in one test ran past its 5 minutes on a
// loaded machine.
const CENTRE_PART = Math.ceil(MEMBER_CENTRE_PAGES.length / 3);
for (let part = 0; part < 3; part++) {
  const pages = MEMBER_CENTRE_PAGES.slice(part * CENTRE_PART, (part + 1) * CENTRE_PART);
  test(`the member centre's pages ${pages.join(', ')}, in both themes`, async ({ page, audit }) => {
    await loginDemoMember(page, 'member01');
    for (const nav of pages) {
      await openCentre(page, nav);
      await audit.scanBoth(`member centre: ${nav}`, 'member01');
    }
  });
}

test('every page of the agent centre, in both themes', async ({ page, audit }) => {
  await loginDemoMember(page, 'agent01');
  await page.getByTestId('member-menu').click();
  await audit.scanBoth('member menu', 'agent01');
  await page.getByTestId('member-menu-agentCentre').click();
  const centre = page.getByTestId('agent-centre');
  await expect(centre).toBeVisible();
  const entries = await centre.locator('[data-testid^="ac-nav-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('ac-nav-'.length)));
  for (const entry of entries) {
    await centre.getByTestId(`ac-nav-${entry}`).click();
    await expect(centre.getByTestId(`ac-page-${entry}`)).toBeVisible();
    await expect(centre.getByTestId('skeleton')).toHaveCount(0);
    await audit.scanBoth(`agent centre: ${entry}`, 'agent01');
  }
});
