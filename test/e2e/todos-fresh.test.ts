/**
 * Data that stays fresh and a session that stays put, in Chromium against the built server: the list
 * follows changes made elsewhere (navigation back, window focus), only a 401 signs out (a 500 or a
 * timeout keeps the stored session), logout waits its 1000 ms, and the loading and no-match texts.
 */
import { describeInBrowser, stageForSuite } from './support/browser';
import { storedSession } from './support/session-pages';
import { createTodoList, registerUser, updateTodo } from './support/session';
import { expectRows, numbered, openTodos } from './support/todos-page';

jest.setTimeout(90_000);

describeInBrowser('todos: fresh data and a session that stays put', () => {
  const stage = stageForSuite();
  const main = (page: import('playwright-core').Page) =>
    page.getByRole('navigation', { name: 'Main' });

  it('Home → Todos shows a todo another device added meanwhile, and focus refetches the list', async () => {
    const session = await registerUser(stage.server.url);
    const [first] = await createTodoList(stage.server.url, session, [{ title: 'Mine' }]);
    const { page, context } = await openTodos(stage.browser, stage.server.url, session);
    await expectRows(page, numbered(1, ['Mine']));

    await main(page).getByRole('link', { name: 'Ticklist' }).click();
    await page
      .getByRole('heading', { level: 1, name: `Welcome, ${session.user.username}!` })
      .waitFor();
    await createTodoList(stage.server.url, session, [{ title: 'From the phone' }]);
    await main(page).getByRole('link', { name: 'Todos' }).click();
    await expectRows(page, numbered(1, ['Mine', 'From the phone']));

    // Another tab renames a todo; this window coming back into focus shows it.
    await updateTodo(stage.server.url, session, first!, { title: 'Renamed elsewhere' });
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expectRows(page, numbered(1, ['Renamed elsewhere', 'From the phone']));
    await context.close();
  });

  it('a 500 on the list shows the error page and keeps the session; Go to Home stays signed in', async () => {
    const session = await registerUser(stage.server.url);
    const { page, context } = await openTodos(stage.browser, stage.server.url, session, '?page=1');
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
    await page
      .getByRole('heading', { level: 1, name: 'Internal Server Error' })
      .waitFor({ timeout: 30_000 });
    expect(await storedSession(page)).toEqual(session);
    await main(page).getByRole('button', { name: session.user.username }).waitFor();
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await page
      .getByRole('heading', { level: 1, name: `Welcome, ${session.user.username}!` })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('a list that times out (throttled network) shows the network error and keeps the session', async () => {
    const session = await registerUser(stage.server.url);
    const { page, context } = await openTodos(stage.browser, stage.server.url, session);
    // Slower than the app's 2 s request timeout: every try times out.
    await page.route(/\/api\/todos\?/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route
        .fulfill({ status: 200, contentType: 'application/json', body: '{}' })
        .catch(() => undefined);
    });
    await page.reload();
    await page
      .getByRole('heading', { level: 1, name: 'Network error! Please try again later.' })
      .waitFor({ timeout: 40_000 });
    await page.getByText('408', { exact: true }).waitFor();
    expect(await storedSession(page)).toEqual(session);
    await main(page).getByRole('button', { name: session.user.username }).waitFor();
    await context.close();
  });

  it('offline, a focus refresh keeps the rows and the session and offers Retry; back online the toast goes', async () => {
    const session = await registerUser(stage.server.url);
    await createTodoList(stage.server.url, session, [{ title: 'Still here' }]);
    const { page, context } = await openTodos(stage.browser, stage.server.url, session);
    await expectRows(page, numbered(1, ['Still here']));
    await context.setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const retry = page
      .getByRole('alert')
      .filter({ hasText: 'Network error! Please try again later.' })
      .getByRole('button', { name: 'Retry' });
    await retry.waitFor({ timeout: 30_000 });
    await expectRows(page, numbered(1, ['Still here']));
    expect(await storedSession(page)).toEqual(session);
    // Back online, the reconnect refetch (or a press of Retry) succeeds and closes the error toast.
    await context.setOffline(false);
    await retry.click({ timeout: 2000 }).catch(() => undefined);
    await retry.waitFor({ state: 'detached', timeout: 15_000 });
    await expectRows(page, numbered(1, ['Still here']));
    await context.close();
  });

  it('logout: the toast shows and the page stays until about 1000 ms, then /login', async () => {
    const session = await registerUser(stage.server.url);
    const { page, context } = await openTodos(stage.browser, stage.server.url, session);
    await main(page).getByRole('button', { name: session.user.username }).click();
    const loggedOut = page.waitForResponse((response) =>
      response.url().endsWith('/api/auth/logout'),
    );
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await loggedOut;
    const answeredAt = Date.now();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Logout successful! Redirecting...' })
      .waitFor();
    await page.waitForTimeout(Math.max(0, 700 - (Date.now() - answeredAt)));
    expect(new URL(page.url()).pathname).toBe('/todos');
    await page.waitForURL(/\/login$/, { timeout: Math.max(100, 1500 - (Date.now() - answeredAt)) });
    await context.close();
  });

  it('while loading the footer claims no count; a search with no match says so and Clear search clears it', async () => {
    const session = await registerUser(stage.server.url);
    await createTodoList(stage.server.url, session, [{ title: 'Walk the dog' }]);
    const { page, context } = await openTodos(stage.browser, stage.server.url, session);
    await expectRows(page, numbered(1, ['Walk the dog']));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/todos\?/, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await page.getByTestId('todo-skeleton').first().waitFor();
    expect(await page.getByText(/Showing 0 to 0/).count()).toBe(0);
    release();
    await page.getByText('Showing 1 to 1 of 1 entries').waitFor();
    await page.unroute(/\/api\/todos\?/);

    await page.getByPlaceholder('Search todos...').fill('zebra');
    await page.getByText('No todos match your search', { exact: true }).waitFor();
    expect(await page.getByText(/Add your first todo/).count()).toBe(0);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expectRows(page, numbered(1, ['Walk the dog']));
    expect(await page.getByPlaceholder('Search todos...').inputValue()).toBe('');
    await context.close();
  });
});
