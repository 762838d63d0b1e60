/**
 * The trash in Chromium against the built server: Undo restores the same todo, the Trash page
 * (from the user menu) lists deleted todos, restores one, and empties the rest after a confirmation.
 */
import { describeInBrowser, stageForSuite } from './support/browser';
import { createTodoList, registerUser } from './support/session';
import { expectRows, numbered, openTodos, screenshotBoth } from './support/todos-page';

jest.setTimeout(90_000);

describeInBrowser('todos: the trash', () => {
  const stage = stageForSuite();

  const deleteTodo = async (baseUrl: string, jwt: string, id: number) => {
    const response = await fetch(`${baseUrl}/api/todos/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect(response.status).toBe(200);
  };

  it('Undo brings the same todo back (same id, same place in the creation order)', async () => {
    const session = await registerUser(stage.server.url);
    const [firstId] = await createTodoList(stage.server.url, session, [
      { title: 'First' },
      { title: 'Second' },
    ]);
    const { page, context } = await openTodos(stage.browser, stage.server.url, session);
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
    await page.getByText('Todo restored!', { exact: true }).waitFor();
    await expectRows(page, numbered(1, ['First', 'Second']));
    await context.close();
  });

  it('the Trash page lists deleted todos, restores one and empties the rest', async () => {
    const session = await registerUser(stage.server.url);
    const ids = await createTodoList(stage.server.url, session, [
      { title: 'Keep' },
      { title: 'Old idea' },
      { title: 'Buy milk' },
    ]);
    await deleteTodo(stage.server.url, session.jwt, ids[1]!);
    await deleteTodo(stage.server.url, session.jwt, ids[2]!);
    const { page, context } = await openTodos(stage.browser, stage.server.url, session);
    await expectRows(page, numbered(1, ['Keep']));

    await page.getByRole('button', { name: session.user.username }).click();
    await page.getByRole('menuitem', { name: 'Trash' }).click();
    await page.getByRole('heading', { level: 1, name: 'Trash' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/trash');
    const rows = page.getByTestId('trash-row');
    await rows.nth(1).waitFor();
    expect(await rows.locator('h2').allTextContents()).toEqual(['Buy milk', 'Old idea']);
    expect(await rows.first().locator('time').textContent()).toMatch(/now|second|minute/);
    await screenshotBoth(page, 'trash');

    await page.getByRole('button', { name: 'Restore Old idea' }).click();
    await page.getByText('Todo restored!', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Restore Old idea' }).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Empty trash' }).click();
    const dialog = page.getByRole('dialog', { name: 'Empty trash?' });
    await dialog.getByRole('button', { name: 'Empty trash' }).click();
    await page.getByText('Trash emptied', { exact: true }).waitFor();
    await page.getByText('Trash is empty', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Empty trash' }).isDisabled()).toBe(true);
    await screenshotBoth(page, 'trash-empty');

    // The list followed: the restored todo is back in its place.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Todos' })
      .click();
    await expectRows(page, numbered(1, ['Keep', 'Old idea']));
    await context.close();
  });
});
