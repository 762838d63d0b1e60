/**
 * The list's room, in Chromium: at the end of the page the round Add button covers neither Next,
 * the last row's Delete nor the footer (1280×800 and 390×844), twelve rows fit on a 1280×800
 * screen, and a project's long name leaves quick add its room.
 */
import { expect, test } from './support/fixtures';
import type { Locator } from '@playwright/test';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { createTodos, registerUser } from './support/session';
import { openTodos } from './support/todos-page';

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} has no box`);
  return box;
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('layout: the list and the Add button', () => {
  for (const [name, viewport] of [
    ['1280×800', DESKTOP],
    ['390×844', PHONE],
  ] as const) {
    test(`at ${name}, scrolled to the end, the Add button covers no control and not the footer`, async ({
      browser,
      server,
    }) => {
      const session = await registerUser(server.url);
      await createTodos(
        server.url,
        session,
        Array.from({ length: 12 }, (_, index) => `Task ${index + 1}`),
      );
      const { page, context } = await openTodos(browser, server.url, session, '', viewport);
      await expect(page.getByRole('heading', { name: 'Task 10' })).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const fab = await boxOf(page.getByRole('button', { name: 'Add todo' }));
      const covered = {
        next: await boxOf(page.getByRole('button', { name: 'Next' })),
        lastDelete: await boxOf(page.getByRole('button', { name: 'Delete Task 10' })),
        footer: await boxOf(page.locator('footer')),
      };
      for (const [what, box] of Object.entries(covered))
        expect([what, overlap(fab, box)]).toEqual([what, false]);
      await screenshot(page, `layout-fab-${viewport.width}`);
      await context.close();
    });
  }

  test('twelve rows fit on one 1280×800 screen', async ({ browser, server }) => {
    const session = await registerUser(server.url);
    await createTodos(
      server.url,
      session,
      Array.from({ length: 12 }, (_, index) => `Task ${index + 1}`),
    );
    const { page, context } = await openTodos(browser, server.url, session, '?pageSize=20');
    const twelfth = await boxOf(page.getByTestId('todo-row').nth(11));
    expect(twelfth.y + twelfth.height).toBeLessThanOrEqual(DESKTOP.height);
    await context.close();
  });

  test("a project's long name leaves quick add its room at 1280×800", async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    const name = 'Groceries and household shopping for the week';
    const created = await fetch(`${server.url}/api/projects`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.jwt}` },
      body: JSON.stringify({ data: { name, color: '#2e7d32' } }),
    });
    const { data: project } = (await created.json()) as { data: { id: number } };
    const { page, context } = await openTodos(browser, server.url, session);
    await page.goto(`${server.url}/projects/${project.id}`);
    const heading = await boxOf(page.getByRole('heading', { level: 1, name }));
    const field = await boxOf(page.getByRole('textbox', { name: 'Quick add' }));
    // Wrapped below the name rather than squeezed beside it: the placeholder's example shows.
    expect(field.width).toBeGreaterThanOrEqual(360);
    expect(field.y).toBeGreaterThan(heading.y + heading.height - 1);
    await expect(page.getByRole('button', { name: 'Generate Todos' })).toBeInViewport();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBe(0);
    await screenshot(page, 'layout-long-project-name');
    await context.close();
  });
});
