/**
 * The trash in Chromium against the built server: Undo restores the same todo, the Trash page
 * (from the user menu) lists deleted todos with their project and labels, restores one, and empties
 * the rest after a confirmation;
 * "Select all N" and "Restore selected", and "Restore all" across pages.
 */
import { expect, test } from './support/fixtures';
import { screenshotBoth } from './support/browser';
import { createTodoList, registerUser } from './support/session';
import { expectRows, numbered, openTodos } from './support/todos-page';

test.describe('todos: the trash', () => {
  const deleteTodo = async (baseUrl: string, jwt: string, id: number) => {
    const response = await fetch(`${baseUrl}/api/todos/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect(response.status).toBe(200);
  };

  test('Undo brings the same todo back (same id, same place in the creation order)', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    const [firstId] = await createTodoList(server.url, session, [
      { title: 'First' },
      { title: 'Second' },
    ]);
    const { page, context } = await openTodos(browser, server.url, session);
    await expectRows(page, numbered(1, ['First', 'Second']));
    await page.getByRole('button', { name: 'Delete First' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this todo' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expectRows(page, numbered(1, ['Second']));
    const restored = page.waitForResponse(
      (response) => new URL(response.url()).pathname === `/api/todos/${firstId}/restore`,
    );
    await page
      .getByRole('alert')
      .filter({ hasText: 'Todo Deleted successfully!' })
      .getByRole('button', { name: 'Undo' })
      .click();
    expect((await restored).status()).toBe(200);
    await expect(page.getByText('Todo restored!', { exact: true })).toBeVisible();
    await expectRows(page, numbered(1, ['First', 'Second']));
    await context.close();
  });

  test('the Trash page lists deleted todos, restores one and empties the rest', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    const ids = await createTodoList(server.url, session, [
      { title: 'Keep' },
      { title: 'Old idea' },
      { title: 'Buy milk' },
    ]);
    // Buy milk is in a project and has a label: its trash row says both.
    const post = async (path: string, data: unknown, method = 'POST') => {
      const response = await fetch(`${server.url}/api${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session.jwt}` },
        body: JSON.stringify({ data }),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: { id: number } }).data.id;
    };
    const shopping = await post('/projects', { name: 'Shopping', color: '#299438' });
    const errands = await post('/labels', { name: 'Errands' });
    await post(`/todos/${ids[2]}`, { project: shopping, labels: [errands] }, 'PUT');
    await deleteTodo(server.url, session.jwt, ids[1]!);
    await deleteTodo(server.url, session.jwt, ids[2]!);
    const { page, context } = await openTodos(browser, server.url, session);
    await expectRows(page, numbered(1, ['Keep']));

    await page.getByRole('button', { name: session.user.username }).click();
    await page.getByRole('menuitem', { name: 'Trash' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/trash');
    const rows = page.getByTestId('trash-row');
    await expect(rows.nth(1)).toBeVisible();
    await expect(rows.locator('h2')).toHaveText(['Buy milk', 'Old idea']);
    await expect(rows.first().locator('time')).toHaveText(/now|second|minute/);
    await expect(rows.first().getByTestId('trash-project')).toHaveText('Project: Shopping');
    await expect(rows.first().getByRole('list', { name: 'Labels' })).toHaveText('Errands');
    await expect(rows.nth(1).getByTestId('trash-project')).toHaveCount(0);
    await screenshotBoth(page, 'trash');

    await page.getByRole('button', { name: 'Restore Old idea' }).click();
    await expect(page.getByText('Todo restored!', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Restore Old idea' })).toBeHidden();

    await page.getByRole('button', { name: 'Empty trash' }).click();
    const dialog = page.getByRole('dialog', { name: 'Empty trash' });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Trash emptied', { exact: true })).toBeVisible();
    await expect(page.getByText('Trash is empty', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Empty trash' })).toBeDisabled();
    await screenshotBoth(page, 'trash-empty');

    // The list followed: the restored todo is back in its place.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Todos' })
      .click();
    await expectRows(page, numbered(1, ['Keep', 'Old idea']));
    await context.close();
  });

  test('selects the page with "Select all N", restores the selection, then "Restore all" the rest (issue 40)', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    const titles = Array.from({ length: 12 }, (_, index) => `Idea ${index + 1}`);
    const ids = await createTodoList(
      server.url,
      session,
      titles.map((title) => ({ title })),
    );
    for (const id of ids) await deleteTodo(server.url, session.jwt, id);
    const { page, context } = await openTodos(browser, server.url, session);
    await page.goto(`${server.url}/trash`);
    const rows = page.getByTestId('trash-row');
    await expect(rows).toHaveCount(10);

    const selectAll = page.getByRole('checkbox', { name: 'Select all 10' });
    await selectAll.check();
    await expect(page.getByText('10 selected', { exact: true })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Select Idea 12' }).uncheck();
    await expect(page.getByText('9 selected', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Restore selected' }).click();
    await expect(page.getByText('9 todos restored', { exact: true })).toBeVisible();
    await expect(rows.locator('h2')).toHaveText(['Idea 12', 'Idea 2', 'Idea 1']);
    await screenshotBoth(page, 'trash-selection');

    await page.getByRole('button', { name: 'Restore all' }).click();
    await expect(page.getByText('3 todos restored', { exact: true })).toBeVisible();
    await expect(page.getByText('Trash is empty', { exact: true })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Todos' })
      .click();
    await expectRows(page, numbered(1, titles.slice(0, 10)));
    await context.close();
  });
});
