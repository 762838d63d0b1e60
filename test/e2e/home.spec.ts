/**
 * The home dashboard in Chromium against the built server: the counts and the five most recently
 * updated todos, fresh again after ticking one on the list; the empty state; the loading skeletons;
 * readable at desktop and at phone width (screenshots of each).
 */
import { expect, test } from './support/fixtures';
import type { Page } from '@playwright/test';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { expectHeading, pathOf } from './support/session-pages';
import { createTodoList, registerUser, signInContext, updateTodo } from './support/session';

test.describe('home: the dashboard', () => {
  /** Every data call the page makes from now on (the live event stream is not one, see todos-live.spec.ts). */
  function recordApiCalls(page: Page): string[] {
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/') && url.pathname !== '/api/todos/events')
        apiCalls.push(`${request.method()} ${url.pathname}${decodeURIComponent(url.search)}`);
    });
    return apiCalls;
  }

  const counts = (page: Page) =>
    Promise.all(
      ['all', 'pending', 'completed'].map(async (key) =>
        (await page.getByTestId(`count-${key}`).innerText()).replace(/\s+/g, ' ').trim(),
      ),
    );

  const expectCounts = (page: Page, expected: string[]) =>
    expect
      .poll(() => counts(page).catch(() => []), { message: 'the counts on screen' })
      .toEqual(expected);

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

  test('shows All 7 / Pending 4 / Completed 3 and the five most recently updated, then fresh counts after a tick on the list', async ({
    page,
    server,
    session,
  }) => {
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
      server.url,
      session,
      titles.map((title) => ({ title, completed: done.has(title) })),
    );
    await updateTodo(server.url, session, ids[0]!, { description: 'Semi-skimmed' }); // oldest, now most recently updated

    const apiCalls = recordApiCalls(page);
    await page.goto(`${server.url}/`);
    await expectHeading(page, `Welcome, ${session.user.username}!`);
    await expectCounts(page, ['All 7', 'Pending 4', 'Completed 3']);
    expect(await recent(page)).toEqual([
      'Buy milk (Pending)',
      'Water plants (Pending)',
      'Fix bike (Completed)',
      'Read book (Pending)',
      'Walk dog (Completed)',
    ]);
    await expect(
      page
        .getByTestId('recent-todo')
        .first()
        .getByText(/^Updated at: [A-Z][a-z]+ \d{1,2}, \d{4} at \d\d:\d\d [AP]M$/),
    ).toBeVisible();
    // Two one-page calls with exact totals; never the whole list. (And the navigation drawer's
    // labels, projects and open counts, one call each.)
    expect(apiCalls.sort()).toEqual([
      'GET /api/labels?sort=name:asc&pagination[page]=1&pagination[pageSize]=100',
      'GET /api/projects?sort=position:asc&pagination[page]=1&pagination[pageSize]=100',
      'GET /api/todos/counts',
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
    await expect(page.getByRole('heading', { level: 1, name: 'Todos' })).toBeVisible();
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.url().includes('/api/todos/'),
    );
    // The tick is the list's state, drawn once the write is under way: click, then wait for it
    // (check() asks for the new state at once, which a loaded machine may not have drawn yet).
    const tick = page.getByRole('checkbox', { name: 'Mark Pay rent as completed' });
    await tick.click();
    await expect(tick).toBeChecked();
    expect((await saved).status()).toBe(200);
    await page.goBack();
    expect(pathOf(page)).toBe('/');
    await expectCounts(page, ['All 7', 'Pending 3', 'Completed 4']);
    expect((await recent(page))[0]).toBe('Pay rent (Completed)');
  });

  test('shows skeletons while loading, at both widths', async ({ browser, server }) => {
    const session = await registerUser(server.url);
    await createTodoList(server.url, session, [{ title: 'Slow one' }]);
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const context = await browser.newContext({
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
      await page.goto(`${server.url}/`);
      await expect(page.getByTestId('recent-skeleton').first()).toBeVisible();
      await expect(page.getByTestId('recent-skeleton')).toHaveCount(5);
      await expect(page.getByTestId('count-skeleton')).toHaveCount(3);
      await screenshot(page, `home-loading-${name}`);
      release();
      await expectCounts(page, ['All 1', 'Pending 1', 'Completed 0']);
      await expect(page.getByTestId('recent-skeleton')).toHaveCount(0);
      await context.close();
    }
  });

  test(
    'says there are no todos yet, with the way to the list, for a new user',
    { tag: '@phone' },
    async ({ page, server }) => {
      await page.goto(`${server.url}/`);
      await expect(
        page.getByText('No todos available. Add your first todo!', { exact: true }),
      ).toBeVisible();
      await expect(page.getByTestId('count-all')).toHaveCount(0);
      expect(await noSidewaysScroll(page)).toBe(true);
      await screenshot(page, 'home-empty-phone');
      await page.setViewportSize(DESKTOP);
      await screenshot(page, 'home-empty-desktop');
      await page.getByRole('link', { name: 'Go to my todos' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Todos' })).toBeVisible();
    },
  );

  test('shows an error with a retry when the summary cannot be loaded', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    await createTodoList(server.url, session, [{ title: 'Back soon', completed: true }]);
    const context = await browser.newContext({
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
    await page.goto(`${server.url}/`);
    const alert = page.getByRole('alert').filter({ hasText: 'Your todos could not be loaded.' });
    await expect(alert.getByText('Invalid query')).toBeVisible();
    await screenshot(page, 'home-error-phone');
    failing = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expectCounts(page, ['All 1', 'Pending 0', 'Completed 1']);
    await context.close();
  });
});
