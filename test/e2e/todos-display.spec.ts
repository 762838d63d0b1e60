/**
 * Display choices, in Chromium: rows show the spec's full dates until the user turns on relative
 * dates in Profile, which is kept across reloads; "Hide completed" is kept too; the last chosen
 * sort, order and page size come back with the navbar's Todos link, until "Reset view".
 */
import { expect, test } from './support/fixtures';
import { createTodoList, registerUser } from './support/session';
import { expectRows, numbered, openTodos } from './support/todos-page';

const FULL_DATE = String.raw`[A-Z][a-z]+ \d{1,2}, \d{4} at \d\d:\d\d [AP]M`;

test.describe('todos: display choices that are kept', () => {
  test('full dates by default; relative dates once chosen in Profile, after a reload too', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    await createTodoList(server.url, session, [{ title: 'Water plants' }]);
    const { page, context } = await openTodos(browser, server.url, session);
    const dates = page.getByTestId('todo-dates').first();
    await expect(
      dates.getByText(new RegExp(`^Created at: ${FULL_DATE} · Updated at: ${FULL_DATE}$`)),
    ).toBeVisible();

    await page.goto(`${server.url}/profile`);
    await page.getByRole('switch', { name: /Relative dates/ }).check();
    await page.goto(`${server.url}/todos`);
    await expect(
      dates.getByText(/^Created at: (now|\d+ minutes? ago) · Updated at: /),
    ).toBeVisible();
    await page.reload();
    await expect(
      dates.getByText(/^Created at: (now|\d+ minutes? ago) · Updated at: /),
    ).toBeVisible();
    await context.close();
  });

  test('"Hide completed" leaves completed todos out, and is kept after a reload', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    await createTodoList(server.url, session, [
      { title: 'Open one' },
      { title: 'Done one', completed: true },
    ]);
    const { page, context } = await openTodos(browser, server.url, session);
    await expectRows(page, numbered(1, ['Open one', 'Done one']));
    await page.getByRole('checkbox', { name: 'Hide completed' }).check();
    await expectRows(page, numbered(1, ['Open one']));
    await page.reload();
    await expectRows(page, numbered(1, ['Open one']));
    await expect(page.getByRole('checkbox', { name: 'Hide completed' })).toBeChecked();
    await context.close();
  });

  test('the last chosen sort, order and page size come back with the Todos link; "Reset view" returns to the defaults', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    await createTodoList(server.url, session, [
      { title: 'Banana' },
      { title: 'Apple' },
      { title: 'Cherry' },
    ]);
    const { page, context } = await openTodos(browser, server.url, session);
    await expectRows(page, numbered(1, ['Banana', 'Apple', 'Cherry']));
    await page.getByLabel('Sort by').selectOption({ label: 'Title' });
    await page.getByLabel('Order').selectOption({ label: 'Descending' });
    await page.getByLabel('Items per page').selectOption('5');
    await expectRows(page, numbered(1, ['Cherry', 'Banana', 'Apple']));

    const todosLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
      name: 'Todos',
    });
    await page.goto(`${server.url}/profile`);
    await todosLink.click();
    await expect(page).toHaveURL(/\/todos\?pageSize=5&sort=title&order=desc$/);
    await expectRows(page, numbered(1, ['Cherry', 'Banana', 'Apple']));
    await expect(page.getByLabel('Items per page')).toHaveValue('5');

    // A link that names a view still shows that view.
    await page.goto(`${server.url}/todos?sort=title`);
    await expectRows(page, numbered(1, ['Apple', 'Banana', 'Cherry']));

    await todosLink.click();
    await expectRows(page, numbered(1, ['Cherry', 'Banana', 'Apple']));
    await page.getByRole('button', { name: 'Reset view' }).click();
    await expect(page).toHaveURL(`${server.url}/todos`);
    await expectRows(page, numbered(1, ['Banana', 'Apple', 'Cherry']));
    await expect(page.getByLabel('Sort by')).toHaveValue('createdAt');
    await expect(page.getByLabel('Order')).toHaveValue('asc');
    await expect(page.getByLabel('Items per page')).toHaveValue('10');
    await page.goto(`${server.url}/profile`);
    await todosLink.click();
    await expect(page).toHaveURL(`${server.url}/todos`);
    await expectRows(page, numbered(1, ['Banana', 'Apple', 'Cherry']));
    await context.close();
  });
});
