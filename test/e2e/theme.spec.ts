/**
 * Dark mode in Chromium: the app follows the system's colour scheme until the navbar's toggle
 * chooses one; the choice survives a reload, and the toggle works by keyboard alone.
 */
import { expect, test } from './support/fixtures';
import type { Browser, Page } from '@playwright/test';
import { COLOR_MODE_STORAGE_KEY } from '../../src/client/app/colorScheme';
import type { Session } from '../../src/shared/api-types';
import {
  animationsDone,
  DESKTOP,
  nextFrames,
  PHONE,
  screenshot,
  WANT_SCREENSHOTS,
} from './support/browser';
import { createTodos, registerUser, signInContext } from './support/session';

const LIGHT_BODY = 'rgb(255, 255, 255)';
const DARK_BODY = 'rgb(18, 18, 18)';

const storedMode = (page: Page) =>
  page.evaluate((key) => window.localStorage.getItem(key), COLOR_MODE_STORAGE_KEY);
const toDark = (page: Page) => page.getByRole('button', { name: 'Switch to dark theme' });
const toLight = (page: Page) => page.getByRole('button', { name: 'Switch to light theme' });

const expectBody = (page: Page, colour: string) =>
  expect(page.locator('body')).toHaveCSS('background-color', colour);

async function open(
  browser: Browser,
  url: string,
  {
    scheme,
    viewport = DESKTOP,
    session,
  }: { scheme: 'light' | 'dark'; viewport?: typeof DESKTOP | typeof PHONE; session?: Session },
) {
  const context = await browser.newContext({ viewport, colorScheme: scheme, timezoneId: 'UTC' });
  if (session) await signInContext(context, session);
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return { context, page };
}

test.describe('dark mode', () => {
  test('follows the system: light by default, dark when the system prefers dark, live', async ({
    browser,
    server,
  }) => {
    const { page, context } = await open(browser, `${server.url}/login`, {
      scheme: 'light',
    });
    await expectBody(page, LIGHT_BODY);
    await expect(toDark(page)).toBeVisible();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectBody(page, DARK_BODY);
    await expect(toLight(page)).toBeVisible();
    // The browser's own parts (scrollbars, form controls) follow too.
    const native = await page.evaluate(
      () => getComputedStyle(document.documentElement).colorScheme,
    );
    expect(native).toBe('dark');
    expect(await storedMode(page)).toBeNull();
    await context.close();

    const dark = await open(browser, `${server.url}/register`, { scheme: 'dark' });
    await expectBody(dark.page, DARK_BODY);
    await dark.context.close();
  });

  test('the toggle switches the theme and the choice is remembered after a reload', async ({
    browser,
    server,
  }) => {
    const { page, context } = await open(browser, `${server.url}/login`, {
      scheme: 'light',
    });
    await toDark(page).click();
    await expectBody(page, DARK_BODY);
    expect(await storedMode(page)).toBe('dark');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectBody(page, DARK_BODY);
    // An explicit choice wins over the system's preference.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => matchMedia('(prefers-color-scheme: light)').matches);
    await nextFrames(page);
    await expectBody(page, DARK_BODY);

    // Back to the system's scheme: the app follows the system again.
    await toLight(page).click();
    await expectBody(page, LIGHT_BODY);
    expect(await storedMode(page)).toBe('system');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectBody(page, LIGHT_BODY);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectBody(page, DARK_BODY);

    // On a dark system, choosing light is remembered as light.
    await toLight(page).click();
    await expectBody(page, LIGHT_BODY);
    expect(await storedMode(page)).toBe('light');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectBody(page, LIGHT_BODY);
    await context.close();
  });

  test('the toggle works by keyboard alone and shows a focus ring', async ({ browser, server }) => {
    const { page, context } = await open(browser, `${server.url}/login`, {
      scheme: 'light',
    });
    let named = '';
    for (let presses = 0; presses < 10 && named !== 'Switch to dark theme'; presses += 1) {
      await page.keyboard.press('Tab');
      named = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    }
    expect(named).toBe('Switch to dark theme');
    const ring = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement as Element);
      return `${style.outlineStyle} ${style.outlineWidth}`;
    });
    expect(ring).toBe('solid 2px');
    await screenshot(page, 'theme-toggle-focused-light-desktop');

    await page.keyboard.press('Enter');
    await expectBody(page, DARK_BODY);
    // Focus stays on the toggle, which now offers the light theme.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Switch to light theme',
    );
    await screenshot(page, 'theme-toggle-focused-dark-desktop');
    await page.keyboard.press('Space');
    await expectBody(page, LIGHT_BODY);
    await context.close();
  });

  test(
    'at phone width the toggle sits in the bar, next to the menu button',
    { tag: '@phone' },
    async ({ browser, server }) => {
      const { page, context } = await open(browser, `${server.url}/login`, {
        scheme: 'dark',
        viewport: PHONE,
      });
      await expect(toLight(page)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Open navigation menu' })).toBeVisible();
      await toLight(page).click();
      await expectBody(page, LIGHT_BODY);
      await toDark(page).click();
      await expectBody(page, DARK_BODY);
      await context.close();
    },
  );

  test('screenshots in dark mode', { tag: '@dark' }, async ({ browser, server }) => {
    // Pictures for a person to look at, and nothing else: a run that takes none (CI) skips it.
    test.skip(!WANT_SCREENSHOTS, 'no screenshots are taken in this run (E2E_SCREENSHOTS)');
    const url = server.url;
    const session = await registerUser(url);
    await createTodos(url, session, ['Buy milk', 'Write the report']);
    await fetch(`${url}/api/todos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.jwt}` },
      body: JSON.stringify({
        data: { title: 'Call the plumber', description: 'Leak', completed: true },
      }),
    });
    for (const [width, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const login = await open(browser, `${url}/login`, { scheme: 'dark', viewport });
      await screenshot(login.page, `dark-login-${width}`);
      await login.page.getByLabel('Email').fill(`nobody-${width}@example.com`);
      await login.page.getByLabel('Password', { exact: true }).fill('Wrong1!x');
      await login.page.getByRole('button', { name: 'Login' }).click();
      await expect(login.page.getByRole('alert')).toBeVisible();
      await animationsDone(login.page);
      await screenshot(login.page, `dark-login-error-toast-${width}`);
      await login.context.close();

      const { page, context } = await open(browser, `${url}/`, {
        scheme: 'dark',
        viewport,
        session,
      });
      await screenshot(page, `dark-home-${width}`);
      await page.goto(`${url}/todos`);
      await expect(page.getByTestId('todo-row').first()).toBeVisible();
      await screenshot(page, `dark-todos-${width}`);
      await page.getByRole('button', { name: 'Add todo' }).click();
      await expect(page.getByRole('dialog', { name: 'Add New Todo' })).toBeVisible();
      await animationsDone(page);
      await screenshot(page, `dark-todos-add-dialog-${width}`);
      await page.keyboard.press('Escape');
      await page.goto(`${url}/profile`);
      await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
      if (width === 'phone') {
        await page.getByRole('button', { name: 'Open navigation menu' }).click();
        await expect(page.locator('#mobile-navigation').getByRole('link').first()).toBeVisible();
        await animationsDone(page);
      }
      await screenshot(page, `dark-profile-${width}`);
      await context.close();
    }
  });
});
