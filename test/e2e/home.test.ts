/**
 * The home dashboard in Chromium against the built server: the counts and the five most recently
 * updated todos, fresh again after ticking one on the list; the empty state; the loading skeletons;
 * readable at desktop and at phone width (screenshots of each).
 */
import type { Page } from 'playwright-core';
import { describeInBrowser, DESKTOP, PHONE, screenshot, stageForSuite } from './support/browser';
import { expectHeading, pathOf } from './support/session-pages';
import { createTodoList, registerUser, signInContext, updateTodo } from './support/session';
import type { Session } from '../../src/shared/api-types';

jest.setTimeout(90_000);

describeInBrowser('home: the dashboard', () => {
  const stage = stageForSuite();

  async function openHome(session: Session, viewport: { width: number; height: number } = DESKTOP) {
    const context = await stage.browser.newContext({
      viewport,
      timezoneId: 'UTC',
      locale: 'en-US',
    });
    await signInContext(context, session);
    const page = await context.newPage();
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      // The live event stream is not a data call (see todos-live.test.ts).
      if (url.pathname.startsWith('/api/') && url.pathname !== '/api/todos/events')
        apiCalls.push(`${request.method()} ${url.pathname}${decodeURIComponent(url.search)}`);
    });
    await page.goto(`${stage.server.url}/`);
    return { context, page, apiCalls };
  }

  const counts = (page: Page) =>
    Promise.all(
      ['all', 'pending', 'completed'].map(async (key) =>
        (await page.getByTestId(`count-${key}`).innerText()).replace(/\s+/g, ' ').trim(),
      ),
    );

  async function expectCounts(page: Page, expected: string[], timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    let seen: string[] = [];
    while (Date.now() < deadline) {
      seen = await counts(page).catch(() => []);
      if (JSON.stringify(seen) === JSON.stringify(expected)) return;
      await page.waitForTimeout(50);
    }
    throw new Error(
      `counts on screen: ${JSON.stringify(seen)}, expected ${JSON.stringify(expected)}`,
    );
  }

  const recent = (page: Page) =>
    page.getByTestId('recent-todo').evaluateAll((rows) =>
      rows.map((row) => {
        const title = row.querySelector('h3')?.textContent ?? '';
        const badge = row.querySelector('.MuiChip-label')?.textContent ?? '';
        return `${title} (${badge})`;
      }),
    );

  /** Nothing sticks out sideways: the page is no wider than the window. */
  const noSidewaysScroll = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it('shows All 7 / Pending 4 / Completed 3 and the five most recently updated, then fresh counts after a tick on the list', async () => {
    const session = await registerUser(stage.server.url);
    const titles = [
      'Buy milk',
      'Call mum',
      'Pay rent',
      'Walk dog',
      'Read book',
      'Fix bike',
      'Water plants',
    ];
    const done = new Set(['Call mum', 'Walk dog', 'Fix bike']);
    const ids = await createTodoList(
      stage.server.url,
      session,
      titles.map((title) => ({ title, completed: done.has(title) })),
    );
    await updateTodo(stage.server.url, session, ids[0]!, { description: 'Semi-skimmed' }); // oldest, now most recently updated

    const { page, context, apiCalls } = await openHome(session);
    await expectHeading(page, `Welcome, ${session.user.username}!`);
    await expectCounts(page, ['All 7', 'Pending 4', 'Completed 3']);
    expect(await recent(page)).toEqual([
      'Buy milk (Pending)',
      'Water plants (Pending)',
      'Fix bike (Completed)',
      'Read book (Pending)',
      'Walk dog (Completed)',
    ]);
    await page
      .getByTestId('recent-todo')
      .first()
      .getByText(/^Updated at: [A-Z][a-z]+ \d{1,2}, \d{4} at \d\d:\d\d [AP]M$/)
      .waitFor();
    // Two one-page calls with exact totals; never the whole list.
    expect(apiCalls.sort()).toEqual([
      'GET /api/todos?filters[completed][$eq]=true&pagination[pageSize]=1',
      'GET /api/todos?pagination[pageSize]=5&sort=updatedAt:desc',
    ]);
    expect(await noSidewaysScroll(page)).toBe(true);
    await screenshot(page, 'home-dashboard-desktop');
    await page.setViewportSize(PHONE);
    expect(await noSidewaysScroll(page)).toBe(true);
    await screenshot(page, 'home-dashboard-phone');
    await page.setViewportSize(DESKTOP);

    // Tick "Pay rent" on the list, come back: the counts and the recent list follow.
    await page.getByRole('link', { name: 'Go to my todos' }).click();
    await page.getByRole('heading', { level: 1, name: 'Todos' }).waitFor();
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.url().includes('/api/todos/'),
    );
    await page.getByRole('checkbox', { name: 'Mark Pay rent as completed' }).check();
    expect((await saved).status()).toBe(200);
    await page.goBack();
    expect(pathOf(page)).toBe('/');
    await expectCounts(page, ['All 7', 'Pending 3', 'Completed 4']);
    expect((await recent(page))[0]).toBe('Pay rent (Completed)');
    await context.close();
  });

  it('shows skeletons while loading, at both widths', async () => {
    const session = await registerUser(stage.server.url);
    await createTodoList(stage.server.url, session, [{ title: 'Slow one' }]);
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const context = await stage.browser.newContext({
        viewport,
        timezoneId: 'UTC',
        locale: 'en-US',
      });
      await signInContext(context, session);
      const page = await context.newPage();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/todos?**', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${stage.server.url}/`);
      await page.getByTestId('recent-skeleton').first().waitFor();
      expect(await page.getByTestId('recent-skeleton').count()).toBe(5);
      expect(await page.getByTestId('count-skeleton').count()).toBe(3);
      await screenshot(page, `home-loading-${name}`);
      release();
      await expectCounts(page, ['All 1', 'Pending 1', 'Completed 0']);
      expect(await page.getByTestId('recent-skeleton').count()).toBe(0);
      await context.close();
    }
  });

  it('says there are no todos yet, with the way to the list, for a new user', async () => {
    const session = await registerUser(stage.server.url);
    const { page, context } = await openHome(session, PHONE);
    await page.getByText('No todos available. Add your first todo!', { exact: true }).waitFor();
    expect(await page.getByTestId('count-all').count()).toBe(0);
    expect(await noSidewaysScroll(page)).toBe(true);
    await screenshot(page, 'home-empty-phone');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'home-empty-desktop');
    await page.getByRole('link', { name: 'Go to my todos' }).click();
    await page.getByRole('heading', { level: 1, name: 'Todos' }).waitFor();
    await context.close();
  });

  it('shows an error with a retry when the summary cannot be loaded', async () => {
    const session = await registerUser(stage.server.url);
    await createTodoList(stage.server.url, session, [{ title: 'Back soon', completed: true }]);
    const context = await stage.browser.newContext({
      viewport: PHONE,
      timezoneId: 'UTC',
      locale: 'en-US',
    });
    await signInContext(context, session);
    const page = await context.newPage();
    let failing = true;
    await page.route('**/api/todos?**', (route) =>
      failing
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              data: null,
              error: {
                status: 400,
                name: 'ValidationError',
                message: 'Invalid query',
                details: {},
              },
            }),
          })
        : route.continue(),
    );
    await page.goto(`${stage.server.url}/`);
    const alert = page.getByRole('alert').filter({ hasText: 'Your todos could not be loaded.' });
    await alert.getByText('Invalid query').waitFor();
    await screenshot(page, 'home-error-phone');
    failing = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expectCounts(page, ['All 1', 'Pending 0', 'Completed 1']);
    await context.close();
  });
});
