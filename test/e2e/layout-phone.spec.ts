/**
 * No page scrolls sideways, in Chromium: every screen at 320, 768 and 1280 px wide, light and
 * dark, with long titles, long unbroken words and every kind of row (dated, overdue, repeating,
 * completed, trashed), in selection mode too. On a phone a row's dates never run through its Edit
 * and Delete buttons, and the add dialog opens centred.
 */
import { expect, test } from './support/fixtures';
import type { Browser, Page } from '@playwright/test';
import type { Session } from '../../src/shared/api-types';
import { screenshot } from './support/browser';
import { newCredentials, registerUser, signInContext } from './support/session';
import type { Viewport } from './support/todos-page';

// 390 px, the phone the other specs use, is covered by 320 (anything that fits 320 fits 390) and
// by the phone specs' own checks.
const WIDTHS = [320, 768, 1280] as const;
const SCHEMES = ['light', 'dark'] as const;
const UNBROKEN = `Supercalifragilistic${'x'.repeat(120)}`;
const LONG_TITLE =
  'Write the quarterly report for the board and send it to everyone who asked '.repeat(3);

/** How far the page is wider than the window (0 or less: no sideways scroll). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Each screen, and what shows that it is drawn with its data. */
const SCREENS: { path: string; signedIn: boolean; ready: (page: Page) => Promise<unknown> }[] = [
  {
    path: '/',
    signedIn: true,
    ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  {
    path: '/todos',
    signedIn: true,
    ready: (page) => expect(page.getByTestId('todo-row').first()).toBeVisible(),
  },
  {
    // "Your order": each row has its drag handle too.
    path: '/inbox',
    signedIn: true,
    ready: (page) => expect(page.getByTestId('reorder-handle').first()).toBeVisible(),
  },
  {
    path: '/today',
    signedIn: true,
    ready: (page) => expect(page.getByTestId('todo-row').first()).toBeVisible(),
  },
  {
    path: '/trash',
    signedIn: true,
    ready: (page) => expect(page.getByTestId('trash-row').first()).toBeVisible(),
  },
  {
    path: '/profile',
    signedIn: true,
    ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible(),
  },
  {
    path: '/login',
    signedIn: false,
    ready: (page) =>
      expect(page.getByRole('heading', { name: 'Login to get access!' })).toBeVisible(),
  },
  {
    path: '/register',
    signedIn: false,
    ready: (page) =>
      expect(page.getByRole('heading', { name: 'Register to get access!' })).toBeVisible(),
  },
];

async function api(
  baseUrl: string,
  session: Session,
  method: string,
  path: string,
  body?: unknown,
) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.jwt}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status}`);
  return (await response.json().catch(() => ({}))) as { data: { id: number } };
}

/** A list with every kind of row: long, unbroken, dated, overdue, repeating, completed, trashed. */
async function seedEveryKindOfRow(baseUrl: string, session: Session): Promise<void> {
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const rows = [
    { title: LONG_TITLE, description: `${LONG_TITLE} ${UNBROKEN}`, dueDate: day(0) },
    { title: UNBROKEN, dueDate: day(-3) },
    { title: 'Water the plants', dueDate: day(0), recurrence: 'FREQ=WEEKLY' },
    { title: 'Call the bank', dueDate: day(2) },
    { title: 'Done already', completed: true, dueDate: day(-1) },
    { title: 'No date at all' },
  ];
  for (const data of rows) await api(baseUrl, session, 'POST', '/todos', { data });
  const trashed = await api(baseUrl, session, 'POST', '/todos', { data: { title: UNBROKEN } });
  await api(baseUrl, session, 'DELETE', `/todos/${trashed.data.id}`);
}

async function openTab(browser: Browser, session: Session | undefined, viewport: Viewport) {
  const context = await browser.newContext({ viewport, timezoneId: 'UTC', locale: 'en-US' });
  if (session) await signInContext(context, session);
  return { context, page: await context.newPage() };
}

test.describe('layout: no sideways scroll on any screen', () => {
  let session: Session;

  test.beforeAll(async ({ server }) => {
    session = await registerUser(server.url, newCredentials('wide'));
    await seedEveryKindOfRow(server.url, session);
  });

  for (const width of WIDTHS) {
    test(`at ${width} px, light and dark, every screen fits the window`, async ({
      browser,
      server,
    }) => {
      const viewport = { width, height: 844 };
      const signedIn = await openTab(browser, session, viewport);
      const anonymous = await openTab(browser, undefined, viewport);
      const wider: string[] = [];
      for (const screen of SCREENS) {
        const { page } = screen.signedIn ? signedIn : anonymous;
        await page.emulateMedia({ colorScheme: SCHEMES[0] });
        await page.goto(`${server.url}${screen.path}`);
        await screen.ready(page);
        // The other scheme on the same page (the app follows the system's as it changes): a
        // second load of each screen would double the test for the same layout code.
        for (const scheme of SCHEMES) {
          await page.emulateMedia({ colorScheme: scheme });
          await expect
            .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme))
            .toBe(scheme);
          const extra = await overflow(page);
          if (extra > 0) wider.push(`${screen.path} (${scheme}) is ${extra} px too wide`);
        }
      }
      expect(wider).toEqual([]);
      // Selection mode adds a box to every row and the bar of bulk actions.
      const { page } = signedIn;
      await page.goto(`${server.url}/todos`);
      await expect(page.getByTestId('todo-row').first()).toBeVisible();
      await page.getByRole('button', { name: 'Select', exact: true }).click();
      await page.getByRole('checkbox', { name: 'Select Call the bank' }).check();
      await expect(page.getByText('1 selected', { exact: true })).toBeVisible();
      const extra = await overflow(page);
      await screenshot(page, `layout-todos-select-${width}`);
      expect(extra).toBeLessThanOrEqual(0);
      await signedIn.context.close();
      await anonymous.context.close();
    });
  }

  for (const path of ['/todos', '/today']) {
    test(`at 390 px on ${path}, a row's dates run clear of its Edit and Delete buttons`, async ({
      browser,
      server,
    }) => {
      const { page, context } = await openTab(browser, session, { width: 390, height: 844 });
      await page.goto(`${server.url}${path}`);
      const rows = page.getByTestId('todo-row');
      await expect(rows.first()).toBeVisible();
      for (const row of await rows.all()) {
        const line = row.getByTestId('todo-dates');
        // Text that does not fit its box would be drawn past it, over whatever is there.
        expect(await line.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
          true,
        );
        const dates = await line.boundingBox();
        for (const name of [/^Edit /, /^Delete /]) {
          const button = await row.getByRole('button', { name }).boundingBox();
          if (!dates || !button) throw new Error('a row without dates or buttons');
          const apart =
            dates.y >= button.y + button.height ||
            button.y >= dates.y + dates.height ||
            dates.x >= button.x + button.width ||
            button.x >= dates.x + dates.width;
          expect(apart).toBe(true);
          expect(dates.x + dates.width).toBeLessThanOrEqual(390);
        }
      }
      await screenshot(page, `layout-rows${path.replace('/', '-')}-390`);
      await context.close();
    });
  }

  test('at 320 and 390 px the add dialog opens centred, inside the window', async ({
    browser,
    server,
  }) => {
    for (const width of [320, 390]) {
      const { page, context } = await openTab(browser, session, { width, height: 844 });
      await page.goto(`${server.url}/todos`);
      await expect(page.getByTestId('todo-row').first()).toBeVisible();
      await page.getByRole('button', { name: 'Add todo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New Todo' });
      await expect(dialog.getByLabel('Title')).toBeVisible();
      const box = await dialog.boundingBox();
      if (!box) throw new Error('the dialog has no box');
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(Math.abs(box.x + box.width / 2 - width / 2)).toBeLessThanOrEqual(2);
      expect(await page.evaluate(() => window.scrollX)).toBe(0);
      await context.close();
    }
  });
});
