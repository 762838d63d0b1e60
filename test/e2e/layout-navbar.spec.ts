/**
 * The layout in Chromium: the navbar at desktop and phone widths (user menu, outside click,
 * toggle menu), and the footer.
 */
import { expect, test } from './support/fixtures';
import type { Page } from '@playwright/test';
import type { Session } from '../../src/shared/api-types';
import { DESKTOP, PHONE, screenshot, screenshotBoth } from './support/browser';
import { registerUser } from './support/session';
import { heading, openPage, pathOf } from './support/session-pages';

const control = (page: Page, role: 'link' | 'button', name: string) =>
  page.getByRole(role, { name, exact: true });

test.describe('layout: navbar and footer', () => {
  let session: Session;

  test.beforeAll(async ({ server }) => {
    session = await registerUser(server.url);
  });

  test('desktop, signed out: brand, Register and Login; no toggle', async ({ browser, server }) => {
    const { page, context } = await openPage(browser, `${server.url}/login`);
    await heading(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Ticklist', exact: true })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(control(page, 'link', 'Register')).toBeVisible();
    await expect(control(page, 'link', 'Login')).toBeVisible();
    await expect(control(page, 'button', 'Open navigation menu')).toBeHidden();
    await page.getByRole('link', { name: 'Register', exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/register`);
    await context.close();
  });

  test('desktop, signed in: Todos and the user menu, which closes on an outside click', async ({
    browser,
    server,
  }) => {
    const { page, context } = await openPage(browser, `${server.url}/`, { session });
    await heading(page);
    await expect(control(page, 'link', 'Todos')).toBeVisible();
    await expect(control(page, 'link', 'Login')).toBeHidden();
    const userButton = page.getByRole('button', { name: session.user.username });
    await userButton.click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await screenshot(page, 'navbar-user-menu-desktop');
    await page.mouse.click(200, 400);
    await expect(menu).toBeHidden();
    await expect(userButton).toHaveAttribute('aria-expanded', 'false');
    expect(pathOf(page)).toBe('/');

    await page.getByRole('link', { name: 'Todos', exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/todos`);
    await page.getByRole('link', { name: 'Ticklist', exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/`);
    await context.close();
  });

  test(
    'phone, signed in: the toggle opens a menu with the same items, which closes after a choice',
    { tag: '@phone' },
    async ({ browser, server }) => {
      const { page, context } = await openPage(browser, `${server.url}/`, {
        session,
        viewport: PHONE,
      });
      await heading(page);
      await expect(control(page, 'link', 'Todos')).toBeHidden();
      await expect(control(page, 'button', session.user.username)).toBeHidden();
      const toggle = page.getByRole('button', { name: 'Open navigation menu' });
      await toggle.click();
      const menu = page.locator('#mobile-navigation');
      await expect(menu.getByRole('link', { name: 'Todos' })).toBeVisible();
      await expect(menu.getByText(session.user.username, { exact: true })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Profile' })).toBeVisible();
      await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Close navigation menu' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      await screenshot(page, 'navbar-toggle-menu-signed-in-phone');
      await menu.getByRole('link', { name: 'Profile' }).click();
      await expect(page).toHaveURL(`${server.url}/profile`);
      await expect(menu).toBeHidden();

      // An outside click closes it too.
      await toggle.click();
      await expect(menu.getByRole('link', { name: 'Todos' })).toBeVisible();
      await page.mouse.click(200, 600);
      await expect(menu).toBeHidden();
      await context.close();
    },
  );

  test(
    'phone, signed out: Register and Login in the toggle menu; widening the window shows them in the bar',
    { tag: '@phone' },
    async ({ browser, server }) => {
      const { page, context } = await openPage(browser, `${server.url}/register`, {
        viewport: PHONE,
      });
      await heading(page);
      await page.getByRole('button', { name: 'Open navigation menu' }).click();
      const menu = page.locator('#mobile-navigation');
      await expect(menu.getByRole('link', { name: 'Register' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible();
      await screenshot(page, 'navbar-toggle-menu-signed-out-phone');
      await menu.getByRole('link', { name: 'Login' }).click();
      await expect(page).toHaveURL(`${server.url}/login`);
      await page.setViewportSize(DESKTOP);
      await expect(control(page, 'button', 'Open navigation menu')).toBeHidden();
      await expect(control(page, 'link', 'Register')).toBeVisible();
      await context.close();
    },
  );

  test('the footer shows the year, the author and the three links', async ({ browser, server }) => {
    const { page, context } = await openPage(browser, `${server.url}/login`);
    await heading(page);
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} `);
    await expect(footer.getByRole('link', { name: 'GitHub profile' })).toHaveAttribute(
      'href',
      /^https:\/\//,
    );
    await expect(footer.getByRole('link', { name: 'LinkedIn profile' })).toHaveAttribute(
      'href',
      /^https:\/\//,
    );
    await expect(footer.getByRole('link', { name: /^Write to / })).toHaveAttribute(
      'href',
      /^mailto:.+@.+/,
    );
    await screenshotBoth(page, 'layout-signed-out');
    await context.close();
  });
});
