/** When the list cannot be loaded: the error page shows the status and message; only a 401 ends the session. */
import type { Page } from 'playwright-core';
import { describeInBrowser, DESKTOP, stageForSuite } from './support/browser';
import { registerUser, signInContext } from './support/session';
import { screenshotBoth } from './support/todos-page';

jest.setTimeout(90_000);

describeInBrowser('todos: a failed list load', () => {
  const stage = stageForSuite();

  const storedSession = (page: Page) => page.evaluate(() => window.localStorage.getItem('user'));

  it('shows the error page with the status and the server message, and keeps the stored session', async () => {
    const session = await registerUser(stage.server.url);
    const context = await stage.browser.newContext({ viewport: DESKTOP });
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
    await page.goto(`${stage.server.url}/todos`);
    await page
      .getByRole('heading', { level: 1, name: 'Service Unavailable' })
      .waitFor({ timeout: 20_000 });
    await page.getByText('503', { exact: true }).waitFor();
    expect(answered).toBe(4); // the first try and 3 retries
    expect(JSON.parse((await storedSession(page)) ?? 'null')).toEqual(session);
    await page.getByRole('link', { name: 'Go to Home' }).waitFor();
    await page.getByRole('button', { name: 'Refresh' }).waitFor();
    await screenshotBoth(page, 'todos-load-error');

    // A 503 is not the session's fault: Go to Home leads home, still signed in.
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await page
      .getByRole('heading', { level: 1, name: `Welcome, ${session.user.username}!` })
      .waitFor();
    await context.close();
  });

  it('a corrupted stored token: the error page shows 401, the session is gone, the list is never shown', async () => {
    const session = await registerUser(stage.server.url);
    const context = await stage.browser.newContext({ viewport: DESKTOP });
    await signInContext(context, { ...session, jwt: `${session.jwt.slice(0, -6)}XXXXXX` });
    const page = await context.newPage();
    const statuses: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/todos') statuses.push(response.status());
    });
    await page.goto(`${stage.server.url}/todos`);
    await page
      .getByRole('heading', { level: 1, name: 'Missing or invalid credentials' })
      .waitFor({ timeout: 20_000 });
    await page.getByText('401', { exact: true }).waitFor();
    expect(statuses).toEqual([401]);
    expect(await storedSession(page)).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/todos');
    expect(await page.getByTestId('todo-row').count()).toBe(0);
    // Signed out in the app too: the navbar offers Login again.
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    await screenshotBoth(page, 'todos-corrupted-token');

    await page.getByRole('link', { name: 'Go to Home' }).click();
    await page.waitForURL(/\/login$/);
    await context.close();
  });
});
