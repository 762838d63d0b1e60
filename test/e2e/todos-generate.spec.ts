/** Generate Todos in Chromium: faker loaded on the first click, 100 todos in order with a progress bar, Cancel, the toast's count and Undo. */
import { expect, test } from './support/fixtures';
import type { Page } from '@playwright/test';
import { screenshotBoth } from './support/browser';
import { registerUser } from './support/session';
import { openTodos } from './support/todos-page';

test.describe('todos: Generate Todos', () => {
  const listTotal = async (baseUrl: string, jwt: string) => {
    const response = await fetch(`${baseUrl}/api/todos?pagination[pageSize]=1`, {
      headers: { authorization: `Bearer ${jwt}` },
    });
    return ((await response.json()) as { meta: { pagination: { total: number } } }).meta.pagination
      .total;
  };

  /** The todo creations the page sends from now on. */
  function recordPosts(page: Page): string[] {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /^\/api\/todos\/?$/.test(new URL(request.url()).pathname))
        posts.push(request.url());
    });
    return posts;
  }

  test('creates 100 todos one after another, with "n / 100" progress, then refreshes the list', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    const { page, context } = await openTodos(browser, server.url, session);
    await expect(page.getByText('No todos available. Add your first todo!')).toBeVisible();

    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const bodies: unknown[] = [];
    let inFlight = 0;
    let overlapped = false;
    page.on('request', (request) => {
      if (request.method() !== 'POST' || !request.url().includes('/api/todos')) return;
      inFlight += 1;
      if (inFlight > 1) overlapped = true;
      bodies.push(request.postDataJSON());
    });
    page.on('requestfinished', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/todos')) inFlight -= 1;
    });

    const button = page.getByRole('button', { name: 'Generate Todos' });
    await button.click();
    const progress = page.getByTestId('generate-progress');
    await expect(progress).toBeVisible();
    await expect(button).toBeDisabled();
    await expect(page.getByRole('progressbar', { name: 'Generate Todos progress' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await page.waitForFunction(() => {
      const text = document.querySelector('[data-testid="generate-progress"]')?.textContent ?? '';
      const done = Number(text.split('/')[0]);
      return done >= 10 && done < 100;
    });
    await expect(progress).toHaveText(/^\d+ \/ 100$/);
    await screenshotBoth(page, 'todos-generating');

    await expect(progress).toBeHidden();
    await expect(button).toBeEnabled();
    await expect(page.getByText('Showing 1 to 10 of 100 entries')).toBeVisible();
    await expect(page.getByTestId('todo-row')).toHaveCount(10);
    await screenshotBoth(page, 'todos-generated');

    expect(scripts.filter((path) => /\/assets\/faker-[\w-]+\.js$/.test(path))).toHaveLength(1);
    expect(bodies).toHaveLength(100);
    expect(overlapped).toBe(false);
    for (const body of bodies) {
      const data = (body as { data: { title: string; description: string; user: number[] } }).data;
      expect(data.user).toEqual([session.user.id]);
      expect(data.title).toMatch(/^\S+( \S+)+$/);
      expect(data.description.length).toBeGreaterThan(10);
    }
    expect(await listTotal(server.url, session.jwt)).toBe(100);
    await context.close();
  });

  test('stops on Cancel, says how many were created, and Undo deletes exactly those', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    const { page, context } = await openTodos(browser, server.url, session);
    await expect(page.getByText('No todos available. Add your first todo!')).toBeVisible();
    const posts = recordPosts(page);
    await page.getByRole('button', { name: 'Generate Todos' }).click();
    await page.waitForFunction(
      () =>
        Number(
          (document.querySelector('[data-testid="generate-progress"]')?.textContent ?? '0').split(
            '/',
          )[0],
        ) >= 3,
    );
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('generate-progress')).toBeHidden();
    const total = await listTotal(server.url, session.jwt);
    expect(total).toBeGreaterThanOrEqual(3);
    expect(total).toBeLessThan(100);
    await expect(page.getByText(`of ${total} entries`)).toBeVisible();
    // The toast names how many were created; its Undo deletes those in one bulk call.
    const created = page.getByRole('alert').filter({ hasText: `${total} todos created` });
    await expect(created).toBeVisible();
    const bulk = page.waitForRequest((request) => request.url().endsWith('/api/todos/bulk'));
    await created.getByRole('button', { name: 'Undo' }).click();
    const ids = ((await bulk).postDataJSON() as { action: string; ids: number[] }).ids;
    expect(ids).toHaveLength(total);
    await expect(
      page.getByText(`${total} todos moved to the trash`, { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('No todos available. Add your first todo!')).toBeVisible();
    expect(await listTotal(server.url, session.jwt)).toBe(0);
    // Nothing more after Cancel: the page sent exactly the todos the list counted, and once its
    // script is gone (a reload) the server has none of them left (Undo took back exactly those).
    await page.reload();
    expect(posts.length).toBe(total);
    expect(await listTotal(server.url, session.jwt)).toBe(0);
    await context.close();
  });
});
