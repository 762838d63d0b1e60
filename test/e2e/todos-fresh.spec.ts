/**
 * Data that stays fresh and a session that stays put, in Chromium against the built server: the list
 * follows changes made elsewhere (navigation back, window focus), only a 401 signs out (a 500 or a
 * timeout keeps the stored session), logout waits its 1000 ms, and the loading and no-match texts.
 */
import { expect, test } from './support/fixtures';
import { storedSession } from './support/session-pages';
import { createTodoList, registerUser, updateTodo } from './support/session';
import { expectRows, numbered, openTodos } from './support/todos-page';

test.describe('todos: fresh data and a session that stays put', () => {
  const main = (page: import('@playwright/test').Page) =>
    page.getByRole('navigation', { name: 'Main' });

  test('Home → Todos shows a todo another device added meanwhile, and focus refetches the list', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    const [first] = await createTodoList(server.url, session, [{ title: 'Mine' }]);
    const { page, context } = await openTodos(browser, server.url, session);
    await expectRows(page, numbered(1, ['Mine']));

    await main(page).getByRole('link', { name: 'Ticklist' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Welcome, ${session.user.username}!` }),
    ).toBeVisible();
    await createTodoList(server.url, session, [{ title: 'From the phone' }]);
    await main(page).getByRole('link', { name: 'Todos' }).click();
    await expectRows(page, numbered(1, ['Mine', 'From the phone']));

    // Another tab renames a todo; this window coming back into focus shows it.
    await updateTodo(server.url, session, first!, { title: 'Renamed elsewhere' });
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expectRows(page, numbered(1, ['Renamed elsewhere', 'From the phone']));
    await context.close();
  });

  test('a 500 on the list shows the error page and keeps the session; Go to Home stays signed in', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    const { page, context } = await openTodos(browser, server.url, session, '?page=1');
    await page.route(/\/api\/todos\?/, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          data: null,
          error: {
            status: 500,
            name: 'InternalServerError',
            message: 'Internal Server Error',
            details: {},
          },
        }),
      }),
    );
    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Internal Server Error' }),
    ).toBeVisible();
    expect(await storedSession(page)).toEqual(session);
    await expect(main(page).getByRole('button', { name: session.user.username })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Welcome, ${session.user.username}!` }),
    ).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  test('a list that times out (throttled network) shows the network error and keeps the session', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    const { page, context } = await openTodos(browser, server.url, session);
    // Never answered: every try ends at the app's own 2 s request timeout.
    await page.route(/\/api\/todos\?/, () => undefined);
    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Network error! Please try again later.' }),
    ).toBeVisible();
    await expect(page.getByText('408', { exact: true })).toBeVisible();
    expect(await storedSession(page)).toEqual(session);
    await expect(main(page).getByRole('button', { name: session.user.username })).toBeVisible();
    await context.close();
  });

  test('offline, a focus refresh keeps the rows and the session and offers Retry; back online the toast goes', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    await createTodoList(server.url, session, [{ title: 'Still here' }]);
    const { page, context } = await openTodos(browser, server.url, session);
    await expectRows(page, numbered(1, ['Still here']));
    await context.setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const retry = page
      .getByRole('alert')
      .filter({ hasText: 'Network error! Please try again later.' })
      .getByRole('button', { name: 'Retry' });
    await expect(retry).toBeVisible();
    await expectRows(page, numbered(1, ['Still here']));
    expect(await storedSession(page)).toEqual(session);
    // Back online, the reconnect refetch (or a press of Retry) succeeds and closes the error toast.
    await context.setOffline(false);
    await retry.click({ timeout: 2000 }).catch(() => undefined);
    await expect(retry).toBeHidden();
    await expectRows(page, numbered(1, ['Still here']));
    await context.close();
  });

  test('logout: the toast shows and the page stays until about 1000 ms, then /login', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    const { page, context } = await openTodos(browser, server.url, session);
    // The logout's answer waits until the page's clock is the test's (installed and paused), so the
    // redirect's 1000 ms timer runs on it: the page's time then moves only when the test says.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/auth/logout', async (route) => {
      await held;
      await route.continue();
    });
    await main(page).getByRole('button', { name: session.user.username }).click();
    const asked = page.waitForRequest((request) => request.url().endsWith('/api/auth/logout'));
    const loggedOut = page.waitForResponse((response) =>
      response.url().endsWith('/api/auth/logout'),
    );
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    // The sign-out first reads this device's offline data; a clock installed and paused before the
    // request leaves could stall that (CI once waited 120 s for a request never sent).
    await asked;
    await page.clock.install();
    // Ahead by far more than this call can take on a loaded machine (a time already past is refused);
    // the redirect's timer starts only with the held answer, after the pause.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
    answer();
    await loggedOut;
    await expect(
      page.getByRole('alert').filter({ hasText: 'Logout successful! Redirecting...' }),
    ).toBeVisible();
    await page.clock.runFor(700);
    expect(new URL(page.url()).pathname).toBe('/todos');
    await page.clock.runFor(400);
    await expect(page).toHaveURL(/\/login$/);
    await context.close();
  });

  test('while loading the footer claims no count; a search with no match says so and Clear search clears it', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    await createTodoList(server.url, session, [{ title: 'Walk the dog' }]);
    const { page, context } = await openTodos(browser, server.url, session);
    await expectRows(page, numbered(1, ['Walk the dog']));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/todos\?/, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await expect(page.getByTestId('todo-skeleton').first()).toBeVisible();
    await expect(page.getByText(/Showing 0 to 0/)).toHaveCount(0);
    release();
    await expect(page.getByText('Showing 1 to 1 of 1 entries')).toBeVisible();
    await page.unroute(/\/api\/todos\?/);

    await page.getByPlaceholder('Search todos...').fill('zebra');
    await expect(page.getByText('No todos match your search', { exact: true })).toBeVisible();
    await expect(page.getByText(/Add your first todo/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expectRows(page, numbered(1, ['Walk the dog']));
    await expect(page.getByPlaceholder('Search todos...')).toHaveValue('');
    await context.close();
  });
});
