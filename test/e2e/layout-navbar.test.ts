/**
 * The layout in Chromium: the navbar at desktop and phone widths (user menu, outside click,
 * toggle menu), and the footer.
 */
import type { Browser, Page } from 'playwright-core';
import type { Session } from '../../src/shared/api-types';
import { DESKTOP, describeInBrowser, launchBrowser, PHONE, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { registerUser } from './support/session';
import { heading, openPage, pathOf, screenshotBoth } from './support/session-pages';

jest.setTimeout(60_000);

const visible = (page: Page, role: 'link' | 'button', name: string) =>
  page.getByRole(role, { name, exact: true }).isVisible();

describeInBrowser('layout: navbar and footer', () => {
  let server: RunningServer;
  let browser: Browser;
  let session: Session;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    session = await registerUser(server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('desktop, signed out: brand, Register and Login; no toggle', async () => {
    const { page, context } = await openPage(browser, `${server.url}/login`);
    await heading(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(
      await nav.getByRole('link', { name: 'Ticklist', exact: true }).getAttribute('href'),
    ).toBe('/');
    expect(await visible(page, 'link', 'Register')).toBe(true);
    expect(await visible(page, 'link', 'Login')).toBe(true);
    expect(await visible(page, 'button', 'Open navigation menu')).toBe(false);
    await page.getByRole('link', { name: 'Register', exact: true }).click();
    await page.waitForURL(`${server.url}/register`);
    await context.close();
  });

  it('desktop, signed in: Todos and the user menu, which closes on an outside click', async () => {
    const { page, context } = await openPage(browser, `${server.url}/`, { session });
    await heading(page);
    expect(await visible(page, 'link', 'Todos')).toBe(true);
    expect(await visible(page, 'link', 'Login')).toBe(false);
    const userButton = page.getByRole('button', { name: session.user.username });
    await userButton.click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await menu.getByRole('menuitem', { name: 'Profile' }).waitFor();
    await menu.getByRole('menuitem', { name: 'Logout' }).waitFor();
    await screenshot(page, 'navbar-user-menu-desktop');
    await page.mouse.click(200, 400);
    await menu.waitFor({ state: 'detached' });
    expect(await userButton.getAttribute('aria-expanded')).toBe('false');
    expect(pathOf(page)).toBe('/');

    await page.getByRole('link', { name: 'Todos', exact: true }).click();
    await page.waitForURL(`${server.url}/todos`);
    await page.getByRole('link', { name: 'Ticklist', exact: true }).click();
    await page.waitForURL(`${server.url}/`);
    await context.close();
  });

  it('phone, signed in: the toggle opens a menu with the same items, which closes after a choice', async () => {
    const { page, context } = await openPage(browser, `${server.url}/`, {
      session,
      viewport: PHONE,
    });
    await heading(page);
    expect(await visible(page, 'link', 'Todos')).toBe(false);
    expect(await visible(page, 'button', session.user.username)).toBe(false);
    const toggle = page.getByRole('button', { name: 'Open navigation menu' });
    await toggle.click();
    const menu = page.locator('#mobile-navigation');
    await menu.getByRole('link', { name: 'Todos' }).waitFor();
    await menu.getByText(session.user.username, { exact: true }).waitFor();
    await menu.getByRole('link', { name: 'Profile' }).waitFor();
    await menu.getByRole('button', { name: 'Logout' }).waitFor();
    expect(
      await page
        .getByRole('button', { name: 'Close navigation menu' })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    await screenshot(page, 'navbar-toggle-menu-signed-in-phone');
    await menu.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL(`${server.url}/profile`);
    await menu.waitFor({ state: 'detached' });

    // An outside click closes it too.
    await toggle.click();
    await menu.getByRole('link', { name: 'Todos' }).waitFor();
    await page.mouse.click(200, 600);
    await menu.waitFor({ state: 'detached' });
    await context.close();
  });

  it('phone, signed out: Register and Login in the toggle menu; widening the window shows them in the bar', async () => {
    const { page, context } = await openPage(browser, `${server.url}/register`, {
      viewport: PHONE,
    });
    await heading(page);
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const menu = page.locator('#mobile-navigation');
    await menu.getByRole('link', { name: 'Register' }).waitFor();
    await menu.getByRole('link', { name: 'Login' }).waitFor();
    await screenshot(page, 'navbar-toggle-menu-signed-out-phone');
    await menu.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL(`${server.url}/login`);
    await page.setViewportSize(DESKTOP);
    expect(await visible(page, 'button', 'Open navigation menu')).toBe(false);
    expect(await visible(page, 'link', 'Register')).toBe(true);
    await context.close();
  });

  it('the footer shows the year, the author and the three links', async () => {
    const { page, context } = await openPage(browser, `${server.url}/login`);
    await heading(page);
    const footer = page.getByRole('contentinfo');
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} `);
    expect(await footer.getByRole('link', { name: 'GitHub profile' }).getAttribute('href')).toMatch(
      /^https:\/\//,
    );
    expect(
      await footer.getByRole('link', { name: 'LinkedIn profile' }).getAttribute('href'),
    ).toMatch(/^https:\/\//);
    expect(await footer.getByRole('link', { name: /^Write to / }).getAttribute('href')).toMatch(
      /^mailto:.+@.+/,
    );
    await screenshotBoth(page, 'layout-signed-out');
    await context.close();
  });
});
