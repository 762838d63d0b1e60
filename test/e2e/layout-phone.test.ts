/**
 * No page scrolls sideways, in Chromium: every screen at 320, 390, 768 and 1280 px wide, light and
 * dark, with long titles, long unbroken words and every kind of row (dated, overdue, repeating,
 * completed, trashed), in selection mode too. On a phone a row's dates never run through its Edit
 * and Delete buttons, and the add dialog opens centred.
 */
import type { Browser, Page } from 'playwright-core';
import type { Session } from '../../src/shared/api-types';
import { describeInBrowser, screenshot, stageForSuite } from './support/browser';
import { newCredentials, registerUser, signInContext } from './support/session';
import type { Viewport } from './support/todos-page';

jest.setTimeout(180_000);

const WIDTHS = [320, 390, 768, 1280] as const;
const SCHEMES = ['light', 'dark'] as const;
const UNBROKEN = `Supercalifragilistic${'x'.repeat(120)}`;
const LONG_TITLE =
  'Write the quarterly report for the board and send it to everyone who asked '.repeat(3);

/** How far the page is wider than the window (0 or less: no sideways scroll). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Each screen, and what shows that it is drawn with its data. */
const SCREENS: { path: string; signedIn: boolean; ready: (page: Page) => Promise<unknown> }[] = [
  { path: '/', signedIn: true, ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
  {
    path: '/todos',
    signedIn: true,
    ready: (page) => page.getByTestId('todo-row').first().waitFor(),
  },
  {
    path: '/today',
    signedIn: true,
    ready: (page) => page.getByTestId('todo-row').first().waitFor(),
  },
  {
    path: '/trash',
    signedIn: true,
    ready: (page) => page.getByTestId('trash-row').first().waitFor(),
  },
  {
    path: '/profile',
    signedIn: true,
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor(),
  },
  {
    path: '/login',
    signedIn: false,
    ready: (page) => page.getByRole('heading', { name: 'Login to get access!' }).waitFor(),
  },
  {
    path: '/register',
    signedIn: false,
    ready: (page) => page.getByRole('heading', { name: 'Register to get access!' }).waitFor(),
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

describeInBrowser('layout: no sideways scroll on any screen', () => {
  const stage = stageForSuite();
  let session: Session;

  beforeAll(async () => {
    session = await registerUser(stage.server.url, newCredentials('wide'));
    await seedEveryKindOfRow(stage.server.url, session);
  });

  for (const width of WIDTHS) {
    it(`at ${width} px, light and dark, every screen fits the window`, async () => {
      const viewport = { width, height: 844 };
      const signedIn = await openTab(stage.browser, session, viewport);
      const anonymous = await openTab(stage.browser, undefined, viewport);
      const wider: string[] = [];
      for (const screen of SCREENS) {
        const { page } = screen.signedIn ? signedIn : anonymous;
        for (const scheme of SCHEMES) {
          await page.emulateMedia({ colorScheme: scheme });
          await page.goto(`${stage.server.url}${screen.path}`);
          await screen.ready(page);
          const extra = await overflow(page);
          if (extra > 0) wider.push(`${screen.path} (${scheme}) is ${extra} px too wide`);
        }
      }
      expect(wider).toEqual([]);
      // Selection mode adds a box to every row and the bar of bulk actions.
      const { page } = signedIn;
      await page.goto(`${stage.server.url}/todos`);
      await page.getByTestId('todo-row').first().waitFor();
      await page.getByRole('button', { name: 'Select', exact: true }).click();
      await page.getByRole('checkbox', { name: 'Select Call the bank' }).check();
      await page.getByText('1 selected', { exact: true }).waitFor();
      const extra = await overflow(page);
      await screenshot(page, `layout-todos-select-${width}`);
      expect(extra).toBeLessThanOrEqual(0);
      await signedIn.context.close();
      await anonymous.context.close();
    });
  }

  for (const path of ['/todos', '/today']) {
    it(`at 390 px on ${path}, a row's dates run clear of its Edit and Delete buttons`, async () => {
      const { page, context } = await openTab(stage.browser, session, { width: 390, height: 844 });
      await page.goto(`${stage.server.url}${path}`);
      const rows = page.getByTestId('todo-row');
      await rows.first().waitFor();
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

  it('at 320 and 390 px the add dialog opens centred, inside the window', async () => {
    for (const width of [320, 390]) {
      const { page, context } = await openTab(stage.browser, session, { width, height: 844 });
      await page.goto(`${stage.server.url}/todos`);
      await page.getByTestId('todo-row').first().waitFor();
      await page.getByRole('button', { name: 'Add todo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New Todo' });
      await dialog.getByLabel('Title').waitFor();
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
