/** When the list cannot be loaded: the error page shows the status and message; only a 401 ends the session. */
import { expect, test } from './support/fixtures';
import type { Page } from '@playwright/test';
import { DESKTOP, screenshotBoth } from './support/browser';
import { registerUser, signInContext } from './support/session';

test.describe('todos: a failed list load', () => {
  const storedSession = (page: Page) => page.evaluate(() => window.localStorage.getItem('user'));

  test('shows the error page with the status and the server message, and keeps the stored session', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    const context = await browser.newContext({ viewport: DESKTOP });
    await signInContext(context, session);
    const page = await context.newPage();
    let answered = 0;
    await page.route(/\/api\/todos\?/, async (route) => {
      answered += 1;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          data: null,
          error: {
            status: 503,
            name: 'ServiceUnavailableError',
            message: 'Service Unavailable',
            details: {},
          },
        }),
      });
    });
    await page.goto(`${server.url}/todos`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Service Unavailable' }),
    ).toBeVisible();
    await expect(page.getByText('503', { exact: true })).toBeVisible();
    expect(answered).toBe(4); // the first try and 3 retries
    expect(JSON.parse((await storedSession(page)) ?? 'null')).toEqual(session);
    await expect(page.getByRole('link', { name: 'Go to Home' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
    await screenshotBoth(page, 'todos-load-error');

    // A 503 is not the session's fault: Go to Home leads home, still signed in.
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Welcome, ${session.user.username}!` }),
    ).toBeVisible();
    await context.close();
  });

  test('a corrupted stored token: the error page shows 401, the session is gone, the list is never shown', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    const context = await browser.newContext({ viewport: DESKTOP });
    await signInContext(context, { ...session, jwt: `${session.jwt.slice(0, -6)}XXXXXX` });
    const page = await context.newPage();
    const statuses: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/todos') statuses.push(response.status());
    });
    await page.goto(`${server.url}/todos`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Missing or invalid credentials' }),
    ).toBeVisible();
    await expect(page.getByText('401', { exact: true })).toBeVisible();
    expect(statuses).toEqual([401]);
    expect(await storedSession(page)).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/todos');
    await expect(page.getByTestId('todo-row')).toHaveCount(0);
    // Signed out in the app too: the navbar offers Login again.
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
    await screenshotBoth(page, 'todos-corrupted-token');

    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await context.close();
  });
});
